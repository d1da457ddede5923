import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { asc, eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { describe, expect, it, vi } from "vitest";
import { createApp } from "../../src/app";
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from "../../src/db/schema-events";
import { ATTEMPT_IN_PROGRESS } from "../../src/db/webhooks";
import { claimAttempt, leaseMs } from "../../src/events/attempt";
import { createDelivery, processDueDeliveries } from "../../src/events/delivery";
import worker from "../../src/index";
import { MAX_ATTEMPTS, RETRY_DELAYS_MS, retryDelayMs } from "../../src/events/config";
import { nextRunAfter } from "../../src/events/schedules";
import { newWebhookSecret, signedHeaders } from "../../src/events/signing";
import { Webhook } from "standardwebhooks";
import { call, callApp, env, newAccount, withKey } from "./helpers";

const send = async (secret: string, method: string, path: string, body?: unknown) => {
  const response = await call(
    path,
    withKey(secret, {
      method,
      headers: body ? { "Content-Type": "application/json" } : {},
      body: body ? JSON.stringify(body) : undefined,
    }),
  );
  return { status: response.status, body: (await response.json()) as any };
};

async function cron(scheduledTime: number) {
  const ctx = createExecutionContext();
  await worker.scheduled!(createScheduledController({ cron: "* * * * *", scheduledTime }), env, ctx);
  await waitOnExecutionContext(ctx);
}

describe("retry schedule", () => {
  it("spreads eight attempts over more than a day, with jitter within ±20 %", () => {
    expect(MAX_ATTEMPTS).toBe(8);
    const total = RETRY_DELAYS_MS.reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThan(86_400_000);
    expect(retryDelayMs(env, 1, () => 0)).toBe(4_000);
    expect(retryDelayMs(env, 1, () => 1)).toBe(6_000);
    expect(retryDelayMs(env, 2, () => 0.5)).toBe(300_000);
    expect(retryDelayMs(env, MAX_ATTEMPTS, () => 0.5)).toBeNull();
    expect(retryDelayMs({ ...env, WEBHOOK_RETRY_BASE_MS: "10" } as Env, 2, () => 0.5)).toBe(600);
  });

  it("signs with every active secret, each verifiable alone", () => {
    const [a, b] = [`whsec_${btoa("first secret 24 bytes!!!")}`, `whsec_${btoa("second secret 24 bytes!!")}`];
    const headers = signedHeaders([a, b], "msg_1", '{"x":1}');
    expect(headers["webhook-id"]).toBe("msg_1");
    expect(new Webhook(a).verify('{"x":1}', headers)).toEqual({ x: 1 });
    expect(new Webhook(b).verify('{"x":1}', headers)).toEqual({ x: 1 });
  });
});

describe("creating events objects", () => {
  it("shows a whsec_ secret once and refuses unsafe URLs, bad cron and non-data paths", async () => {
    const { secret } = await newAccount();
    const created = await send(secret, "POST", "/v1/webhooks", {
      url: "https://hooks.example.com/in",
      event_types: ["hotel.rate_dropped"],
    });
    expect(created.status).toBe(201);
    expect(created.body.data.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(
      JSON.stringify((await send(secret, "GET", `/v1/webhooks/${created.body.data.webhook.id}`)).body),
    ).not.toContain("whsec_");
    expect((await send(secret, "POST", "/v1/webhooks", { url: "http://169.254.169.254/latest" })).status).toBe(400);
    expect(
      (await send(secret, "POST", "/v1/webhooks", { url: "https://x.example.com", event_types: ["nope"] })).status,
    ).toBe(400);
    expect(
      (await send(secret, "POST", "/v1/schedules", { cron: "61 * * * *", path: "/v1/categories" })).body.error
        .details[0].parameter,
    ).toBe("cron");
    expect(
      (await send(secret, "POST", "/v1/schedules", { cron: "* * * * *", path: "/v1/keys" })).body.error.details[0]
        .parameter,
    ).toBe("path");
    expect(
      (
        await send(secret, "POST", "/v1/watches", {
          kind: "hotel",
          platform: "booking",
          condition: "below",
          threshold: 50,
        })
      ).status,
    ).toBe(400);
  });
});

describe("schedules", () => {
  it("runs a slot once when the cron handler runs twice for it, and counts the run against the key", async () => {
    const { secret } = await newAccount();
    const created = await send(secret, "POST", "/v1/schedules", { cron: "* * * * *", path: "/v1/categories" });
    const slot = Date.parse(created.body.data.next_run_at);
    expect(slot).toBe(nextRunAfter("* * * * *", new Date(slot - 1)).getTime());
    const before = (await send(secret, "GET", "/v1/usage")).body.data.month.used;
    await cron(slot + 500);
    await cron(slot + 500);
    const schedule = await send(secret, "GET", `/v1/schedules/${created.body.data.id}`);
    expect(schedule.body.data.runs).toEqual([
      expect.objectContaining({ status: "succeeded", http_status: 200, scheduled_for: new Date(slot).toISOString() }),
    ]);
    expect(Date.parse(schedule.body.data.next_run_at)).toBe(slot + 60_000);
    // The run alone: the schedule read above and /v1/usage are control plane, never charged to the month.
    expect((await send(secret, "GET", "/v1/usage")).body.data.month.used).toBe(before + 1);
    const run = await call(
      `/v1/schedules/${created.body.data.id}/runs/${schedule.body.data.runs[0].id}`,
      withKey(secret),
    );
    expect(run.headers.get("X-Run-Status")).toBe("succeeded");
    expect(((await run.json()) as any).data.length).toBeGreaterThan(0);
  });
});

describe("isolation", () => {
  it("answers 404 for another account's objects and lists none of them", async () => {
    const [owner, other] = [(await newAccount()).secret, (await newAccount()).secret];
    const hook = (await send(owner, "POST", "/v1/webhooks", { url: "https://hooks.example.com/a" })).body.data.webhook
      .id;
    const schedule = (await send(owner, "POST", "/v1/schedules", { cron: "0 0 * * *", path: "/v1/categories" })).body
      .data.id;
    for (const [collection, id] of [
      ["webhooks", hook],
      ["schedules", schedule],
    ]) {
      expect((await send(other, "GET", `/v1/${collection}`)).body.data).toEqual([]);
      expect((await send(other, "GET", `/v1/${collection}/${id}`)).status).toBe(404);
      expect((await send(other, "DELETE", `/v1/${collection}/${id}`)).status).toBe(404);
      expect((await send(owner, "DELETE", `/v1/${collection}/${id}`)).status).toBe(200);
      expect((await send(owner, "GET", `/v1/${collection}/${id}`)).status).toBe(404);
    }
    expect((await send(other, "POST", `/v1/webhooks/${hook}/rotate`, {})).status).toBe(404);
  });
});

// Fault injection for webhook delivery. The pool has no webhook receiver and no network, so sends
// go to 127.0.0.1:1 (allow-listed for these tests), where nothing listens: each send is a real
// fetch that fails, which the code treats like a receiver that is down. A wiretap on fetch counts
// what was sent; the attempt rows in D1 are the other record.
describe("webhook delivery when a Worker dies", () => {
  const faultEnv = { ...env, SSRF_ALLOW_HOSTS: "127.0.0.1:1", WEBHOOK_TIMEOUT_MS: "1000" } as Env;
  const db = drizzle(env.DB);

  async function endpointWithDelivery(now: number) {
    const account = await newAccount();
    const [endpoint] = await db
      .insert(webhookEndpoints)
      .values({
        id: `wh_fault${crypto.randomUUID().slice(0, 8)}`,
        accountId: account.accountId,
        url: "http://127.0.0.1:1/hook",
        eventTypes: JSON.stringify(["product.price_changed"]),
        secret: newWebhookSecret(),
        createdAt: new Date(now),
      })
      .returning();
    const id = await createDelivery(faultEnv, endpoint!, "product.price_changed", { price: 10 }, now);
    return { account, endpoint: endpoint!, id };
  }

  /**
   * Records the `webhook-id` of every request the code under test sends, and lets it through. The
   * pool's D1 is shared by the tests of this file, so a sweep may also send other tests' deliveries.
   */
  function wiretap() {
    const sent: string[] = [];
    const original = globalThis.fetch;
    const spy = vi.spyOn(globalThis, "fetch").mockImplementation((input, init) => {
      sent.push(new Request(input, init).headers.get("webhook-id") ?? "(no webhook-id)");
      return original(input, init);
    });
    return { sent, restore: () => spy.mockRestore() };
  }

  const deliveryRow = async (id: string) =>
    (await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id)))[0]!;
  const attemptRows = (id: string) =>
    db.select().from(webhookAttempts).where(eq(webhookAttempts.deliveryId, id)).orderBy(asc(webhookAttempts.id));
  const deliveryLog = async (secret: string, endpointId: string) =>
    ((await (await call(`/v1/webhooks/${endpointId}/deliveries`, withKey(secret))).json()) as any).data[0];

  it("sends a claimed attempt whose Worker died again once its lease runs out, once even when two sweeps race", async () => {
    const t0 = Date.now();
    const { account, endpoint, id } = await endpointWithDelivery(t0);
    // The same claim attemptDelivery makes, then nothing: the Worker died before sending or recording.
    expect((await claimAttempt(faultEnv, id, { now: t0 }))?.attempt).toBe(1);
    const expiry = t0 + leaseMs(faultEnv);
    expect(await deliveryRow(id)).toMatchObject({ status: "sending", attempts: 1, nextAttemptAt: new Date(expiry) });

    const tap = wiretap();
    let sweepMs = 0;
    try {
      await Promise.all([processDueDeliveries(faultEnv, expiry - 1), processDueDeliveries(faultEnv, expiry - 1)]);
      expect(tap.sent.filter((sent) => sent === id)).toEqual([]);
      const sweepStarted = Date.now();
      await Promise.all([processDueDeliveries(faultEnv, expiry), processDueDeliveries(faultEnv, expiry)]);
      sweepMs = Date.now() - sweepStarted;
      expect(tap.sent.filter((sent) => sent === id)).toEqual([id]);
    } finally {
      tap.restore();
    }

    const row = await deliveryRow(id);
    expect(row).toMatchObject({ status: "pending", attempts: 2, lastStatusCode: null });
    const attempts = await attemptRows(id);
    expect(attempts.map((a) => [a.attempt, a.statusCode])).toEqual([
      [1, null],
      [2, null],
    ]);
    expect(attempts[0]!.at.getTime()).toBe(t0);
    // A claim's clock is the sweep's `now` plus the time the sweep has run so far.
    const secondAt = attempts[1]!.at.getTime();
    expect(secondAt).toBeGreaterThanOrEqual(expiry);
    expect(secondAt).toBeLessThanOrEqual(expiry + sweepMs);
    expect(attempts[0]!.error).toBe(ATTEMPT_IN_PROGRESS);
    expect(attempts[1]!.error).not.toBe(ATTEMPT_IN_PROGRESS);
    // The second attempt failed (nothing listens), so the third comes 5 min ± 20 % after it ended.
    const wait = row.nextAttemptAt!.getTime() - (secondAt + attempts[1]!.latencyMs);
    expect(wait).toBeGreaterThanOrEqual(240_000);
    expect(wait).toBeLessThanOrEqual(360_000);

    const log = await deliveryLog(account.secret, endpoint.id);
    expect(log).toMatchObject({ id, status: "pending", next_attempt_at: row.nextAttemptAt!.toISOString() });
    expect(log.attempts.map((a: any) => a.attempt)).toEqual([1, 2]);
    expect(log.attempts[0].error).toMatch(/^interrupted/);
  });

  it("sends a recorded delivery whose first attempt never started (isolate gone after emitEvent) on the next sweep, once", async () => {
    const t0 = Date.now();
    const { id } = await endpointWithDelivery(t0);
    const tap = wiretap();
    try {
      await Promise.all([processDueDeliveries(faultEnv, t0), processDueDeliveries(faultEnv, t0)]);
      expect(tap.sent.filter((sent) => sent === id)).toEqual([id]);
    } finally {
      tap.restore();
    }
    expect(await deliveryRow(id)).toMatchObject({ status: "pending", attempts: 1 });
    expect((await attemptRows(id)).map((a) => a.attempt)).toEqual([1]);
  });

  it("sends at most five deliveries at a time, each claimed just before it is sent", async () => {
    const t0 = Date.now();
    const ids = new Set<string>();
    for (let i = 0; i < 8; i++) ids.add((await endpointWithDelivery(t0)).id);
    let inFlight = 0;
    let most = 0;
    const sendingWhenSent: number[] = [];
    const spy = vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      const id = new Request(input, init).headers.get("webhook-id")!;
      if (ids.has(id)) {
        const rows = await db
          .select({ id: webhookDeliveries.id, status: webhookDeliveries.status })
          .from(webhookDeliveries);
        sendingWhenSent.push(rows.filter((row) => ids.has(row.id) && row.status === "sending").length);
      }
      most = Math.max(most, ++inFlight);
      await new Promise((resolve) => setTimeout(resolve, 30));
      inFlight--;
      return new Response(null, { status: 204 });
    });
    try {
      await processDueDeliveries(faultEnv, t0);
    } finally {
      spy.mockRestore();
    }
    expect(most).toBe(5);
    expect(sendingWhenSent).toHaveLength(8);
    expect(Math.max(...sendingWhenSent)).toBeLessThanOrEqual(5);
    for (const id of ids) expect(await deliveryRow(id)).toMatchObject({ status: "delivered", attempts: 1 });
  });

  it("fails a delivery whose Worker dies in every attempt after MAX_ATTEMPTS instead of retrying it forever, and still redelivers it", async () => {
    let now = Date.now();
    const { account, endpoint, id } = await endpointWithDelivery(now);
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      expect((await claimAttempt(faultEnv, id, { now }))?.attempt).toBe(attempt);
      now += leaseMs(faultEnv);
    }
    const tap = wiretap();
    try {
      await processDueDeliveries(faultEnv, now);
      expect(tap.sent.filter((sent) => sent === id)).toEqual([]);
    } finally {
      tap.restore();
    }
    expect(await deliveryRow(id)).toMatchObject({
      status: "failed",
      attempts: MAX_ATTEMPTS,
      nextAttemptAt: null,
      lastError: expect.stringMatching(/no attempts left/),
    });
    const log = await deliveryLog(account.secret, endpoint.id);
    expect(log.status).toBe("failed");
    expect(log.attempts).toHaveLength(MAX_ATTEMPTS);
    expect(log.attempts.every((a: any) => /^interrupted/.test(a.error))).toBe(true);

    const redelivered = await callApp(
      createApp(),
      `/v1/webhooks/${endpoint.id}/deliveries/${id}/redeliver`,
      withKey(account.secret, { method: "POST" }),
      faultEnv,
    );
    expect(redelivered.status).toBe(200);
    expect(((await redelivered.json()) as any).data).toMatchObject({
      delivery_id: id,
      delivered: false,
      status_code: null,
    });
    expect(await deliveryRow(id)).toMatchObject({ status: "failed", attempts: MAX_ATTEMPTS + 1 });
  });

  it("refuses to redeliver during an attempt in flight, and a failed redelivery of a pending delivery keeps its retries", async () => {
    const t0 = Date.now();
    const { account, endpoint, id } = await endpointWithDelivery(t0);
    const redeliver = () =>
      callApp(
        createApp(),
        `/v1/webhooks/${endpoint.id}/deliveries/${id}/redeliver`,
        withKey(account.secret, { method: "POST" }),
        faultEnv,
      );

    await claimAttempt(faultEnv, id, { now: t0 });
    const refused = await redeliver();
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as any).error.message).toMatch(/being attempted/);

    // Once the claim has lapsed the sweep makes attempt 2, which fails; the delivery waits for attempt 3.
    await processDueDeliveries(faultEnv, t0 + leaseMs(faultEnv));
    expect(await deliveryRow(id)).toMatchObject({ status: "pending", attempts: 2 });
    const redelivered = await redeliver();
    expect(((await redelivered.json()) as any).data).toMatchObject({ delivered: false, status_code: null });
    const row = await deliveryRow(id);
    expect(row).toMatchObject({ status: "pending", attempts: 3 });
    expect(row.nextAttemptAt!.getTime()).toBeGreaterThan(Date.now() + 0.8 * 1_800_000 - 1_000);
  });
});
