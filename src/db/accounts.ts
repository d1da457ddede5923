import { eq } from "drizzle-orm";
import type { Db } from "./keys";
import { newId } from "./keys";
import { effectiveLimits } from "./plan-limits";
import { accounts, plans } from "./schema";

export type AccountRow = typeof accounts.$inferSelect;

export interface AccountInput {
  name: string;
  email?: string | null;
  planId: string;
  customRequestsPerMinute?: number | null;
  customRequestsPerMonth?: number | null;
}

export async function createAccount(db: Db, input: AccountInput): Promise<AccountRow> {
  const [account] = await db
    .insert(accounts)
    .values({ id: newId("acc"), ...input, createdAt: new Date() })
    .returning();
  return account!;
}

export async function updateAccount(db: Db, id: string, changes: Partial<AccountInput>): Promise<AccountRow | null> {
  const [account] = await db.update(accounts).set(changes).where(eq(accounts.id, id)).returning();
  return account ?? null;
}

export async function findAccount(db: Db, id: string) {
  const [row] = await db
    .select({ account: accounts, plan: plans })
    .from(accounts)
    .innerJoin(plans, eq(accounts.planId, plans.id))
    .where(eq(accounts.id, id))
    .limit(1);
  return row ?? null;
}

export async function planExists(db: Db, planId: string): Promise<boolean> {
  const [plan] = await db.select({ id: plans.id }).from(plans).where(eq(plans.id, planId)).limit(1);
  return plan !== undefined;
}

/** The public view of an account with its effective limits. */
export function describeAccount(account: AccountRow, plan: typeof plans.$inferSelect) {
  const limits = effectiveLimits({ account, plan });
  return {
    id: account.id,
    name: account.name,
    email: account.email,
    plan: plan.id,
    limits: { requests_per_minute: limits.perMinute, requests_per_month: limits.perMonth },
    created_at: account.createdAt.toISOString(),
  };
}
