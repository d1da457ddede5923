// Batch jobs in D1: a job with its items written together, its status moved once, and the reads
// the routes, the runner and the every-minute sweep make of them.
//
// Raw SQL: insertJob's three inserts, each INSERT … SELECT … WHERE (the job only while its account
// has room and its dataset collects nothing; its snapshot and items only with the job, the items
// as many VALUES rows per statement), so check and write are one statement. Drizzle's insert
// builder cannot add such a WHERE to the rows it is given, and its D1 batch cannot carry SQL
// written by hand with parameters, so the whole batch is D1's own.
import { and, desc, eq, inArray, lt, sql } from "drizzle-orm";
import type { Db } from "./keys";
import { jobItems, jobs, type JobRow } from "./schema-jobs";

const ROWS_PER_INSERT = 25;
const STATEMENTS_PER_BATCH = 50;

/** The snapshot of a dataset a job collects into, opened with the job. */
export interface JobSnapshot {
  id: string;
  datasetId: number;
  startedAt: number;
}

/**
 * Writes the job and its items (all `pending`) in batches, unless its account already has
 * `maxRunning` jobs queued or running (null: no cap, the service's own work), or the dataset it
 * fills already has a snapshot collecting; false then. The count and the job's insert are one
 * statement, and its snapshot and first items are written only with the job, so jobs (and
 * refreshes) created at once cannot pass either cap together.
 */
export async function insertJob(
  db: Db,
  job: JobRow,
  paths: string[],
  maxRunning: number | null = null,
  snapshot: JobSnapshot | null = null,
): Promise<boolean> {
  const d1 = db.$client;
  const statements: D1PreparedStatement[] = [
    d1
      .prepare(
        `INSERT INTO jobs (id, account_id, key_id, status, total, webhook_endpoint_id, idempotency_key, request_hash, created_at, expires_at, keeps_answers)
         SELECT ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?
         WHERE (? IS NULL OR (SELECT count(*) FROM jobs WHERE account_id = ? AND status IN ('queued', 'running')) < ?)
           AND NOT EXISTS (SELECT 1 FROM dataset_snapshots WHERE dataset_id = ? AND status = 'collecting')`,
      )
      .bind(
        job.id,
        job.accountId,
        job.keyId,
        job.status,
        job.total,
        job.webhookEndpointId,
        job.idempotencyKey,
        job.requestHash,
        job.createdAt.getTime(),
        job.expiresAt.getTime(),
        job.keepsAnswers ? 1 : 0,
        maxRunning,
        job.accountId,
        maxRunning,
        snapshot?.datasetId ?? null,
      ),
  ];
  if (snapshot)
    statements.push(
      d1
        .prepare(
          `INSERT INTO dataset_snapshots (id, dataset_id, job_id, status, started_at)
           SELECT ?, ?, ?, 'collecting', ? WHERE EXISTS (SELECT 1 FROM jobs WHERE id = ?)`,
        )
        .bind(snapshot.id, snapshot.datasetId, job.id, snapshot.startedAt, job.id),
    );
  for (let start = 0; start < paths.length; start += ROWS_PER_INSERT) {
    const chunk = paths.slice(start, start + ROWS_PER_INSERT);
    statements.push(
      d1
        .prepare(
          `INSERT INTO job_items (job_id, idx, path, status)
           SELECT column1, column2, column3, 'pending' FROM (VALUES ${chunk.map(() => "(?, ?, ?)").join(", ")})
           WHERE EXISTS (SELECT 1 FROM jobs WHERE id = ?)`,
        )
        .bind(...chunk.flatMap((path, offset) => [job.id, start + offset, path]), job.id),
    );
  }
  for (let start = 0; start < statements.length; start += STATEMENTS_PER_BATCH) {
    const results = await d1.batch(statements.slice(start, start + STATEMENTS_PER_BATCH));
    if (start === 0 && results[0]!.meta.changes === 0) return false;
  }
  return true;
}

/** Moves a job from one status to another once; false when it was no longer `from`. */
export async function moveJob(
  db: Db,
  jobId: string,
  from: JobRow["status"][],
  to: JobRow["status"],
  now: number,
): Promise<boolean> {
  const stamp = to === "running" ? "startedAt" : "finishedAt";
  const result = await db
    .update(jobs)
    .set({ status: to, [stamp]: sql`COALESCE(${jobs[stamp]}, ${now})` })
    .where(and(eq(jobs.id, jobId), inArray(jobs.status, from)));
  return result.meta.changes === 1;
}

/** A job by id, whichever account's (the runner's read). */
export async function findJobById(db: Db, id: string): Promise<JobRow | null> {
  const [job] = await db.select().from(jobs).where(eq(jobs.id, id));
  return job ?? null;
}

/** A job of the account; another account's is not found. */
export async function findJob(db: Db, accountId: string, id: string): Promise<JobRow | null> {
  const [job] = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.id, id), eq(jobs.accountId, accountId)));
  return job ?? null;
}

/** The account's job made with this Idempotency-Key, if one was. */
export async function findJobByIdempotencyKey(db: Db, accountId: string, key: string): Promise<JobRow | null> {
  const [job] = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.accountId, accountId), eq(jobs.idempotencyKey, key)));
  return job ?? null;
}

/** The account's newest `limit` jobs, newest first. */
export function recentJobs(db: Db, accountId: string, limit: number): Promise<JobRow[]> {
  return db.select().from(jobs).where(eq(jobs.accountId, accountId)).orderBy(desc(jobs.createdAt)).limit(limit);
}

/** Up to `limit` queued or running jobs, any account's, for the sweep to keep moving. */
export function unfinishedJobs(db: Db, limit: number): Promise<JobRow[]> {
  return db
    .select()
    .from(jobs)
    .where(inArray(jobs.status, ["queued", "running"]))
    .limit(limit);
}

/** Up to `limit` finished jobs whose results are kept no longer than `at`. */
export function expiredJobs(db: Db, at: Date, limit: number): Promise<{ id: string }[]> {
  return db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(lt(jobs.expiresAt, at), inArray(jobs.status, ["completed", "failed", "cancelled"])))
    .limit(limit);
}

/** Deletes the job and its items together (its stored answers live in R2, deleted by the caller). */
export async function deleteJobRows(db: Db, jobId: string): Promise<void> {
  await db.batch([db.delete(jobItems).where(eq(jobItems.jobId, jobId)), db.delete(jobs).where(eq(jobs.id, jobId))]);
}
