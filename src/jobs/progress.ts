// Moving a job along: its first window of items onto the queue, the next item in as each one
// finishes, completion (with its webhook) when none is left, and a sweep that sends again what a
// lost message or a stopped Worker left behind.
import type { JobRow } from "../db/schema-jobs";
import { log } from "../log";
import type { JobHooks, WaitUntil } from "./hooks";
import { ITEMS_IN_FLIGHT_PER_JOB, stallMs } from "./limits";
import { cancelWaitingItems, claimPending, itemCounts, type JobMessage, restamp, stalledItems } from "../db/job-items";
import { database } from "../db/client";
import { moveJob } from "../db/jobs";

async function send(env: Env, jobId: string, indexes: number[]): Promise<void> {
  if (indexes.length === 0) return;
  await env.JOBS.sendBatch(indexes.map((idx) => ({ body: { jobId, idx } satisfies JobMessage })));
}

/** Puts the job's first window of items on the queue. */
export async function startJob(env: Env, jobId: string): Promise<void> {
  await send(env, jobId, await claimPending(database(env.DB), jobId, ITEMS_IN_FLIGHT_PER_JOB, Date.now()));
}

/** After an item's outcome: the next item goes in, and the job finishes when none is left. */
export async function afterItem(env: Env, waitUntil: WaitUntil, job: JobRow, hooks: JobHooks): Promise<void> {
  const now = Date.now();
  if (job.status !== "cancelled") await send(env, job.id, await claimPending(database(env.DB), job.id, 1, now));
  await completeIfDone(env, waitUntil, job, hooks);
}

/** Finishes the job once no item is left to run, and announces it. */
export async function completeIfDone(env: Env, waitUntil: WaitUntil, job: JobRow, hooks: JobHooks): Promise<void> {
  const counts = await itemCounts(database(env.DB), job.id);
  if (counts.pending + counts.queued + counts.running > 0) return;
  // A cancelled job keeps its status; its running items just had to finish.
  if (job.status === "cancelled") return;
  const failedAll = counts.succeeded === 0 && counts.failed > 0;
  const status = failedAll ? "failed" : "completed";
  if (!(await moveJob(database(env.DB), job.id, ["queued", "running"], status, Date.now()))) return;
  const data = { id: job.id, status, total: job.total, counts: { succeeded: counts.succeeded, failed: counts.failed } };
  await hooks.ended(env, waitUntil, job, status, data.counts);
  await hooks
    .announce(env, waitUntil, job, failedAll ? "job.failed" : "job.completed", data)
    .catch((err) => log.error("job event failed", { job: job.id, error: err }));
}

/**
 * Sends again the items whose message or consumer was lost (queued or running past the stall
 * time), tops the window up, and finishes a job whose last outcome's follow-up was lost.
 */
export async function sweepJob(env: Env, waitUntil: WaitUntil, job: JobRow, hooks: JobHooks): Promise<number> {
  if (job.status !== "queued" && job.status !== "running" && job.status !== "cancelled") return 0;
  const db = database(env.DB);
  const now = Date.now();
  const stalled = await stalledItems(db, job.id, now - stallMs(env));
  await restamp(db, job.id, stalled, now);
  const counts = await itemCounts(db, job.id);
  const room = job.status === "cancelled" ? 0 : ITEMS_IN_FLIGHT_PER_JOB - counts.queued - counts.running;
  const fresh = await claimPending(db, job.id, room, now);
  await send(env, job.id, [...stalled, ...fresh]);
  await completeIfDone(env, waitUntil, job, hooks);
  return stalled.length + fresh.length;
}

/** Cancels a job: items not yet taken are cancelled at once; running ones finish and stop there. */
export async function cancelJob(env: Env, waitUntil: WaitUntil, job: JobRow, hooks: JobHooks): Promise<boolean> {
  const db = database(env.DB);
  if (!(await moveJob(db, job.id, ["queued", "running"], "cancelled", Date.now()))) return false;
  await cancelWaitingItems(db, job.id, Date.now());
  await hooks.ended(env, waitUntil, job, "cancelled", { succeeded: 0, failed: 0 });
  await completeIfDone(env, waitUntil, { ...job, status: "cancelled" }, hooks);
  return true;
}
