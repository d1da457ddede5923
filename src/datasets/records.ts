// From one answer of the data routes to dataset records: each with its key, `observed_at`,
// `source_url` and the fields of its record type, flat so that CSV and filters read them alike.
import { PAGE_RECORD_FIELDS, PAGE_TRACKED_FIELDS } from "./page-records";
import type { RecipeKind } from "./recipe";

type FieldType = "string" | "integer" | "number" | "boolean" | "date" | "datetime" | "url" | "array";
export interface FieldSpec {
  name: string;
  type: FieldType;
  description: string;
}
export type DatasetRecord = Record<string, unknown> & { key: string };

const f = (name: string, type: FieldType, description: string): FieldSpec => ({ name, type, description });

const HEAD = [
  f("key", "string", "The record's identity across refreshes: platform, country where set, and the item's id"),
  f("platform", "string", "The site it was read from"),
];
const TAIL = [
  f("source_url", "url", "The page the values were read from"),
  f("observed_at", "datetime", "When the page was read"),
  f("changed_at", "datetime", "When a tracked value (price, availability, rating, count) last changed"),
];
const PRICE = [f("price", "number", "Current price"), f("currency", "string", "ISO 4217 code of the price")];

/** The fields of each record type, in the order records hold them. */
export const RECORD_FIELDS: Record<RecipeKind, FieldSpec[]> = {
  product: [
    ...HEAD,
    f("country", "string", "Marketplace country asked for, when the recipe names one"),
    f("id", "string", "The platform's product id"),
    f("title", "string", "Product title"),
    f("brand", "string", "Brand"),
    ...PRICE,
    f("original_price", "number", "Crossed-out list price"),
    f("availability", "string", "Availability as the page states it"),
    f("rating", "number", "Average rating"),
    f("review_count", "integer", "Number of reviews"),
    f("seller", "string", "Seller"),
    f("image", "url", "Main image"),
    ...TAIL,
  ],
  search: [
    ...HEAD,
    f("country", "string", "Marketplace country asked for, when the recipe names one"),
    f("query", "string", "The search words"),
    f("position", "integer", "Place on the result pages, from 1"),
    f("id", "string", "The platform's product id"),
    f("title", "string", "Product title"),
    ...PRICE,
    f("rating", "number", "Average rating"),
    f("review_count", "integer", "Number of reviews"),
    f("sponsored", "boolean", "A paid placement"),
    f("image", "url", "Main image"),
    ...TAIL,
  ],
  reviews: [
    ...HEAD,
    f("country", "string", "Marketplace country asked for, when the recipe names one"),
    f("product_id", "string", "The reviewed product's id"),
    f("review_id", "string", "The review's id"),
    f("title", "string", "Review title"),
    f("body", "string", "Review text"),
    f("rating", "number", "Stars given"),
    f("author", "string", "Reviewer"),
    f("date", "string", "Review date as the page gives it"),
    f("verified", "boolean", "A verified purchase"),
    ...TAIL,
  ],
  hotels: [
    ...HEAD,
    f("destination", "string", "The destination searched"),
    f("check_in", "date", "Check-in date of the stay priced"),
    f("nights", "integer", "Nights of the stay priced"),
    f("hotel_id", "string", "The platform's property id"),
    f("name", "string", "Property name"),
    f("star_rating", "number", "Stars"),
    f("address", "string", "Address"),
    f("latitude", "number", "Latitude"),
    f("longitude", "number", "Longitude"),
    f("review_score", "number", "Guest score on a 0–10 scale"),
    f("review_count", "integer", "Number of guest reviews"),
    f("price_per_night", "number", "Nightly price"),
    f("total_price", "number", "Price of the whole stay"),
    f("currency", "string", "ISO 4217 code of the prices"),
    f("rooms_available", "integer", "Rooms left, where the site says"),
    f("amenities", "array", "Amenity codes"),
    ...TAIL,
  ],
  shop: [
    f(
      "key",
      "string",
      "The product's identity across refreshes: the shop's host and the page's own id (SKU), else its address",
    ),
    f("platform", "string", "The reader used: the adapter of the site that owns the host, else `generic`"),
    f("id", "string", "The page's own id: its SKU or product id, else null"),
    f("title", "string", "Product title"),
    f("brand", "string", "Brand"),
    ...PRICE,
    f("original_price", "number", "Crossed-out list price"),
    f("availability", "string", "Availability as the page states it"),
    f("image", "url", "Main image"),
    f("url", "url", "The product's canonical address (rel=canonical, tracking parameters dropped)"),
    f("first_seen", "datetime", "Start of the first refresh that found the product"),
    f("last_seen", "datetime", "Start of the last refresh that found it"),
    f("removed_at", "datetime", "When it was marked removed (gone from the site), else null"),
    ...TAIL,
  ],
  pages: PAGE_RECORD_FIELDS,
};

