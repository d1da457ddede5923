// Price watches as docs/events.md describes them: the first check arms and never fires, a product
// watch made without a currency keeps its page's own, and every price is answered with its currency.
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createApp } from "../../../src/app";
import { webhookDeliveries } from "../../../src/db/schema-events";
import { findWatch } from "../../../src/db/watches";
import { checkWatch, shouldFire } from "../../../src/events/watches";
import { type InProcess, inProcess } from "../../../src/in-process";
import { callApp, env, newAccount, withKey } from "../helpers";
import { REPLICA, serveReplicas } from "../replica-sites";

// Webhook sends go to 127.0.0.1:1, where nothing listens: each event is recorded, and its send fails at once.
const replicaEnv = { ...env, REPLICA_ORIGIN: REPLICA, SSRF_ALLOW_HOSTS: "127.0.0.1:1" } as Env;
const HOOK = { url: "http://127.0.0.1:1/in" };
const app = createApp();
const db = drizzle(env.DB);

afterEach(() => {
  vi.restoreAllMocks();
});

async function send(secret: string, method: string, path: string, body?: unknown) {
  const init = withKey(secret, {
    method,
    headers: body ? { "Content-Type": "application/json" } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  const response = await callApp(app, path, init, replicaEnv);
  return { status: response.status, body: (await response.json()) as any };
}

/** Runs one check of a stored watch with `local` answering its data call, and waits for its deliveries. */
async function check(accountId: string, id: string, local: InProcess) {
  const watch = (await findWatch(db, accountId, id))!;
  const ctx = createExecutionContext();
  const result = await checkWatch(replicaEnv, ctx, local, watch);
  await waitOnExecutionContext(ctx);
  return result;
}

/** The events recorded for an endpoint. */
async function events(endpointId: string) {
  const rows = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId));
  return rows.map((row) => JSON.parse(row.payload) as { type: string; data: Record<string, unknown> });
}

/** A product page's answer as the product route gives it, for a data call that never leaves the test. */
function productPage(amount: number, currency: string): InProcess {
  const body = { status: "success", data: { title: "Power bank", price: { amount, currency } }, meta: {} };
  const getData = async () => ({ response: Response.json(body), charged: true });
  return { getData } as unknown as InProcess;
}

describe("watch conditions", () => {
  it("never fire on a first check: it arms the watch; after it, `below` fires on a drop under the threshold and `drop_percent` on a drop of that much", () => {
    const below = { condition: "below" as const, threshold: 100 };
    expect(shouldFire(below, null, 90)).toBe(false);
    expect(shouldFire(below, 120, 90)).toBe(true);
    expect(shouldFire(below, 90, 90)).toBe(false);
    expect(shouldFire(below, 90, 80)).toBe(true);
    expect(shouldFire(below, 80, 110)).toBe(false);
    expect(shouldFire(below, 120, 105)).toBe(false);
    const percent = { condition: "drop_percent" as const, threshold: 10 };
    expect(shouldFire(percent, null, 50)).toBe(false);
    expect(shouldFire(percent, 100, 91)).toBe(false);
    expect(shouldFire(percent, 100, 90)).toBe(true);
  });
});

describe("a hotel watch", () => {
  it("arms on its first check although the rate is already below the threshold, and fires on the next drop, in EUR by default", async () => {
    const { secret, accountId } = await newAccount({ plan: "enterprise" });
    const hook = await send(secret, "POST", "/v1/webhooks", HOOK);
    const endpointId = hook.body.data.webhook.id as string;
    serveReplicas();
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const stay = { destination: "Dublin", check_in: day(80), check_out: day(82) };
    const search = await send(
      secret,
      "GET",
      `/v1/travel/booking/hotels/search?destination=Dublin&check_in=${stay.check_in}&check_out=${stay.check_out}`,
    );
    const hotel = search.body.data.hotels.find((h: any) => h.price_per_night !== null);
    const start = hotel.price_per_night as number;
    const made = await send(secret, "POST", "/v1/watches", {
      kind: "hotel",
      platform: "booking",
      ...stay,
      hotel_id: hotel.id,
      condition: "below",
      threshold: start + 50,
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.data).toMatchObject({ currency: "EUR", last_price: null });

    const local = inProcess(app);
    const first = await check(accountId, made.body.data.id, local);
    expect(first).toEqual({ outcome: "unchanged", price: start, previous_price: null, currency: "EUR" });
    expect(await events(endpointId)).toEqual([]);

    vi.restoreAllMocks();
    serveReplicas({ overrides: { [`booking ${hotel.id}`]: start - 20 } });
    const dropped = await check(accountId, made.body.data.id, local);
    expect(dropped).toMatchObject({ outcome: "fired", previous_price: start, currency: "EUR" });
    expect(dropped.price).toBeLessThan(start);
    const [event] = await events(endpointId);
    expect(event).toMatchObject({
      type: "hotel.rate_dropped",
      data: { old_price: start, new_price: dropped.price, currency: "EUR", item: { id: hotel.id } },
    });
  }, 30_000);
});

describe("a product watch made without a currency", () => {
  it("takes its page's currency on the first check, never fires on it, and answers every price with that currency", async () => {
    const { secret, accountId } = await newAccount({ plan: "enterprise" });
    const hook = await send(secret, "POST", "/v1/webhooks", HOOK);
    const endpointId = hook.body.data.webhook.id as string;
    const made = await send(secret, "POST", "/v1/watches", {
      kind: "product",
      platform: "amazon",
      id: "B0057OC5O8",
      condition: "below",
      threshold: 30,
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.data).toMatchObject({ currency: null, threshold: 30 });

    const first = await check(accountId, made.body.data.id, productPage(24.99, "USD"));
    expect(first).toEqual({ outcome: "unchanged", price: 24.99, previous_price: null, currency: "USD" });
    const read = await send(secret, "GET", `/v1/watches/${made.body.data.id}`);
    expect(read.body.data).toMatchObject({ currency: "USD", last_price: 24.99 });

    const fired = await check(accountId, made.body.data.id, productPage(19.5, "USD"));
    expect(fired).toEqual({ outcome: "fired", price: 19.5, previous_price: 24.99, currency: "USD" });
    const [event] = await events(endpointId);
    expect(event).toMatchObject({
      type: "product.price_changed",
      data: { old_price: 24.99, new_price: 19.5, currency: "USD", threshold: 30 },
    });
  });

  it("keeps a currency given when it is made, converting the page's prices into it", async () => {
    const { secret, accountId } = await newAccount({ plan: "enterprise" });
    const made = await send(secret, "POST", "/v1/watches", {
      kind: "product",
      platform: "amazon",
      id: "B0057OC5O8",
      condition: "drop_percent",
      threshold: 10,
      currency: "usd",
    });
    expect(made.body.data.currency).toBe("USD");
    const first = await check(accountId, made.body.data.id, productPage(20, "USD"));
    expect(first).toMatchObject({ price: 20, currency: "USD" });
    const inEuro = await check(accountId, made.body.data.id, productPage(20, "EUR"));
    expect(inEuro.currency).toBe("USD");
    expect(inEuro.price).not.toBe(20);
  });
});
