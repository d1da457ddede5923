// The every-minute pass over batch jobs: keep unfinished ones moving (items whose message or
// consumer was lost are sent again) and delete finished ones past their retention.
import { database } from "../db/client";
import { deleteJobRows, expiredJobs, unfinishedJobs } from "../db/jobs";
import { deleteJobObjects } from "../db/objects";
import type { JobHooks, WaitUntil } from "./hooks";
import { sweepJob } from "./progress";

const JOBS_PER_SWEEP = 50;

export async function sweepJobs(env: Env, waitUntil: WaitUntil, hooks: JobHooks, now = Date.now()) {
  const db = database(env.DB);
  const unfinished = await unfinishedJobs(db, JOBS_PER_SWEEP);
  let sent = 0;
  for (const job of unfinished) sent += await sweepJob(env, waitUntil, job, hooks);
  const expired = await expiredJobs(db, new Date(now), JOBS_PER_SWEEP);
  for (const { id } of expired) await deleteJob(env, id);
  return sent + expired.length;
}

async function deleteJob(env: Env, jobId: string) {
  await deleteJobObjects(env.RESULTS, jobId);
  await deleteJobRows(database(env.DB), jobId);
}
