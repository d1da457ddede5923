// Joins the same hotel found on several platforms into one record with one offer per platform.
import { isCompleteAddress } from "../platforms/hotel-readers/address";
import type { HotelField } from "../platforms/types";
import type { HotelRecord } from "../platforms/hotel-types";
import type { Amenity } from "./amenities";
import { distanceKm } from "./distance";
import type { PageFailure } from "./page-outcome";
import { normalisePlaceName } from "./place-name";

export interface Offer {
  platform: string;
  /** The hotel's id on that platform (for its hotel route). */
  id: string | null;
  price_per_night: number | null;
  total_price: number | null;
  currency: string;
  /** The site's own figure before conversion. */
  original: { price_per_night: number | null; currency: string | null };
  review_score: number | null;
  room_type: string | null;
  booking_url: string | null;
}

/** Fields a hotel may take from another platform's copy or from its own page. */
export const FILLABLE_FIELDS = [
  "address",
  "latitude",
  "longitude",
  "star_rating",
  "amenities",
  "rooms_available",
  "room_type",
  "free_cancellation",
  "breakfast_included",
  "property_type",
  "image_url",
] as const;
export type FillableField = (typeof FILLABLE_FIELDS)[number];

export interface PricedHotel extends Omit<HotelRecord, "currency" | "amenities"> {
  currency: string;
  amenities: Amenity[];
  price_exact: { price_per_night: number; total_price: number } | null;
  review_score_original: { score: number; scale: number } | null;
  /** Where a field came from when not from the hotel's own card: a platform, or "{platform} hotel page". */
  enriched_from: Partial<Record<FillableField, string>>;
  /** Fields a card showed in a form that could not be used (a price of 0, in an unknown currency). */
  unreadable: HotelField[];
  platform: string;
  offer: Offer;
}

/** Where a merged hotel's values came from, for `meta.completeness` and `explain=true`; never answered as it is. */
export interface HotelTrail {
  /** The platform whose card gave the hotel's own fields; `enriched_from` names where the others came from. */
  card: string;
  /** Each listing platform's own card of the hotel, to tell which of them agree on a value. */
  copies: PricedHotel[];
  /** Hotel pages read to fill it that failed, by platform. */
  failedPages: Partial<Record<string, PageFailure>>;
}

export interface MergedHotel extends Omit<PricedHotel, "offer" | "platform"> {
  platforms: string[];
  offers: Offer[];
  trail: HotelTrail;
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
  // Holiday-rental titles add a tagline after a dash: "Kreuzberg Lofts – Bright apartment in Berlin".
  const ownName = (name ?? "").split(/\s[–—|·-]\s/)[0]!;
  return new Set(
    normalisePlaceName(ownName)
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

/** Whether a field still needs a value: null, no amenities, or an address without street, town or country. */
export function lacks(hotel: Omit<PricedHotel, "offer" | "platform">, field: FillableField): boolean {
  if (field === "address") return !isCompleteAddress(hotel.address_parts);
  if (field === "amenities") return hotel.amenities.length === 0;
  return hotel[field] === null;
}

/** Copies each field `base` lacks from `source`, noting where it came from. */
export function fillFrom<T extends Omit<PricedHotel, "offer" | "platform">>(
  base: T,
  source: Omit<PricedHotel, "offer" | "platform" | "enriched_from">,
  label: string,
): T {
  const filled = { ...base, enriched_from: { ...base.enriched_from } };
  for (const field of FILLABLE_FIELDS) {
    if (!lacks(filled, field) || lacks({ ...source, enriched_from: {} }, field)) continue;
    if (field === "address") {
      filled.address = source.address;
      filled.address_parts = source.address_parts;
    } else (filled as Record<string, unknown>)[field] = source[field];
    filled.enriched_from[field] = label;
  }
  return filled;
}

const ROOM_FIELDS = ["room_type", "rooms_available", "free_cancellation", "breakfast_included"] as const;

/** The room a merged hotel shows is the one its price is for: the cheapest offer's, where that card says. */
function cheapestRoom(hotel: MergedHotel | Omit<PricedHotel, "offer" | "platform">, cheapest: PricedHotel) {
  const room: Partial<PricedHotel> = { enriched_from: { ...hotel.enriched_from } };
  for (const field of ROOM_FIELDS) {
    if (cheapest[field] === null || cheapest[field] === hotel[field]) continue;
    (room as Record<string, unknown>)[field] = cheapest[field];
    room.enriched_from![field] = cheapest.platform;
  }
  return room;
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
    // Descriptive fields from the source that knows most (most reviews), the rest from the others,
    // the price from the cheapest offer.
    const [richest, ...others] = [...members].sort((a, b) => (b.review_count ?? 0) - (a.review_count ?? 0));
    const cheapest = members.find((m) => m.offer === offers[0])!;
    const { offer: _offer, platform: _platform, ...base } = richest!;
    const described = others.reduce((hotel, other) => fillFrom(hotel, other, other.platform), base);
    return {
      ...described,
      ...cheapestRoom(described, cheapest),
      price_per_night: cheapest.price_per_night,
      total_price: cheapest.total_price,
      price_exact: cheapest.price_exact,
      currency: cheapest.currency,
      booking_url: cheapest.booking_url,
      sponsored: members.every((m) => m.sponsored),
      platforms: members.map((m) => m.platform),
      offers,
      // A field none of the cards could fill is unreadable when one of them showed it in a form of no use.
      unreadable: [...new Set(members.flatMap((m) => m.unreadable))],
      trail: { card: richest!.platform, copies: members, failedPages: {} },
    };
  });
}
