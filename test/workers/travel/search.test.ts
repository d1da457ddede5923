// The hotel search route end to end inside workerd, with each site's answer already in the scrape
// cache (so no site is reached): destination echo, location, occupancy sent, filters and order.
import { beforeAll, describe, expect, it } from "vitest";
import { cacheKey } from "../../../src/scrape/cache";
import { emptyHotel } from "../../../src/platforms/hotel-readers/extract";
import type { HotelRecord, HotelSearchPage } from "../../../src/platforms/hotel-types";
import { call, env, newAccount, withKey } from "../helpers";

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const CHECK_IN = day(40);
const CHECK_OUT = day(42);
const STAY = `check_in=${CHECK_IN}&check_out=${CHECK_OUT}`;

function card(name: string, fields: Partial<HotelRecord>): HotelRecord {
  return {
    // No site id: no hotel page to read, so the answer is what the cards hold (no site is reached).
    ...emptyHotel(),
    name,
    currency: "EUR",
    ...fields,
  };
}

const ALPHA = {
  latitude: 53.3478,
  longitude: -6.2597,
  star_rating: 4,
  review_score: 8.8,
  amenities: ["Free WiFi", "Private parking"],
  free_cancellation: true,
  property_type: "Hotel",
};
/** Each site's first page for Dublin, in the site's own order. */
const PAGES: Record<string, HotelRecord[]> = {
  booking: [
    card("Alpha House", { ...ALPHA, price_per_night: 150, review_count: 900 }),
    card("Bravo Rooms", {
      price_per_night: 90,
      star_rating: 3,
      review_score: 9.2,
      amenities: ["Free WiFi"],
      free_cancellation: false,
      property_type: "Guest house",
    }),
    card("Charlie Lodge", { price_per_night: 70, star_rating: 2, review_score: 6.4, property_type: "Hostel" }),
  ],
  expedia: [
    card("Delta Grand", { price_per_night: 260, star_rating: 5, review_score: 8.1, amenities: ["Wi-Fi", "Pool"] }),
    card("Alpha House", { ...ALPHA, price_per_night: 140, review_count: 300 }),
  ],
};

/** A page with ids (searched with enrich=false, so no hotel page is read): an ad repeating an organic card, and one not. */
const PARIS: HotelRecord[] = [
  card("Hôtel Lutèce", { id: "fr/lutece", price_per_night: 180, sponsored: true }),
  card("Hôtel Lutèce", { id: "fr/lutece", price_per_night: 180 }),
  card("Hôtel Marais", { id: "fr/marais", price_per_night: 120 }),
  card("Hôtel Opéra", { id: "fr/opera", price_per_night: 150, sponsored: true }),
];

/** Puts a site's page where the route's scrape looks for it: the key holds every query field the site is sent. */
async function seed(platform: string, destination: string, hotels: HotelRecord[], children: number[] = []) {
  const query = { destination, checkIn: CHECK_IN, checkOut: CHECK_OUT, adults: 2, children, rooms: 1, page: 1 };
  const record: HotelSearchPage = { hotels, total_results: hotels.length, has_next_page: false };
  const meta = { source_url: `https://${platform}.example/`, engine: "fetch", proxy: null, captcha: "none" };
  await env.CACHE.put(
    await cacheKey(platform, "hotel-search", query),
    JSON.stringify({ record, meta, fetchedAt: Date.now() }),
  );
}

let secret: string;
beforeAll(async () => {
  ({ secret } = await newAccount({ plan: "enterprise" }));
  for (const [platform, hotels] of Object.entries(PAGES)) {
    await seed(platform, "Dublin", hotels);
    await seed(platform, "Dublin", hotels.slice(0, 1), [4, 9]);
  }
  await seed("booking", "Valencia", [card("Hotel Valencia Centro", { price_per_night: 60 })]);
  await seed("booking", "Paris", PARIS);
});

async function answer(platform: string, query: string) {
  const response = await call(`/v1/travel/${platform}/hotels/search?${STAY}&${query}`, withKey(secret));
  const body = (await response.json()) as any;
  expect(response.status, JSON.stringify(body.error)).toBe(200);
  return body;
}

const search = async (platform: string, query: string) => (await answer(platform, query)).data;

const names = (data: any) => data.hotels.map((h: any) => h.name);

