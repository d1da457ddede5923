// How far to trust a hotel answer: why each missing field is missing (`meta.completeness`) and,
// with `explain=true`, where each filled field came from and which other sources had the same value.
import { ENDPOINT_FIELDS, type FieldSource, hasValue, type ReasonOf } from "../scrape/completeness";
import { loadHtml, readingOnce } from "../scrape/extract/dom";
import { pageAddress, provenance } from "../scrape/provenance";
import { isTravelSlug, TRAVEL_PLATFORMS } from "../platforms/index";
import type { HotelField, HotelPageReader } from "../platforms/types";
import { type HotelReading, lodgingReadings } from "../platforms/hotel-readers/lodging";
import type { HotelDetail } from "../platforms/hotel-types";
import { FILLABLE_FIELDS, type MergedHotel } from "./merge";

export type Sources = Record<string, FieldSource>;

/** Fields a hotel takes from the pages: the hotel route's counted ones, the cheapest room's and the link. */
const SOURCED_FIELDS = [
  ...new Set<string>([...ENDPOINT_FIELDS.hotel.counted, ...FILLABLE_FIELDS, "booking_url"]),
] as HotelField[];
/** A merged hotel's price and the link to book it come from its cheapest offer's card. */
const OFFER_FIELDS = new Set<string>(["price_per_night", "total_price", "booking_url"]);
/** Every price is in the answer's currency: it comes with the price, or from the request when there is none. */
const ANSWER_CURRENCY: FieldSource = { source: "answer currency", agreed: [] };
/** Prices and rooms exist only for a stay: a page asked without dates, or sold out, offers none. */
const STAY_FIELDS = new Set<string>(["price_per_night", "total_price", "rooms_available", "rooms"]);

const fieldOf = (record: object, field: string) => (record as Record<string, unknown>)[field];
const normalised = (text: string) => text.trim().replace(/\s+/g, " ").toLowerCase();
const itemKey = (item: unknown) => normalised(String(item));

/**
 * Whether two sources give the same value: numbers within a small tolerance (about 50 m for
 * coordinates, half a percent otherwise, as sites round scores and convert prices), text in any
 * case and spacing, lists as the same set (amenities as codes).
 */
export function agrees(field: string, a: unknown, b: unknown): boolean {
  if (!hasValue(a) || !hasValue(b)) return false;
  if (typeof a === "number" && typeof b === "number") {
    const tolerance =
      field === "latitude" || field === "longitude"
        ? 0.0005
        : Math.max(0.05, 0.005 * Math.max(Math.abs(a), Math.abs(b)));
    return Math.abs(a - b) <= tolerance;
  }
  if (typeof a === "string" && typeof b === "string") return normalised(a) === normalised(b);
  if (Array.isArray(a) && Array.isArray(b)) {
    const left = new Set(a.map(itemKey));
    const right = new Set(b.map(itemKey));
    return left.size === right.size && [...left].every((key) => right.has(key));
  }
  return a === b;
}

/** Whether `longer` is `text` followed by more after a comma, as a name with its town. */
const startsWithText = (longer: unknown, text: unknown) =>
  typeof longer === "string" && typeof text === "string" && normalised(longer).startsWith(`${normalised(text)},`);

const platformLacks = (slug: string, field: string) =>
  isTravelSlug(slug) && (TRAVEL_PLATFORMS[slug].lacks as readonly string[]).includes(field);

/** The card or page a merged hotel's field came from, and the platform of that card (none for a page). */
function originOf(hotel: MergedHotel, field: string): { source: string; platform: string | null } {
  const from = (hotel.enriched_from as Record<string, string | undefined>)[field];
  if (from?.endsWith(" hotel page")) return { source: from, platform: null };
  const platform = from ?? (OFFER_FIELDS.has(field) ? hotel.offers[0]?.platform : undefined) ?? hotel.trail.card;
  return { source: `${platform} search card`, platform };
}

/** For `explain=true`: each filled field of a search result, its card or page, and the platforms whose cards agreed. */
export function hotelSources(hotel: MergedHotel): Sources {
  return provenance(
    SOURCED_FIELDS,
    (field) => {
      const value = fieldOf(hotel, field);
      if (!hasValue(value) || field === "currency") return null;
      const { source, platform } = originOf(hotel, field);
      const agreed = hotel.trail.copies
        .filter((copy) => copy.platform !== platform && agrees(field, fieldOf(copy, field), value))
        .map((copy) => copy.platform);
      return { source, agreed };
    },
    // Every card is priced in the answer's currency, so agreeing on it would say nothing.
    (field, given) => {
      if (field !== "currency" || !hasValue(hotel.currency)) return null;
      return given.price_per_night ? { ...given.price_per_night, agreed: [] } : ANSWER_CURRENCY;
    },
  );
}

