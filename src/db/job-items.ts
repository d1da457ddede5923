// A job's items in D1. Every change of an item's state is one conditional UPDATE, so a message
// delivered twice, two consumers, or a sweep racing a consumer cannot record an outcome twice:
// whoever's UPDATE changes the row owns the step, the others see zero changes and stand down.
import type { ItemStatus, JobItemRow } from "./schema-jobs";

/** An item's address, which is also what the jobs queue carries. */
export interface JobMessage {
  jobId: string;
  idx: number;
}

export type ItemCounts = Record<ItemStatus, number>;

/** Moves up to `count` pending items (lowest index first) to `queued`; the ones moved. */
export async function claimPending(db: D1Database, jobId: string, count: number, now: number): Promise<number[]> {
  if (count <= 0) return [];
  const { results } = await db
    .prepare(
      `UPDATE job_items SET status = 'queued', queued_at = ?
       WHERE job_id = ? AND idx IN (SELECT idx FROM job_items WHERE job_id = ? AND status = 'pending' ORDER BY idx LIMIT ?)
       RETURNING idx`,
    )
    .bind(now, jobId, jobId, count)
    .all<{ idx: number }>();
  return results.map((row) => row.idx).sort((a, b) => a - b);
}

/** Takes a queued item (or one whose lease ran out) for this consumer; null when another has it or it is done. */
export async function takeItem(db: D1Database, message: JobMessage, now: number, leaseMs: number) {
  return db
    .prepare(
      `UPDATE job_items SET status = 'running', attempts = attempts + 1, lease_until = ?
       WHERE job_id = ? AND idx = ? AND (status = 'queued' OR (status = 'running' AND lease_until < ?))
       RETURNING *`,
    )
    .bind(now + leaseMs, message.jobId, message.idx, now)
    .first<Record<string, unknown>>()
    .then((row) => (row ? itemRow(row) : null));
}

function itemRow(row: Record<string, unknown>): JobItemRow {
  const time = (value: unknown) => (value === null || value === undefined ? null : new Date(Number(value)));
  return {
    jobId: String(row["job_id"]),
    idx: Number(row["idx"]),
    path: String(row["path"]),
    status: row["status"] as ItemStatus,
    attempts: Number(row["attempts"]),
    charged: Number(row["charged"]),
    queuedAt: time(row["queued_at"]),
    leaseUntil: time(row["lease_until"]),
    httpStatus: row["http_status"] === null ? null : Number(row["http_status"]),
    errorCode: (row["error_code"] as string | null) ?? null,
    errorMessage: (row["error_message"] as string | null) ?? null,
    finishedAt: time(row["finished_at"]),
  };
}

/** Marks a running item as charged to the month (it produced data). */
export async function setCharged(db: D1Database, message: JobMessage, charged: 0 | 1): Promise<void> {
  await db
    .prepare(`UPDATE job_items SET charged = ? WHERE job_id = ? AND idx = ? AND status = 'running'`)
    .bind(charged, message.jobId, message.idx)
    .run();
}

export interface Outcome {
  status: "succeeded" | "failed" | "cancelled";
  httpStatus?: number | null;
  errorCode?: string | null;
  errorMessage?: string | null;
}

/** Records a running item's outcome once; false when it was not running (someone else finished it). */
export async function finishItem(db: D1Database, message: JobMessage, outcome: Outcome, now: number): Promise<boolean> {
  const result = await db
    .prepare(
      `UPDATE job_items SET status = ?, http_status = ?, error_code = ?, error_message = ?, finished_at = ?, lease_until = NULL
       WHERE job_id = ? AND idx = ? AND status = 'running'`,
    )
    .bind(
      outcome.status,
      outcome.httpStatus ?? null,
      outcome.errorCode ?? null,
      outcome.errorMessage?.slice(0, 500) ?? null,
      now,
      message.jobId,
      message.idx,
    )
    .run();
  return result.meta.changes === 1;
}

/** Puts a running item back in line for a retry; false when it was not running. */
export async function requeueItem(db: D1Database, message: JobMessage, now: number): Promise<boolean> {
  const result = await db
    .prepare(
      `UPDATE job_items SET status = 'queued', queued_at = ?, lease_until = NULL WHERE job_id = ? AND idx = ? AND status = 'running'`,
    )
    .bind(now, message.jobId, message.idx)
    .run();
  return result.meta.changes === 1;
}

export async function itemCounts(db: D1Database, jobId: string): Promise<ItemCounts> {
  const { results } = await db
    .prepare(`SELECT status, COUNT(*) AS n FROM job_items WHERE job_id = ? GROUP BY status`)
    .bind(jobId)
    .all<{ status: ItemStatus; n: number }>();
  const counts: ItemCounts = { pending: 0, queued: 0, running: 0, succeeded: 0, failed: 0, cancelled: 0 };
  for (const row of results) counts[row.status] = row.n;
  return counts;
}

/** The routes (paths without their query) each job's items call, once each: the scopes reading a job needs. */
export async function itemRoutes(db: D1Database, jobIds: string[]): Promise<Map<string, string[]>> {
  const routes = new Map(jobIds.map((id) => [id, [] as string[]]));
  if (jobIds.length === 0) return routes;
  const { results } = await db
    .prepare(
      `SELECT DISTINCT job_id, CASE WHEN instr(path, '?') > 0 THEN substr(path, 1, instr(path, '?') - 1) ELSE path END AS route
       FROM job_items WHERE job_id IN (${jobIds.map(() => "?").join(", ")})`,
    )
    .bind(...jobIds)
    .all<{ job_id: string; route: string }>();
  for (const row of results) routes.get(row.job_id)?.push(row.route);
  return routes;
}

/** Items queued or running past `before` (their message or consumer was lost), to send again. */
export async function stalledItems(db: D1Database, jobId: string, before: number): Promise<number[]> {
  const { results } = await db
    .prepare(
      `SELECT idx FROM job_items WHERE job_id = ? AND
       ((status = 'queued' AND queued_at < ?) OR (status = 'running' AND lease_until < ?)) ORDER BY idx LIMIT 100`,
    )
    .bind(jobId, before, Date.now())
    .all<{ idx: number }>();
  return results.map((row) => row.idx);
}

/** Re-stamps items about to be sent again, so the next sweep does not send them once more. */
export async function restamp(db: D1Database, jobId: string, indexes: number[], now: number): Promise<void> {
  if (indexes.length === 0) return;
  await db
    .prepare(
      `UPDATE job_items SET queued_at = ? WHERE job_id = ? AND status = 'queued' AND idx IN (${indexes.map(() => "?").join(", ")})`,
    )
    .bind(now, jobId, ...indexes)
    .run();
}

/** Cancels the job's items no consumer has taken yet; running ones finish on their own. */
export async function cancelWaitingItems(db: D1Database, jobId: string, now: number): Promise<void> {
  await db
    .prepare(
      `UPDATE job_items SET status = 'cancelled', finished_at = ? WHERE job_id = ? AND status IN ('pending', 'queued')`,
    )
    .bind(now, jobId)
    .run();
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
export async function itemLines(db: D1Database, jobId: string, offset: number, limit: number): Promise<ItemLine[]> {
  const { results } = await db
    .prepare(
      `SELECT idx, path, status, http_status, error_code, error_message FROM job_items WHERE job_id = ? ORDER BY idx LIMIT ? OFFSET ?`,
    )
    .bind(jobId, limit, offset)
    .all<ItemLine>();
  return results;
}