/** The values whose change makes a record "changed" and which its history shows. */
export const TRACKED_FIELDS: Record<RecipeKind, string[]> = {
  product: ["price", "currency", "availability", "rating", "review_count"],
  search: ["price", "currency", "rating", "review_count", "position"],
  reviews: ["rating"],
  hotels: ["price_per_night", "total_price", "currency", "rooms_available", "review_score", "review_count"],
  shop: ["price", "currency", "availability", "removed_at"],
  pages: PAGE_TRACKED_FIELDS,
};

type Answer = { data?: Record<string, unknown> };
const text = (value: unknown) => (typeof value === "string" && value.length > 0 ? value : null);
const num = (value: unknown) => (typeof value === "number" && Number.isFinite(value) ? value : null);
const money = (value: unknown) => (value && typeof value === "object" ? (value as Record<string, unknown>) : {});
const keyOf = (...parts: (string | null | undefined)[]) => parts.filter(Boolean).join(":");

/** What an item's path says about its records: the platform, country, query and stay it asked for. */
function itemContext(path: string, startedAt: number) {
  const url = new URL(path, "http://item.invalid");
  const segments = url.pathname.split("/").filter(Boolean);
  const params = url.searchParams;
  const platform = segments[1] === "travel" ? segments[2]! : segments[1]!;
  const checkIn = params.get("check_in");
  const checkOut = params.get("check_out");
  const nights = checkIn && checkOut ? Math.round((Date.parse(checkOut) - Date.parse(checkIn)) / 86_400_000) : null;
  const daysAhead = checkIn
    ? Math.round((Date.parse(checkIn) - Date.parse(new Date(startedAt).toISOString().slice(0, 10))) / 86_400_000)
    : null;
  return {
    platform,
    country: params.get("country"),
    query: params.get("q"),
    page: Number(params.get("page") ?? 1),
    destination: params.get("destination"),
    checkIn,
    nights,
    daysAhead,
  };
}

/** Puts a record's fields in their declared order, null where absent. */
function ordered(kind: RecipeKind, values: Record<string, unknown>): DatasetRecord {
  return Object.fromEntries(RECORD_FIELDS[kind].map(({ name }) => [name, values[name] ?? null])) as DatasetRecord;
}

/** A record holding exactly the declared fields, in order (itself when it already does). */
export function declaredOrder(kind: RecipeKind, record: DatasetRecord): DatasetRecord {
  const names = Object.keys(record);
  const fields = RECORD_FIELDS[kind];
  const exact =
    names.length === fields.length &&
    fields.every(({ name }, index) => names[index] === name && record[name] !== undefined);
  return exact ? record : ordered(kind, record);
}

/**
 * The records of one answer. `path` is the GET that produced it, `observedAt` when, `startedAt`
 * when the refresh began (a hotel stay's key is its distance ahead of the refresh, so the same
 * "a month ahead" rate lines up across refreshes).
 */
