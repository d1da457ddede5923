// Batch jobs on a Worker of their own (no egress proxies, so blocked pages retire nothing shared):
// a 500-item job with failures of every kind accounted for, downloaded, charged and announced; then
// wrangler dev stopped midway through a job and started again on the same storage, the job resuming
// (items whose queue message died with the Worker are sent again) and finishing with every item once.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parse } from "csv-parse/sync";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { catalogue } from "../../replicas/catalogue.ts";
import { type JobClient, jobClient, productPath, settleJob } from "./job-client.ts";
import { startReplicas, type Replicas } from "../../replicas/server.ts";
import { linkChromium } from "../../scripts/chromium.ts";
import { applyMigrations, createAccountKey, startWorker, type RunningWorker } from "../../scripts/local-stack.ts";
import { startWebhookReceiver, type ReceivedDelivery, type WebhookReceiver } from "../support/webhook-receiver.ts";

const ADMIN_TOKEN = "jobs-worker-admin-token-0123456789";
const ITEMS = 200;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let persistTo: string;
let replicas: Replicas;
let receiver: WebhookReceiver;
let worker: RunningWorker;

const start = () =>
  startWorker({
    persistTo,
    inheritOutput: process.env.WORKER_LOGS === "1",
    vars: {
      ADMIN_TOKEN,
      REPLICA_ORIGIN: replicas.url,
      SSRF_ALLOW_HOSTS: new URL(receiver.url).host,
      SCRAPE_TIMEOUT_MS: "4000",
      WEBHOOK_RETRY_BASE_MS: "20",
      JOB_RETRY_BASE_SECONDS: "1",
      // An item whose message was lost is sent again after 5 s.
      JOB_STALL_SECONDS: "5",
      // The test counts the month exactly across a killed Worker: a lease held when a Worker is killed keeps
      // its unused units counted (docs/keys-and-limits.md), which is not what this test is about (job items).
      LEASE_MS: "0",
    },
  });

beforeAll(async () => {
  // Blocked pages escalate to local Browser Rendering, backed by Debian's Chromium.
  linkChromium();
  persistTo = mkdtempSync(join(tmpdir(), "webdata-jobs-worker-"));
  applyMigrations(persistTo);
  replicas = await startReplicas({ port: 0 });
  receiver = await startWebhookReceiver();
  worker = await start();
}, 300_000);

afterAll(async () => {
  await worker?.stop();
  await replicas?.stop();
  await receiver?.stop();
  rmSync(persistTo, { recursive: true, force: true });
});

async function account(name: string) {
  const { secret } = await createAccountKey(worker.url, ADMIN_TOKEN, {
    name,
    plan: "enterprise",
    requests_per_minute: 10_000,
    requests_per_month: 1_000_000,
  });
  return jobClient(() => worker.url, secret);
}

