// src/price-observations.ts: what a hotel search and a hotel page read live add to the price
// history (the site's own nightly price and currency, whoever asked and in whatever X-Currency),
// read back through GET /v1/travel/{platform}/hotels/{id}/history; how a product's history is
// keyed; and that a failed write never reaches the answer. The replica sites answer inside workerd.
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createApp } from "../../src/app";
import { dayOf } from "../../src/db/price-history";
import { observeHotelPage, observeHotelSearch, observeProduct, productItem } from "../../src/price-observations";
import { PRODUCT_PLATFORMS } from "../../src/platforms";
import type { ProductRecord } from "../../src/scrape/types";
import { loadRates } from "../../src/travel/currency";
import { TRAVEL_PLATFORMS } from "../../src/platforms/index";
import { scrapeHotelPage } from "../../src/travel/hotel-page";
import { searchPlatforms } from "../../src/travel/search";
import { callApp, env, newAccount, type TestAccount, withKey } from "./helpers";
import { REPLICA, serveReplicas } from "./replica-sites";

vi.setConfig({ testTimeout: 30_000 });
const replicaEnv = { ...env, REPLICA_ORIGIN: REPLICA } as Env;
const day = (offset: number) => dayOf(new Date(Date.now() + offset * 86_400_000));
const STAY = { checkIn: day(40), checkOut: day(43), nights: 3, adults: 2 };

/** The app with two routes standing in for the hotel routes' answers: each observes what it read. */
const app = createApp((routes) => {
  routes.get("/test/search", async (c) => {
    const currency = c.req.query("currency") ?? "EUR";
    const { hotels, reports, fromOwnSite } = await searchPlatforms(c.env, (p) => c.executionCtx.waitUntil(p), {
      slugs: ["booking"],
      stay: { ...STAY, searchName: "Dublin", children: [], rooms: 1 },
      accountId: "acc_observer",
      currency,
      rates: await loadRates(c.env.DB),
      freshness: { fresh: c.req.query("fresh") === "true" },
    });
    observeHotelSearch(c, hotels, reports, fromOwnSite);
    return c.json({ hotels: hotels.map(({ offer }) => offer), cache: reports.booking!.cache });
  });
  routes.get("/test/hotel/:id", async (c) => {
    const id = c.req.param("id");
    const stay = { checkIn: STAY.checkIn, checkOut: STAY.checkOut, adults: 2 };
    const { record, meta } = await scrapeHotelPage(c.env, (p) => c.executionCtx.waitUntil(p), {
      platform: "booking",
      id,
      stay,
      accountId: "acc_observer",
      freshness: { fresh: true },
    });
    observeHotelPage(c, {
      platform: TRAVEL_PLATFORMS.booking,
      id,
      detail: record,
      nights: STAY.nights,
      cache: meta.cache,
      sourceUrl: meta.source_url,
    });
    return c.json({ price_per_night: record.price_per_night, currency: record.currency });
  });
  routes.get("/test/broken-write", (c) => {
    const product = { id: "B0BROKEN01", price: { amount: 5, currency: "USD", raw: "$5" }, availability: null };
    observeProduct(c, {
      platform: PRODUCT_PLATFORMS.amazon!,
      lookup: { id: "B0BROKEN01" },
      product: product as ProductRecord,
      cache: "miss",
      sourceUrl: "https://www.amazon.com/dp/B0BROKEN01",
    });
    return c.text("answered");
  });
});

let account: TestAccount;
beforeAll(async () => {
  account = await newAccount({ plan: "enterprise" });
});
afterEach(() => vi.restoreAllMocks());

async function get(path: string, bindings: object = replicaEnv) {
  const response = await callApp(app, path, withKey(account.secret), bindings);
  const text = await response.text();
  expect(response.status, text.slice(0, 300)).toBe(200);
  return text.startsWith("{") ? JSON.parse(text) : text;
}

const history = (id: string) => get(`/v1/travel/booking/hotels/${encodeURIComponent(id)}/history`);

