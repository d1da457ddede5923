// Routes that read their cache while the limiter decides (readsBesideLimiter): the read and
// the limiter's call overlap, and nothing is answered, cached data included, before admission.
import { describe, expect, it } from "vitest";
import { createApp } from "../../../src/app";
import type { ConsumeRequest, AccountMeter } from "../../../src/durable/account-meter";
import { callApp, env, newAccount, withKey } from "../helpers";

const LIMITER_DELAY_MS = 150;
const CACHED_TITLE = "Stainless steel kettle, 1.7 l";

/** What happened when, in ms since the request was sent. */
interface Timeline {
  kvReadAt?: number;
  decidedAt?: number;
  kvWrites: number;
}

/**
 * The real limiter, answering `LIMITER_DELAY_MS` late (with `perMinute` overridden when given), and
 * a KV namespace that holds a fresh amazon product for every product key; both note their times.
 */
function bindings(started: number, perMinute?: number) {
  const timeline: Timeline = { kvWrites: 0 };
  const limiter = {
    idFromName: (name: string) => env.ACCOUNT_METER.idFromName(name),
    get: (id: DurableObjectId) => {
      const real = env.ACCOUNT_METER.get(id) as DurableObjectStub<AccountMeter>;
      return {
        consume: async (request: ConsumeRequest) => {
          await new Promise((resolve) => setTimeout(resolve, LIMITER_DELAY_MS));
          const decision = await real.consume(perMinute === undefined ? request : { ...request, perMinute });
          timeline.decidedAt = Date.now() - started;
          return decision;
        },
        recordAnswers: () => Promise.resolve(),
      };
    },
  };
  const cache = {
    async get(key: string) {
      timeline.kvReadAt ??= Date.now() - started;
      if (!key.startsWith("scrape:v2:amazon:product:")) return null;
      const product = {
        title: CACHED_TITLE,
        price: { amount: 39.99, currency: "USD" },
        variants: [],
        availability: null,
      };
      const record = { product, sources: {}, unreadable: [], notAProduct: null };
      return {
        record,
        meta: { engine: "fetch", source_url: "https://www.amazon.com/dp/B0TEST0001" },
        fetchedAt: Date.now(),
      };
    },
    async put() {
      timeline.kvWrites++;
    },
  };
  return { timeline, env: { ...env, ACCOUNT_METER: limiter, CACHE: cache } };
}

describe("a cached product read beside the limiter", () => {
  it("starts the KV read before the limiter has decided and answers after it admits", async () => {
    const { secret } = await newAccount({ plan: "pro" });
    const started = Date.now();
    const { timeline, env: bound } = bindings(started);
    const response = await callApp(createApp(), "/v1/amazon?asin=B0TEST0001", withKey(secret), bound);
    const answeredAt = Date.now() - started;
    const body = (await response.json()) as any;

    expect(response.status).toBe(200);
    expect(body.data.title).toBe(CACHED_TITLE);
    expect(body.meta.scrape.cache).toBe("hit");
    expect(response.headers.get("RateLimit")).toMatch(/"minute";r=\d+/);
    expect(timeline.kvReadAt).toBeLessThan(LIMITER_DELAY_MS);
    expect(timeline.decidedAt).toBeGreaterThanOrEqual(LIMITER_DELAY_MS);
    expect(answeredAt).toBeGreaterThanOrEqual(timeline.decidedAt!);
  });

  it("answers a refused call with its 429 and none of the cached data", async () => {
    const { secret } = await newAccount({ plan: "pro" });
    const { timeline, env: bound } = bindings(Date.now(), 0);
    const response = await callApp(createApp(), "/v1/amazon?asin=B0TEST0001", withKey(secret), bound);
    const text = await response.text();

    expect(response.status).toBe(429);
    expect(JSON.parse(text).error.code).toBe("rate_limited");
    expect(response.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(text).not.toContain(CACHED_TITLE);
    expect(timeline.kvReadAt).toBeDefined();
    expect(timeline.kvWrites).toBe(0);
  });

  it("answers a refused call with its 429 even when its input was also invalid", async () => {
    const { secret } = await newAccount({ plan: "pro" });
    const { env: bound } = bindings(Date.now(), 0);
    const response = await callApp(createApp(), "/v1/amazon?asin=B0TEST0001&page=x", withKey(secret), bound);
    expect(response.status).toBe(429);
  });

  it("keeps the limit headers on a 400 of an admitted call", async () => {
    const { secret } = await newAccount({ plan: "pro" });
    const { env: bound } = bindings(Date.now());
    const response = await callApp(createApp(), "/v1/amazon?asin=B0TEST0001&page=x", withKey(secret), bound);
    expect(response.status).toBe(400);
    expect(((await response.json()) as any).error.details[0].parameter).toBe("page");
    expect(response.headers.get("RateLimit-Policy")).toContain('"minute"');
  });
});

describe("a catalogue read beside the limiter", () => {
  it("answers the edge-cached list only after admission, and refuses with a 429", async () => {
    const { secret } = await newAccount({ plan: "pro" });
    const started = Date.now();
    const admittedCall = bindings(started);
    const ok = await callApp(createApp(), "/v1/datasets?limit=1", withKey(secret), admittedCall.env);
    expect(ok.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(admittedCall.timeline.decidedAt!);

    const refused = await callApp(createApp(), "/v1/datasets?limit=1", withKey(secret), bindings(Date.now(), 0).env);
    const text = await refused.text();
    expect(refused.status).toBe(429);
    expect(text).not.toContain('"data"');
  });
});
