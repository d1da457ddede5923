// What the keys of a page's state objects mean, whatever the framework or analytics tool named them:
// `name`, `productName`, `product_name`, `t_product_name`, `item_name` all name the product.
import { normaliseAvailability } from "./availability";
import { asNumber, asText } from "./json-text";

export type StateObject = Record<string, unknown>;

const bareKeys = new Map<string, string>();
/** A key without case, separators or the `product` / `item` prefix analytics put in front ("t_product_price" → "price"). */
export function bareKey(key: string): string {
  let bare = bareKeys.get(key);
  if (bare === undefined) {
    bare = key
      .replace(/^(?:[a-z]_)?(?:product|item)(?=[_A-Z-])/, "")
      .replace(/[^A-Za-z0-9]/g, "")
      .toLowerCase();
    // Keys repeat across a page's objects and across pages; the cache stops growing at a bound.
    if (bareKeys.size < 10_000) bareKeys.set(key, bare);
  }
  return bare;
}

export const NAME_KEYS = ["name", "title", "displayname", "localizedname"];
// Prices a buyer pays now, most specific first; old, list and unit prices are never among them.
export const PRICE_KEYS = [
  "saleprice",
  "sellingprice",
  "currentprice",
  "finalprice",
  "offerprice",
  "customerprice",
  "discountedprice",
  "specialprice",
  "price",
  "pricewithoutehf",
];
// Inside a price object: the amount, then what the object calls it.
export const AMOUNT_KEYS = ["amount", "value", "current", "sale", "selling", "final", "baseprice", "price"];
export const CURRENCY_KEYS = ["currency", "currencycode", "pricecurrency", "currencyunit", "sitecurrency"];
// The shop's own product ids. A gtin or a plain `id` is left out: the state holds it for the shop's scripts
// (a variant's database key, a barcode the page does not show), and the shop's id is read elsewhere.
export const ID_KEYS = ["sku", "skuid", "mpn", "partnumber"];
// Keys that show an object describes an article even without a price; an id alone names nothing.
export const ARTICLE_KEYS = ["gtin", "gtin13", "gtin12", "ean", "upc", "barcode"];
const RATING_KEYS = ["rating", "ratingvalue", "averagerating", "customerrating", "avgrating"];
const COUNT_KEYS = [
  "reviewcount",
  "ratingcount",
  "numberofreviews",
  "totalreviewcount",
  "customerratingcount",
  "reviews",
];
const BRAND_KEYS = ["brand", "brandname", "vendor", "manufacturer"];
// Flags that say the offer can be bought, and those that say it cannot.
const AVAILABLE_FLAGS = ["instock", "isinstock", "available", "isavailable", "availableforsale", "purchasable"];
const SOLD_OUT_FLAGS = ["outofstock", "isoutofstock", "soldout", "issoldout"];
const AVAILABILITY_KEYS = ["availability", "availabilitystatus", "stockstatus", "inventorystatus"];

/** The object's values by bare key; a one-item list of plain values (analytics' `["7.99"]`) is its item. */
export function bareEntries(object: StateObject): Map<string, unknown> {
  const entries = new Map<string, unknown>();
  for (const [key, raw] of Object.entries(object)) {
    const value = Array.isArray(raw) && raw.length === 1 && typeof raw[0] !== "object" ? raw[0] : raw;
    const bare = bareKey(key);
    if (!entries.has(bare)) entries.set(bare, value);
  }
  return entries;
}

/** The first of `keys` with a value `read` accepts. */
export function firstOf<T>(
  entries: Map<string, unknown>,
  keys: string[],
  read: (value: unknown) => T | null,
): T | null {
  for (const key of keys) {
    const value = read(entries.get(key));
    if (value !== null) return value;
  }
  return null;
}

/** A name, a brand: text, or an object's `name`. */
export const textOf = (value: unknown): string | null =>
  typeof value === "string"
    ? asText(value)
    : value && typeof value === "object"
      ? asText((value as StateObject).name)
      : null;

/** An id: text or a number, short and without spaces; "null" and GraphQL global ids are no ids. */
export function idOf(value: unknown): string | null {
  const text = asText(value);
  if (!text || text.length > 40 || /\s|^null$|^gid:/i.test(text)) return null;
  // Zero-padded to a field's width ("000000000100234276"), the number is the id.
  return /^0+\d{6,}$/.test(text) && text.length > 14 ? text.replace(/^0+/, "") : text;
}

/** The offer's availability from a status text or a flag. */
export function availabilityOf(entries: Map<string, unknown>): string | null {
  const status = firstOf(entries, AVAILABILITY_KEYS, (value) =>
    typeof value === "string" ? normaliseAvailability(value.replace(/_/g, " ")) : null,
  );
  if (status) return status;
  const flag = (keys: string[]) => firstOf(entries, keys, (value) => (typeof value === "boolean" ? value : null));
  const available = flag(AVAILABLE_FLAGS);
  const soldOut = flag(SOLD_OUT_FLAGS);
  if (available !== null) return available ? "in_stock" : "out_of_stock";
  return soldOut === null ? null : soldOut ? "out_of_stock" : "in_stock";
}

/** The rating out of five, the review count and the brand the object states. */
export function reviewsAndBrand(entries: Map<string, unknown>) {
  const rating = firstOf(entries, RATING_KEYS, asNumber);
  // A count beside no rating at all is some other tally (an empty review list, a rating widget not loaded).
  const count = firstOf(entries, COUNT_KEYS, (value) => {
    const number = asNumber(value);
    return number !== null && Number.isInteger(number) && number >= 0 ? number : null;
  });
  return {
    rating: rating !== null && rating > 0 && rating <= 5 ? rating : null,
    review_count: rating === null ? null : count,
    brand: firstOf(entries, BRAND_KEYS, textOf),
  };
}
