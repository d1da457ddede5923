import { describe, expect, it } from "vitest";
import type { MergedHotel, Offer, PricedHotel } from "../../../src/travel/merge";
import { emptyHotel } from "../../../src/platforms/hotel-readers/extract";
import { isPropertyType } from "../../../src/travel/property-types";
import { activeFilters, type Arrangement, arrangeHotels, relevanceOrder } from "../../../src/travel/results";

const CENTRE = { latitude: 53.3498, longitude: -6.2603 }; // Dublin, O'Connell Bridge

function offer(platform: string, price: number | null): Offer {
  return {
    platform,
    price_per_night: price,
    total_price: price === null ? null : price * 2,
    currency: "EUR",
    original: { price_per_night: price, currency: "EUR" },
    review_score: null,
    room_type: null,
    booking_url: null,
  } as Offer;
}

/** A merged hotel with every filterable value unknown unless given. */
function hotel(id: string, fields: Partial<MergedHotel> = {}): MergedHotel {
  const price = fields.price_per_night ?? null;
  return {
    ...emptyHotel(),
    id,
    name: `Hotel ${id}`,
    price_per_night: price,
    total_price: price === null ? null : price * 2,
    currency: "EUR",
    platforms: ["booking"],
    offers: [offer("booking", price)],
    ...fields,
  } as MergedHotel;
}

function arrange(hotels: MergedHotel[], options: Partial<Arrangement> = {}) {
  return arrangeHotels(hotels, {
    centre: CENTRE,
    radiusKm: null,
    sort: "price",
    relevance: new Map(),
    page: 1,
    limit: 50,
    ...options,
  });
}

const ids = (result: { page: MergedHotel[] }) => result.page.map((h) => h.id);

const wifi = "wifi" as const;
const parking = "parking" as const;
const pool = "pool" as const;

const HOTELS = [
  hotel("a", { price_per_night: 120, star_rating: 4, review_score: 8.6, amenities: [wifi, parking] }),
  hotel("b", { price_per_night: 80, star_rating: 3, review_score: 9.1, amenities: [wifi] }),
  hotel("c", { price_per_night: 200, star_rating: 5, review_score: 7.9, amenities: [wifi, parking, pool] }),
  hotel("unknown"), // nothing known: passes no filter on a value
];

describe("arrangeHotels filters: a hotel passes only when its value is known and fits", () => {
  it("stars keeps the listed ratings; min_stars keeps those at or above", () => {
    expect(ids(arrange(HOTELS, { stars: [3, 5] }))).toEqual(["b", "c"]);
    expect(ids(arrange(HOTELS, { minStars: 4 }))).toEqual(["a", "c"]);
    expect(ids(arrange(HOTELS, { stars: [4, 5], minStars: 5 }))).toEqual(["c"]);
  });

  it("min_price and max_price bound the nightly price, ends included", () => {
    expect(ids(arrange(HOTELS, { minPrice: 100 }))).toEqual(["a", "c"]);
    expect(ids(arrange(HOTELS, { maxPrice: 120 }))).toEqual(["b", "a"]);
    expect(ids(arrange(HOTELS, { minPrice: 80, maxPrice: 120 }))).toEqual(["b", "a"]);
  });

  it("review_score_min keeps scores at or above it on the 0–10 scale", () => {
    expect(ids(arrange(HOTELS, { reviewScoreMin: 8.6 }))).toEqual(["b", "a"]);
    expect(ids(arrange(HOTELS, { reviewScoreMin: 0 }))).toEqual(["b", "a", "c"]);
  });

  it("amenities needs every code listed", () => {
    expect(ids(arrange(HOTELS, { amenities: ["wifi"] }))).toEqual(["b", "a", "c"]);
    expect(ids(arrange(HOTELS, { amenities: ["wifi", "parking"] }))).toEqual(["a", "c"]);
    expect(ids(arrange(HOTELS, { amenities: ["parking", "pool"] }))).toEqual(["c"]);
    expect(ids(arrange(HOTELS, { amenities: ["spa"] }))).toEqual([]);
  });

  it("free_cancellation keeps only hotels known to cancel free", () => {
    const hotels = [
      hotel("free", { free_cancellation: true }),
      hotel("paid", { free_cancellation: false }),
      hotel("unsaid"),
    ];
    expect(ids(arrange(hotels, { freeCancellation: true }))).toEqual(["free"]);
    expect(ids(arrange(hotels, { freeCancellation: false }))).toEqual(["free", "paid", "unsaid"]);
  });

  it("property_type matches any listed kind however the page spells it", () => {
    const hotels = [
      hotel("h", { property_type: "Hotel" }),
      hotel("apt", { property_type: "Entire rental unit" }),
      hotel("gh", { property_type: "Guest house" }),
      hotel("bb", { property_type: "B&B" }),
      hotel("aparthotel", { property_type: "Aparthotel" }),
      hotel("none"),
    ];
    expect(ids(arrange(hotels, { propertyTypes: ["hotel"] }))).toEqual(["h"]);
    expect(ids(arrange(hotels, { propertyTypes: ["apartment", "guesthouse"] }))).toEqual(["apt", "gh"]);
    expect(ids(arrange(hotels, { propertyTypes: ["bed_and_breakfast", "aparthotel"] }))).toEqual(["bb", "aparthotel"]);
    expect(isPropertyType("bed_and_breakfast", "bed_and_breakfast")).toBe(true);
    expect(isPropertyType(null, "hotel")).toBe(false);
  });

  it("radius keeps hotels within it and drops those without coordinates", () => {
    const hotels = [
      hotel("near", { latitude: 53.3478, longitude: -6.2597 }), // about 0.2 km
      hotel("far", { latitude: 53.3059, longitude: -6.2205 }), // about 5.6 km
      hotel("nowhere"),
    ];
    const within = arrange(hotels, { radiusKm: 1 });
    expect(ids(within)).toEqual(["near"]);
    expect(within.page[0]!.distance_km).toBeCloseTo(0.23, 1);
    expect(ids(arrange(hotels, { radiusKm: 10, sort: "distance" }))).toEqual(["near", "far"]);
  });

  it("names each active filter by its query parameter, in one order", () => {
    const names = activeFilters({
      radiusKm: 2,
      minStars: 3,
      stars: [4],
      minPrice: 1,
      maxPrice: 2,
      reviewScoreMin: 8,
      amenities: ["wifi"],
      freeCancellation: true,
      propertyTypes: ["hotel"],
    }).map((filter) => filter.parameter);
    expect(names).toEqual([
      "radius",
      "min_stars",
      "stars",
      "min_price",
      "max_price",
      "review_score_min",
      "amenities",
      "free_cancellation",
      "property_type",
    ]);
    expect(activeFilters({ radiusKm: null, stars: [], amenities: [], freeCancellation: false })).toEqual([]);
  });
});

