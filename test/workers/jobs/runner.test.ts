// src/jobs/runner.ts: one job item run through the data routes, its answer kept in R2, its
// outcome recorded once; retries with backoff for what retrying can help, up to MAX_ATTEMPTS; a
// cancelled job, a revoked key and a dead-lettered message fail or cancel the item without a
// request. Real D1, R2, Durable Objects and app; sites answer from a stand-in for `fetch`.
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { afterEach, describe, expect, it, vi } from "vitest";
import { database } from "../../../src/db/client";
import { claimPending } from "../../../src/db/job-items";
import { apiKeys } from "../../../src/db/schema";
import { MAX_ATTEMPTS, retryDelaySeconds } from "../../../src/jobs/limits";
import { jobAnswerKey } from "../../../src/db/objects";
import { deadLetter, runItem } from "../../../src/jobs/runner";
import { jobHooks } from "../../../src/job-hooks";
import { env, inProcessApi, newAccount } from "../helpers";
import { insertTestJob, itemsOf, jobStatus, recordingQueue } from "../job-fixtures";

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => vi.restoreAllMocks());

const PRODUCT_PAGE = `<!doctype html><html><head><title>Kettle</title><script type="application/ld+json">${JSON.stringify(
  {
    "@context": "https://schema.org",
    "@type": "Product",
    name: "Runner kettle",
    offers: { "@type": "Offer", price: "13.37", priceCurrency: "USD" },
  },
)}</script></head><body><h1>Runner kettle</h1></body></html>`;
const html = (body: string, status = 200, headers: Record<string, string> = {}) =>
  new Response(body, { status, headers: { "Content-Type": "text/html; charset=utf-8", ...headers } });
const generic = (host: string) => `/v1/generic?url=${encodeURIComponent(`https://${host}/p/1`)}&fresh=true`;

/** The sites' stand-in; returns the calls it answered. */
function serve(pages: Record<string, () => Response>) {
  const real = globalThis.fetch;
  const answered: string[] = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const page = pages[url.host];
    if (!page) return real(input, init);
    answered.push(url.host);
    return page();
  });
  return answered;
}

/** Runs item `idx` of `jobId` once, as the consumer would. */
async function run(jobEnv: Env, jobId: string, idx = 0) {
  const ctx = createExecutionContext();
  const verdict = await runItem(jobEnv, ctx, inProcessApi(), { jobId, idx }, jobHooks);
  await waitOnExecutionContext(ctx);
  return verdict;
}

async function queuedJob(paths: string[], fields: Parameters<typeof insertTestJob>[1] = {}) {
  const job = await insertTestJob(paths, { account: await newAccount({ plan: "pro" }), ...fields });
  await claimPending(database(env.DB), job.id, paths.length, Date.now());
  return job;
}

