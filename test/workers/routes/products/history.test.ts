// GET /v1/{platform}/history (src/routes/products/history.ts): product answers read live through
// GET /v1/{platform} — the replica sites answering inside workerd — become daily points that any
// key reads back, with no account in them; too little history is said plainly, bad input is a 400
// naming the parameter, and another platform's or country's prices never mix in.
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createApp } from "../../../../src/app";
import { database } from "../../../../src/db/client";
import { findLiveKeyById } from "../../../../src/db/keys";
import { dayOf, recordPriceObservations } from "../../../../src/db/price-history";
import { inProcess } from "../../../../src/in-process";
import { PRODUCT_PLATFORMS } from "../../../../src/platforms";
import { TRAVEL_PLATFORMS } from "../../../../src/platforms/index";
import { admin, callApp, env, newAccount, type TestAccount, withKey } from "../../helpers";
import { REPLICA, replicaProducts, serveReplicas } from "../../replica-sites";

vi.setConfig({ testTimeout: 30_000 });
const replicaEnv = { ...env, REPLICA_ORIGIN: REPLICA } as Env;
const app = createApp();

let reader: TestAccount;
let scraper: TestAccount;
beforeAll(async () => {
  [reader, scraper] = await Promise.all([newAccount({ plan: "enterprise" }), newAccount({ plan: "enterprise" })]);
});
afterEach(() => vi.restoreAllMocks());

/** In-stock amazon replica products without variants, a different one per test. */
const products = replicaProducts("amazon").filter((product) => product.stock > 5 && product.variants.length === 0);
let next = 0;
const freshAsin = () => products[next++]!.id;

const send = (account: TestAccount, path: string) => callApp(app, path, withKey(account.secret), replicaEnv);

async function json(account: TestAccount, path: string, status = 200) {
  const response = await send(account, path);
  const text = await response.text();
  expect(response.status, text.slice(0, 300)).toBe(status);
  return JSON.parse(text);
}

const yesterday = () => dayOf(new Date(Date.now() - 86_400_000));

describe("product answers add to the price history", () => {
  it("turns two live reads today and one yesterday into two points with low, high and last, none naming an account", async () => {
    const asin = freshAsin();
    const book: Record<string, number> = { [`amazon ${asin}`]: 30 };
    serveReplicas({ overrides: book });
    const first = await json(scraper, `/v1/amazon?asin=${asin}&fresh=true`);
    expect(first.data.price.amount).toBe(30);
    book[`amazon ${asin}`] = 24.5;
    expect((await json(scraper, `/v1/amazon?asin=${asin}&fresh=true`)).data.price.amount).toBe(24.5);
    // The day before, as an answer then would have written it.
    await recordPriceObservations(
      database(env.DB),
      [{ platform: "amazon", itemId: asin, market: "us", currency: "USD", price: 27, availability: "In Stock" }],
      new Date(Date.now() - 86_400_000),
    );

    const history = await json(reader, `/v1/amazon/history?asin=${asin}`);
    const today = dayOf(new Date());
    expect(history.data).toEqual({
      platform: "amazon",
      id: asin,
      country: "US",
      days: 90,
      points: [
        { date: yesterday(), low: 27, high: 27, last: 27, currency: "USD", availability: "In Stock" },
        {
          date: today,
          low: 24.5,
          high: 30,
          last: 24.5,
          currency: "USD",
          availability: first.data.availability,
        },
      ],
    });
    expect(history.meta.history).toEqual({
      days_observed: 2,
      first_observed: yesterday(),
      enough: true,
      message: null,
    });
    const text = JSON.stringify(history);
    for (const secretish of [scraper.accountId, scraper.keyId, reader.accountId, reader.keyId])
      expect(text).not.toContain(secretish);
    const columns = await env.DB.prepare("SELECT name FROM pragma_table_info('price_history')").all<{ name: string }>();
    expect(columns.results.map((column) => column.name).filter((name) => /account|key|time|_at$/.test(name))).toEqual(
      [],
    );
  });

  it("records a call run in-process (a job item's, a watch's, a schedule's) as it records a direct one", async () => {
    const asin = freshAsin();
    serveReplicas({ overrides: { [`amazon ${asin}`]: 41.25 } });
    const identity = (await findLiveKeyById(database(env.DB), scraper.keyId))!;
    const ctx = createExecutionContext();
    const { response } = await inProcess(app).getData(replicaEnv, ctx, identity, `/v1/amazon?asin=${asin}&fresh=true`);
    expect(response.status).toBe(200);
    await response.arrayBuffer();
    await waitOnExecutionContext(ctx);
    const { points } = (await json(reader, `/v1/amazon/history?asin=${asin}`)).data;
    expect(points.map(({ low, last }: { low: number; last: number }) => [low, last])).toEqual([[41.25, 41.25]]);
  });

  it("adds nothing for an answer from the cache: its reading was recorded when it was read", async () => {
    const asin = freshAsin();
    serveReplicas();
    await json(scraper, `/v1/amazon?asin=${asin}&fresh=true`);
    const cached = await json(scraper, `/v1/amazon?asin=${asin}`);
    expect(cached.meta.scrape.cache).toBe("hit");
    const row = await env.DB.prepare("SELECT observations FROM price_history WHERE platform = 'amazon' AND item_id = ?")
      .bind(asin)
      .first<{ observations: number }>();
    expect(row?.observations).toBe(1);
  });

  it("says there is not enough history yet after one day, and for a product never read answers no points", async () => {
    const asin = freshAsin();
    serveReplicas();
    await json(scraper, `/v1/amazon?asin=${asin}&fresh=true`);
    const once = await json(reader, `/v1/amazon/history?asin=${asin}&days=7`);
    expect(once.data.points).toHaveLength(1);
    expect(once.meta.history).toMatchObject({ days_observed: 1, first_observed: dayOf(new Date()), enough: false });
    expect(once.meta.history.message).toMatch(
      /^Not enough history yet: amazon product .* has a price on 1 of the last 7 days/,
    );

    const never = await json(reader, "/v1/amazon/history?asin=B0NEVERRED");
    expect(never.data.points).toEqual([]);
    expect(never.meta.history).toEqual({
      days_observed: 0,
      first_observed: null,
      enough: false,
      message: expect.stringMatching(
        /^Not enough history yet: the service has not read amazon product B0NEVERRED \(US\)/,
      ),
    });
  });

  it("keeps another platform's and another country's prices of the same id apart", async () => {
    const asin = freshAsin();
    const write = (platform: string, market: string, price: number) =>
      recordPriceObservations(
        database(env.DB),
        [{ platform, itemId: asin, market, currency: "USD", price, availability: null }],
        new Date(),
      );
    await write("amazon", "us", 10);
    await write("amazon", "gb", 11);
    await write("ebay", "us", 12);
    const lasts = async (path: string) =>
      (await json(reader, path)).data.points.map((point: { last: number }) => point.last);
    expect(await lasts(`/v1/amazon/history?asin=${asin}`)).toEqual([10]);
    expect(await lasts(`/v1/amazon/history?asin=${asin}&country=us`)).toEqual([10]);
    // `uk` is the same site as `gb`.
    expect(await lasts(`/v1/amazon/history?asin=${asin}&country=uk`)).toEqual([11]);
  });

  it("keeps a URL-only platform's history by the page's URL", async () => {
    const url = "https://shop.history.example/p/kettle";
    vi.spyOn(globalThis, "fetch").mockImplementation(async () => {
      const data = { "@context": "https://schema.org", "@type": "Product", name: "History kettle" };
      const offers = { "@type": "Offer", price: "19.90", priceCurrency: "EUR" };
      const page = `<html><head><script type="application/ld+json">${JSON.stringify({ ...data, offers })}</script></head><body><h1>History kettle</h1></body></html>`;
      return new Response(page, { headers: { "Content-Type": "text/html" } });
    });
    await json(scraper, `/v1/generic?url=${encodeURIComponent(url)}&fresh=true`);
    const history = await json(reader, `/v1/generic/history?url=${encodeURIComponent(url)}`);
    expect(history.data).toMatchObject({ platform: "generic", id: url, country: null });
    expect(history.data.points).toEqual([
      { date: dayOf(new Date()), low: 19.9, high: 19.9, last: 19.9, currency: "EUR", availability: null },
    ]);
  });

  it("answers the points as CSV with format=csv", async () => {
    const asin = freshAsin();
    await recordPriceObservations(
      database(env.DB),
      [{ platform: "amazon", itemId: asin, market: "us", currency: "USD", price: 5, availability: "In Stock" }],
      new Date(),
    );
    const response = await send(reader, `/v1/amazon/history?asin=${asin}&format=csv`);
    expect(response.headers.get("Content-Type")).toContain("text/csv");
    expect(await response.text()).toBe(
      `date,low,high,last,currency,availability\r\n${dayOf(new Date())},5,5,5,USD,In Stock\r\n`,
    );
  });
});

