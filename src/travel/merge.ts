// Joins the same hotel found on several platforms into one record with one offer per platform.
import type { HotelRecord } from "../scrape/types";
import type { Amenity } from "./amenities";
import { distanceKm, normalisePlaceName } from "./places";

export interface Offer {
  platform: string;
  price_per_night: number | null;
  total_price: number | null;
  currency: string;
  /** The site's own figure before conversion. */
  original: { price_per_night: number | null; currency: string | null };
  review_score: number | null;
  room_type: string | null;
  booking_url: string | null;
}

export interface PricedHotel extends Omit<HotelRecord, "currency" | "amenities"> {
  currency: string;
  amenities: Amenity[];
  platform: string;
  offer: Offer;
}

export interface MergedHotel extends Omit<PricedHotel, "offer" | "platform"> {
  platforms: string[];
  offers: Offer[];
}

/** Words that say nothing about which hotel it is. */
const NOISE = new Set([
  "hotel",
  "hotels",
  "the",
  "and",
  "by",
  "a",
  "an",
  "de",
  "la",
  "le",
  "el",
  "il",
  "apartments",
  "suites",
  "inn",
]);

function nameTokens(name: string | null, city: string): Set<string> {
  const cityWords = new Set(normalisePlaceName(city).split(" "));
  return new Set(
    normalisePlaceName(name ?? "")
      .split(" ")
      .filter((word) => word && !NOISE.has(word) && !cityWords.has(word)),
  );
}

/** Jaccard similarity of the names' meaningful words. */
export function nameSimilarity(a: string | null, b: string | null, city = ""): number {
  const left = nameTokens(a, city);
  const right = nameTokens(b, city);
  if (left.size === 0 || right.size === 0) return 0;
  const shared = [...left].filter((word) => right.has(word)).length;
  return shared / (left.size + right.size - shared);
}

/** Same hotel: similar names and, where both sites give coordinates, within 300 m. */
export function sameHotel(a: PricedHotel, b: PricedHotel, city: string): boolean {
  const similarity = nameSimilarity(a.name, b.name, city);
  if (a.latitude !== null && a.longitude !== null && b.latitude !== null && b.longitude !== null) {
    return similarity >= 0.5 && distanceKm(a.latitude, a.longitude, b.latitude, b.longitude) <= 0.3;
  }
  return similarity >= 0.8;
}

/** Greedy clustering: each hotel joins the first group holding a match from another platform. */
export function mergeHotels(hotels: PricedHotel[], city: string): MergedHotel[] {
  const groups: PricedHotel[][] = [];
  for (const hotel of hotels) {
    const group = groups.find(
      (members) =>
        members.every((m) => m.platform !== hotel.platform) && members.some((m) => sameHotel(m, hotel, city)),
    );
    if (group) group.push(hotel);
    else groups.push([hotel]);
  }
  return groups.map((members) => {
    const offers = members
      .map((m) => m.offer)
      .sort((a, b) => (a.price_per_night ?? Infinity) - (b.price_per_night ?? Infinity));
    // Descriptive fields from the source that knows most (most reviews), price from the cheapest offer.
    const richest = [...members].sort((a, b) => (b.review_count ?? 0) - (a.review_count ?? 0))[0]!;
    const cheapest = offers[0]!;
    const { offer: _offer, platform: _platform, ...hotel } = richest;
    return {
      ...hotel,
      latitude: members.find((m) => m.latitude !== null)?.latitude ?? null,
      longitude: members.find((m) => m.longitude !== null)?.longitude ?? null,
      star_rating: members.find((m) => m.star_rating !== null)?.star_rating ?? null,
      price_per_night: cheapest.price_per_night,
      total_price: cheapest.total_price,
      currency: cheapest.currency,
      booking_url: cheapest.booking_url,
      platforms: members.map((m) => m.platform),
      offers,
    };
  });
}
