import { and, eq, lt, sql } from "drizzle-orm";
// Failed dashboard sign-ins per email and address, the budgets that refuse a guesser.
import { normaliseEmail } from "./dashboard-users";
import type { Db } from "./keys";
import { loginAttempts } from "./schema-dashboard";

export const LOGIN_WINDOW_MS = 15 * 60_000;

/**
 * Failed sign-ins allowed per window, by what they share. Guessing one account from one address
 * is cut first; spraying many emails from one address, or one email from many addresses, next.
 * The email's budget binds only addresses that have failed for it: strangers spending it cannot
 * lock out the rightful user, who signs in from an address that has not (see `bindsThisAddress`).
 */
export const LOGIN_BUDGETS = { emailAndIp: 5, ip: 20, email: 20 } as const;
export type LoginBudget = keyof typeof LOGIN_BUDGETS;

export interface LoginRefusal {
  /** The budget that ran out (the one that frees up last when several did). */
  budget: LoginBudget;
  retryAfterSeconds: number;
}

/**
 * Records a sign-in attempt and says whether it may go ahead, before any password is hashed.
 * The insert and the counts run in one D1 batch (a transaction), so parallel attempts each see
 * the ones before them and never exceed a budget. A refused attempt is taken back: it cost
 * nothing, and hammering does not stretch the lockout past the window of the admitted ones.
 */
export async function admitLoginAttempt(
  db: Db,
  email: string,
  ip: string,
  now = Date.now(),
): Promise<LoginRefusal | null> {
  email = normaliseEmail(email);
  const since = now - LOGIN_WINDOW_MS;
  const sameEmail = sql`${loginAttempts.email} = ${email}`;
  const sameIp = sql`${loginAttempts.ip} = ${ip}`;
  // Per budget: how many attempts in the window (this one included) and when the oldest was made.
  const tally = (match: ReturnType<typeof sql>) => ({
    count: sql<number>`coalesce(sum(case when ${match} then 1 else 0 end), 0)`,
    oldest: sql<number | null>`min(case when ${match} then ${loginAttempts.attemptedAt} end)`,
  });
  const [, [inserted], [counts]] = await db.batch([
    db.delete(loginAttempts).where(lt(loginAttempts.attemptedAt, new Date(now - 2 * LOGIN_WINDOW_MS))),
    db
      .insert(loginAttempts)
      .values({ email, ip, attemptedAt: new Date(now) })
      .returning({ id: loginAttempts.id }),
    db
      .select({ emailAndIp: tally(sql`${sameEmail} and ${sameIp}`), ip: tally(sameIp), email: tally(sameEmail) })
      .from(loginAttempts)
      .where(sql`${loginAttempts.attemptedAt} > ${since} and (${sameEmail} or ${sameIp})`),
  ]);

  // Past the email's budget, an address gets one attempt at it: its first, so guessing stays bounded per address.
  const bindsThisAddress = (budget: LoginBudget) => budget !== "email" || Number(counts!.emailAndIp.count) > 1;
  let refusal: LoginRefusal | null = null;
  for (const budget of Object.keys(LOGIN_BUDGETS) as LoginBudget[]) {
    const { count, oldest } = counts![budget];
    if (Number(count) <= LOGIN_BUDGETS[budget] || !bindsThisAddress(budget)) continue;
    // The window slides: the budget has room again once its oldest admitted attempt ages out.
    const retryAfterSeconds = Math.max(1, Math.ceil((Number(oldest ?? now) + LOGIN_WINDOW_MS - now) / 1000));
    if (!refusal || retryAfterSeconds > refusal.retryAfterSeconds) refusal = { budget, retryAfterSeconds };
  }
  if (refusal) await db.delete(loginAttempts).where(eq(loginAttempts.id, inserted!.id));
  return refusal;
}

/** A successful sign-in clears the count for that email and IP (and so its share of the wider budgets). */
export async function clearLoginAttempts(db: Db, email: string, ip: string) {
  await db.delete(loginAttempts).where(and(eq(loginAttempts.email, normaliseEmail(email)), eq(loginAttempts.ip, ip)));
}
