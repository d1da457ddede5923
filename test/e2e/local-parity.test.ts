// `npm start`'s local parity with Cloudflare: the cron triggers fire on their own, so a schedule runs
// and a watch reaches `npm run receiver`'s server with no manual trigger. Its own wrangler dev with
// the cron timer on: the shared stack keeps it off, so the other files choose when the cron runs.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  applyMigrations,
  createAccountKey,
  freePort,
  startWorker,
  type RunningWorker,
} from "../../scripts/local-stack.ts";
import { linkChromium } from "../../scripts/chromium.ts";
import { startReceiver, type Receiver } from "../../scripts/receiver.ts";
import { startReplicas, type Replicas } from "../../replicas/server.ts";

const ADMIN_TOKEN = "local-parity-admin-token-0123456789";
/** The minute cron's first slot after a watch with the shortest interval was created, plus the check. */
const WATCH_WAIT_MS = 135_000;
const SCHEDULE_WAIT_MS = 70_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitUntil<T>(deadline: number, read: () => Promise<T> | T, done: (value: T) => boolean): Promise<T> {
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await sleep(500);
  }
}

describe("local parity: cron triggers fire under the local stack", () => {
  const stops: (() => Promise<void>)[] = [];
  const cronLines: string[] = [];
  const receiverLines: string[] = [];
  let persistTo: string;
  let worker: RunningWorker;
  let replicas: Replicas;
  let receiver: Receiver;
  let secret: string;

  async function api(method: string, path: string, body?: unknown) {
    const response = await fetch(`${worker.url}${path}`, {
      method,
      headers: { "X-API-KEY": secret, ...(body ? { "Content-Type": "application/json" } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: response.status, body: (await response.json()) as any };
  }

  let schedule: { id: string; createdAt: number; firstSlot: string };
  let watch: { id: string; createdAt: number; asin: string; amount: number; droppedTo: number; threshold: number };

  beforeAll(async () => {
    // A page that comes back empty or blocked escalates to local Browser Rendering (Debian's Chromium).
    linkChromium();
    persistTo = mkdtempSync(join(tmpdir(), "webdata-parity-"));
    applyMigrations(persistTo);
    replicas = await startReplicas({ port: 0 });
    stops.push(() => replicas.stop());
    // The endpoint's secret exists only once it is registered, so the port is chosen first, as with
    // `npm start`, which allow-lists `npm run receiver`'s port before the receiver runs.
    const receiverPort = await freePort();
    worker = await startWorker({
      persistTo,
      inheritOutput: process.env.WORKER_LOGS === "1",
      vars: {
        ADMIN_TOKEN,
        REPLICA_ORIGIN: replicas.url,
        SSRF_ALLOW_HOSTS: `127.0.0.1:${receiverPort}`,
        FX_FEED_URL: `${replicas.url}/fx/eur.json`,
      },
      crons: { log: (line) => cronLines.push(line) },
    });
    stops.unshift(() => worker.stop());
    secret = (
      await createAccountKey(worker.url, ADMIN_TOKEN, {
        name: "local parity",
        plan: "enterprise",
        requests_per_minute: 10_000,
        requests_per_month: 100_000,
      })
    ).secret;

    const hook = await api("POST", "/v1/webhooks", {
      url: `http://127.0.0.1:${receiverPort}/`,
      event_types: ["product.price_changed"],
    });
    expect(hook.status, JSON.stringify(hook.body)).toBe(201);
    receiver = await startReceiver({
      port: receiverPort,
      secret: hook.body.data.secret,
      log: (line) => receiverLines.push(line),
    });
    stops.push(() => receiver.stop());

    const created = await api("POST", "/v1/schedules", { cron: "* * * * *", path: "/v1/categories" });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    schedule = { id: created.body.data.id, createdAt: Date.now(), firstSlot: created.body.data.next_run_at };

    // A watch for a price below 90 % of today's, armed by a check now (a first check never fires);
    // the replica then drops the price to half, so the cron's check a minute later fires.
    const asin = (await api("GET", "/v1/amazon/search?q=power+bank")).body.data.results[0].id as string;
    const product = await api("GET", `/v1/amazon?asin=${asin}`);
    expect(product.status, JSON.stringify(product.body)).toBe(200);
    const { amount, currency } = product.body.data.price as { amount: number; currency: string };
    const threshold = Math.round(amount * 90) / 100;
    const made = await api("POST", "/v1/watches", {
      kind: "product",
      platform: "amazon",
      id: asin,
      condition: "below",
      threshold,
      currency,
      interval_seconds: 60,
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const armed = await api("POST", `/v1/watches/${made.body.data.id}/check`);
    expect(armed.body.data, JSON.stringify(armed.body)).toMatchObject({ outcome: "unchanged", price: amount });
    const droppedTo = Math.round(amount * 50) / 100;
    replicas.setPrice("amazon", asin, droppedTo);
    watch = { id: made.body.data.id, createdAt: Date.now(), asin, amount, droppedTo, threshold };
  }, 300_000);

  afterAll(async () => {
    for (const stop of stops) await stop().catch(() => {});
    if (persistTo) rmSync(persistTo, { recursive: true, force: true });
  });

  it(
    "runs a `* * * * *` schedule within 70 s of its creation, and logs each cron run in one line",
    async () => {
      const read = await waitUntil(
        schedule.createdAt + SCHEDULE_WAIT_MS,
        () => api("GET", `/v1/schedules/${schedule.id}`),
        // The run is recorded during the cron call; its log line comes when the whole call has ended.
        (r) => r.body.data.runs.length > 0 && cronLines.some((line) => line.includes('"* * * * *" ok')),
      );
      expect(read.body.data.runs.length, `no run within 70 s; cron log: ${cronLines.join(" | ")}`).toBeGreaterThan(0);
      expect(read.body.data.runs.at(-1)).toMatchObject({
        status: "succeeded",
        http_status: 200,
        scheduled_for: schedule.firstSlot,
      });
      expect(cronLines).toContainEqual(
        expect.stringMatching(/^cron \d{4}-\d\d-\d\dT\d\d:\d\d:00\.000Z "\* \* \* \* \*" ok \(\d+ ms\)$/),
      );
    },
    SCHEDULE_WAIT_MS + 20_000,
  );

  it(
    "checks a product watch on its own and delivers the price drop, signed, to the receiver",
    async () => {
      const drops = await waitUntil(
        watch.createdAt + WATCH_WAIT_MS,
        () => receiver.deliveries.filter((d) => d.type === "product.price_changed"),
        (list) => list.length > 0,
      );
      const state = (await api("GET", `/v1/watches/${watch.id}`)).body.data;
      expect(drops, `no delivery; watch ${JSON.stringify(state)}; cron log: ${cronLines.join(" | ")}`).toHaveLength(1);
      expect(drops[0]!.signature).toBe("verified");
      expect(JSON.parse(drops[0]!.body).data).toMatchObject({
        watch_id: watch.id,
        new_price: watch.droppedTo,
        old_price: watch.amount,
        item: { id: watch.asin },
      });
      expect(state).toMatchObject({ last_price: watch.droppedTo });
      expect(receiverLines).toContainEqual(
        expect.stringContaining(`${drops[0]!.id} product.price_changed signature verified`),
      );
    },
    WATCH_WAIT_MS + 20_000,
  );
});
