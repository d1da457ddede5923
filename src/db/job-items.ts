// A job's items in D1. Every change of an item's state is one conditional UPDATE, so a message
// delivered twice, two consumers, or a sweep racing a consumer cannot record an outcome twice:
// whoever's UPDATE changes the row owns the step, the others see zero changes and stand down.
import { and, asc, count, eq, inArray, lt, or, sql } from "drizzle-orm";
import type { Db } from "./keys";
import { type ItemStatus, jobItems, type JobItemRow } from "./schema-jobs";

/** An item's address, which is also what the jobs queue carries. */
export interface JobMessage {
  jobId: string;
  idx: number;
}

export type ItemCounts = Record<ItemStatus, number>;

/** The item a message addresses, while it holds `status`. */
const itemIn = (message: JobMessage, status: ItemStatus) =>
  and(eq(jobItems.jobId, message.jobId), eq(jobItems.idx, message.idx), eq(jobItems.status, status));

/** Moves up to `count` pending items (lowest index first) to `queued`; the ones moved. */
export async function claimPending(db: Db, jobId: string, count: number, now: number): Promise<number[]> {
  if (count <= 0) return [];
  const pending = db
    .select({ idx: jobItems.idx })
    .from(jobItems)
    .where(and(eq(jobItems.jobId, jobId), eq(jobItems.status, "pending")))
    .orderBy(asc(jobItems.idx))
    .limit(count);
  const claimed = await db
    .update(jobItems)
    .set({ status: "queued", queuedAt: new Date(now) })
    .where(and(eq(jobItems.jobId, jobId), inArray(jobItems.idx, pending)))
    .returning({ idx: jobItems.idx });
  return claimed.map((row) => row.idx).sort((a, b) => a - b);
}

/** Takes a queued item (or one whose lease ran out) for this consumer; null when another has it or it is done. */
export async function takeItem(db: Db, message: JobMessage, now: number, leaseMs: number): Promise<JobItemRow | null> {
  const leaseRanOut = and(eq(jobItems.status, "running"), lt(jobItems.leaseUntil, new Date(now)));
  const [item] = await db
    .update(jobItems)
    .set({ status: "running", attempts: sql`${jobItems.attempts} + 1`, leaseUntil: new Date(now + leaseMs) })
    .where(
      and(
        eq(jobItems.jobId, message.jobId),
        eq(jobItems.idx, message.idx),
        or(eq(jobItems.status, "queued"), leaseRanOut),
      ),
    )
    .returning();
  return item ?? null;
}

/** Marks a running item as charged to the month (it produced data). */
export async function setCharged(db: Db, message: JobMessage, charged: 0 | 1): Promise<void> {
  await db.update(jobItems).set({ charged }).where(itemIn(message, "running"));
}

export interface Outcome {
  status: "succeeded" | "failed" | "cancelled";
  httpStatus?: number | null;
  errorCode?: string | null;
  errorMessage?: string | null;
}

/** Records a running item's outcome once; false when it was not running (someone else finished it). */
export async function finishItem(db: Db, message: JobMessage, outcome: Outcome, now: number): Promise<boolean> {
  const result = await db
    .update(jobItems)
    .set({
      status: outcome.status,
      httpStatus: outcome.httpStatus ?? null,
      errorCode: outcome.errorCode ?? null,
      errorMessage: outcome.errorMessage?.slice(0, 500) ?? null,
      finishedAt: new Date(now),
      leaseUntil: null,
    })
    .where(itemIn(message, "running"));
  return result.meta.changes === 1;
}

/** Puts a running item back in line for a retry; false when it was not running. */
export async function requeueItem(db: Db, message: JobMessage, now: number): Promise<boolean> {
  const result = await db
    .update(jobItems)
    .set({ status: "queued", queuedAt: new Date(now), leaseUntil: null })
    .where(itemIn(message, "running"));
  return result.meta.changes === 1;
}

export async function itemCounts(db: Db, jobId: string): Promise<ItemCounts> {
  const rows = await db
    .select({ status: jobItems.status, n: count() })
    .from(jobItems)
    .where(eq(jobItems.jobId, jobId))
    .groupBy(jobItems.status);
  const counts: ItemCounts = { pending: 0, queued: 0, running: 0, succeeded: 0, failed: 0, cancelled: 0 };
  for (const row of rows) counts[row.status] = row.n;
  return counts;
}

/** The routes (paths without their query) each job's items call, once each: the scopes reading a job needs. */
export async function itemRoutes(db: Db, jobIds: string[]): Promise<Map<string, string[]>> {
  const routes = new Map(jobIds.map((id) => [id, [] as string[]]));
  if (jobIds.length === 0) return routes;
  const { path } = jobItems;
  const rows = await db
    .selectDistinct({
      jobId: jobItems.jobId,
      route: sql<string>`CASE WHEN instr(${path}, '?') > 0 THEN substr(${path}, 1, instr(${path}, '?') - 1) ELSE ${path} END`,
    })
    .from(jobItems)
    .where(inArray(jobItems.jobId, jobIds));
  for (const row of rows) routes.get(row.jobId)?.push(row.route);
  return routes;
}

/** Items queued or running past `before` (their message or consumer was lost), to send again. */
export async function stalledItems(db: Db, jobId: string, before: number): Promise<number[]> {
  const rows = await db
    .select({ idx: jobItems.idx })
    .from(jobItems)
    .where(
      and(
        eq(jobItems.jobId, jobId),
        or(
          and(eq(jobItems.status, "queued"), lt(jobItems.queuedAt, new Date(before))),
          and(eq(jobItems.status, "running"), lt(jobItems.leaseUntil, new Date())),
        ),
      ),
    )
    .orderBy(asc(jobItems.idx))
    .limit(100);
  return rows.map((row) => row.idx);
}

/** Re-stamps items about to be sent again, so the next sweep does not send them once more. */
export async function restamp(db: Db, jobId: string, indexes: number[], now: number): Promise<void> {
  if (indexes.length === 0) return;
  await db
    .update(jobItems)
    .set({ queuedAt: new Date(now) })
    .where(and(eq(jobItems.jobId, jobId), eq(jobItems.status, "queued"), inArray(jobItems.idx, indexes)));
}

/** Cancels the job's items no consumer has taken yet; running ones finish on their own. */
export async function cancelWaitingItems(db: Db, jobId: string, now: number): Promise<void> {
  await db
    .update(jobItems)
    .set({ status: "cancelled", finishedAt: new Date(now) })
    .where(and(eq(jobItems.jobId, jobId), inArray(jobItems.status, ["pending", "queued"])));
}

/** An item as the results list shows it, without its stored answer. */
export interface ItemLine {
  idx: number;
  path: string;
  status: string;
  http_status: number | null;
  error_code: string | null;
  error_message: string | null;
}

/** A page of the job's items in order. */
export function itemLines(db: Db, jobId: string, offset: number, limit: number): Promise<ItemLine[]> {
  return db
    .select({
      idx: jobItems.idx,
      path: jobItems.path,
      status: jobItems.status,
      http_status: jobItems.httpStatus,
      error_code: jobItems.errorCode,
      error_message: jobItems.errorMessage,
    })
    .from(jobItems)
    .where(eq(jobItems.jobId, jobId))
    .orderBy(asc(jobItems.idx))
    .limit(limit)
    .offset(offset);
}
