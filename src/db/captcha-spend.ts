// CAPTCHA solves per account and month, counted against the account's cap before each solve.
import { and, eq, gt, sql } from "drizzle-orm";
import type { Db } from "./keys";
import { accounts, captchaSpend } from "./schema";

/** The month a solve counts in, `YYYY-MM` (UTC). */
export const spendMonth = (now = new Date()) => now.toISOString().slice(0, 7);

/**
 * Counts one solve in `month` if the account's cap has room, in one atomic statement (the row is
 * created with the first solve). False when the cap is reached.
 */
export async function reserveSolve(db: Db, accountId: string, month: string): Promise<boolean> {
  const cap = db.select({ cap: accounts.captchaMonthlyCap }).from(accounts).where(eq(accounts.id, accountId));
  const firstSolve = db
    .select({
      accountId: accounts.id,
      month: sql<string>`${month}`.as("month"),
      solves: sql<number>`1`.as("solves"),
      costMicros: sql<number>`0`.as("cost_micros"),
    })
    .from(accounts)
    .where(and(eq(accounts.id, accountId), gt(accounts.captchaMonthlyCap, 0)));
  const counted = await db
    .insert(captchaSpend)
    .select(firstSolve)
    .onConflictDoUpdate({
      target: [captchaSpend.accountId, captchaSpend.month],
      set: { solves: sql`${captchaSpend.solves} + 1` },
      setWhere: sql`${captchaSpend.solves} < (${cap})`,
    })
    .returning({ solves: captchaSpend.solves });
  return counted.length > 0;
}

/** Gives back a reserved solve. */
export async function releaseSolve(db: Db, accountId: string, month: string) {
  await db
    .update(captchaSpend)
    .set({ solves: sql`${captchaSpend.solves} - 1` })
    .where(and(eq(captchaSpend.accountId, accountId), eq(captchaSpend.month, month), gt(captchaSpend.solves, 0)));
}

export async function recordSolveCost(db: Db, accountId: string, costMicros: number, month: string) {
  await db
    .update(captchaSpend)
    .set({ costMicros: sql`${captchaSpend.costMicros} + ${costMicros}` })
    .where(and(eq(captchaSpend.accountId, accountId), eq(captchaSpend.month, month)));
}

/** This month's solves, their cost and the account's cap. */
export async function monthlySpend(db: Db, accountId: string, month = spendMonth()) {
  const [row] = await db
    .select({ cap: accounts.captchaMonthlyCap, solves: captchaSpend.solves, costMicros: captchaSpend.costMicros })
    .from(accounts)
    .leftJoin(captchaSpend, and(eq(captchaSpend.accountId, accounts.id), eq(captchaSpend.month, month)))
    .where(eq(accounts.id, accountId));
  return { cap: row?.cap ?? 0, solves: row?.solves ?? 0, costMicros: row?.costMicros ?? 0 };
}
