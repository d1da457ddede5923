// Extraction shared by the travel adapters (booking, expedia, hotels.com, airbnb): links kept
// on an origin that may carry a path prefix, review-score scaling, embedded-JSON lookups and the
// small text helpers their card parsers have in common (the lodging page readers: travel-lodging.ts).
import { absoluteUrl, visibleText, type HTMLElement } from "../../scrape/extract/dom";
import { isNode } from "../../scrape/extract/json-ld";
import { parseLocaleNumber } from "../../scrape/extract/money";
import type { HotelDetail, HotelRecord, HotelRoom } from "../hotel-types";
import { selectAll } from "../../scrape/extract/select";
import { readCardText } from "../../scrape/extract/card-facts";
import { isSponsored } from "../../scrape/extract/card-sponsored";

export function emptyHotel(): HotelRecord {
  return {
    id: null,
    name: null,
    star_rating: null,
    address: null,
    address_parts: null,
    latitude: null,
    longitude: null,
    review_score: null,
    review_count: null,
    price_per_night: null,
    total_price: null,
    currency: null,
    amenities: [],
    rooms_available: null,
    image_url: null,
    booking_url: null,
    property_type: null,
    room_type: null,
    free_cancellation: null,
    breakfast_included: null,
    sponsored: false,
  };
}

/** A room row with what its page did not show left null. */
export function hotelRoom(
  room: Pick<HotelRoom, "room_type" | "price" | "price_basis" | "currency"> & Partial<HotelRoom>,
): HotelRoom {
  return {
    sleeps: null,
    rooms_available: null,
    available: null,
    free_cancellation: null,
    breakfast_included: null,
    ...room,
  };
}

/** "Sleeps 2", "Sleeps 4 people", "Max. people: 3", "(5 People)" -> 2, 4, 3, 5. */
export function sleepsOf(text: string | null): number | null {
  const match = text?.match(/\bsleeps\s+(\d+)|max\.?\s*(?:people|persons|guests)\s*:?\s*(\d+)|\((\d+)\s+people\)/i);
  const value = match?.[1] ?? match?.[2] ?? match?.[3];
  return value ? Number(value) : null;
}

/**
 * A hotel page's headline room: the cheapest available room's type, count left and terms fill
 * what the page does not state for the hotel itself (search cards describe that room too).
 */
export function withCheapestRoom(detail: HotelDetail): HotelDetail {
  const cheapest = detail.rooms
    .filter((room) => room.price !== null && room.available !== false)
    .sort((a, b) => a.price! - b.price!)[0];
  if (!cheapest) return detail;
  return {
    ...detail,
    room_type: detail.room_type ?? cheapest.room_type,
    rooms_available: detail.rooms_available ?? cheapest.rooms_available,
    free_cancellation: detail.free_cancellation ?? cheapest.free_cancellation,
    breakfast_included: detail.breakfast_included ?? cheapest.breakfast_included,
  };
}

/**
 * An absolute link for `href` found on `pageUrl`. Root-relative links keep the part of the
 * page's path before `pageMarker` (the site's own path, e.g. `/searchresults`), so links on
 * a replica under a prefix stay on the replica.
 */
export function onSite(href: string | null | undefined, pageUrl: string, pageMarker: RegExp): string | null {
  // Booking.com splits long hrefs over lines.
  const link = href?.replace(/\s+/g, "");
  if (!link?.startsWith("/") || link.startsWith("//")) return absoluteUrl(link, pageUrl);
  try {
    const page = new URL(pageUrl);
    const marker = pageMarker.exec(page.pathname);
    return `${page.origin}${marker ? page.pathname.slice(0, marker.index) : ""}${link}`;
  } catch {
    return null;
  }
}

/** A number from structured data: JSON numbers and dot-decimal strings as-is, else read as locale text. */
export function structuredNumber(value: unknown): number | null {
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (typeof value !== "string") return null;
  const trimmed = value.trim();
  return /^-?\d+(?:\.\d+)?$/.test(trimmed) ? Number(trimmed) : parseLocaleNumber(trimmed);
}

/** A site score on a `scale`-point scale as a 0–10 score, e.g. 4.4/5 -> 8.8. */
export function scoreOutOfTen(score: number | null, scale: number): number | null {
  if (score === null || !(scale > 0)) return null;
  return Math.round((score * 10 * 100) / scale) / 100;
}

/** "Dublin: 147 properties found" -> 147, from the first H1 that counts results. */
export function countInHeading(root: HTMLElement): number | null {
  for (const heading of selectAll(root, "h1")) {
    const match = visibleText(heading)?.match(
      /(\d[\d.,\s]*)\s+(?:properties|hotels|results|homes|stays|accommodations)\b/i,
    );
    if (match?.[1]) return parseLocaleNumber(match[1]);
  }
  return null;
}

/**
 * The terms a card or room row states in words: "Free cancellation", "FREE cancellation",
 * "Breakfast included". Unstated terms are null, not false: a card leaves most of them out.
 */
export function statedTerms(text: string | null): Pick<HotelRecord, "free_cancellation" | "breakfast_included"> {
  const words = text ?? "";
  return {
    free_cancellation: /\bfree cancell?ation\b/i.test(words) ? true : /non-?refundable/i.test(words) ? false : null,
    breakfast_included: /\bbreakfast (?:included|is included)\b|\bfree breakfast\b/i.test(words) ? true : null,
  };
}