describe("a 500-item job with failures of every kind", () => {
  afterAll(() => {
    replicas.setFault("walmart", null);
    replicas.setFault("etsy", null);
  });

  let api: JobClient;
  let job: any;
  let webhookSecret: string;
  const paths: string[] = [];
  let usedBefore: number;
  let callsBefore: number;

  beforeAll(async () => {
    api = await account("jobs 500");
    const endpoint = await api.call("POST", "/v1/webhooks", {
      url: `${receiver.url}/jobs-500`,
      event_types: ["job.completed"],
    });
    webhookSecret = endpoint.body.data.secret;
    // 15 that time out, 450 products that exist, 20 that do not (404), 15 behind a blocking site (403).
    // Never scraped before here: a failed live scrape of a cached page answers the stale copy.
    for (let i = 20; i < 35; i++) paths.push(productPath("etsy", i));
    for (let i = 0; i < 450; i++) paths.push(productPath((["amazon", "ebay", "bestbuy"] as const)[i % 3]!, i));
    for (let i = 0; i < 20; i++) paths.push(`/v1/amazon?asin=ZZZZZZZZ${String(i).padStart(2, "0")}`);
    for (let i = 0; i < 15; i++) paths.push(productPath("walmart", i));
    replicas.setFault("walmart", { status: 403 });
    replicas.setFault("etsy", { delayMs: 8000 });
    usedBefore = (await api.call("GET", "/v1/usage")).body.data.month.used;
    callsBefore = api.calls();
    const created = await api.call("POST", "/v1/jobs", { requests: paths.map((path) => ({ path })) });
    expect(created.status).toBe(202);
    job = await settleJob(api, created.body.data.id);
  }, 240_000);

  it("accounts for every item once: 450 succeeded, 50 failed, none left", () => {
    expect(job.status).toBe("completed");
    expect(job.counts, JSON.stringify(job)).toEqual({
      pending: 0,
      queued: 0,
      running: 0,
      succeeded: 450,
      failed: 50,
      cancelled: 0,
    });
    expect(job.progress).toBe(100);
    expect(job.finished_at).not.toBeNull();
  });

  it("downloads every item as NDJSON, in order, with its input, status, error and data", async () => {
    const { status, headers, text } = await api.call("GET", `/v1/jobs/${job.id}/results`);
    expect(status).toBe(200);
    expect(headers.get("Content-Type")).toContain("application/x-ndjson");
    const lines = text
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(lines.map((line) => line.index)).toEqual(paths.map((_, i) => i));
    expect(lines.map((line) => line.path)).toEqual(paths);
    const slow = lines[0];
    expect(slow).toMatchObject({ status: "failed", http_status: 504, data: null });
    expect(slow.error.code, JSON.stringify(slow.error)).toBe("upstream_timeout");
    const first = lines[15];
    expect(first).toMatchObject({ status: "succeeded", http_status: 200, error: null });
    expect(first.data.asin).toBe(catalogue("amazon")[0]!.id);
    const missing = lines[465];
    expect(missing).toMatchObject({ status: "failed", http_status: 404, data: null });
    expect(missing.error.code).toBe("not_found");
    const blocked = lines[490];
    expect(blocked.status).toBe("failed");
    expect(blocked.error.code, JSON.stringify(blocked.error)).toBe("upstream_blocked");
  });

  it("downloads the same as CSV, one row per item and one column per product field or its part", async () => {
    const { headers, text } = await api.call("GET", `/v1/jobs/${job.id}/results?format=csv`);
    expect(headers.get("Content-Type")).toContain("text/csv");
    const rows = parse(text, { columns: true }) as Record<string, string>[];
    expect(Object.keys(rows[0]!).slice(0, 7)).toEqual([
      "index",
      "path",
      "status",
      "http_status",
      "error_code",
      "error_message",
      "id",
    ]);
    // One value per cell: the price under its path (docs/api.md#csv-one-value-per-cell).
    expect(Object.keys(rows[0]!)).toEqual(
      expect.arrayContaining(["title", "price.amount", "price.currency", "images"]),
    );
    expect(rows).toHaveLength(500);
    const product = rows.find((row) => row.status === "succeeded")!;
    expect(product.title).toBeTruthy();
    expect(Number(product["price.amount"])).toBeGreaterThan(0);
    expect(product["price.currency"]).toMatch(/^[A-Z]{3}$/);
    expect(rows[465]).toMatchObject({ index: "465", path: "/v1/amazon?asin=ZZZZZZZZ00", status: "failed", title: "" });
  });

  it("charges the month only for the items that produced data or the site's own 'does not exist'", async () => {
    const usedAfter = (await api.call("GET", "/v1/usage")).body.data.month.used;
    // The 450 products and the 20 the site says do not exist (docs/charging.md); the timeouts and the
    // blocked pages give their units back. The test's own calls since the first reading (the job
    // POST, the polls) count one each; this reading, as every usage read, none.
    expect(usedAfter - usedBefore).toBe(450 + 20 + (api.calls() - callsBefore - 1));
  });

  it("announces job.completed with a Standard Webhooks signature", async () => {
    let deliveries: ReceivedDelivery[] = [];
    for (let i = 0; i < 50 && deliveries.length === 0; i++) {
      deliveries = (await (
        await fetch(`${receiver.url}/_admin/deliveries?path=/jobs-500`)
      ).json()) as ReceivedDelivery[];
      if (deliveries.length === 0) await sleep(200);
    }
    expect(deliveries).toHaveLength(1);
    const event = new Webhook(webhookSecret).verify(deliveries[0]!.body, deliveries[0]!.headers) as any;
    expect(event).toMatchObject({
      type: "job.completed",
      data: { id: job.id, total: 500, counts: { succeeded: 450, failed: 50 } },
    });
  });
});

describe("a job across a Worker restart", () => {
  it("resumes after the stop and finishes every item once, charging each once", async () => {
    const api = await account("jobs restart");
    // Slow pages, so the job is still running when the Worker stops.
    replicas.setFault("etsy", { delayMs: 250 });
    const usedBefore = (await api.call("GET", "/v1/usage")).body.data.month.used;
    const callsBefore = api.calls();
    const inputs = Array.from({ length: ITEMS }, (_, i) => catalogue("etsy")[i % 48]!.id);
    const created = await api.call("POST", "/v1/jobs", { platform: "etsy", kind: "product", inputs, fresh: true });
    expect(created.status).toBe(202);
    const id = created.body.data.id;

    let before: any;
    for (let i = 0; i < 200; i++) {
      before = (await api.call("GET", `/v1/jobs/${id}`)).body.data;
      if (before.counts.succeeded >= 20) break;
      await sleep(100);
    }
    await worker.stop();
    expect(before.status).toBe("running");
    expect(before.counts.succeeded).toBeLessThan(ITEMS);

    worker = await start();
    const job = await settleJob(api, id, 120_000);
    replicas.setFault("etsy", null);
    expect(job.status).toBe("completed");
    expect(job.counts).toMatchObject({ succeeded: ITEMS, failed: 0, cancelled: 0, pending: 0, queued: 0, running: 0 });

    const lines = (await api.call("GET", `/v1/jobs/${id}/results`)).text
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(lines.map((line) => line.index)).toEqual(inputs.map((_, i) => i));
    expect(lines.every((line) => line.status === "succeeded" && line.data.id)).toBe(true);

    const usedAfter = (await api.call("GET", "/v1/usage")).body.data.month.used;
    // The usage read just made is never charged.
    expect(usedAfter - usedBefore).toBe(ITEMS + (api.calls() - callsBefore - 1));
  }, 240_000);
});
