// airbnb: listing pages (JSON-LD VacationRental plus the data-deferred-state JSON the page
// renders from; checked against a saved listing) and search results (StaySearchResult nodes in
// the same JSON; no saved search page backs that parser yet). The visible page is nearly empty
// without JavaScript, so everything is read from embedded data, which a plain fetch receives.
// Listing ids are the numeric ids in /rooms/{id}.
import { detectChallenge } from "../../scrape/extract/challenge";
import { loadHtml, unique, type HTMLElement } from "../../scrape/extract/dom";
import { isNode, textAt } from "../../scrape/extract/json-ld";
import { firstJsonValue } from "../../scrape/extract/json-text";
import { metaTags, metaValue, pageLocale } from "../../scrape/extract/meta";
import { parseLocaleNumber, parseMoney } from "../../scrape/extract/money";
import { siteUrl } from "../../scrape/extract/url";
import type { HotelDetail, HotelRecord, HotelSearchPage } from "../hotel-types";
import type { TravelPlatform } from "../types";
import {
  collectNodes,
  countInHeading,
  deepFind,
  emptyHotel,
  onSite,
  propertyTypeOfLabel,
  scoreOutOfTen,
  structuredNumber,
} from "../hotel-readers/extract";
import { lodgingDetail } from "../hotel-readers/lodging";
import { addressLine } from "../hotel-readers/address";
import { selectOne } from "../../scrape/extract/select";

const REVIEW_SCALE = 5;
const PAGE_SIZE = 18;
// Words airbnb puts after a nightly price, in the locales it serves most.
const PER_NIGHT = /night|notte|nuit|noche|nacht|noite|nat\b|泊|晚/i;

export const airbnb: TravelPlatform = {
  slug: "airbnb",
  name: "Airbnb",
  engines: ["fetch", "browser"],
  kind: "travel",
  origins: { default: "https://www.airbnb.com" },
  reviewScale: REVIEW_SCALE,
  // Homes have no official stars, and a listing is one home let whole, with no room types to list
  // (the saved Milan listing and the replica alike).
  lacks: ["star_rating", "rooms"],
  ownReader: "embedded state",
  searchUrl: (query, origin) =>
    siteUrl(origin, `/s/${encodeURIComponent(query.destination)}/homes`, {
      checkin: query.checkIn,
      checkout: query.checkOut,
      adults: query.adults,
      children: query.children.length || undefined,
      items_offset: query.page > 1 ? (query.page - 1) * PAGE_SIZE : undefined,
    }),
  hotelUrl: (id, query, origin) =>
    siteUrl(origin, `/rooms/${encodeURIComponent(id)}`, {
      check_in: query.checkIn,
      check_out: query.checkOut,
      adults: query.adults,
    }),
  parseSearch,
  parseHotel,
  detectChallenge,
};

/** The JSON the page hydrates from (`<script id="data-deferred-state-0">`). */
function pageState(root: HTMLElement): unknown {
  const script = selectOne(root, "script[id^='data-deferred-state']") ?? selectOne(root, "script#data-state");
  return script ? firstJsonValue(script.rawText) : undefined;
}

/** A `structuredDisplayPrice`: a nightly or whole-stay figure, told apart by its qualifier. */
function displayPrice(
  display: unknown,
  locale: string | null,
): Pick<HotelRecord, "price_per_night" | "total_price" | "currency"> {
  const primary = isNode(display) && isNode(display["primaryLine"]) ? display["primaryLine"] : null;
  const secondary = isNode(display) && isNode(display["secondaryLine"]) ? display["secondaryLine"] : null;
  const price = parseMoney(textAt(primary, "discountedPrice") ?? textAt(primary, "price"), { locale });
  if (!price) return { price_per_night: null, total_price: null, currency: null };
  const nightly = PER_NIGHT.test(textAt(primary, "qualifier") ?? textAt(primary, "accessibilityLabel") ?? "");
  const total = nightly ? parseMoney(textAt(secondary, "price"), { locale }) : price;
  return {
    price_per_night: nightly ? price.amount : null,
    total_price: total?.amount ?? null,
    currency: price.currency,
  };
}

function parseHotel(html: string, url: string): HotelDetail {
  const root = loadHtml(html);
  const state = pageState(root);
  const detail = lodgingDetail(root, url, REVIEW_SCALE);
  const listingUrl = metaValue(metaTags(root), "og:url") ?? url;
  const amenities = unique(
    collectNodes(state, (node) => node["__typename"] === "AmenityItem" && node["available"] === true).map((item) =>
      textAt(item, "title"),
    ),
  );
  // Without dates the page quotes no price; the JSON then holds structuredDisplayPrice: null.
  const price = displayPrice(deepFind(state, "structuredDisplayPrice"), pageLocale(root));
  return {
    ...detail,
    ...stateFacts(state, detail),
    ...price,
    id: listingUrl.match(/\/rooms\/(\d+)/)?.[1] ?? url.match(/\/rooms\/(\d+)/)?.[1] ?? null,
    amenities: amenities.length > 0 ? amenities : detail.amenities,
    rooms_available: price.price_per_night !== null || price.total_price !== null ? 1 : null,
  };
}

