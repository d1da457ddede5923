// Hotel search end to end against the replica travel sites through wrangler dev.
import { beforeAll, describe, expect, inject, it } from "vitest";
import { createAccountKey } from "../../scripts/local-stack.ts";
import { hits, replicaCounts } from "./stack.ts";

const baseUrl = inject("baseUrl");
const replicasUrl = inject("replicasUrl");
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const IN = day(40);
const OUT = day(43);
const NIGHTS = 3;
let secret: string;

async function search(platform: string, query: string, headers: Record<string, string> = {}) {
  const response = await fetch(
    `${baseUrl}/v1/travel/${platform}/hotels/search?check_in=${IN}&check_out=${OUT}&${query}`,
    { headers: { "X-API-KEY": secret, ...headers } },
  );
  return { response, body: (await response.json()) as any };
}

beforeAll(async () => {
  ({ secret } = await createAccountKey(baseUrl, inject("adminToken"), {
    name: "e2e travel",
    plan: "enterprise",
    requests_per_minute: 10_000,
  }));
});

describe("hotel search", () => {
  it("answers one platform in the documented shape, with total = nightly × nights", async () => {
    // Scraped now: another file may have searched the same stay already.
    const { response, body } = await search("booking", "destination=Dublin&fresh=true");
    expect(response.status).toBe(200);
    const { data } = body;
    expect(data).toMatchObject({ platform: "booking", check_in: IN, check_out: OUT });
    expect(data.destination).toBe("Dublin");
    expect(data.location).toMatchObject({ kind: "city", name: "Dublin", country: "IE" });
    expect(data.meta).toMatchObject({ data_freshness: "real-time" });
    expect(data.meta.request_id).toBe(body.meta.request_id);
    expect(body.meta.pagination).toMatchObject({ page: 1, limit: 20 });
    expect(body.meta.pagination.total).toBeGreaterThan(0);
    expect(data.meta.platforms.booking.status).toBe("ok");
    for (const hotel of data.hotels) {
      expect(typeof hotel.name).toBe("string");
      for (const field of ["price_per_night", "total_price", "review_count"])
        expect(Number.isInteger(hotel[field]), field).toBe(true);
      if (hotel.star_rating !== null) expect(Number.isInteger(hotel.star_rating)).toBe(true);
      if (hotel.rooms_available !== null) expect(Number.isInteger(hotel.rooms_available)).toBe(true);
      expect(typeof hotel.latitude).toBe("number");
      expect(typeof hotel.review_score).toBe("number");
      expect(hotel.review_score).toBeLessThanOrEqual(10);
      // booking prices the stay; the nightly figure is its average, rounded.
      expect(Math.abs(hotel.total_price - hotel.price_per_night * NIGHTS)).toBeLessThanOrEqual(NIGHTS);
      expect(hotel.currency).toBe("EUR");
    }
    const again = await search("booking", "destination=Dublin");
    expect(again.body.data.meta.data_freshness).toBe("cached");
    expect(again.body.data.meta.cached_at).toBeTruthy();
  });

  it("merges the same hotel across booking and expedia with one offer per platform, cheapest first", async () => {
    const { response, body } = await search("booking,expedia", "destination=Dublin&limit=50");
    expect(response.status).toBe(200);
    expect(body.data.platform).toBe("booking,expedia");
    const merged = body.data.hotels.filter((h: any) => h.platforms.length === 2);
    expect(merged.length).toBeGreaterThan(3);
    for (const hotel of merged) {
      expect(hotel.offers.map((o: any) => o.platform).sort()).toEqual(["booking", "expedia"]);
      expect(hotel.offers[0].price_per_night).toBeLessThanOrEqual(hotel.offers[1].price_per_night);
      expect(hotel.price_per_night).toBe(hotel.offers[0].price_per_night);
    }
    const single = (await search("booking", "destination=Dublin&limit=50")).body.meta.pagination.total;
    expect(body.meta.pagination.total).toBeLessThan(
      single + (await search("expedia", "destination=Dublin&limit=50")).body.meta.pagination.total,
    );
  });

  it("queries all platforms and reports each one", async () => {
    const { body } = await search("all", "destination=Paris");
    expect(body.data.platform).toBe("all");
    expect(Object.keys(body.data.meta.platforms).sort()).toEqual(["airbnb", "booking", "expedia", "hotels"]);
    for (const report of Object.values(body.data.meta.platforms) as any[]) expect(report.status).toBe("ok");
  });

  it("answers with the other platforms when one fails, marking it", async () => {
    await fetch(`${replicasUrl}/_admin/fault`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ platform: "expedia", status: 503 }),
    });
    try {
      const { response, body } = await search("booking,expedia", "destination=Madrid&fresh=true");
      expect(response.status).toBe(200);
      expect(body.data.meta.platforms.expedia.status).toBe("blocked");
      expect(body.data.meta.platforms.booking.status).toBe("ok");
      expect(body.data.hotels.length).toBeGreaterThan(0);
      expect(body.data.hotels.every((h: any) => h.platforms.every((p: string) => p === "booking"))).toBe(true);
    } finally {
      await fetch(`${replicasUrl}/_admin/fault`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ platform: "expedia" }),
      });
    }
  });

  it("converts every price with X-Currency and reports the rate and its date", async () => {
    const eur = (await search("booking", "destination=Rome")).body.data;
    const { body } = await search("booking", "destination=Rome", { "X-Currency": "USD" });
    const usd = body.data;
    expect(usd.meta.currency.code).toBe("USD");
    const [conversion] = usd.meta.currency.conversions;
    expect(conversion).toMatchObject({ from: "EUR", to: "USD" });
    expect(conversion.rate).toBeGreaterThan(0.5);
    expect(conversion.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const byName = new Map(eur.hotels.map((h: any) => [h.name, h]));
    for (const hotel of usd.hotels.slice(0, 5)) {
      expect(hotel.currency).toBe("USD");
      const original = hotel.offers[0].original;
      expect(original.currency).toBe("EUR");
      expect(hotel.price_exact.price_per_night).toBeCloseTo(original.price_per_night * conversion.rate, 1);
      expect(hotel.price_per_night).toBe(Math.round(hotel.price_exact.price_per_night));
      expect(hotel.total_price).toBe(Math.round(hotel.price_exact.total_price));
      if (byName.has(hotel.name))
        expect((byName.get(hotel.name) as any).offers[0].original.price_per_night).toBe(original.price_per_night);
    }
  });

  it("keeps only hotels within the radius, with their distance, nearest first when asked", async () => {
    const all = (await search("booking", "destination=Dublin&limit=50")).body.data;
    const near = (await search("booking", "destination=Dublin&radius=1km&sort=distance&limit=50")).body.data;
    expect(near.hotels.length).toBeGreaterThan(0);
    expect(near.hotels.length).toBeLessThan(all.hotels.length);
    const distances = near.hotels.map((h: any) => h.distance_km);
    for (const d of distances) expect(d).toBeLessThanOrEqual(1);
    expect(distances).toEqual([...distances].sort((a: number, b: number) => a - b));
    const miles = (await search("booking", "destination=Dublin&radius=0.6mi&limit=50")).body.data;
    for (const hotel of miles.hotels) expect(hotel.distance_km).toBeLessThanOrEqual(0.6 * 1.609344);
  });

  it("filters by stars and price", async () => {
    const { body } = await search("expedia", "destination=Berlin&min_stars=4&max_price=400");
    expect(body.data.hotels.length).toBeGreaterThan(0);
    for (const hotel of body.data.hotels) {
      expect(hotel.star_rating).toBeGreaterThanOrEqual(4);
      expect(hotel.price_per_night).toBeLessThanOrEqual(400);
    }
  });

  it("lists the travel platforms with their review scales", async () => {
    const body = (await (
      await fetch(`${baseUrl}/v1/travel/platforms`, { headers: { "X-API-KEY": secret } })
    ).json()) as any;
    expect(body.data.map((p: any) => [p.slug, p.review_scale])).toEqual([
      ["booking", 10],
      ["expedia", 5],
      ["hotels", 10],
      ["airbnb", 5],
    ]);
  });
});