describe("observeHotelSearch", () => {
  it("adds each card read live at the site's own nightly price, whatever currency the answer was in", async () => {
    serveReplicas();
    const inEuro = await get("/test/search?fresh=true");
    const offer = inEuro.hotels.find((candidate: any) => candidate.original.price_per_night > 0);
    // The same search answered in dollars, read live again: the same price in the same currency.
    await get("/test/search?fresh=true&currency=USD");
    const answer = await history(offer.id);
    expect(answer.data).toMatchObject({ platform: "booking", id: offer.id, days: 90 });
    const nightly = offer.original.price_per_night;
    expect(answer.data.points).toEqual([
      {
        date: dayOf(new Date()),
        low: nightly,
        high: nightly,
        last: nightly,
        currency: offer.original.currency,
        availability: "available",
      },
    ]);
    expect(answer.meta.history).toMatchObject({ days_observed: 1, enough: false });
    expect(answer.meta.history.message).toContain(`booking hotel ${offer.id}`);
    expect(JSON.stringify(answer)).not.toContain("acc_observer");
  });

  it("adds nothing for a search answered from the cache", async () => {
    serveReplicas();
    const live = await get("/test/search");
    const id = live.hotels[0].id as string;
    const before = await countOf(id);
    const cached = await get("/test/search");
    expect(cached.cache).toBe("hit");
    expect(await countOf(id)).toBe(before);
  });
});

async function countOf(id: string) {
  const row = await env.DB.prepare(
    "SELECT sum(observations) AS n FROM price_history WHERE platform = 'booking' AND item_id = ?",
  )
    .bind(id)
    .first<{ n: number | null }>();
  return row?.n ?? 0;
}

describe("observeHotelPage", () => {
  it("adds the page's headline nightly price under the id the search gave", async () => {
    serveReplicas();
    const offer = (await get("/test/search?fresh=true")).hotels[0];
    const page = await get(`/test/hotel/${encodeURIComponent(offer.id)}`);
    const { points } = (await history(offer.id)).data;
    expect(points).toHaveLength(1);
    const prices = [offer.original.price_per_night, page.price_per_night].filter((price) => price !== null);
    expect(points[0].low).toBe(Math.min(...prices));
    expect(points[0].high).toBe(Math.max(...prices));
  });
});

describe("GET /v1/travel/{platform}/hotels/{id}/history", () => {
  it("answers a hotel never read with no points and the not-enough message", async () => {
    const answer = await history("ie/never-read-hotel");
    expect(answer.data).toEqual({ platform: "booking", id: "ie/never-read-hotel", days: 90, points: [] });
    expect(answer.meta.history.message).toMatch(/^Not enough history yet: the service has not read booking hotel/);
  });

  it("refuses a list of platforms, an unknown one and a bad `days`", async () => {
    const status = async (path: string) => (await callApp(app, path, withKey(account.secret))).status;
    expect(await status("/v1/travel/booking,expedia/hotels/1/history")).toBe(400);
    expect(await status("/v1/travel/all/hotels/1/history")).toBe(400);
    expect(await status("/v1/travel/nowhere/hotels/1/history")).toBe(404);
    expect(await status("/v1/travel/booking/hotels/1/history?days=500")).toBe(400);
  });
});

describe("a failed write", () => {
  it("is logged and never reaches the answer", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const broken = {
      ...env,
      DB: { prepare: () => ({ bind: () => ({}) }), batch: () => Promise.reject(new Error("D1 is down")) },
    };
    expect(await get("/test/broken-write", broken)).toBe("answered");
    expect(errors.mock.calls.some(([line]) => String(line).includes("price history not recorded"))).toBe(true);
  });
});

describe("productItem", () => {
  const amazon = PRODUCT_PLATFORMS.amazon!;
  it("keys a marketplace's product by its id and the site's country, and a shop page by its URL", () => {
    expect(productItem(amazon, { id: "B0057OC5O8" })).toEqual({
      platform: "amazon",
      itemId: "B0057OC5O8",
      market: "us",
    });
    expect(productItem(amazon, { id: "B0057OC5O8", country: "UK" })?.market).toBe("gb");
    expect(productItem(amazon, { url: "https://www.amazon.de/dp/B0057OC5O8" }, "B0057OC5O8")).toEqual({
      platform: "amazon",
      itemId: "B0057OC5O8",
      market: "de",
    });
    expect(productItem(amazon, { url: "https://www.amazon.de/dp/x" }, "not an asin")).toBeNull();
    expect(productItem(PRODUCT_PLATFORMS.generic!, { url: "https://shop.example/p/1" })).toEqual({
      platform: "generic",
      itemId: "https://shop.example/p/1",
      market: "",
    });
  });
});