/** The kind of property a card's label names ("Entire vacation home", "Hostel", "Aparthotel"). */
export function propertyTypeOfLabel(label: string | null): string | null {
  const text = label?.toLowerCase() ?? "";
  if (!text) return null;
  if (/aparthotel/.test(text)) return "aparthotel";
  if (/hostel|dormitor/.test(text)) return "hostel";
  if (/guest ?house|b&b|bed and breakfast/.test(text)) return "guesthouse";
  if (/entire|vacation|holiday home|home|house|villa|cottage|chalet/.test(text)) return "home";
  if (/apartment|flat|condo|loft/.test(text)) return "apartment";
  if (/hotel|resort|motel|inn\b/.test(text)) return "hotel";
  return null;
}

const PER_NIGHT =
  /\b(?:per|a|pro|par|por|al|à|за)\s+(?:night|noite|noche|nuit|nacht|notte|ночь)\b|\/\s*(?:night|noite|noche|nuit|nacht|notte)\b|\bnightly\b|\broom rates?\b|\bzimmerpreise?\b|(?:^|\s)(?:pro )?übernachtung\b|\bnuitée\b/i;
const STAY_TOTAL =
  /\b(?:stay total|total (?:for (?:the|your) )?stay|per stay|whole stay|gesamtaufenthalt|total (?:de la|del|da) estad[ií]a)\b/i;
const NIGHTS =
  /(\d+)\s*(?:nights?|noites?|noches|nuits?|nächte|nacht|notti|notte|nachten|nätter|noce|nocy|ночи|ночей|gece|malam|đêm|泊|晚|박(?!물))/i;

/**
 * Whether a price's label makes it nightly or the whole stay's: "per night", "/noite" → night;
 * "Stay total", "para 4 hóspedes, 4 noites", "for 2 nights" → stay (one night's total is a nightly price); null if unsaid.
 */
export function priceBasisOf(label: string | null): "night" | "stay" | null {
  if (!label) return null;
  if (STAY_TOTAL.test(label)) return "stay";
  if (PER_NIGHT.test(label)) return "night";
  const nights = NIGHTS.exec(label)?.[1];
  if (!nights) return null;
  return Number(nights) > 1 ? "stay" : "night";
}

/** A night's share of a stay's total, to the cent. */
export const nightlyShare = (total: number, nights: number) => Math.round((total / nights) * 100) / 100;

/** The nights between a check-in and a check-out date ("2025-11-12", "2025-11-14T15:00" → 2), else null. */
export function nightsBetween(checkIn: string | null, checkOut: string | null): number | null {
  const days = (text: string | null) => (text ? Date.parse(text.slice(0, 10)) / 86_400_000 : Number.NaN);
  const nights = Math.round(days(checkOut) - days(checkIn));
  return Number.isFinite(nights) && nights > 0 ? nights : null;
}

/** The nights a price's label says it is the whole stay's ("60,000원~ /2박", "3 Gece", "for 2 nights"), else null. */
export function nightsOfStay(label: string | null): number | null {
  const nights = priceBasisOf(label) === "stay" ? Number(NIGHTS.exec(label!)?.[1]) : 0;
  return nights > 1 ? nights : null;
}

/** "Only 2 rooms left", "We have 5 left at this price", "3 left on our site" -> 2, 5, 3. */
export function roomsLeft(text: string | null): number | null {
  const match = text?.match(/(?:^|\s)(\d+)\s+(?:rooms?\s+)?left\b/i);
  return match?.[1] ? Number(match[1]) : null;
}

/**
 * A number a page's inline script assigns to `name`, as booking.com's
 * `booking.env.b_map_center_latitude = 52.503;` or `b_hotel_id: '60664'`.
 */
export function scriptNumber(html: string, name: string): number | null {
  const match = new RegExp(`\\b${name}\\s*[:=]\\s*['"]?(-?\\d+(?:\\.\\d+)?)['"]?\\s*[,;\\n}]`).exec(html);
  return match?.[1] ? Number(match[1]) : null;
}

/** A date a page's inline script assigns to `name`, as booking.com's `b_checkin_date: '2025-11-12'`. */
export function scriptDate(html: string, name: string): string | null {
  return new RegExp(`\\b${name}["']?\\s*[:=]\\s*['"](\\d{4}-\\d{2}-\\d{2})['"]`).exec(html)?.[1] ?? null;
}

/** The first non-null value stored under `key` anywhere in a parsed JSON document (depth-first). */
export function deepFind(value: unknown, key: string): unknown {
  return collectNodes(value, (node) => node[key] != null, 1)[0]?.[key];
}

/** Objects anywhere in a parsed JSON document that satisfy `test`, in document order. */
export function collectNodes(
  value: unknown,
  test: (node: Record<string, unknown>) => boolean,
  limit = Infinity,
): Record<string, unknown>[] {
  const found: Record<string, unknown>[] = [];
  const stack: unknown[] = [value];
  while (stack.length > 0 && found.length < limit) {
    const current = stack.pop();
    if (Array.isArray(current)) stack.push(...[...current].reverse());
    else if (isNode(current)) {
      if (test(current)) found.push(current);
      stack.push(...Object.values(current).reverse());
    }
  }
  return found;
}

// The disclosure a travel site sets on a card placed for its commission ("Featured … It will pay us a
// higher commission if you make a booking."), in the languages of its sites.
const COMMISSION_DISCLOSURE =
  /\b(?:higher|more) commission\b|höhere provision|comisi[óo]n más alta|commission plus élevée|commissione più alta|hogere commissie|comiss[ãa]o mais alta/i;

/**
 * Whether a hotel card is a paid placement: it carries a label product cards are read for
 * ("Sponsored", "Ad", hidden decoys left out), or it discloses the commission that placed it.
 */
export function paidPlacement(card: HTMLElement): boolean {
  return isSponsored(readCardText(card)) || COMMISSION_DISCLOSURE.test(visibleText(card) ?? "");
}