describe("arrangeHotels order and pages", () => {
  it("sorts by price either way, by review score best first and by distance, unknown values last", () => {
    expect(ids(arrange(HOTELS, { sort: "price" }))).toEqual(["b", "a", "c", "unknown"]);
    expect(ids(arrange(HOTELS, { sort: "-price" }))).toEqual(["c", "a", "b", "unknown"]);
    expect(ids(arrange(HOTELS, { sort: "-review_score" }))).toEqual(["b", "a", "c", "unknown"]);
    const placed = [
      hotel("2km", { latitude: 53.3318, longitude: -6.2603 }),
      hotel("nowhere"),
      hotel("1km", { latitude: 53.3408, longitude: -6.2603 }),
    ];
    expect(ids(arrange(placed, { sort: "distance" }))).toEqual(["1km", "2km", "nowhere"]);
  });

  it("relevance takes the platforms' own orders in turn, a merged hotel at its best place", () => {
    const priced = (id: string, platform: string): PricedHotel =>
      ({ ...hotel(id), platform, offer: offer(platform, 100) }) as unknown as PricedHotel;
    // booking lists b1, b2, both; expedia lists e1, both, e2. "both" is one hotel merged from the two.
    const found = [
      priced("b1", "booking"),
      priced("b2", "booking"),
      priced("both", "booking"),
      priced("e1", "expedia"),
      priced("both", "expedia"),
      priced("e2", "expedia"),
    ];
    const order = relevanceOrder(found, ["booking", "expedia"]);
    const merged = ["e2", "both", "b2", "e1", "b1"].map((id) => {
      const members = found.filter((h) => h.id === id);
      return hotel(id, { platforms: members.map((m) => m.platform), offers: members.map((m) => m.offer) });
    });
    // b1 (booking #1), e1 (expedia #1), b2 (booking #2), both (expedia #2), e2 (expedia #3).
    expect(ids(arrange(merged, { sort: "relevance", relevance: order }))).toEqual(["b1", "e1", "b2", "both", "e2"]);
    // Equal prices keep the sites' order rather than the order the platforms happened to answer in.
    expect(ids(arrange(merged, { sort: "price", relevance: order }))).toEqual(["b1", "e1", "b2", "both", "e2"]);
  });

  it("counts every hotel that passed and cuts the page asked for", () => {
    const many = Array.from({ length: 7 }, (_, i) => hotel(`h${i}`, { price_per_night: 100 + i }));
    const second = arrange(many, { page: 2, limit: 3 });
    expect(second.total).toBe(7);
    expect(ids(second)).toEqual(["h3", "h4", "h5"]);
    expect(ids(arrange(many, { page: 3, limit: 3 }))).toEqual(["h6"]);
    expect(arrange(many, { page: 4, limit: 3 }).page).toEqual([]);
  });
});