describe("GET /v1/{platform}/history refuses what it cannot read", () => {
  it.each([
    ["/v1/amazon/history?asin=short", "asin"],
    ["/v1/amazon/history", "asin"],
    ["/v1/amazon/history?url=https%3A%2F%2Fwww.amazon.com%2Fdp%2FB0057OC5O8", "url"],
    ["/v1/amazon/history?asin=B0057OC5O8&sku=6525410", "sku"],
    ["/v1/amazon/history?asin=B0057OC5O8&days=0", "days"],
    ["/v1/amazon/history?asin=B0057OC5O8&days=366", "days"],
    ["/v1/amazon/history?asin=B0057OC5O8&country=zz", "country"],
    ["/v1/generic/history?asin=B0057OC5O8", "asin"],
  ])("%s is a 400 naming %s", async (path, parameter) => {
    const answer = await json(reader, path, 400);
    expect(answer.error.code).toBe("invalid_request");
    expect(answer.error.details.map((detail: { parameter: string }) => detail.parameter)).toContain(parameter);
  });

  it("is a 404 for an unknown platform and a 403 for a key without products:read", async () => {
    expect((await json(reader, "/v1/nosuchshop/history?asin=B0057OC5O8", 404)).error.code).toBe("not_found");
    const created = await admin(`/v1/admin/accounts/${reader.accountId}/keys`, "POST", {
      name: "travel only",
      scopes: ["travel:read"],
    });
    const travelOnly = { ...reader, secret: ((await created.json()) as { data: { secret: string } }).data.secret };
    expect((await json(travelOnly, "/v1/amazon/history?asin=B0057OC5O8", 403)).error.code).toBe("forbidden");
  });
});

describe("`history` as a path segment", () => {
  it("is reserved: no platform is named after a static segment of the route table", () => {
    const segments = new Set<string>();
    for (const { path } of app.routes) {
      const parts = path.split("/").slice(2);
      if (parts[0] && !parts[0].startsWith(":")) segments.add(parts[0]);
      if (parts[0] === ":platform" && parts[1]) segments.add(parts[1]);
      if (parts[0] === "travel" && parts[1] && !parts[1].startsWith(":")) segments.add(parts[1]);
    }
    expect([...segments]).toEqual(expect.arrayContaining(["history", "search", "reviews", "travel", "platforms"]));
    const slugs = [...Object.keys(PRODUCT_PLATFORMS), ...Object.keys(TRAVEL_PLATFORMS)];
    expect(slugs.filter((slug) => segments.has(slug))).toEqual([]);
  });
});
