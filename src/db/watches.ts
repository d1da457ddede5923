// Price watches: an account's watches, the ones due for a check, and what each check saw.
import { and, asc, eq, lte, ne } from "drizzle-orm";
import type { Db } from "./keys";
import { watches, type WatchRow } from "./schema-events";
import { inTurnsByAccount } from "./turns";

/** The account's watches, oldest first. */
export function listWatches(db: Db, accountId: string): Promise<WatchRow[]> {
  return db.select().from(watches).where(eq(watches.accountId, accountId)).orderBy(asc(watches.createdAt));
}

/** A watch of the account; another account's is not found. */
export async function findWatch(db: Db, accountId: string, id: string): Promise<WatchRow | null> {
  const [row] = await db
    .select()
    .from(watches)
    .where(and(eq(watches.id, id), eq(watches.accountId, accountId)));
  return row ?? null;
}

export async function deleteWatch(db: Db, id: string): Promise<void> {
  await db.delete(watches).where(eq(watches.id, id));
}

/** Watches whose check is due at `at`, accounts taking turns. */
export function dueWatches(db: Db, at: Date, limit: number): Promise<WatchRow[]> {
  return (
    db
      .select()
      .from(watches)
      // A dataset watch is checked after each refresh of its dataset (datasets/shop/watches.ts), never by the clock.
      .where(and(lte(watches.nextCheckAt, at), ne(watches.kind, "dataset")))
      .orderBy(...inTurnsByAccount(watches.accountId, watches.nextCheckAt))
      .limit(limit)
  );
}

/**
 * Claims a due watch's check by moving its `nextCheckAt` on, only if it still holds the time it was
 * read with: of two cron runs that read the same watch, one checks it. False when another did.
 */
export async function claimWatchCheck(db: Db, watch: WatchRow, nextCheckAt: Date): Promise<boolean> {
  const [claimed] = await db
    .update(watches)
    .set({ nextCheckAt })
    .where(and(eq(watches.id, watch.id), eq(watches.nextCheckAt, watch.nextCheckAt)))
    .returning({ id: watches.id });
  return claimed !== undefined;
}

/**
 * What a check leaves on its watch: when it was made and is due next, and what it saw (the price,
 * and the currency it is in, which a product watch made without one takes from its first page) or
 * why it failed.
 */
export type CheckRecord = Pick<WatchRow, "nextCheckAt" | "lastCheckedAt" | "consecutiveFailures" | "lastError"> &
  Partial<Pick<WatchRow, "lastPrice" | "currency" | "lastFiredAt">>;

export async function recordCheck(db: Db, id: string, check: CheckRecord): Promise<void> {
  await db.update(watches).set(check).where(eq(watches.id, id));
}

/** The watches that follow a whole dataset, by its slug. */
export function watchesFollowing(db: Db, slug: string): Promise<WatchRow[]> {
  return db
    .select()
    .from(watches)
    .where(and(eq(watches.kind, "dataset"), eq(watches.platform, slug)))
    .orderBy(asc(watches.createdAt));
}
