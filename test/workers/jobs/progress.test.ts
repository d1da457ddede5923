// src/jobs/progress.ts: a job's first window on the queue, one item in per outcome, completion
// (failed only when nothing succeeded) announced once, the sweep's resend of stalled items and
// cancelling. Real D1; the queue producer records what would be sent.
import { afterEach, describe, expect, it, vi } from "vitest";
import { database } from "../../../src/db/client";
import { claimPending, finishItem, itemCounts, takeItem } from "../../../src/db/job-items";
import { newId } from "../../../src/db/keys";
import { insertWithinCap } from "../../../src/db/object-caps";
import { ITEMS_IN_FLIGHT_PER_JOB } from "../../../src/jobs/limits";
import { afterItem, cancelJob, completeIfDone, startJob, sweepJob } from "../../../src/jobs/progress";
import { jobHooks } from "../../../src/job-hooks";
import { amazonPaths, insertTestJob, itemsOf, jobStatus, keptPromises, recordingQueue } from "../job-fixtures";
import { env, newAccount } from "../helpers";

const LEASE_MS = 60_000;
afterEach(() => vi.restoreAllMocks());
const noWait = () => {};

/** Takes item `idx` and records `status` for it. */
async function finish(jobId: string, idx: number, status: "succeeded" | "failed") {
  await takeItem(database(env.DB), { jobId, idx }, Date.now(), LEASE_MS);
  expect(await finishItem(database(env.DB), { jobId, idx }, { status }, Date.now())).toBe(true);
}

const deliveriesOf = async (accountId: string) =>
  (
    await env.DB.prepare("SELECT event_type, endpoint_id, payload FROM webhook_deliveries WHERE account_id = ?")
      .bind(accountId)
      .all<{ event_type: string; endpoint_id: string; payload: string }>()
  ).results;

describe("startJob", () => {
  it("puts only the first window of items on the queue, lowest index first", async () => {
    const job = await insertTestJob(amazonPaths(25));
    const queue = recordingQueue();
    await startJob(queue.env, job.id);
    expect(ITEMS_IN_FLIGHT_PER_JOB).toBe(10);
    expect(queue.sent).toEqual(Array.from({ length: 10 }, (_, idx) => ({ jobId: job.id, idx })));
    expect(await itemCounts(database(env.DB), job.id)).toMatchObject({ queued: 10, pending: 15 });
  });
});

describe("afterItem", () => {
  it("sends the next pending item as one finishes", async () => {
    const job = await insertTestJob(amazonPaths(12));
    const queue = recordingQueue();
    await startJob(queue.env, job.id);
    await finish(job.id, 0, "succeeded");
    await afterItem(queue.env, noWait, job, jobHooks);
    expect(queue.sent.at(-1)).toEqual({ jobId: job.id, idx: 10 });
    expect(queue.sent).toHaveLength(11);
    expect(await jobStatus(job.id)).toBe("queued");
  });

  it("sends nothing more for a cancelled job", async () => {
    const job = await insertTestJob(amazonPaths(12), { status: "cancelled" });
    const queue = recordingQueue();
    await afterItem(queue.env, noWait, job, jobHooks);
    expect(queue.sent).toEqual([]);
    expect(await itemCounts(database(env.DB), job.id)).toMatchObject({ pending: 12 });
  });
});

