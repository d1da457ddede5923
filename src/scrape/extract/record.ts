// Builds one ProductRecord from partial readings of a page (site DOM, JSON-LD, microdata,
// meta tags), taking each field from the first source that has it.
import type { ProductDraft, ProductRecord } from "../types";
import { normaliseAvailability } from "./availability";
import { lettersAndDigits } from "./dom";
import { idAfterLabel } from "./id-labels";
import { parseLocaleNumber } from "./money";

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

/** The index of the first draft whose `key` is usable by `usable`, or -1; a draft marked `stop` ends the search. */
function firstUsable(
  drafts: ProductDraft[],
  usable: (draft: ProductDraft) => boolean,
  stop: (draft: ProductDraft) => boolean = () => false,
): number {
  for (const [index, draft] of drafts.entries()) {
    if (usable(draft)) return index;
    if (stop(draft)) return -1;
  }
  return -1;
}

/** Which draft each field of the record comes from (its index), for the fields read as a draft gave them. */
export type Chosen = Partial<Record<keyof ProductRecord, number>>;

/**
 * Merges drafts (most trusted first) into a complete record, every missing field null or empty, and
 * says which draft each field was taken from: the first with a usable value (a price above 0 before
 * a reader that shows an offer without one; an availability in the vocabulary; a rating above 0).
 */
export function resolveProduct(url: string, drafts: ProductDraft[]): { record: ProductRecord; chosen: Chosen } {
  const chosen: Chosen = {};
  const take = <K extends keyof ProductRecord>(
    key: K,
    usable = (draft: ProductDraft) => !isEmpty(draft[key]),
    stop?: (draft: ProductDraft) => boolean,
  ) => {
    const index = firstUsable(drafts, usable, stop);
    if (index === -1) return null;
    chosen[key] = index;
    return drafts[index]![key] as ProductRecord[K];
  };
  const titled = take("title");
  const sku = take("sku");
  const title = withoutOwnTail(
    saidOnce(titled ?? drafts.find((draft) => !isEmpty(draft.name))?.name ?? null),
    url,
    sku,
  );
  const asin = take("asin");
  const availability = take("availability", (draft) => normaliseAvailability(draft.availability) !== null);
  const record: ProductRecord = {
    id: take("id") ?? asin ?? sku,
    name: title,
    title,
    url: take("url") ?? url,
    brand: take("brand"),
    // A main offer of 0 is a placeholder ("Current price: $0.00" on a priced-in-club item), never the price.
    price: take(
      "price",
      (draft) => !!draft.price && draft.price.amount > 0,
      (draft) => !!draft.priceless,
    ),
    // Raw wording is read, never passed on.
    availability: availability === null ? null : normaliseAvailability(availability),
    images: take("images") ?? [],
    // No average starts at 0, and no count is 0: a "0 out of 5" widget or "0 reviews" means nobody has rated
    // yet (the page has no rating to give), so a later source may know, else both are null.
    rating: take("rating", (draft) => !!draft.rating && draft.rating > 0),
    review_count: take("review_count", (draft) => !!draft.review_count && draft.review_count > 0),
    reviews: take("reviews") ?? [],
    description: take("description"),
    specs: take("specs") ?? {},
    variants: take("variants") ?? [],
    sku,
    seller: take("seller"),
    breadcrumbs: take("breadcrumbs") ?? [],
  };
  if (drafts.some((draft) => "asin" in draft)) record.asin = asin;
  return { record, chosen };
}

// The last part of a title after a separator: "Brass Desk Lamp - LUMENHAUS", "Deluxe-HD™ Mattress | Lumen Haus".
const TITLE_TAIL = /\s[-|–—·]\s+([^-|–—·]+)$/;

/** Words of a name written twice over that make it a template's slip, not a name that repeats a word ("Bora Bora"). */
const TWICE_WORDS = 6;

/** A name written twice over ("Serum 30ml Distrilab Serum 30ml Distrilab", a template's slip): once. */
function saidOnce(title: string | null): string | null {
  const words = title?.split(" ") ?? [];
  if (words.length < TWICE_WORDS || words.length % 2 !== 0) return title;
  const first = words.slice(0, words.length / 2).join(" ");
  return first === words.slice(words.length / 2).join(" ") ? first : title;
}

/**
 * The title without what a shop appends after a separator (letters compared): the site's own name (its
 * domain's), or the product's own sku ("Iphone X 64gb - iPhone màu vàng 123"), neither part of the name.
 */
function withoutOwnTail(title: string | null, url: string, sku: string | null): string | null {
  const tail = title ? TITLE_TAIL.exec(title) : null;
  if (!title || !tail) return title;
  const appended = lettersAndDigits(tail[1]!);
  const labels = URL.canParse(url) ? new URL(url).hostname.replace(/^www\d?\./, "").split(".") : [];
  const own = [labels[0] ?? "", labels.join(""), sku ?? ""].map(lettersAndDigits).filter(Boolean);
  const kept = title.slice(0, tail.index).trim();
  return kept && own.includes(appended) ? kept : title;
}

/** The record `resolveProduct` merges from the drafts. */
export const buildProduct = (url: string, drafts: ProductDraft[]): ProductRecord => resolveProduct(url, drafts).record;

// The product's own identifiers in schema.org, the shop's first: a gtin or mpn stands in where no sku is given.
const ID_PROPERTIES = ["sku", "productID", "mpn", "gtin13", "gtin", "gtin12", "gtin14", "gtin8", "isbn", "identifier"];

// What a marketplace's form fills an id it was not given with ("upc:Does not apply", "N/A", "none").
const NO_ID = /^(?:does not apply|not applicable|n\/?a|none|null|undefined|unknown|unavailable|not available|-+|0+)$/i;

/** Whether a value given as an id is a placeholder for none ("Does not apply", "N/A", "UNKNOWN"), for every id reader. */
export const isNoId = (value: string) => NO_ID.test(value.trim());

/**
 * The first identifier a structured reading gives (`read` looks one property up), without a vocabulary
 * prefix (`"isbn:0307…"`, `"sku:123"`): JSON-LD, microdata and RDFa name them alike. A placeholder
 * ("Does not apply") is no id, so the next property or reader gives one.
 */
export function firstProductId(read: (property: string) => string | null | undefined): string | null {
  for (const property of ID_PROPERTIES) {
    const written = read(property)
      ?.replace(/^[a-z]+:(?!\/)/i, "")
      .trim();
    // An id written with its label ("Item # 101095") is the id after it.
    const id = written && (idAfterLabel(written) ?? written);
    if (id && !isNoId(id)) return id;
  }
  return null;
}

/**
 * A structured aggregate rating (`read` looks one property up). One given on a percentage-like scale
 * (`bestRating` 100 or 20) is brought to five stars; out of five or ten it stays as the site shows it.
 */
export function structuredRating(read: (property: string) => string | null | undefined): number | null {
  const rating = parseLocaleNumber(read("ratingValue"));
  const best = parseLocaleNumber(read("bestRating"));
  if (rating === null || best === null || best <= 10 || rating > best) return rating;
  return Math.round((rating / best) * 500) / 100;
}