describe("hotel search destination", () => {
  it("echoes the destination as sent and gives the place found in data.location", async () => {
    const data = await search("booking", "destination=dublin-ie");
    expect(data.destination).toBe("dublin-ie");
    expect(data.location).toEqual({
      kind: "city",
      name: "Dublin",
      country: "IE",
      latitude: 53.33306,
      longitude: -6.24889,
      radius_km: null,
    });
    expect(data.meta.location).toBeUndefined();
    expect(data.meta.location_alternatives).toEqual([]);
    expect(data.meta.filters).toEqual({ sent_to_sites: ["adults", "rooms"], applied_after: [] });
    expect(data.meta.total_results).toBeUndefined();
  });

  it("picks the most populous of namesakes and lists the others in meta", async () => {
    const data = await search("booking", "destination=Valencia");
    expect(data.location).toMatchObject({ kind: "city", name: "Valencia", country: "VE" });
    expect(data.meta.location_alternatives).toEqual([
      { kind: "city", name: "Valencia", country: "ES", latitude: expect.any(Number), longitude: expect.any(Number) },
    ]);
  });

  it("centres on a point sent as latitude and longitude, and says which radius filtered", async () => {
    const data = await search("booking", "destination=Dublin&latitude=53.3454&longitude=-6.2644&radius=1km");
    expect(data.location).toEqual({
      kind: "coordinates",
      name: "Dublin",
      country: "IE",
      latitude: 53.3454,
      longitude: -6.2644,
      radius_km: 1,
    });
    expect(names(data)).toEqual(["Alpha House"]); // the others carry no coordinates
    expect(data.meta.filters.applied_after).toEqual(["radius"]);
  });
});

describe("hotel search occupancy and filters", () => {
  it("sends children's ages to the sites", async () => {
    // Only the cache entry whose query holds children 4 and 9 answers; without them the site would be reached.
    const data = await search("booking,expedia", "destination=Dublin&children=4,9");
    expect(names(data)).toEqual(["Alpha House", "Delta Grand"]); // each site's first card, as seeded for this query
    expect(data.meta.filters.sent_to_sites).toEqual(["adults", "children", "rooms"]);
  });

  it("applies every filter to the merged hotels and names them in meta.filters", async () => {
    const data = await search(
      "booking,expedia",
      "destination=Dublin&stars=4,5&max_price=200&review_score_min=8&amenities=wifi,PARKING&free_cancellation=true&property_type=hotel",
    );
    expect(names(data)).toEqual(["Alpha House"]);
    expect(data.hotels[0].platforms.sort()).toEqual(["booking", "expedia"]);
    expect(data.hotels[0].price_per_night).toBe(140);
    expect(data.meta.filters.applied_after).toEqual([
      "stars",
      "max_price",
      "review_score_min",
      "amenities",
      "free_cancellation",
      "property_type",
    ]);
    expect(names(await search("booking,expedia", "destination=Dublin&amenities=pool"))).toEqual(["Delta Grand"]);
    expect(names(await search("booking", "destination=Dublin&property_type=guesthouse,hostel"))).toEqual([
      "Charlie Lodge",
      "Bravo Rooms",
    ]);
  });

  it("orders by price either way, by review score (rating is its alias) and by the sites' own order", async () => {
    const both = "booking,expedia";
    expect(names(await search(both, "destination=Dublin"))).toEqual([
      "Charlie Lodge",
      "Bravo Rooms",
      "Alpha House",
      "Delta Grand",
    ]);
    expect(names(await search(both, "destination=Dublin&sort=-price"))).toEqual([
      "Delta Grand",
      "Alpha House",
      "Bravo Rooms",
      "Charlie Lodge",
    ]);
    const byScore = ["Bravo Rooms", "Alpha House", "Delta Grand", "Charlie Lodge"];
    expect(names(await search(both, "destination=Dublin&sort=-review_score"))).toEqual(byScore);
    expect(names(await search(both, "destination=Dublin&sort=rating"))).toEqual(byScore);
    // booking #1 Alpha, expedia #1 Delta, booking #2 Bravo, (expedia #2 is Alpha again), booking #3 Charlie.
    expect(names(await search(both, "destination=Dublin&sort=relevance"))).toEqual([
      "Alpha House",
      "Delta Grand",
      "Bravo Rooms",
      "Charlie Lodge",
    ]);
  });
});

describe("hotel search answer shape", () => {
  it("pages the merged hotels in meta.pagination, as every list does", async () => {
    const body = await answer("booking", "destination=Dublin&limit=2&page=2");
    expect(body.meta.pagination).toEqual({ page: 2, limit: 2, total: 3, total_pages: 2 });
    expect(names(body.data)).toEqual(["Alpha House"]);
    expect(body.data.meta.page).toBeUndefined();
    expect(body.data.meta.limit).toBeUndefined();
  });

  it("answers amenities as vocabulary codes, each once", async () => {
    const data = await search("booking,expedia", "destination=Dublin&sort=-price");
    expect(data.hotels.map((h: any) => [h.name, h.amenities])).toEqual([
      ["Delta Grand", ["wifi", "pool"]],
      ["Alpha House", ["wifi", "parking"]],
      ["Bravo Rooms", ["wifi"]],
      ["Charlie Lodge", []],
    ]);
  });

  it("keeps a sponsored hotel flagged, and counts an ad repeating an organic card once, as organic", async () => {
    const body = await answer("booking", "destination=Paris&enrich=false&sort=relevance");
    expect(body.data.hotels.map((h: any) => [h.id, h.sponsored])).toEqual([
      ["fr/lutece", false],
      ["fr/marais", false],
      ["fr/opera", true],
    ]);
    expect(body.meta.pagination.total).toBe(3);
    expect(body.data.meta.platforms.booking.hotels).toBe(3);
  });
});
