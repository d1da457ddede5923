// Batch jobs end to end through the shared wrangler dev: checks, plan caps, idempotency, cancelling
// and fairness over the replica sites, slowed where a test needs time. The 500-item job with blocked
// pages runs on its own Worker (jobs-worker.test.ts): blocked pages retire the shared stack's proxies.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { catalogue } from "../../replicas/catalogue.ts";
import { type JobClient, jobClient, productPath, settleJob } from "./job-client.ts";
import { createAccountKey } from "../../scripts/local-stack.ts";
import { replicaAdmin } from "./stack.ts";

const baseUrl = inject("baseUrl");
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function account(name: string, plan = "enterprise") {
  const { secret } = await createAccountKey(baseUrl, inject("adminToken"), {
    name,
    plan,
    ...(plan === "enterprise" ? { requests_per_minute: 10_000, requests_per_month: 1_000_000 } : {}),
  });
  return jobClient(() => baseUrl, secret);
}

afterAll(async () => {
  for (const platform of ["walmart", "etsy"]) await replicaAdmin("fault", { platform });
});

describe("creating a job", () => {
  let api: JobClient;
  beforeAll(async () => {
    api = await account("jobs validation");
  });

  it("checks every item first and names the bad ones by index; nothing is queued", async () => {
    const { status, body } = await api.call("POST", "/v1/jobs", {
      requests: [
        { path: productPath("amazon", 1) },
        { path: "/v1/amazon?asin=short" },
        { path: "/v1/keys" },
        { path: "/v1/nowhere/at/all" },
        { path: "/v1/amazon?asin=B0YP4NUNPU&colour=red" },
      ],
    });
    expect(status).toBe(400);
    expect(body.error.message).toMatch(/^4 of 5 items cannot run/);
    expect(body.error.details.map((d: any) => d.parameter)).toEqual([
      "requests.1.path",
      "requests.2.path",
      "requests.3.path",
      "requests.4.path",
    ]);
    expect(body.error.details[4 - 1].message).toContain("`colour`");
    expect((await api.call("GET", "/v1/jobs")).body.data).toEqual([]);
  });

  it("refuses a body that is neither form, and a webhook that is not the account's", async () => {
    expect((await api.call("POST", "/v1/jobs", {})).status).toBe(400);
    const mixed = await api.call("POST", "/v1/jobs", {
      requests: [{ path: productPath("amazon", 1) }],
      platform: "amazon",
    });
    expect(mixed.status).toBe(400);
    const webhook = await api.call("POST", "/v1/jobs", {
      platform: "amazon",
      kind: "product",
      inputs: ["B0YP4NUNPU"],
      webhook: "wh_nope",
    });
    expect(webhook.status).toBe(400);
    expect(webhook.body.error.details[0].parameter).toBe("webhook");
  });

  it("holds a free plan to 100 items per job and one unfinished job, with sentences that say so", async () => {
    const free = await account("jobs free plan", "free");
    const inputs = Array.from({ length: 101 }, (_, i) => catalogue("amazon")[i % 48]!.id);
    const tooMany = await free.call("POST", "/v1/jobs", { platform: "amazon", kind: "product", inputs });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error.message).toContain("at most 100 items; this one has 101");
    await replicaAdmin("fault", { platform: "etsy", delayMs: 3000 });
    const first = await free.call("POST", "/v1/jobs", { platform: "etsy", kind: "product", inputs: ["1875364755"] });
    expect(first.status).toBe(202);
    const second = await free.call("POST", "/v1/jobs", { platform: "amazon", kind: "product", inputs: ["B0YP4NUNPU"] });
    expect(second.status).toBe(409);
    expect(second.body.error.message).toContain("at most 1 job at a time");
    await replicaAdmin("fault", { platform: "etsy" });
    await settleJob(free, first.body.data.id);
  });

  it("returns the same job for a repeated Idempotency-Key", async () => {
    const body = { platform: "amazon", kind: "product", inputs: ["B0YP4NUNPU"] };
    const headers = { "Idempotency-Key": "order-42" };
    const first = await api.call("POST", "/v1/jobs", body, headers);
    const again = await api.call("POST", "/v1/jobs", body, headers);
    expect(first.status).toBe(202);
    expect(again.body.data.id).toBe(first.body.data.id);
    expect(first.headers.get("Location")).toBe(`/v1/jobs/${first.body.data.id}`);
    const other = await api.call("POST", "/v1/jobs", { ...body, inputs: ["B08DF9F814"] }, headers);
    expect(other.status).toBe(409);
    expect(other.body.error.message).toContain(`already made job ${first.body.data.id} from a different request`);
    await settleJob(api, first.body.data.id);
  });
});

describe("cancelling and fairness", () => {
  it("stops a cancelled job: running items finish, the rest are cancelled, and nothing runs after", async () => {
    const api = await account("jobs cancel");
    await replicaAdmin("fault", { platform: "etsy", delayMs: 700 });
    const inputs = Array.from({ length: 120 }, (_, i) => catalogue("etsy")[i % 48]!.id);
    const created = await api.call("POST", "/v1/jobs", { platform: "etsy", kind: "product", inputs, fresh: true });
    expect(created.status).toBe(202);
    const id = created.body.data.id;
    for (let i = 0; i < 100; i++) {
      const { body } = await api.call("GET", `/v1/jobs/${id}`);
      if (body.data.counts.succeeded >= 10) break;
      await sleep(200);
    }
    const cancelled = await api.call("POST", `/v1/jobs/${id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data.status).toBe("cancelled");
    await sleep(3000);
    const final = (await api.call("GET", `/v1/jobs/${id}`)).body.data;
    await sleep(2000);
    const later = (await api.call("GET", `/v1/jobs/${id}`)).body.data;
    expect(later.counts).toEqual(final.counts);
    const ran = final.counts.succeeded + final.counts.failed;
    expect(ran).toBeGreaterThanOrEqual(10);
    expect(final.counts.cancelled).toBe(120 - ran);
    expect(final.counts.pending + final.counts.queued + final.counts.running).toBe(0);
    expect((await api.call("POST", `/v1/jobs/${id}/cancel`)).status).toBe(200);
    await replicaAdmin("fault", { platform: "etsy" });
  });

  it("lets a small job of one account finish while another account's big job is still running", async () => {
    const big = await account("jobs big");
    const small = await account("jobs small");
    await replicaAdmin("fault", { platform: "etsy", delayMs: 300 });
    const bigInputs = Array.from({ length: 300 }, (_, i) => catalogue("etsy")[i % 48]!.id);
    const bigJob = await big.call("POST", "/v1/jobs", {
      platform: "etsy",
      kind: "product",
      inputs: bigInputs,
      fresh: true,
    });
    await sleep(500);
    const smallInputs = Array.from({ length: 20 }, (_, i) => catalogue("etsy")[i]!.id);
    const smallJob = await small.call("POST", "/v1/jobs", {
      platform: "etsy",
      kind: "product",
      inputs: smallInputs,
      fresh: true,
    });
    const smallDone = await settleJob(small, smallJob.body.data.id, 60_000);
    const bigNow = (await big.call("GET", `/v1/jobs/${bigJob.body.data.id}`)).body.data;
    expect(smallDone.status).toBe("completed");
    expect(bigNow.status).toBe("running");
    expect(bigNow.counts.succeeded).toBeGreaterThan(0);
    await big.call("POST", `/v1/jobs/${bigJob.body.data.id}/cancel`);
    await replicaAdmin("fault", { platform: "etsy" });
  });
});
