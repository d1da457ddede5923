// Builds one ProductRecord from partial readings of a page (site DOM, JSON-LD, microdata,
// meta tags), taking each field from the first source that has it.
import type { Money, ProductDraft, ProductRecord } from "../types";
import { normaliseAvailability } from "./availability";

export type { ProductDraft };

/** The draft, named as the reader it came from (provenance for `explainProduct`). */
export const reading = (source: string, draft: ProductDraft): ProductDraft => Object.assign(draft, { source });

/** Null, undefined, "", an empty list or an empty object: no value to take. */
export function isEmpty(value: unknown): boolean {
  if (value === null || value === undefined || value === "") return true;
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === "object") return Object.keys(value).length === 0;
  return false;
}

/** The first non-empty value of `key` across drafts, in order. */
function pick<K extends keyof ProductRecord>(drafts: ProductDraft[], key: K): ProductRecord[K] | null {
  for (const draft of drafts) {
    const value = draft[key];
    if (!isEmpty(value)) return value as ProductRecord[K];
  }
  return null;
}

function pickPrice(drafts: ProductDraft[]): Money | null {
  for (const draft of drafts) {
    // A main offer of 0 is a placeholder ("Current price: $0.00" on a priced-in-club item), never the price.
    if (draft.price && draft.price.amount > 0) return draft.price;
    if (draft.priceless) return null;
  }
  return null;
}

/** The first reader's availability that says one of the vocabulary's states; raw wording is read, never passed on. */
function pickAvailability(drafts: ProductDraft[]): string | null {
  for (const draft of drafts) {
    const availability = normaliseAvailability(draft.availability);
    if (availability) return availability;
  }
  return null;
}

/** No average starts at 0: a "0 out of 5" widget means nobody has rated yet, so a later source may know. */
function pickRating(drafts: ProductDraft[]): number | null {
  return drafts.map((draft) => draft.rating).find((rating): rating is number => !!rating && rating > 0) ?? null;
}

/** Merges drafts (most trusted first) into a complete record; every missing field is null or empty. */
export function buildProduct(url: string, drafts: ProductDraft[]): ProductRecord {
  const title = pick(drafts, "title") ?? pick(drafts, "name");
  const sku = pick(drafts, "sku");
  const asin = pick(drafts, "asin");
  const record: ProductRecord = {
    id: pick(drafts, "id") ?? asin ?? sku,
    name: title,
    title,
    url: pick(drafts, "url") ?? url,
    brand: pick(drafts, "brand"),
    price: pickPrice(drafts),
    availability: pickAvailability(drafts),
    images: pick(drafts, "images") ?? [],
    rating: pickRating(drafts),
    review_count: pick(drafts, "review_count"),
    reviews: pick(drafts, "reviews") ?? [],
    description: pick(drafts, "description"),
    specs: pick(drafts, "specs") ?? {},
    variants: pick(drafts, "variants") ?? [],
    sku,
    seller: pick(drafts, "seller"),
    breadcrumbs: pick(drafts, "breadcrumbs") ?? [],
  };
  if (drafts.some((draft) => "asin" in draft)) record.asin = asin;
  return record;
}

// The product's own identifiers in schema.org, the shop's first: a gtin or mpn stands in where no sku is given.
const ID_PROPERTIES = ["sku", "productID", "mpn", "gtin13", "gtin", "gtin12", "gtin14", "gtin8", "isbn", "identifier"];

/**
 * The first identifier a structured reading gives (`read` looks one property up), without a vocabulary
 * prefix (`"isbn:0307…"`, `"sku:123"`): JSON-LD, microdata and RDFa name them alike.
 */
export function firstProductId(read: (property: string) => string | null | undefined): string | null {
  for (const property of ID_PROPERTIES) {
    const id = read(property)
      ?.replace(/^[a-z]+:(?!\/)/i, "")
      .trim();
    if (id) return id;
  }
  return null;
}
