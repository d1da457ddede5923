// How full the hotel answers are over the replica sites: each platform's search in every replica
// city, run through the same steps as the search route (parse, price, merge, fill from hotel
// pages), and the share of hotels with each field of the hotel object set. Printed by
// `npm run extract -- --report`, and held to the bar by test/fixtures/hotel-fill.test.ts.
import { CITIES } from "../replicas/hotel-data.ts";
import { startReplicas } from "../replicas/server.ts";
import { TRAVEL_PLATFORMS } from "../src/platforms/index";
import type { TravelSlug } from "../src/platforms/index";
import type { Rates } from "../src/travel/conversion";
import { HOTEL_FIELDS } from "../src/scrape/completeness";
import { enrichHotels } from "../src/travel/enrich";
import { type MergedHotel, mergeHotels, type PricedHotel } from "../src/travel/merge";
import { pricedHotel } from "../src/travel/pricing";

type HotelField = (typeof HOTEL_FIELDS)[number];

export const SEARCHES = ["booking", "expedia", "hotels", "airbnb", "all"] as const;

const EUR_ONLY: Rates = { base: "EUR", date: "2026-11-01", source: "none", perEur: { EUR: 1 } };

export interface FillReport {
  stay: { checkIn: string; checkOut: string; nights: number };
  /** Per search (a platform or all): hotels answered, and per field how many have it. */
  searches: Record<string, { hotels: MergedHotel[]; filled: Record<HotelField, number> }>;
}

const isSet = (hotel: MergedHotel, field: HotelField) =>
  field === "amenities" ? hotel.amenities.length > 0 : hotel[field] !== null && hotel[field] !== undefined;

async function searchOne(base: string, slug: TravelSlug, city: string, stay: FillReport["stay"]) {
  const platform = TRAVEL_PLATFORMS[slug];
  const query = {
    destination: city,
    checkIn: stay.checkIn,
    checkOut: stay.checkOut,
    adults: 2,
    children: [],
    rooms: 1,
  };
  const url = platform.searchUrl({ ...query, page: 1 }, `${base}/${slug}`);
  const page = platform.parseSearch(await (await fetch(url)).text(), url);
  return page.hotels.map((hotel) => pricedHotel(hotel, platform, stay.nights, "EUR", EUR_ONLY));
}

/** Every search in every replica city, answered the way the route answers it. */
export async function hotelFillReport(checkIn = "2030-05-14", checkOut = "2030-05-17"): Promise<FillReport> {
  const replicas = await startReplicas({ port: 0 });
  const stay = { checkIn, checkOut, nights: Math.round((Date.parse(checkOut) - Date.parse(checkIn)) / 86_400_000) };
  const load = async (slug: TravelSlug, id: string) => {
    const platform = TRAVEL_PLATFORMS[slug];
    const url = platform.hotelUrl(id, { checkIn, checkOut, adults: 2 }, `${replicas.url}/${slug}`);
    return platform.parseHotel(await (await fetch(url)).text(), url);
  };
  const report: FillReport = { stay, searches: {} };
  try {
    for (const search of SEARCHES) {
      const slugs: TravelSlug[] = search === "all" ? ["booking", "expedia", "hotels", "airbnb"] : [search];
      const hotels: MergedHotel[] = [];
      for (const city of CITIES) {
        const found: PricedHotel[] = (
          await Promise.all(slugs.map((slug) => searchOne(replicas.url, slug, city.name, stay)))
        ).flat();
        const merged = mergeHotels(found, city.name);
        const options = { load, nights: stay.nights, currency: "EUR", rates: EUR_ONLY };
        hotels.push(...(await enrichHotels(merged, { ...options, concurrency: 6, maxHotels: 60, budgetMs: 30_000 })));
      }
      const filled = Object.fromEntries(
        HOTEL_FIELDS.map((field) => [field, hotels.filter((hotel) => isSet(hotel, field)).length]),
      ) as Record<HotelField, number>;
      report.searches[search] = { hotels, filled };
    }
  } finally {
    await replicas.stop();
  }
  return report;
}

export function formatFillReport(report: FillReport): string {
  const header = ["field", ...SEARCHES];
  const rows = HOTEL_FIELDS.map((field) => [
    field,
    ...SEARCHES.map((search) => {
      const { hotels, filled } = report.searches[search]!;
      return hotels.length === 0 ? "–" : `${Math.round((filled[field] / hotels.length) * 1000) / 10}%`;
    }),
  ]);
  const counts = ["hotels", ...SEARCHES.map((search) => String(report.searches[search]!.hotels.length))];
  const widths = header.map((_, col) => Math.max(...[header, counts, ...rows].map((row) => row[col]!.length)));
  const line = (row: string[]) => row.map((cell, col) => cell.padEnd(widths[col]!)).join("  ");
  return [
    `Hotel fields filled over the replicas (${report.stay.checkIn} to ${report.stay.checkOut}, every city):`,
    line(header),
    line(counts),
    ...rows.map(line),
    "",
  ].join("\n");
}
