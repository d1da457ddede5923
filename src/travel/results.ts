// What a hotel search answers after the platforms are merged: distances from the search centre,
// the caller's filters, the order asked for, and one page of it.
import type { AmenityCode } from "./amenities";
import type { MergedHotel, Offer, PricedHotel } from "./merge";
import { distanceKm } from "./distance";
import { isPropertyType, type PropertyType } from "./property-types";

export type ArrangedHotel = MergedHotel & { distance_km?: number };

/** Filters applied to the hotels the sites sent back. A hotel whose value is unknown (null) never passes a filter on it. */
export interface HotelFilters {
  /** Hotels farther than this from the centre (or without coordinates) are left out; null keeps all. */
  radiusKm: number | null;
  minStars?: number;
  /** Any of these star ratings. */
  stars?: number[];
  /** Per night, in the answer's currency. */
  minPrice?: number;
  maxPrice?: number;
  /** 0–10. */
  reviewScoreMin?: number;
  /** Every one of them must be listed. */
  amenities?: AmenityCode[];
  freeCancellation?: boolean;
  /** Any of these. */
  propertyTypes?: PropertyType[];
}

/** `relevance` is the sites' own order, taken round-robin: each platform's first hotel, then each one's second, … */
export const HOTEL_SORTS = ["price", "-price", "-review_score", "distance", "relevance"] as const;
export type HotelSort = (typeof HOTEL_SORTS)[number];

export interface Arrangement extends HotelFilters {
  centre: { latitude: number; longitude: number };
  sort: HotelSort;
  /** Each offer's place in the round-robin of the platforms' own orders (see relevanceOrder). */
  relevance: Map<Offer, number>;
  /** 1-based. */
  page: number;
  limit: number;
}

interface HotelFilter {
  /** The query parameter that asked for it. */
  parameter: string;
  passes: (hotel: ArrangedHotel) => boolean;
}

/** The filters `options` ask for, each named by its query parameter (so the answer can say what was applied). */
export function activeFilters(options: HotelFilters): HotelFilter[] {
  const { radiusKm, minStars, stars, minPrice, maxPrice, reviewScoreMin, amenities, propertyTypes } = options;
  const filters: HotelFilter[] = [];
  const add = (parameter: string, passes: (hotel: ArrangedHotel) => boolean) => filters.push({ parameter, passes });
  if (radiusKm !== null) add("radius", (h) => h.distance_km !== undefined && h.distance_km <= radiusKm);
  if (minStars !== undefined) add("min_stars", (h) => h.star_rating !== null && h.star_rating >= minStars);
  if (stars?.length) add("stars", (h) => h.star_rating !== null && stars.includes(h.star_rating));
  if (minPrice !== undefined) add("min_price", (h) => h.price_per_night !== null && h.price_per_night >= minPrice);
  if (maxPrice !== undefined) add("max_price", (h) => h.price_per_night !== null && h.price_per_night <= maxPrice);
  if (reviewScoreMin !== undefined)
    add("review_score_min", (h) => h.review_score !== null && h.review_score >= reviewScoreMin);
  if (amenities?.length) add("amenities", (h) => amenities.every((code) => h.amenities.includes(code)));
  if (options.freeCancellation) add("free_cancellation", (h) => h.free_cancellation === true);
  if (propertyTypes?.length)
    add("property_type", (h) => propertyTypes.some((type) => isPropertyType(h.property_type, type)));
  return filters;
}

/**
 * Each offer's place in the round-robin of the platforms' own orders: with two platforms, the first
 * hotel of each gets 0 and 1, the second of each 2 and 3. `hotels` is in each site's page order, as
 * searchPlatforms collects it; the offers are the objects mergeHotels carries into `offers[]`.
 */
export function relevanceOrder(hotels: PricedHotel[], platforms: readonly string[]): Map<Offer, number> {
  const seen = new Map<string, number>();
  const order = new Map<Offer, number>();
  for (const hotel of hotels) {
    const rank = seen.get(hotel.platform) ?? 0;
    seen.set(hotel.platform, rank + 1);
    order.set(hotel.offer, rank * platforms.length + Math.max(0, platforms.indexOf(hotel.platform)));
  }
  return order;
}

/** A hotel's place in the order; missing values sort last. */
function sortKey(hotel: ArrangedHotel, options: Arrangement, sort = options.sort): number {
  const last = (value: number | null | undefined, sign = 1) =>
    value === null || value === undefined ? Infinity : sign * value;
  if (sort === "price") return last(hotel.price_per_night);
  if (sort === "-price") return last(hotel.price_per_night, -1);
  if (sort === "-review_score") return last(hotel.review_score, -1);
  if (sort === "distance") return last(hotel.distance_km);
  return Math.min(...hotel.offers.map((offer) => options.relevance.get(offer) ?? Infinity));
}

const ascending = (a: number, b: number) => (a === b ? 0 : a < b ? -1 : 1);

/** Every hotel that passes the filters (`total`) and the requested page of them, in order; ties keep the sites' order. */
export function arrangeHotels(hotels: MergedHotel[], options: Arrangement): { total: number; page: ArrangedHotel[] } {
  const { latitude, longitude } = options.centre;
  const filters = activeFilters(options);
  const kept = hotels
    .map((hotel): ArrangedHotel => {
      if (hotel.latitude === null || hotel.longitude === null) return hotel;
      return {
        ...hotel,
        distance_km: Math.round(distanceKm(latitude, longitude, hotel.latitude, hotel.longitude) * 100) / 100,
      };
    })
    .filter((hotel) => filters.every((filter) => filter.passes(hotel)));
  kept.sort(
    (a, b) =>
      ascending(sortKey(a, options), sortKey(b, options)) ||
      ascending(sortKey(a, options, "relevance"), sortKey(b, options, "relevance")),
  );
  return { total: kept.length, page: kept.slice((options.page - 1) * options.limit, options.page * options.limit) };
}
