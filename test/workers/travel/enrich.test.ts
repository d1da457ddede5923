// Filling hotels from their own pages: at most six pages at once per site, sites side by side.
import { describe, expect, it } from "vitest";
import { emptyHotel } from "../../../src/platforms/hotel-readers/extract";
import { TRAVEL_PLATFORMS } from "../../../src/platforms/index";
import type { TravelSlug } from "../../../src/platforms/index";
import type { HotelDetail } from "../../../src/platforms/hotel-types";
import type { Rates } from "../../../src/travel/conversion";
import { ENRICHMENT, enrichHotels } from "../../../src/travel/enrich";
import { mergeHotels } from "../../../src/travel/merge";
import { pricedHotel } from "../../../src/travel/pricing";

const RATES: Rates = { base: "EUR", date: "2026-11-20", source: "test", perEur: { EUR: 1 } };
const NIGHTS = 2;

/** Twelve cards per site, far apart so none merge, each lacking its street address. */
function cards(slugs: TravelSlug[]) {
  return slugs.flatMap((slug, s) =>
    Array.from({ length: 12 }, (_, i) =>
      pricedHotel(
        {
          ...emptyHotel(),
          id: `${slug}-${i}`,
          name: `${slug} lodge number ${i}`,
          latitude: 10 * s + i,
          longitude: 10 * s + i,
          price_per_night: 100 + i,
          currency: "EUR",
        },
        TRAVEL_PLATFORMS[slug],
        NIGHTS,
        "EUR",
        RATES,
      ),
    ),
  );
}

describe("hotel pages read to fill search results", () => {
  it("reads six pages at once per site and the sites side by side, filling every hotel", async () => {
    const running: Record<string, number> = {};
    const most: Record<string, number> = {};
    let mostOverall = 0;
    const load = async (platform: TravelSlug, id: string): Promise<HotelDetail> => {
      running[platform] = (running[platform] ?? 0) + 1;
      most[platform] = Math.max(most[platform] ?? 0, running[platform]!);
      mostOverall = Math.max(
        mostOverall,
        Object.values(running).reduce((a, b) => a + b, 0),
      );
      await new Promise((resolve) => setTimeout(resolve, 20));
      running[platform]! -= 1;
      return {
        ...emptyHotel(),
        id,
        name: id,
        address: `${id.length} Harbour Road, Dublin, Ireland`,
        address_parts: { street: `${id.length} Harbour Road`, city: "Dublin", postcode: null, country: "Ireland" },
        rooms: [],
        reviews: [],
        description: null,
      };
    };
    const merged = mergeHotels(cards(["booking", "expedia"]), "Dublin");
    expect(merged).toHaveLength(24);

    const filled = await enrichHotels(merged, { ...ENRICHMENT, load, nights: NIGHTS, currency: "EUR", rates: RATES });

    expect(most).toEqual({ booking: ENRICHMENT.concurrency, expedia: ENRICHMENT.concurrency });
    expect(mostOverall).toBe(2 * ENRICHMENT.concurrency);
    for (const hotel of filled) {
      expect(hotel.address_parts?.street).toMatch(/Harbour Road$/);
      expect(hotel.enriched_from.address).toBe(`${hotel.platforms[0]} hotel page`);
    }
  });

  it("reads no page when told to fill none (enrich=false)", async () => {
    let loads = 0;
    const load = async (): Promise<HotelDetail> => {
      loads++;
      throw new Error("not expected");
    };
    const merged = mergeHotels(cards(["booking"]), "Dublin");
    const answer = await enrichHotels(merged, {
      ...ENRICHMENT,
      maxHotels: 0,
      load,
      nights: NIGHTS,
      currency: "EUR",
      rates: RATES,
    });
    expect(loads).toBe(0);
    expect(answer.every((hotel) => hotel.address === null)).toBe(true);
  });
});
