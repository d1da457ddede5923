import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import worker from "../../src/index";
import { MAX_ATTEMPTS, RETRY_DELAYS_MS, retryDelayMs } from "../../src/events/config";
import { nextRunAfter } from "../../src/events/schedules";
import { signedHeaders } from "../../src/events/signing";
import { shouldFire } from "../../src/events/watches";
import { Webhook } from "standardwebhooks";
import { call, env, newAccount, withKey } from "./helpers";

const send = async (secret: string, method: string, path: string, body?: unknown) => {
  const response = await call(path, withKey(secret, { method, headers: body ? { "Content-Type": "application/json" } : {}, body: body ? JSON.stringify(body) : undefined }));
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

describe("watch conditions", () => {
  it("fires `below` on a drop under the threshold once, and `drop_percent` from the last price", () => {
    const below = { condition: "below" as const, threshold: 100 };
    expect(shouldFire(below, 120, 90)).toBe(true);
    expect(shouldFire(below, 90, 90)).toBe(false);
    expect(shouldFire(below, 90, 80)).toBe(true);
    expect(shouldFire(below, 80, 110)).toBe(false);
    const percent = { condition: "drop_percent" as const, threshold: 10 };
    expect(shouldFire(percent, null, 50)).toBe(false);
    expect(shouldFire(percent, 100, 91)).toBe(false);
    expect(shouldFire(percent, 100, 90)).toBe(true);
  });
});

describe("creating events objects", () => {
  it("shows a whsec_ secret once and refuses unsafe URLs, bad cron and non-data paths", async () => {
    const { secret } = await newAccount();
    const created = await send(secret, "POST", "/v1/webhooks", { url: "https://hooks.example.com/in", event_types: ["hotel.rate_dropped"] });
    expect(created.status).toBe(201);
    expect(created.body.data.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(JSON.stringify((await send(secret, "GET", `/v1/webhooks/${created.body.data.webhook.id}`)).body)).not.toContain("whsec_");
    expect((await send(secret, "POST", "/v1/webhooks", { url: "http://169.254.169.254/latest" })).status).toBe(400);
    expect((await send(secret, "POST", "/v1/webhooks", { url: "https://x.example.com", event_types: ["nope"] })).status).toBe(400);
    expect((await send(secret, "POST", "/v1/schedules", { cron: "61 * * * *", path: "/v1/categories" })).body.error.details[0].parameter).toBe("cron");
    expect((await send(secret, "POST", "/v1/schedules", { cron: "* * * * *", path: "/v1/keys" })).body.error.details[0].parameter).toBe("path");
    expect((await send(secret, "POST", "/v1/watches", { kind: "hotel", platform: "booking", condition: "below", threshold: 50 })).status).toBe(400);
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
    expect(schedule.body.data.runs).toEqual([expect.objectContaining({ status: "succeeded", http_status: 200, scheduled_for: new Date(slot).toISOString() })]);
    expect(Date.parse(schedule.body.data.next_run_at)).toBe(slot + 60_000);
    // The run, the read above and this call.
    expect((await send(secret, "GET", "/v1/usage")).body.data.month.used).toBe(before + 3);
    const run = await call(`/v1/schedules/${created.body.data.id}/runs/${schedule.body.data.runs[0].id}`, withKey(secret));
    expect(run.headers.get("X-Run-Status")).toBe("succeeded");
    expect(((await run.json()) as any).data.length).toBeGreaterThan(0);
  });
});

describe("isolation", () => {
  it("answers 404 for another account's objects and lists none of them", async () => {
    const [owner, other] = [(await newAccount()).secret, (await newAccount()).secret];
    const hook = (await send(owner, "POST", "/v1/webhooks", { url: "https://hooks.example.com/a" })).body.data.webhook.id;
    const schedule = (await send(owner, "POST", "/v1/schedules", { cron: "0 0 * * *", path: "/v1/categories" })).body.data.id;
    for (const [collection, id] of [["webhooks", hook], ["schedules", schedule]]) {
      expect((await send(other, "GET", `/v1/${collection}`)).body.data).toEqual([]);
      expect((await send(other, "GET", `/v1/${collection}/${id}`)).status).toBe(404);
      expect((await send(other, "DELETE", `/v1/${collection}/${id}`)).status).toBe(404);
      expect((await send(owner, "DELETE", `/v1/${collection}/${id}`)).status).toBe(200);
      expect((await send(owner, "GET", `/v1/${collection}/${id}`)).status).toBe(404);
    }
    expect((await send(other, "POST", `/v1/webhooks/${hook}/rotate`, {})).status).toBe(404);
  });
});