/**
 * Why a search result lacks a field: no platform listing it carries it; a card showed it in a form
 * of no use; or a page it would come from failed in this answer (its own page, or the copy on a
 * platform whose search failed); else it was not on the pages read.
 */
export function searchReasons(failedPlatforms: readonly string[]): ReasonOf<MergedHotel> {
  return (hotel, field) => {
    if (hotel.platforms.every((platform) => platformLacks(platform, field))) return "not_supported_by_platform";
    if ((hotel.unreadable as string[]).includes(field)) return "unreadable";
    if (!(FILLABLE_FIELDS as readonly string[]).includes(field)) return undefined;
    const failed = [...Object.keys(hotel.trail.failedPages), ...failedPlatforms];
    return failed.some((platform) => !platformLacks(platform, field)) ? "blocked" : undefined;
  };
}

/**
 * Why a hotel page's answer lacks a field: the platform never shows it; the page showed it in a
 * form of no use; or, for prices and rooms, there is no stay to offer (no dates asked, or every room gone).
 */
export function pageReasons(
  platform: HotelPageReader,
  page: { dated: boolean; soldOut: boolean; unreadable: readonly string[] },
): ReasonOf<object> {
  return (_, field) => {
    if ((platform.lacks as readonly string[]).includes(field)) return "not_supported_by_platform";
    if (page.unreadable.includes(field)) return "unreadable";
    if (STAY_FIELDS.has(field) && (!page.dated || page.soldOut)) return "not_offered";
    return undefined;
  };
}

/**
 * Each filled field of a hotel page's record and the reader that gave it: the most trusted general
 * reader with the same value (JSON-LD, meta tags, the main heading), else the adapter's own, with
 * the other readers that agreed. The page's own address gives the link, and the id where it holds it.
 */
export function pageSources(platform: HotelPageReader, detail: HotelDetail, readings: HotelReading[], url: string) {
  const own = platform.ownReader ?? `${platform.slug} markup`;
  return provenance(
    SOURCED_FIELDS,
    (field) => {
      const value = detail[field];
      if (!hasValue(value)) return null;
      const agreeing = readings.filter((reading) => agrees(field, reading.values[field], value)).map((r) => r.source);
      // An adapter may cut a reader's text short ("Name, Dublin" → "Name"): the text is still that reader's.
      const source = agreeing[0] ?? readings.find((reading) => startsWithText(reading.values[field], value))?.source;
      return source === undefined ? null : { source, agreed: agreeing.filter((reader) => reader !== source) };
    },
    (field) => {
      const value = detail[field];
      if (!hasValue(value)) return null;
      const fromAddress =
        field === "booking_url" || (field === "id" && typeof value === "string" && url.includes(value));
      return fromAddress ? pageAddress() : { source: own, agreed: [] };
    },
  );
}

/** A hotel page's record as read and cached: each filled field's reader rides along for `explain=true`. */
export type HotelPage = HotelDetail & { sources?: Sources };

/**
 * The adapter's record of a hotel page, and the general reader (or its own) each of its fields came
 * from; the adapter and the general readers share one parse of the page.
 */
export function readHotelPage(platform: HotelPageReader, html: string, url: string): HotelPage {
  return readingOnce(html, () => {
    const detail = platform.parseHotel(html, url);
    const readings = lodgingReadings(loadHtml(html), platform.reviewScale);
    return { ...detail, sources: pageSources(platform, detail, readings, url) };
  });
}

/**
 * A hotel page's sources for the answer's fields: the stay's two prices and the currency come from
 * the one figure the page shows; a record cached before sources were kept names the page itself.
 */
export function answerSources(data: object, sources: Sources | undefined, pageName: string): Sources {
  const page: FieldSource = { source: pageName, agreed: [] };
  const price = sources ? (sources["price_per_night"] ?? sources["total_price"]) : page;
  const answered: Sources = {};
  for (const field of SOURCED_FIELDS) {
    if (!hasValue(fieldOf(data, field))) continue;
    if (field === "currency") answered[field] = price ?? ANSWER_CURRENCY;
    else if (field === "price_per_night" || field === "total_price") answered[field] = price ?? page;
    else answered[field] = sources?.[field] ?? page;
  }
  return answered;
}
