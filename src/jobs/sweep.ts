// The every-minute pass over batch jobs: keep unfinished ones moving (items whose message or
// consumer was lost are sent again) and delete finished ones past their retention.
import { and, inArray, lt } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { jobs } from "../db/schema-jobs";
import { sweepJob } from "./progress";

const JOBS_PER_SWEEP = 50;

export async function sweepJobs(env: Env, waitUntil: (promise: Promise<unknown>) => void, now = Date.now()) {
  const db = drizzle(env.DB);
  const unfinished = await db
    .select()
    .from(jobs)
    .where(inArray(jobs.status, ["queued", "running"]))
    .limit(JOBS_PER_SWEEP);
  let sent = 0;
  for (const job of unfinished) sent += await sweepJob(env, waitUntil, job);
  const expired = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(lt(jobs.expiresAt, new Date(now)), inArray(jobs.status, ["completed", "failed", "cancelled"])))
    .limit(JOBS_PER_SWEEP);
  for (const { id } of expired) await deleteJob(env, id);
  return sent + expired.length;
}

async function deleteJob(env: Env, jobId: string) {
  let cursor: string | undefined;
  do {
    const listed = await env.RESULTS.list({ prefix: `jobs/${jobId}/`, cursor });
    if (listed.objects.length > 0) await env.RESULTS.delete(listed.objects.map((object) => object.key));
    cursor = listed.truncated ? listed.cursor : undefined;
  } while (cursor);
  await env.DB.batch([
    env.DB.prepare(`DELETE FROM job_items WHERE job_id = ?`).bind(jobId),
    env.DB.prepare(`DELETE FROM jobs WHERE id = ?`).bind(jobId),
  ]);
}
