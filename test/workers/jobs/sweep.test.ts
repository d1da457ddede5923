// src/jobs/sweep.ts: the every-minute pass deletes finished jobs past their retention (rows and
// stored answers, no one else's) and keeps unfinished ones moving. Real D1 and R2; the queue
// producer records what would be sent.
import { describe, expect, it } from "vitest";
import { database } from "../../../src/db/client";
import { claimPending } from "../../../src/db/job-items";
import { jobAnswerKey } from "../../../src/db/objects";
import { sweepJobs } from "../../../src/jobs/sweep";
import { jobHooks } from "../../../src/job-hooks";
import { env } from "../helpers";
import { amazonPaths, insertTestJob, itemsOf, jobStatus, recordingQueue } from "../job-fixtures";

const noWait = () => {};
const past = () => new Date(Date.now() - 60_000);
const keys = async (jobId: string) =>
  (await env.RESULTS.list({ prefix: `jobs/${jobId}/` })).objects.map((object) => object.key).sort();

async function storeAnswers(jobId: string, count: number) {
  for (let idx = 0; idx < count; idx++) await env.RESULTS.put(jobAnswerKey(jobId, idx), `{"idx":${idx}}`);
}

describe("sweepJobs", () => {
  it("deletes a finished job past its retention with its answers, and nothing else", async () => {
    const expired = await insertTestJob(amazonPaths(3), { status: "completed", expiresAt: past() });
    const kept = await insertTestJob(amazonPaths(2), { status: "completed" });
    // Still running past its date: the sweep keeps it (results are dated from when a job finishes).
    const running = await insertTestJob(amazonPaths(10), { status: "running", expiresAt: past() });
    await claimPending(database(env.DB), running.id, 10, Date.now());
    await storeAnswers(expired.id, 3);
    await storeAnswers(kept.id, 2);
    await storeAnswers(running.id, 1);
    const queue = recordingQueue();

    // Files share the database, so other files' expired jobs may go in the same pass.
    expect(await sweepJobs(queue.env, noWait, jobHooks)).toBeGreaterThanOrEqual(1);

    expect(await jobStatus(expired.id)).toBeUndefined();
    expect(await itemsOf(expired.id)).toEqual([]);
    expect(await keys(expired.id)).toEqual([]);
    expect(await jobStatus(kept.id)).toBe("completed");
    expect(await keys(kept.id)).toEqual([jobAnswerKey(kept.id, 0), jobAnswerKey(kept.id, 1)]);
    expect(await jobStatus(running.id)).toBe("running");
    expect(await keys(running.id)).toEqual([jobAnswerKey(running.id, 0)]);
    expect(queue.sent).toEqual([]);
  });

  it("judges retention at the time it is given", async () => {
    const job = await insertTestJob(amazonPaths(1), {
      status: "failed",
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    const queue = recordingQueue();
    await sweepJobs(queue.env, noWait, jobHooks);
    expect(await jobStatus(job.id)).toBe("failed");
    expect(await sweepJobs(queue.env, noWait, jobHooks, Date.now() + 2 * 3_600_000)).toBeGreaterThanOrEqual(1);
    expect(await jobStatus(job.id)).toBeUndefined();
  });

  it("sends again an unfinished job's stalled item and fills its window", async () => {
    const job = await insertTestJob(amazonPaths(3));
    await claimPending(database(env.DB), job.id, 1, Date.now() - 120_000);
    const queue = recordingQueue({ JOB_STALL_SECONDS: "60" });
    expect(await sweepJobs(queue.env, noWait, jobHooks)).toBeGreaterThanOrEqual(3);
    expect(queue.sent.filter((message) => message.jobId === job.id)).toEqual(
      [0, 1, 2].map((idx) => ({ jobId: job.id, idx })),
    );
    expect((await itemsOf(job.id)).map((item) => item.status)).toEqual(["queued", "queued", "queued"]);
  });
});