describe("completeIfDone", () => {
  it("leaves a job with an item still to run as it is", async () => {
    const job = await insertTestJob(amazonPaths(2));
    await claimPending(database(env.DB), job.id, 2, Date.now());
    await finish(job.id, 0, "succeeded");
    await completeIfDone(env, noWait, job, jobHooks);
    expect(await jobStatus(job.id)).toBe("queued");
  });

  it("completes a job with at least one success, and fails one whose every item failed", async () => {
    const mixed = await insertTestJob(amazonPaths(2), { status: "running" });
    await claimPending(database(env.DB), mixed.id, 2, Date.now());
    await finish(mixed.id, 0, "failed");
    await finish(mixed.id, 1, "succeeded");
    await completeIfDone(env, noWait, mixed, jobHooks);
    expect(await jobStatus(mixed.id)).toBe("completed");

    const failed = await insertTestJob(amazonPaths(2), { status: "running" });
    await claimPending(database(env.DB), failed.id, 2, Date.now());
    await finish(failed.id, 0, "failed");
    await finish(failed.id, 1, "failed");
    await completeIfDone(env, noWait, failed, jobHooks);
    expect(await jobStatus(failed.id)).toBe("failed");
  });

  it("announces the outcome to the job's endpoint once, however often it is asked", async () => {
    const account = await newAccount();
    const endpoint = await insertWithinCap(database(env.DB), "webhooks", {
      id: newId("wh"),
      accountId: account.accountId,
      url: "https://receiver.example/hook",
      description: null,
      eventTypes: JSON.stringify(["webhook.test"]),
      secret: "whsec_test",
      createdAt: new Date(),
    });
    const job = await insertTestJob(amazonPaths(2), { account, webhookEndpointId: endpoint.id });
    await claimPending(database(env.DB), job.id, 2, Date.now());
    await finish(job.id, 0, "succeeded");
    await finish(job.id, 1, "failed");
    const real = globalThis.fetch;
    const receiver = vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      return url.host === "receiver.example" ? new Response("ok") : real(input, init);
    });
    const { waitUntil, settle } = keptPromises();
    await completeIfDone(env, waitUntil, job, jobHooks);
    await completeIfDone(env, waitUntil, job, jobHooks);
    await settle();
    expect(
      receiver.mock.calls.filter(([input]) =>
        String(input instanceof Request ? input.url : input).includes("receiver.example"),
      ),
    ).toHaveLength(1);
    const deliveries = await deliveriesOf(job.accountId);
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0]).toMatchObject({ event_type: "job.completed", endpoint_id: endpoint.id });
    expect(JSON.parse(deliveries[0]!.payload)).toMatchObject({
      data: { id: job.id, status: "completed", total: 2, counts: { succeeded: 1, failed: 1 } },
    });
  });

  it("keeps a cancelled job cancelled when its last item finishes", async () => {
    const job = await insertTestJob(amazonPaths(1), { status: "cancelled" });
    await claimPending(database(env.DB), job.id, 1, Date.now());
    await finish(job.id, 0, "succeeded");
    await completeIfDone(env, noWait, job, jobHooks);
    expect(await jobStatus(job.id)).toBe("cancelled");
  });
});

describe("sweepJob", () => {
  it("sends again an item queued past the stall time, restamped, and tops the window up", async () => {
    const job = await insertTestJob(amazonPaths(ITEMS_IN_FLIGHT_PER_JOB + 2));
    const queue = recordingQueue({ JOB_STALL_SECONDS: "60" });
    // Item 0 went on the queue two minutes ago and its message was lost; 1..8 were sent just now.
    const longAgo = Date.now() - 120_000;
    expect(await claimPending(database(env.DB), job.id, 1, longAgo)).toEqual([0]);
    await claimPending(database(env.DB), job.id, 8, Date.now());
    const sent = await sweepJob(queue.env, noWait, job, jobHooks);
    // One resent, one fresh item to make ten in flight again.
    expect(queue.sent).toEqual([
      { jobId: job.id, idx: 0 },
      { jobId: job.id, idx: 9 },
    ]);
    expect(sent).toBe(2);
    expect((await itemsOf(job.id))[0]!.queued_at).toBeGreaterThan(longAgo);
    // Restamped: the next sweep does not send it again.
    queue.sent.length = 0;
    expect(await sweepJob(queue.env, noWait, job, jobHooks)).toBe(0);
    expect(queue.sent).toEqual([]);
  });

  it("sends again a running item whose lease ran out, but no fresh item of a cancelled job", async () => {
    const job = await insertTestJob(amazonPaths(3), { status: "cancelled" });
    const queue = recordingQueue({ JOB_STALL_SECONDS: "60" });
    await claimPending(database(env.DB), job.id, 1, Date.now() - 120_000);
    await takeItem(database(env.DB), { jobId: job.id, idx: 0 }, Date.now() - 120_000, 60_000);
    expect(await sweepJob(queue.env, noWait, job, jobHooks)).toBe(1);
    expect(queue.sent).toEqual([{ jobId: job.id, idx: 0 }]);
  });

  it("leaves a finished job alone", async () => {
    const job = await insertTestJob(amazonPaths(3), { status: "completed" });
    const queue = recordingQueue();
    expect(await sweepJob(queue.env, noWait, job, jobHooks)).toBe(0);
    expect(queue.sent).toEqual([]);
  });
});

describe("cancelJob", () => {
  it("cancels the items not yet taken, lets a running one finish, and keeps the job cancelled", async () => {
    const job = await insertTestJob(amazonPaths(4));
    await claimPending(database(env.DB), job.id, 2, Date.now());
    await takeItem(database(env.DB), { jobId: job.id, idx: 0 }, Date.now(), LEASE_MS);
    const { waitUntil, settle } = keptPromises();
    expect(await cancelJob(env, waitUntil, job, jobHooks)).toBe(true);
    await settle();
    expect(await jobStatus(job.id)).toBe("cancelled");
    expect((await itemsOf(job.id)).map((item) => item.status)).toEqual([
      "running",
      "cancelled",
      "cancelled",
      "cancelled",
    ]);
    // A job already finished or cancelled is not cancelled again.
    expect(await cancelJob(env, waitUntil, job, jobHooks)).toBe(false);
  });
});
