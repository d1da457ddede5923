import { and, eq, gt, lt } from "drizzle-orm";
// Dashboard users and their sessions: who signs in, and the cookie's stored hash.
import { createAccount } from "./accounts";
import { base64url, type Db, hashSecret, newId } from "./keys";
import { accounts, plans } from "./schema";
import { sessions, users } from "./schema-dashboard";

/** A password as stored: PBKDF2 hash, salt and iteration count (sign-in/password.ts makes and checks them). */
export interface StoredPassword {
  hash: string;
  salt: string;
  iterations: number;
}

export type UserRow = typeof users.$inferSelect;

/** Thrown when the email already belongs to a user or an account. */
export class EmailTakenError extends Error {}

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | null> {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(users.email, normaliseEmail(email)))
    .limit(1);
  return user ?? null;
}

export const storedPassword = (user: UserRow): StoredPassword => ({
  hash: user.passwordHash,
  salt: user.passwordSalt,
  iterations: user.passwordIterations,
});

/** A new account on the free plan, with no key, and the user who owns it. */
export async function signUp(db: Db, email: string, hashed: StoredPassword): Promise<UserRow> {
  email = normaliseEmail(email);
  if (await findUserByEmail(db, email)) throw new EmailTakenError();
  const [accountWithEmail] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(eq(accounts.email, email))
    .limit(1);
  if (accountWithEmail) throw new EmailTakenError();

  const account = await createAccount(db, { name: email, email, planId: "free" });
  try {
    const [user] = await db
      .insert(users)
      .values({
        id: newId("usr"),
        email,
        accountId: account.id,
        passwordHash: hashed.hash,
        passwordSalt: hashed.salt,
        passwordIterations: hashed.iterations,
        createdAt: new Date(),
      })
      .returning();
    return user!;
  } catch (err) {
    // Two sign-ups raced for the same email: the loser's empty account goes.
    await db.delete(accounts).where(eq(accounts.id, account.id));
    if (String(err).includes("UNIQUE")) throw new EmailTakenError();
    throw err;
  }
}

export const SESSION_TTL_MS = 7 * 86_400_000;

/** 256 random bits, base64url. */
export const randomToken = () => base64url(crypto.getRandomValues(new Uint8Array(32)));

/** Starts a session and returns the cookie value (256 random bits); only its hash is stored. */
export async function createSession(db: Db, userId: string, now = Date.now()) {
  const token = randomToken();
  // Signing in is a natural moment to drop this user's expired sessions.
  await db.delete(sessions).where(and(eq(sessions.userId, userId), lt(sessions.expiresAt, new Date(now))));
  await db.insert(sessions).values({
    idHash: await hashSecret(token),
    userId,
    csrfToken: randomToken(),
    createdAt: new Date(now),
    expiresAt: new Date(now + SESSION_TTL_MS),
  });
  return { token, expiresAt: now + SESSION_TTL_MS };
}

/** The signed-in user with their account and plan, for a cookie value; null when unknown or expired. */
export async function findSession(db: Db, token: string, now = Date.now()) {
  const [row] = await db
    .select({ session: sessions, user: users, account: accounts, plan: plans })
    .from(sessions)
    .innerJoin(users, eq(sessions.userId, users.id))
    .innerJoin(accounts, eq(users.accountId, accounts.id))
    .innerJoin(plans, eq(accounts.planId, plans.id))
    .where(and(eq(sessions.idHash, await hashSecret(token)), gt(sessions.expiresAt, new Date(now))))
    .limit(1);
  return row ?? null;
}

export type SignedIn = NonNullable<Awaited<ReturnType<typeof findSession>>>;

export async function endSession(db: Db, token: string) {
  await db.delete(sessions).where(eq(sessions.idHash, await hashSecret(token)));
}

/**
 * The person who signs in to an existing account (an account the operator made has none): an
 * email already used by a user, or by another account, is taken; so is an account that has one.
 */
export async function addUserToAccount(
  db: Db,
  accountId: string,
  email: string,
  hashed: StoredPassword,
): Promise<UserRow> {
  email = normaliseEmail(email);
  if (await findUserByEmail(db, email)) throw new EmailTakenError();
  const [other] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.email, email)).limit(1);
  if (other && other.id !== accountId) throw new EmailTakenError();
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.accountId, accountId)).limit(1);
  if (existing) throw new EmailTakenError();
  try {
    const [user] = await db
      .insert(users)
      .values({
        id: newId("usr"),
        email,
        accountId,
        passwordHash: hashed.hash,
        passwordSalt: hashed.salt,
        passwordIterations: hashed.iterations,
        createdAt: new Date(),
      })
      .returning();
    return user!;
  } catch (err) {
    // Two requests raced: users.email and users.account_id are unique.
    if (/UNIQUE/.test(`${err} ${(err as Error).cause ?? ""}`)) throw new EmailTakenError();
    throw err;
  }
}
