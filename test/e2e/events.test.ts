// Webhooks, watches and schedules end to end: wrangler dev, the replica sites and a real webhook
// receiver on 127.0.0.1. Every delivery is checked with the standardwebhooks library's verify().
import { Webhook } from "standardwebhooks";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { createAccountKey } from "../../scripts/local-stack.ts";
import type { ReceivedDelivery } from "../support/webhook-receiver.ts";

const baseUrl = inject("baseUrl");
const replicasUrl = inject("replicasUrl");
const receiverUrl = inject("webhookReceiverUrl");
const adminToken = inject("adminToken");
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function newKey(name: string) {
  return (
    await createAccountKey(baseUrl, adminToken, {
      name,
      plan: "enterprise",
      requests_per_minute: 10_000,
      requests_per_month: 100_000,
    })
  ).secret;
}

async function api(secret: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { "X-API-KEY": secret, ...(body ? { "Content-Type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: response.status, body: (await response.json()) as any };
}

const post = (url: string, body: unknown) =>
  fetch(url, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
const behave = (path: string, behaviour: object) => post(`${receiverUrl}/_admin/behaviour`, { path, ...behaviour });
const received = async (path: string) =>
  (await (
    await fetch(`${receiverUrl}/_admin/deliveries?path=${encodeURIComponent(path)}`)
  ).json()) as ReceivedDelivery[];
const runCron = (time?: number) =>
  fetch(`${baseUrl}/cdn-cgi/local/scheduled?cron=*+*+*+*+*${time ? `&time=${time}` : ""}`).then((r) => r.text());
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await sleep(100);
  }
}

/** An endpoint on the receiver at `path`, for its own account. */
async function endpoint(secret: string, path: string, eventTypes?: string[]) {
  const created = await api(secret, "POST", "/v1/webhooks", {
    url: `${receiverUrl}${path}`,
    ...(eventTypes ? { event_types: eventTypes } : {}),
  });
  expect(created.status).toBe(201);
  return { id: created.body.data.webhook.id as string, secret: created.body.data.secret as string };
}

let asin: string | undefined;
/** A product of the replica catalogue, found through search as a user would. */
async function someAsin(secret: string): Promise<string> {
  asin ??= (await api(secret, "GET", "/v1/amazon/search?q=power+bank")).body.data.results[0].id as string;
  return asin;
}

/**
 * A product watch that fires: its first check arms it (in the page's own currency, as none is
 * given), then the replica lowers the price by a tenth and the next check fires.
 */
async function fireProductEvent(secret: string) {
  const id = await someAsin(secret);
  const watch = await api(secret, "POST", "/v1/watches", {
    kind: "product",
    platform: "amazon",
    id,
    condition: "below",
    threshold: 1e9,
  });
  expect(watch.status).toBe(201);
  const check = () => api(secret, "POST", `/v1/watches/${watch.body.data.id}/check`);
  const armed = await check();
  expect(armed.body.data, JSON.stringify(armed.body)).toMatchObject({ outcome: "unchanged", currency: "USD" });
  await post(`${replicasUrl}/_admin/price`, {
    platform: "amazon",
    id,
    amount: Math.round(armed.body.data.price * 90) / 100,
  });
  const fired = await check();
  expect(fired.body.data, JSON.stringify(fired.body)).toMatchObject({ outcome: "fired" });
}

describe("webhook endpoints and signing", () => {
  let secret: string;
  beforeAll(async () => {
    secret = await newKey("e2e webhooks");
  });

  it("signs every delivery so verify() accepts it, and rejects a tampered body or an old timestamp", async () => {
    const hook = await endpoint(secret, "/signed");
    expect(hook.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    const ping = await api(secret, "POST", `/v1/webhooks/${hook.id}/test`);
    expect(ping.status).toBe(200);
    expect(ping.body.data).toMatchObject({ delivered: true, status_code: 200 });
    const [delivery] = await received("/signed");
    const verifier = new Webhook(hook.secret);
    expect(verifier.verify(delivery!.body, delivery!.headers)).toMatchObject({ type: "webhook.test" });
    expect(delivery!.headers["webhook-id"]).toBe(ping.body.data.delivery_id);
    expect(() => verifier.verify(delivery!.body.replace("Test ping", "Test pong"), delivery!.headers)).toThrow(
      /signature/i,
    );
    const old = new Date(Date.now() - 10 * 60_000);
    const oldHeaders = {
      ...delivery!.headers,
      "webhook-timestamp": String(Math.floor(old.getTime() / 1000)),
      "webhook-signature": verifier.sign(delivery!.headers["webhook-id"]!, old, delivery!.body),
    };
    expect(() => verifier.verify(delivery!.body, oldHeaders)).toThrow(/too old/i);
    expect(() =>
      new Webhook(`whsec_${btoa("another secret, 24 bytes")}`).verify(delivery!.body, delivery!.headers),
    ).toThrow();
  });

  it("signs with both secrets during a rotation overlap", async () => {
    const hook = await endpoint(secret, "/rotated");
    const rotated = await api(secret, "POST", `/v1/webhooks/${hook.id}/rotate`, { overlap_seconds: 3600 });
    expect(rotated.status).toBe(200);
    expect(rotated.body.data.secret).not.toBe(hook.secret);
    expect(rotated.body.data.webhook.previous_secret_expires_at).toBeTruthy();
    await api(secret, "POST", `/v1/webhooks/${hook.id}/test`);
    const [delivery] = await received("/rotated");
    expect(delivery!.headers["webhook-signature"]!.split(" ")).toHaveLength(2);
    expect(() => new Webhook(hook.secret).verify(delivery!.body, delivery!.headers)).not.toThrow();
    expect(() => new Webhook(rotated.body.data.secret).verify(delivery!.body, delivery!.headers)).not.toThrow();
  });

  it("refuses a webhook URL the SSRF guard does not allow", async () => {
    for (const url of [
      "http://10.0.0.1/hook",
      "http://127.0.0.1:1/hook",
      "file:///etc/passwd",
      "http://user:pw@example.com/",
    ]) {
      const created = await api(secret, "POST", "/v1/webhooks", { url });
      expect(created.status, url).toBe(400);
      expect(created.body.error.details[0].parameter).toBe("url");
    }
  });
});

describe("delivery, retries and failures", () => {
  it("retries 500, 500 and delivers on the third attempt with the same webhook-id", async () => {
    const secret = await newKey("e2e retry");
    const hook = await endpoint(secret, "/flaky");
    await behave("/flaky", { statuses: [500, 500] });
    await fireProductEvent(secret);
    await waitFor(
      () => received("/flaky"),
      (list) => list.length >= 1,
    );
    await sleep(100);
    await runCron();
    await waitFor(
      () => received("/flaky"),
      (list) => list.length >= 2,
    );
    await sleep(1_600); // the second retry comes 1.2 s ± 20 % later at WEBHOOK_RETRY_BASE_MS=20
    await runCron();
    const list = await waitFor(
      () => received("/flaky"),
      (l) => l.length >= 3,
    );
    expect(list.map((d) => d.status)).toEqual([500, 500, 200]);
    expect(new Set(list.map((d) => d.headers["webhook-id"])).size).toBe(1);
    for (const d of list) expect(() => new Webhook(hook.secret).verify(d.body, d.headers)).not.toThrow();
    const log = await api(secret, "GET", `/v1/webhooks/${hook.id}/deliveries`);
    expect(log.body.data[0]).toMatchObject({
      id: list[0]!.headers["webhook-id"],
      status: "delivered",
      event_type: "product.price_changed",
    });
    expect(log.body.data[0].attempts.map((a: any) => a.status_code)).toEqual([500, 500, 200]);
    expect(log.body.data[0].attempts.every((a: any) => Number.isInteger(a.latency_ms))).toBe(true);
  });

  it("disables the endpoint on 410 and makes no further attempts", async () => {
    const secret = await newKey("e2e gone");
    const hook = await endpoint(secret, "/gone");
    await behave("/gone", { statuses: [410] });
    await fireProductEvent(secret);
    await waitFor(
      () => received("/gone"),
      (list) => list.length >= 1,
    );
    const read = await waitFor(
      () => api(secret, "GET", `/v1/webhooks/${hook.id}`),
      (r) => r.body.data.status === "disabled",
    );
    expect(read.body.data).toMatchObject({ status: "disabled", disabled_reason: expect.stringContaining("410") });
    await fireProductEvent(secret);
    await sleep(300);
    await runCron();
    expect(await received("/gone")).toHaveLength(1);
    const log = await api(secret, "GET", `/v1/webhooks/${hook.id}/deliveries`);
    expect(log.body.data.map((d: any) => d.status)).toEqual(["failed"]);
  });

  it("does not follow a redirect", async () => {
    const secret = await newKey("e2e redirect");
    const hook = await endpoint(secret, "/moved");
    await behave("/moved", { redirect: `${receiverUrl}/target` });
    const ping = await api(secret, "POST", `/v1/webhooks/${hook.id}/test`);
    expect(ping.body.data).toMatchObject({ delivered: false, status_code: 302 });
    expect(ping.body.data.error).toMatch(/not followed/);
    expect(await received("/moved")).toHaveLength(1);
    expect(await received("/target")).toHaveLength(0);
  });
});

describe("receiver faults", () => {
  /** The newest delivery of an endpoint, as its delivery log shows it. */
  const newestDelivery = async (secret: string, hookId: string) => {
    const log = await api(secret, "GET", `/v1/webhooks/${hookId}/deliveries`);
    expect(log.status).toBe(200);
    return log.body.data[0];
  };
  const settled = (delivery: any, attempts: number) =>
    delivery?.attempts.length === attempts && delivery.attempts.at(-1).error !== "in progress";
  // The retry delays at WEBHOOK_RETRY_BASE_MS=20: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h scaled by 20/5000.
  const scaledDelays = [20, 1_200, 7_200, 28_800, 72_000, 144_000, 201_600];

  it("abandons an attempt to a hung receiver at the 2 s timeout, keeps the delivery pending and delivers it next time with the same webhook-id", async () => {
    const secret = await newKey("e2e hang once");
    const hook = await endpoint(secret, "/hang-once");
    await behave("/hang-once", { statuses: ["hang"] });
    await fireProductEvent(secret);
    await waitFor(
      () => received("/hang-once"),
      (list) => list.length >= 1,
    );

    // While the receiver hangs the attempt is in flight: the cron does not send it again and a redelivery is refused.
    const during = await newestDelivery(secret, hook.id);
    expect(during).toMatchObject({
      status: "pending",
      attempts: [{ attempt: 1, status_code: null, error: "in progress" }],
    });
    await runCron();
    expect(await received("/hang-once")).toHaveLength(1);
    expect((await api(secret, "POST", `/v1/webhooks/${hook.id}/deliveries/${during.id}/redeliver`)).status).toBe(409);

    const timedOut = await waitFor(
      () => newestDelivery(secret, hook.id),
      (d) => settled(d, 1),
    );
    expect(timedOut).toMatchObject({ id: during.id, status: "pending", delivered_at: null });
    const [first] = timedOut.attempts;
    expect(first).toMatchObject({ attempt: 1, status_code: null, error: "timed out after 2 s without an answer" });
    expect(first.latency_ms).toBeGreaterThanOrEqual(1_950);
    expect(first.latency_ms).toBeLessThan(4_000);
    // Backoff: the next attempt is due 20 ms ± 20 % after the timed-out one ended.
    const wait = Date.parse(timedOut.next_attempt_at) - Date.parse(first.at) - first.latency_ms;
    expect(wait).toBeGreaterThanOrEqual(16);
    expect(wait).toBeLessThanOrEqual(24);

    await runCron();
    const delivered = await waitFor(
      () => newestDelivery(secret, hook.id),
      (d) => settled(d, 2),
    );
    expect(delivered).toMatchObject({ id: during.id, status: "delivered", next_attempt_at: null });
    expect(delivered.attempts.map((a: any) => [a.attempt, a.status_code, a.error])).toEqual([
      [1, null, "timed out after 2 s without an answer"],
      [2, 200, null],
    ]);
    expect(Date.parse(delivered.attempts[1].at)).toBeGreaterThan(Date.parse(first.at) + first.latency_ms);
    const list = await received("/hang-once");
    expect(list.map((d) => d.status)).toEqual(["hung", 200]);
    expect(list.map((d) => d.headers["webhook-id"])).toEqual([during.id, during.id]);
    for (const d of list) expect(() => new Webhook(hook.secret).verify(d.body, d.headers)).not.toThrow();

    // Delivered once: later cron runs send nothing more.
    await runCron();
    await sleep(200);
    expect(await received("/hang-once")).toHaveLength(2);
  });

  it("fails a delivery after eight hung attempts, keeps each in the log, and redelivers it once the receiver answers", async () => {
    const secret = await newKey("e2e hang always");
    const hook = await endpoint(secret, "/hang-always");
    await behave("/hang-always", { hang: true });
    await fireProductEvent(secret);
    let delivery = await waitFor(
      () => newestDelivery(secret, hook.id),
      (d) => settled(d, 1),
    );
    for (let attempt = 2; attempt <= 8; attempt++) {
      expect(delivery.status).toBe("pending");
      const last = delivery.attempts.at(-1);
      const wait = Date.parse(delivery.next_attempt_at) - Date.parse(last.at) - last.latency_ms;
      expect(wait, `wait after attempt ${attempt - 1}`).toBeGreaterThanOrEqual(
        Math.floor(scaledDelays[attempt - 2]! * 0.8),
      );
      expect(wait, `wait after attempt ${attempt - 1}`).toBeLessThanOrEqual(
        Math.ceil(scaledDelays[attempt - 2]! * 1.2),
      );
      // Run the cron at the time the retry is due rather than wait minutes of backoff.
      await runCron(Math.max(Date.now(), Date.parse(delivery.next_attempt_at)));
      delivery = await waitFor(
        () => newestDelivery(secret, hook.id),
        (d) => settled(d, attempt),
      );
    }
    expect(delivery).toMatchObject({ status: "failed", next_attempt_at: null, delivered_at: null });
    expect(delivery.attempts.map((a: any) => a.attempt)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    for (const a of delivery.attempts)
      expect(a).toMatchObject({ status_code: null, error: "timed out after 2 s without an answer" });
    const hung = await received("/hang-always");
    expect(hung).toHaveLength(8);
    expect(new Set(hung.map((d) => d.headers["webhook-id"]))).toEqual(new Set([delivery.id]));

    // Nothing is lost: once the receiver answers, a redelivery brings the same event with the same webhook-id.
    await behave("/hang-always", {});
    const redelivered = await api(secret, "POST", `/v1/webhooks/${hook.id}/deliveries/${delivery.id}/redeliver`);
    expect(redelivered.status).toBe(200);
    expect(redelivered.body.data).toMatchObject({ delivery_id: delivery.id, delivered: true, status_code: 200 });
    const all = await received("/hang-always");
    expect(all).toHaveLength(9);
    expect(all[8]).toMatchObject({ status: 200, body: hung[0]!.body });
    expect(all[8]!.headers["webhook-id"]).toBe(delivery.id);
    expect(() => new Webhook(hook.secret).verify(all[8]!.body, all[8]!.headers)).not.toThrow();
    const after = await newestDelivery(secret, hook.id);
    expect(after).toMatchObject({ id: delivery.id, status: "delivered" });
    expect(after.attempts.map((a: any) => [a.attempt, a.status_code])).toEqual([
      ...[1, 2, 3, 4, 5, 6, 7, 8].map((n) => [n, null]),
      [9, 200],
    ]);
  });
});

describe("hotel rate watch", () => {
  it("fires one hotel.rate_dropped per drop below the threshold, and nothing without a change", async () => {
    const secret = await newKey("e2e watch");
    const hook = await endpoint(secret, "/hotel", ["hotel.rate_dropped"]);
    const stay = { destination: "Dublin", check_in: day(50), check_out: day(52) };
    const search = await api(
      secret,
      "GET",
      `/v1/travel/booking/hotels/search?destination=Dublin&check_in=${stay.check_in}&check_out=${stay.check_out}&limit=5`,
    );
    const hotel = search.body.data.hotels[0];
    const start = hotel.price_per_night as number;
    const watch = await api(secret, "POST", "/v1/watches", {
      kind: "hotel",
      platform: "booking",
      ...stay,
      hotel_id: hotel.id,
      condition: "below",
      threshold: start - 5,
      currency: "EUR",
    });
    expect(watch.status).toBe(201);
    const check = () => api(secret, "POST", `/v1/watches/${watch.body.data.id}/check`).then((r) => r.body.data);

    expect(await check()).toMatchObject({ outcome: "unchanged", price: start });
    await post(`${replicasUrl}/_admin/price`, { platform: "booking", id: hotel.id, amount: Math.round(start * 0.6) });
    const fired = await check();
    expect(fired).toMatchObject({ outcome: "fired", previous_price: start });
    expect(fired.price).toBeLessThan(start - 5);
    const first = await waitFor(
      () => received("/hotel"),
      (l) => l.length >= 1,
    );
    expect(first).toHaveLength(1);
    const event = new Webhook(hook.secret).verify(first[0]!.body, first[0]!.headers) as any;
    expect(event).toMatchObject({
      type: "hotel.rate_dropped",
      data: { old_price: start, new_price: fired.price, currency: "EUR", item: { id: hotel.id } },
    });

    expect(await check()).toMatchObject({ outcome: "unchanged", price: fired.price });
    await sleep(300);
    expect(await received("/hotel")).toHaveLength(1);

    await post(`${replicasUrl}/_admin/price`, { platform: "booking", id: hotel.id, amount: Math.round(start * 0.4) });
    const again = await check();
    expect(again).toMatchObject({ outcome: "fired", previous_price: fired.price });
    const second = await waitFor(
      () => received("/hotel"),
      (l) => l.length >= 2,
    );
    expect(second).toHaveLength(2);
    expect(JSON.parse(second[1]!.body).data).toMatchObject({ old_price: fired.price, new_price: again.price });
  });
});

describe("schedules", () => {
  it("runs a slot once when the cron fires twice for it, counts the run, stores it and sends schedule.completed", async () => {
    const secret = await newKey("e2e schedule");
    const hook = await endpoint(secret, "/scheduled", ["schedule.completed"]);
    const created = await api(secret, "POST", "/v1/schedules", { cron: "* * * * *", path: "/v1/categories" });
    expect(created.status).toBe(201);
    const slot = Date.parse(created.body.data.next_run_at);
    const before = (await api(secret, "GET", "/v1/usage")).body.data.month.used as number;
    await Promise.all([runCron(slot + 1_000), runCron(slot + 1_000)]);
    // The event's first attempt is made at once; a cron at a clock a minute ahead would take its
    // lease for expired, so the next run waits for the send.
    const list = await waitFor(
      () => received("/scheduled"),
      (l) => l.length >= 1,
    );
    await runCron(slot + 2_000);
    const schedule = await api(secret, "GET", `/v1/schedules/${created.body.data.id}`);
    expect(schedule.body.data.runs).toHaveLength(1);
    expect(schedule.body.data.runs[0]).toMatchObject({
      status: "succeeded",
      http_status: 200,
      scheduled_for: new Date(slot).toISOString(),
    });
    // The run alone: reading the schedule (the control plane, docs/charging.md) and /v1/usage are
    // never charged to the month.
    expect((await api(secret, "GET", "/v1/usage")).body.data.month.used).toBe(before + 1);
    expect(list).toHaveLength(1);
    expect(await received("/scheduled")).toHaveLength(1);
    const event = new Webhook(hook.secret).verify(list[0]!.body, list[0]!.headers) as any;
    expect(event.data).toMatchObject({
      schedule_id: created.body.data.id,
      status: "succeeded",
      result_url: `/v1/schedules/${created.body.data.id}/runs/${schedule.body.data.runs[0].id}`,
    });
    expect(event.data.summary.items).toBeGreaterThan(0);
    const download = await fetch(`${baseUrl}${event.data.result_url}`, { headers: { "X-API-KEY": secret } });
    expect(download.status).toBe(200);
    expect(((await download.json()) as any).data.length).toBe(event.data.summary.items);
  });
});

describe("isolation between accounts", () => {
  it("answers 404 for another account's webhook, watch and schedule", async () => {
    const [owner, other] = [await newKey("e2e owner"), await newKey("e2e other")];
    const hook = await endpoint(owner, "/isolated");
    const watch = await api(owner, "POST", "/v1/watches", {
      kind: "product",
      platform: "amazon",
      id: await someAsin(owner),
      condition: "drop_percent",
      threshold: 10,
      currency: "USD",
    });
    const schedule = await api(owner, "POST", "/v1/schedules", { cron: "0 * * * *", path: "/v1/categories" });
    for (const [collection, id] of [
      ["webhooks", hook.id],
      ["watches", watch.body.data.id],
      ["schedules", schedule.body.data.id],
    ] as const) {
      expect((await api(other, "GET", `/v1/${collection}`)).body.data).toEqual([]);
      expect((await api(other, "GET", `/v1/${collection}/${id}`)).status).toBe(404);
      expect((await api(other, "DELETE", `/v1/${collection}/${id}`)).status).toBe(404);
      expect((await api(owner, "GET", `/v1/${collection}/${id}`)).status).toBe(200);
    }
    expect((await api(other, "POST", `/v1/webhooks/${hook.id}/test`)).status).toBe(404);
    expect((await api(other, "POST", `/v1/watches/${watch.body.data.id}/check`)).status).toBe(404);
  });
});