describe("runItem", () => {
  it("keeps a good answer in R2, charges it, and completes the job with its last item", async () => {
    serve({ "shop.runner.example": () => html(PRODUCT_PAGE) });
    const job = await queuedJob([generic("shop.runner.example")]);
    const { env: jobEnv } = recordingQueue();
    expect(await run(jobEnv, job.id)).toEqual({ ack: true });
    expect(await itemsOf(job.id)).toEqual([
      expect.objectContaining({ status: "succeeded", http_status: 200, charged: 1, attempts: 1 }),
    ]);
    const kept = await env.RESULTS.get(jobAnswerKey(job.id, 0));
    expect(kept?.httpMetadata?.contentType).toBe("application/json");
    expect(JSON.stringify(await kept!.json())).toContain("Runner kettle");
    expect(await jobStatus(job.id)).toBe("completed");
  });

  it("stores no answer for an item its owner runs itself, which keeps what it read", async () => {
    const job = await queuedJob(["/v1/own-step"]);
    const { env: jobEnv } = recordingQueue();
    const collected: string[] = [];
    const hooks = {
      ...jobHooks,
      ownItem: () => Promise.resolve({ response: Response.json({ data: { products: 40 } }), charged: false }),
      collected: async (_env: Env, _job: unknown, item: { path: string }) => void collected.push(item.path),
    };
    const ctx = createExecutionContext();
    expect(await runItem(jobEnv, ctx, inProcessApi(), { jobId: job.id, idx: 0 }, hooks)).toEqual({ ack: true });
    await waitOnExecutionContext(ctx);
    expect(await itemsOf(job.id)).toEqual([expect.objectContaining({ status: "succeeded", charged: 0 })]);
    expect(collected).toEqual(["/v1/own-step"]);
    expect(await env.RESULTS.get(jobAnswerKey(job.id, 0))).toBeNull();
    expect(await jobStatus(job.id)).toBe("completed");
  });

  it("stores no answer for a job that keeps only what its owner collects (a refresh's records), and hands the answer over", async () => {
    serve({ "refresh.runner.example": () => html(PRODUCT_PAGE) });
    const job = await queuedJob([generic("refresh.runner.example")], { keepsAnswers: false });
    const { env: jobEnv } = recordingQueue();
    const collected: string[] = [];
    const hooks = {
      ...jobHooks,
      collected: async (_env: Env, _job: unknown, _item: unknown, answer: Uint8Array) =>
        void collected.push(new TextDecoder().decode(answer)),
    };
    const ctx = createExecutionContext();
    expect(await runItem(jobEnv, ctx, inProcessApi(), { jobId: job.id, idx: 0 }, hooks)).toEqual({ ack: true });
    await waitOnExecutionContext(ctx);
    expect(await itemsOf(job.id)).toEqual([expect.objectContaining({ status: "succeeded", charged: 1 })]);
    expect(collected).toHaveLength(1);
    expect(JSON.parse(collected[0]!).data.title).toBe("Runner kettle");
    expect(await env.RESULTS.get(jobAnswerKey(job.id, 0))).toBeNull();
  });

  it("runs an item once when its message comes twice", async () => {
    const answered = serve({ "twice.runner.example": () => html(PRODUCT_PAGE) });
    const job = await queuedJob([generic("twice.runner.example")]);
    const { env: jobEnv } = recordingQueue();
    await run(jobEnv, job.id);
    const calls = answered.length;
    expect(await run(jobEnv, job.id)).toEqual({ ack: true });
    expect(answered).toHaveLength(calls);
    expect((await itemsOf(job.id))[0]).toMatchObject({ status: "succeeded", attempts: 1 });
  });

  it("moves a queued job to running with its first item", async () => {
    serve({ "first.runner.example": () => html(PRODUCT_PAGE) });
    const job = await queuedJob([generic("first.runner.example"), generic("first.runner.example")]);
    await run(recordingQueue().env, job.id, 0);
    expect(await jobStatus(job.id)).toBe("running");
  });

  it("asks the queue to retry a blocked page after the backoff, uncharged, and fails it after the last attempt", async () => {
    serve({ "blocked.runner.example": () => html("go away", 403, { "Retry-After": "3600" }) });
    const job = await queuedJob([generic("blocked.runner.example")]);
    const { env: jobEnv } = recordingQueue();
    for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt++) {
      expect(await run(jobEnv, job.id)).toEqual({ ack: false, delaySeconds: retryDelaySeconds(jobEnv, attempt) });
      expect((await itemsOf(job.id))[0]).toMatchObject({ status: "queued", attempts: attempt, charged: 0 });
    }
    expect(await run(jobEnv, job.id)).toEqual({ ack: true });
    expect((await itemsOf(job.id))[0]).toMatchObject({ status: "failed", attempts: MAX_ATTEMPTS, charged: 0 });
    expect(await jobStatus(job.id)).toBe("failed");
  });

  it("cancels the item of a cancelled job without asking the site", async () => {
    const answered = serve({ "cancelled.runner.example": () => html(PRODUCT_PAGE) });
    const job = await queuedJob([generic("cancelled.runner.example")], { status: "cancelled" });
    expect(await run(recordingQueue().env, job.id)).toEqual({ ack: true });
    expect(answered).toEqual([]);
    expect((await itemsOf(job.id))[0]).toMatchObject({ status: "cancelled" });
    expect(await jobStatus(job.id)).toBe("cancelled");
  });

  it("fails the item when the key that created the job was revoked", async () => {
    const answered = serve({ "revoked.runner.example": () => html(PRODUCT_PAGE) });
    const job = await queuedJob([generic("revoked.runner.example")]);
    await drizzle(env.DB).update(apiKeys).set({ revokedAt: new Date() }).where(eq(apiKeys.id, job.keyId));
    expect(await run(recordingQueue().env, job.id)).toEqual({ ack: true });
    expect(answered).toEqual([]);
    expect((await itemsOf(job.id))[0]).toMatchObject({ status: "failed", error_code: "unauthorized" });
  });

  it("acknowledges a message of a job that no longer exists", async () => {
    expect(await run(recordingQueue().env, "job_gone")).toEqual({ ack: true });
  });
});

describe("deadLetter", () => {
  it("fails the item the queue gave up on, once", async () => {
    const job = await queuedJob(["/v1/amazon?asin=B000000001"]);
    const { env: jobEnv } = recordingQueue();
    const ctx = createExecutionContext();
    await deadLetter(jobEnv, ctx, { jobId: job.id, idx: 0 }, jobHooks);
    await deadLetter(jobEnv, ctx, { jobId: job.id, idx: 0 }, jobHooks);
    await waitOnExecutionContext(ctx);
    expect(await itemsOf(job.id)).toEqual([
      expect.objectContaining({ status: "failed", error_code: "internal", attempts: 1, charged: 0 }),
    ]);
    expect(await jobStatus(job.id)).toBe("failed");
  });
});
