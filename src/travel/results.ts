// What a hotel search answers after the platforms are merged: distances from the search centre,
// the caller's filters, the order asked for, and one page of it.
import type { MergedHotel } from "./merge";
import { distanceKm } from "./places";

export type ArrangedHotel = MergedHotel & { distance_km?: number };

export interface Arrangement {
  centre: { latitude: number; longitude: number };
  /** Hotels farther than this from the centre (or without coordinates) are left out; null keeps all. */
  radiusKm: number | null;
  minStars?: number;
  minPrice?: number;
  maxPrice?: number;
  sort: "price" | "rating" | "distance";
  /** 1-based. */
  page: number;
  limit: number;
}

function inFilters(hotel: ArrangedHotel, options: Arrangement): boolean {
  if (options.radiusKm !== null && (hotel.distance_km === undefined || hotel.distance_km > options.radiusKm))
    return false;
  if (options.minStars !== undefined && (hotel.star_rating ?? 0) < options.minStars) return false;
  const price = hotel.price_per_night;
  if (options.minPrice !== undefined && (price === null || price < options.minPrice)) return false;
  if (options.maxPrice !== undefined && (price === null || price > options.maxPrice)) return false;
  return true;
}

/** A hotel's place in the order; missing values sort last. */
function sortKey(hotel: ArrangedHotel, sort: Arrangement["sort"]): number {
  if (sort === "price") return hotel.price_per_night ?? Infinity;
  if (sort === "rating") return -(hotel.review_score ?? -1);
  return hotel.distance_km ?? Infinity;
}

/** Every hotel that passes the filters (`total`) and the requested page of them, in order. */
export function arrangeHotels(hotels: MergedHotel[], options: Arrangement): { total: number; page: ArrangedHotel[] } {
  const { latitude, longitude } = options.centre;
  const kept = hotels
    .map((hotel): ArrangedHotel => {
      if (hotel.latitude === null || hotel.longitude === null) return hotel;
      return {
        ...hotel,
        distance_km: Math.round(distanceKm(latitude, longitude, hotel.latitude, hotel.longitude) * 100) / 100,
      };
    })
    .filter((hotel) => inFilters(hotel, options));
  kept.sort((a, b) => sortKey(a, options.sort) - sortKey(b, options.sort));
  return { total: kept.length, page: kept.slice((options.page - 1) * options.limit, options.page * options.limit) };
}
