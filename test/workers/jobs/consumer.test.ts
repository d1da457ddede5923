// src/jobs/consumer.ts: each message of a batch is acknowledged or retried on its own, by the
// runner's verdict (with its delay), retried without one when the consumer fails on it, and the
// dead-letter queue's messages fail their items. The batch is a stand-in (the queue is
// Cloudflare's); D1, R2 and the app are real.
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { database } from "../../../src/db/client";
import { claimPending, type JobMessage } from "../../../src/db/job-items";
import { consumeJobs, DEAD_LETTER_QUEUE } from "../../../src/jobs/consumer";
import { jobHooks } from "../../../src/job-hooks";
import { retryDelaySeconds } from "../../../src/jobs/limits";
import { env, inProcessApi, newAccount } from "../helpers";
import { insertTestJob, itemsOf, recordingQueue } from "../job-fixtures";

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => vi.restoreAllMocks());

const PRODUCT_PAGE = `<!doctype html><html><head><title>Kettle</title><script type="application/ld+json">${JSON.stringify(
  {
    "@context": "https://schema.org",
    "@type": "Product",
    name: "Queue kettle",
    offers: { "@type": "Offer", price: "9.99", priceCurrency: "USD" },
  },
)}</script></head><body><h1>Queue kettle</h1></body></html>`;
const html = (body: string, status = 200, headers: Record<string, string> = {}) =>
  new Response(body, { status, headers: { "Content-Type": "text/html; charset=utf-8", ...headers } });
const generic = (host: string) => `/v1/generic?url=${encodeURIComponent(`https://${host}/p/1`)}&fresh=true`;

function serve(pages: Record<string, () => Response>) {
  const real = globalThis.fetch;
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    return pages[url.host]?.() ?? real(input, init);
  });
}

/** A batch of `bodies` on `queue`, each message with its own ack and retry spies. */
function batchOf(queue: string, bodies: unknown[]) {
  const messages = bodies.map((body, i) => ({
    id: `m${i}`,
    timestamp: new Date(),
    attempts: 1,
    body,
    ack: vi.fn(),
    retry: vi.fn(),
  }));
  const batch = { queue, messages, ackAll: vi.fn(), retryAll: vi.fn() };
  return { batch: batch as unknown as MessageBatch<JobMessage>, messages };
}

async function consume(jobEnv: Env, batch: MessageBatch<JobMessage>) {
  const ctx = createExecutionContext();
  await consumeJobs(batch, jobEnv, ctx, inProcessApi(), jobHooks);
  await waitOnExecutionContext(ctx);
}

describe("consumeJobs", () => {
  it("acks or retries each message by its own item's verdict", async () => {
    serve({
      "good.consumer.example": () => html(PRODUCT_PAGE),
      "blocked.consumer.example": () => html("go away", 403, { "Retry-After": "3600" }),
    });
    const account = await newAccount({ plan: "pro" });
    const paths = [generic("good.consumer.example"), generic("blocked.consumer.example")];
    const job = await insertTestJob(paths, { account });
    await claimPending(database(env.DB), job.id, 2, Date.now());
    const { env: jobEnv } = recordingQueue();
    const { batch, messages } = batchOf("webdata-jobs", [
      { jobId: job.id, idx: 0 },
      { jobId: job.id, idx: 1 },
      { jobId: "job_gone", idx: 0 },
    ]);

    await consume(jobEnv, batch);

    expect(messages[0]!.ack).toHaveBeenCalledOnce();
    expect(messages[0]!.retry).not.toHaveBeenCalled();
    expect(messages[1]!.ack).not.toHaveBeenCalled();
    expect(messages[1]!.retry).toHaveBeenCalledExactlyOnceWith({ delaySeconds: retryDelaySeconds(jobEnv, 1) });
    expect(messages[2]!.ack).toHaveBeenCalledOnce();
    expect((await itemsOf(job.id)).map((item) => item.status)).toEqual(["succeeded", "queued"]);
  });

  it("retries a message it fails on, without a delay, and still handles the others", async () => {
    const job = await insertTestJob(["/v1/amazon?asin=B000000001"]);
    const { env: jobEnv } = recordingQueue();
    const { batch, messages } = batchOf("webdata-jobs", [null, { jobId: "job_gone", idx: 3 }]);
    await consume(jobEnv, batch);
    expect(messages[0]!.retry).toHaveBeenCalledExactlyOnceWith();
    expect(messages[0]!.ack).not.toHaveBeenCalled();
    expect(messages[1]!.ack).toHaveBeenCalledOnce();
    expect((await itemsOf(job.id))[0]).toMatchObject({ status: "pending" });
  });

  it("fails the items of the dead-letter queue's messages and acks them", async () => {
    const job = await insertTestJob(["/v1/amazon?asin=B000000001", "/v1/amazon?asin=B000000002"]);
    await claimPending(database(env.DB), job.id, 2, Date.now());
    const { env: jobEnv } = recordingQueue();
    const { batch, messages } = batchOf(DEAD_LETTER_QUEUE, [{ jobId: job.id, idx: 1 }]);
    await consume(jobEnv, batch);
    expect(messages[0]!.ack).toHaveBeenCalledOnce();
    expect(messages[0]!.retry).not.toHaveBeenCalled();
    expect((await itemsOf(job.id)).map((item) => [item.status, item.error_code])).toEqual([
      ["queued", null],
      ["failed", "internal"],
    ]);
  });
});