/**
 * What the listing's sections say where its markup does not: the map's section ("Where you'll be": the town line, its
 * point) and the reviews' ("overallRating": 5, "overallCount": 6).
 */
function stateFacts(state: unknown, detail: HotelDetail): Partial<HotelDetail> {
  const location = collectNodes(state, (node) => node["__typename"] === "LocationSection")[0];
  const [lat, lng] = [location?.["lat"], location?.["lng"]];
  const placed = typeof lat === "number" && typeof lng === "number" && detail.latitude === null;
  const rating = deepFind(state, "overallRating");
  const count = deepFind(state, "overallCount");
  const rated = typeof rating === "number" && rating > 0 && typeof count === "number" && count > 0;
  return {
    ...(detail.address === null && location ? townLine(textAt(location, "subtitle")) : {}),
    ...(placed ? { latitude: lat, longitude: lng } : {}),
    ...(rated && detail.review_score === null
      ? { review_score: scoreOutOfTen(rating, REVIEW_SCALE), review_count: count }
      : {}),
  };
}

/** The map's town line ("Buenos Aires, Ciudad Autónoma de Buenos Aires, Argentina"): a town, its region, its country, no street. */
function townLine(text: string | null): Partial<HotelDetail> {
  const parts = (text ?? "")
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
  if (parts.length === 0) return {};
  const country = parts.length > 1 ? parts.at(-1)! : null;
  return { address: parts.join(", "), address_parts: { street: null, city: parts[0]!, postcode: null, country } };
}

function parseSearch(html: string, url: string): HotelSearchPage {
  const root = loadHtml(html);
  const state = pageState(root);
  const locale = pageLocale(root);
  const results = collectNodes(state, (node) => node["__typename"] === "StaySearchResult");
  const pagination = deepFind(state, "paginationInfo");
  return {
    hotels: results.map((result) => parseResult(result, url, locale)),
    total_results: countInHeading(root),
    has_next_page: isNode(pagination) && typeof pagination["nextPageCursor"] === "string",
  };
}

function parseResult(result: Record<string, unknown>, pageUrl: string, locale: string | null): HotelRecord {
  const listing = isNode(result["listing"]) ? result["listing"] : {};
  const id = listingId(listing["id"] ?? deepFind(result["demandStayListing"], "id"));
  const coordinate = deepFind(result, "coordinate");
  // "4,9 (10)": average rating, then review count.
  const [, rating, count] =
    String(result["avgRatingLocalized"] ?? listing["avgRatingLocalized"] ?? "").match(/([\d.,]+)\s*\((\d[\d.,]*)\)/) ??
    [];
  const picture = deepFind(result["contextualPictures"] ?? listing, "picture");
  const localizedName = deepFind(result, "localizedStringWithTranslationPreference");
  const prices = displayPrice(result["structuredDisplayPrice"], locale);
  // "Apartment in Dublin": the kind of home and its town; airbnb never shows a street before booking.
  const [, kind, town] = (textAt(result, "title") ?? textAt(listing, "title") ?? "").match(/^(.+?) in (.+)$/) ?? [];
  return {
    ...emptyHotel(),
    ...prices,
    ...(town ? addressLine(town) : {}),
    property_type: propertyTypeOfLabel(kind ?? null),
    room_type: kind ?? null,
    // A home is let whole: priced for the dates means the one unit is free.
    rooms_available: prices.price_per_night !== null || prices.total_price !== null ? 1 : null,
    id,
    name:
      textAt(listing, "name") ?? (typeof localizedName === "string" ? localizedName : null) ?? textAt(result, "title"),
    latitude: isNode(coordinate) ? structuredNumber(coordinate["latitude"]) : null,
    longitude: isNode(coordinate) ? structuredNumber(coordinate["longitude"]) : null,
    review_score: scoreOutOfTen(parseLocaleNumber(rating), REVIEW_SCALE),
    review_count: parseLocaleNumber(count),
    image_url: typeof picture === "string" ? picture : null,
    booking_url: id ? onSite(`/rooms/${id}`, pageUrl, /\/s\//) : null,
  };
}

/** Listing ids come plain ("1438101512728990114") or as base64 "DemandStayListing:1438101512728990114". */
function listingId(raw: unknown): string | null {
  const text = typeof raw === "string" || typeof raw === "number" ? String(raw) : null;
  if (!text) return null;
  if (/^\d+$/.test(text)) return text;
  try {
    return atob(text).match(/:(\d+)$/)?.[1] ?? null;
  } catch {
    return null;
  }
}
