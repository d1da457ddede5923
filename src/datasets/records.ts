// Dataset records: the fields of each record type in their order, the values tracked between
// refreshes, and a record put in its declared order (answer-records.ts builds them from answers).
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

/** Puts a record's fields in their declared order, null where absent. */
export function ordered(kind: RecipeKind, values: Record<string, unknown>): DatasetRecord {
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

/** The tracked values of a record, as compared between refreshes and kept in its history. */
export const trackedValues = (kind: RecipeKind, record: Record<string, unknown>) =>
  JSON.stringify(Object.fromEntries(TRACKED_FIELDS[kind].map((name) => [name, record[name] ?? null])));
