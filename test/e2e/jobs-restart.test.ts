// A batch job survives its Worker: wrangler dev is stopped midway through a job and started again on
// the same local storage; the job resumes (items whose queue message died with the Worker are sent
// again) and finishes with every item once and each charged once. Its own wrangler dev, as the
// shared stack cannot be restarted under the other files.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { catalogue } from "../../replicas/catalogue.ts";
import { startReplicas, type Replicas } from "../../replicas/server.ts";
import { applyMigrations, createAccountKey, startWorker, type RunningWorker } from "../../scripts/local-stack.ts";

const ADMIN_TOKEN = "jobs-restart-admin-token-0123456789";
const ITEMS = 200;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("a job across a Worker restart", () => {
  let persistTo: string;
  let replicas: Replicas;
  let worker: RunningWorker;
  let secret: string;
  let calls = 0;

  const start = () =>
    startWorker({
      persistTo,
      inheritOutput: process.env.WORKER_LOGS === "1",
      vars: {
        ADMIN_TOKEN,
        REPLICA_ORIGIN: replicas.url,
        JOB_RETRY_BASE_SECONDS: "1",
        // An item whose message was lost is sent again after 5 s.
        JOB_STALL_SECONDS: "5",
      },
    });

  async function api(method: string, path: string, body?: unknown) {
    calls++;
    const response = await fetch(`${worker.url}${path}`, {
      method,
      headers: { "X-API-KEY": secret, ...(body ? { "Content-Type": "application/json" } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await response.text();
    const json = response.headers.get("Content-Type")?.startsWith("application/json");
    return { status: response.status, text, body: json ? JSON.parse(text) : null };
  }

  beforeAll(async () => {
    persistTo = mkdtempSync(join(tmpdir(), "webdata-jobs-restart-"));
    applyMigrations(persistTo);
    replicas = await startReplicas({ port: 0 });
    // Slow pages, so the job is still running when the Worker stops.
    replicas.setFault("etsy", { delayMs: 250 });
    worker = await start();
    ({ secret } = await createAccountKey(worker.url, ADMIN_TOKEN, {
      name: "jobs restart",
      plan: "enterprise",
      requests_per_minute: 10_000,
      requests_per_month: 1_000_000,
    }));
  }, 120_000);

  afterAll(async () => {
    await worker?.stop();
    await replicas?.stop();
    rmSync(persistTo, { recursive: true, force: true });
  });

  it("resumes after the stop and finishes every item once, charging each once", async () => {
    const usedBefore = (await api("GET", "/v1/usage")).body.data.month.used;
    calls = 0;
    const inputs = Array.from({ length: ITEMS }, (_, i) => catalogue("etsy")[i % 48]!.id);
    const created = await api("POST", "/v1/jobs", { platform: "etsy", kind: "product", inputs, fresh: true });
    expect(created.status).toBe(202);
    const id = created.body.data.id;

    let before: any;
    for (let i = 0; i < 200; i++) {
      before = (await api("GET", `/v1/jobs/${id}`)).body.data;
      if (before.counts.succeeded >= 20) break;
      await sleep(100);
    }
    await worker.stop();
    expect(before.status).toBe("running");
    expect(before.counts.succeeded).toBeLessThan(ITEMS);

    worker = await start();
    let job: any;
    for (let i = 0; i < 240; i++) {
      job = (await api("GET", `/v1/jobs/${id}`)).body.data;
      if (job.status !== "running" && job.status !== "queued") break;
      await sleep(500);
    }
    expect(job.status).toBe("completed");
    expect(job.counts).toMatchObject({ succeeded: ITEMS, failed: 0, cancelled: 0, pending: 0, queued: 0, running: 0 });

    const lines = (await api("GET", `/v1/jobs/${id}/results`)).text
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(lines.map((line) => line.index)).toEqual(inputs.map((_, i) => i));
    expect(lines.every((line) => line.status === "succeeded" && line.data.id)).toBe(true);

    const usedAfter = (await api("GET", "/v1/usage")).body.data.month.used;
    expect(usedAfter - usedBefore).toBe(ITEMS + calls);
  }, 240_000);
});