export function recordsOf(
  kind: Exclude<RecipeKind, "pages">,
  path: string,
  answer: Answer,
  observedAt: number,
  startedAt: number,
) {
  const data = answer.data ?? {};
  // A shop's records come from its product rows when its refresh closes (datasets/shop/close.ts), not from answers.
  if (kind === "shop") return [];
  const context = itemContext(path, startedAt);
  const observed = new Date(observedAt).toISOString();
  const base = { platform: context.platform, country: context.country, observed_at: observed };
  if (kind === "product") {
    const price = money(data["price"]);
    const id = text(data["asin"]) ?? text(data["sku"]) ?? text(data["id"]);
    if (!id) return [];
    const images = Array.isArray(data["images"]) ? data["images"] : [];
    return [
      ordered(kind, {
        ...base,
        key: keyOf(context.platform, context.country, id),
        id,
        title: text(data["title"]),
        brand: text(data["brand"]),
        price: num(price["amount"]),
        currency: text(price["currency"]),
        original_price: num(price["original_amount"]),
        availability: text(data["availability"]),
        rating: num(data["rating"]),
        review_count: num(data["review_count"]),
        seller: text(data["seller"]),
        image: text(images[0]),
        source_url: text(data["url"]),
      }),
    ];
  }
  if (kind === "search") {
    const results = Array.isArray(data["results"]) ? (data["results"] as Record<string, unknown>[]) : [];
    const firstPosition = (context.page - 1) * results.length;
    return results.flatMap((item, index) => {
      const id = text(item["id"]);
      if (!id) return [];
      const price = money(item["price"]);
      return [
        ordered(kind, {
          ...base,
          key: keyOf(context.platform, context.country, id),
          query: context.query,
          position: firstPosition + index + 1,
          id,
          title: text(item["title"]),
          price: num(price["amount"]),
          currency: text(price["currency"]),
          rating: num(item["rating"]),
          review_count: num(item["review_count"]),
          sponsored: item["sponsored"] === true,
          image: text(item["image"]),
          source_url: text(item["url"]),
        }),
      ];
    });
  }
  if (kind === "reviews") {
    const productId = text(data["id"]);
    const reviews = Array.isArray(data["reviews"]) ? (data["reviews"] as Record<string, unknown>[]) : [];
    return reviews.flatMap((review) => {
      const reviewId = text(review["id"]);
      if (!reviewId) return [];
      return [
        ordered(kind, {
          ...base,
          key: keyOf(context.platform, context.country, productId, reviewId),
          product_id: productId,
          review_id: reviewId,
          title: text(review["title"]),
          body: text(review["body"]),
          rating: num(review["rating"]),
          author: text(review["author"]),
          date: text(review["date"]),
          verified: typeof review["verified"] === "boolean" ? review["verified"] : null,
          source_url: text(data["url"]),
        }),
      ];
    });
  }
  const hotels = Array.isArray(data["hotels"]) ? (data["hotels"] as Record<string, unknown>[]) : [];
  return hotels.flatMap((hotel) => {
    const hotelId = text(hotel["id"]);
    if (!hotelId) return [];
    const amenities = Array.isArray(hotel["amenities"])
      ? hotel["amenities"].map((amenity) =>
          typeof amenity === "string" ? amenity : (amenity as { code?: string })?.code,
        )
      : [];
    return [
      ordered(kind, {
        ...base,
        key: keyOf(context.platform, hotelId, `${context.nights}n+${context.daysAhead}d`),
        destination: context.destination,
        check_in: context.checkIn,
        nights: context.nights,
        hotel_id: hotelId,
        name: text(hotel["name"]),
        star_rating: num(hotel["star_rating"]),
        address: text(hotel["address"]),
        latitude: num(hotel["latitude"]),
        longitude: num(hotel["longitude"]),
        review_score: num(hotel["review_score"]),
        review_count: num(hotel["review_count"]),
        price_per_night: num(hotel["price_per_night"]),
        total_price: num(hotel["total_price"]),
        currency: text(hotel["currency"]),
        rooms_available: num(hotel["rooms_available"]),
        amenities: amenities.filter(Boolean),
        source_url: text(hotel["booking_url"]),
      }),
    ];
  });
}

/** The tracked values of a record, as compared between refreshes and kept in its history. */
export const trackedValues = (kind: RecipeKind, record: Record<string, unknown>) =>
  JSON.stringify(Object.fromEntries(TRACKED_FIELDS[kind].map((name) => [name, record[name] ?? null])));