describe("hotel fields", () => {
  const REQUIRED = ["id", "name", "price_per_night", "total_price", "currency"];
  const FILLED = [
    "address",
    "latitude",
    "longitude",
    "review_score",
    "review_count",
    "amenities",
    "rooms_available",
    "image_url",
  ];

  it.each([
    "booking",
    "expedia",
    "hotels",
    "airbnb",
    "all",
  ])("%s: every hotel has id, name, prices and currency; ≥ 95% have every other field; no id twice", async (platform) => {
    const hotels: any[] = [];
    for (const city of ["Dublin", "Paris"]) {
      const { response, body } = await search(platform, `destination=${city}&limit=50`);
      expect(response.status).toBe(200);
      expect(body.meta.pagination.total).toBe(body.data.hotels.length);
      hotels.push(...body.data.hotels);
    }
    expect(hotels.length).toBeGreaterThan(5);
    const has = (hotel: any, field: string) =>
      field === "amenities" ? hotel.amenities.length > 0 : hotel[field] !== null && hotel[field] !== undefined;
    for (const field of REQUIRED) expect(hotels.filter((h) => has(h, field)).length, field).toBe(hotels.length);
    for (const field of FILLED) {
      expect(hotels.filter((h) => has(h, field)).length / hotels.length, field).toBeGreaterThanOrEqual(0.95);
    }
    for (const hotel of hotels) {
      for (const field of ["star_rating", "price_per_night", "total_price", "rooms_available"]) {
        if (hotel[field] !== null) expect(Number.isInteger(hotel[field]), `${hotel.name} ${field}`).toBe(true);
      }
    }
    // Airbnb shows no stars; every hotel site shows a classified property's.
    const starred = hotels.filter((h) => h.star_rating !== null).length / hotels.length;
    if (platform === "airbnb") expect(starred).toBe(0);
    else expect(starred).toBeGreaterThan(0.6);
    const ids = hotels.map((h) => `${h.platforms[0]}:${h.id}`);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("says which fields came from a hotel's own page or another platform", async () => {
    const { body } = await search("booking", "destination=Dublin&limit=50");
    const sources = body.data.meta.enriched_from;
    const first = body.data.hotels[0];
    expect(sources[first.id]).toMatchObject({ address: "booking hotel page" });
    expect(first.address_parts.street).toMatch(/\d/);
    expect(first).not.toHaveProperty("enriched_from");
  });

  it("answers from the search page alone with enrich=false: no hotel page is read", async () => {
    const before = await replicaCounts();
    const { response, body } = await search("booking", "destination=Dublin&limit=50&fresh=true&enrich=false");
    const after = await replicaCounts();
    expect(response.status).toBe(200);
    const pagesRead = Object.keys(after).filter(
      (path) => path.startsWith("/booking/hotel/") && hits(before, after, path),
    );
    expect(pagesRead).toEqual([]);
    expect(hits(before, after, "/booking/searchresults.html")).toBe(1);
    const hotels = body.data.hotels;
    expect(hotels.length).toBeGreaterThan(5);
    // Booking's cards give the town, not the street, which only the hotel page adds.
    expect(hotels.every((hotel: any) => !hotel.address_parts?.street)).toBe(true);
    const sources = Object.values(body.data.meta.enriched_from).flatMap((fields: any) => Object.values(fields));
    expect(sources).not.toContain("booking hotel page");
  });
});

describe("hotel detail", () => {
  it("reads a hotel page with room types, converted prices and reviews", async () => {
    const found = (await search("hotels", "destination=Dublin")).body.data.hotels[0];
    const id = found.id;
    const response = await fetch(
      `${baseUrl}/v1/travel/hotels/hotels/${encodeURIComponent(id)}?check_in=${IN}&check_out=${OUT}`,
      { headers: { "X-API-KEY": secret, "X-Currency": "GBP" } },
    );
    const body = (await response.json()) as any;
    expect(response.status).toBe(200);
    expect(body.data.name).toBeTruthy();
    expect(body.data.currency).toBe("GBP");
    expect(body.data.rooms.length).toBeGreaterThan(0);
    for (const room of body.data.rooms) {
      expect(typeof room.room_type).toBe("string");
      expect(room.currency).toBe("GBP");
      if (room.price_per_night === null) continue;
      // Converted: whole numbers per night and for the stay, exact figures beside them.
      expect(Number.isInteger(room.price_per_night) && Number.isInteger(room.total_price)).toBe(true);
      expect(room.total_price).toBe(Math.round(room.price_exact.total_price));
      expect(room.price_exact.total_price).toBeCloseTo(room.price_exact.price_per_night * NIGHTS, 1);
    }
    expect(Number.isInteger(body.data.price_per_night) && Number.isInteger(body.data.total_price)).toBe(true);
    expect(body.data.amenities[0]).toEqual(expect.any(String));
    expect(body.data.platforms).toEqual([expect.any(String)]);
    expect(body.data.reviews.length).toBeGreaterThan(0);
  });
});

describe("exchange rates", () => {
  it("are refreshed by the daily cron from the feed", async () => {
    const before = (await search("booking", "destination=Lisbon", { "X-Currency": "USD" })).body.data.meta.currency
      .source;
    expect(before).toContain("snapshot");
    const trigger = await fetch(`${baseUrl}/cdn-cgi/local/scheduled?cron=${encodeURIComponent("0 6 * * *")}`);
    expect(trigger.status).toBe(200);
    let source = before;
    for (let i = 0; i < 20 && source === before; i++) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      source = (await search("booking", "destination=Lisbon", { "X-Currency": "USD" })).body.data.meta.currency.source;
    }
    expect(source).toBe(`fawazahmed0/currency-api 2026-09-29 (${new URL(replicasUrl).host})`);
  });
});
