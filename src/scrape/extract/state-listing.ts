// A result list a page holds only in its application state (cards drawn by scripts, placeholders until
// then): the state's largest collection of items that each carry a name and a link or an id, most of them
// a price a buyer can read, found by shape as the product reader finds one product (state-product.ts). A
// collection is an array, or an Apollo cache's map of `Type:id` keys. Read only when the page shows no
// cards and states no list.
import type { SearchItem } from "../types";
import { stateValues } from "./app-state";
import { absoluteUrl, type HTMLElement } from "./dom";
import type { StructuredCard } from "./listing-structured";
import type { MoneyHint } from "./money";
import {
  bareEntries,
  CURRENCY_KEYS,
  firstOf,
  ID_KEYS,
  idOf,
  NAME_KEYS,
  reviewsAndBrand,
  type StateObject,
  textOf,
} from "./state-keys";
import { currencyCode, priceOf } from "./state-product";

const MAX_OBJECTS = 50_000;
/** A list needs two items at least: one priced object is the page's product, a cart line or a banner. */
const MIN_ITEMS = 2;
const URL_KEYS = ["url", "producturl", "link", "href", "permalink", "canonicalurl", "urlkey", "slug"];
const ITEM_ID_KEYS = [...ID_KEYS, "id", "nid", "code"];
const IMAGE_KEYS = ["image", "imageurl", "img", "thumbnail", "picture"];
/** A JSON document kept as a string inside the state (`"data": "{\"catalog\":…}"`). */
const JSON_IN_TEXT = /^\s*[[{]\s*"/;
const APOLLO_KEY = /^[A-Z]\w*:./;

/** The items of the state's largest collection of named, mostly priced objects, in the state's order. */
export function stateListing(root: HTMLElement, base: string, hint: MoneyHint, html: string): StructuredCard[] {
  let best: SearchItem[] = [];
  let seen = 0;
  const visit = (value: unknown, stated: { currency: string | null }) => {
    if (seen++ > MAX_OBJECTS) return;
    if (typeof value === "string") {
      if (value.length > 200 && JSON_IN_TEXT.test(value)) visit(parsed(value), stated);
      return;
    }
    if (!value || typeof value !== "object") return;
    const object = value as StateObject;
    stated.currency ??= firstOf(bareEntries(object), CURRENCY_KEYS, currencyCode);
    const members = Array.isArray(value) ? value : apolloMembers(object);
    if (members.length >= MIN_ITEMS && members.length > best.length) {
      const items = members.flatMap((member) => itemOf(member, base, stated.currency, hint, html) ?? []);
      // Most items priced: a sold-out one among them keeps its place with no price.
      const priced = items.filter((item) => item.price !== null).length;
      if (priced >= MIN_ITEMS && priced * 2 > items.length && items.length > best.length) best = items;
    }
    for (const child of Array.isArray(value) ? value : Object.values(object)) visit(child, stated);
  };
  for (const value of stateValues(root)) visit(value, { currency: null });
  return best.map((item) => ({ element: null, item }));
}

function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** An Apollo cache's objects of one type (`Product:123`, `Product:456`), the way it keeps a result list. */
function apolloMembers(object: StateObject): unknown[] {
  const byType = new Map<string, unknown[]>();
  for (const [key, member] of Object.entries(object)) {
    if (!APOLLO_KEY.test(key)) continue;
    const type = key.slice(0, key.indexOf(":"));
    const members = byType.get(type);
    if (members) members.push(member);
    else byType.set(type, [member]);
  }
  return [...byType.values()].reduce<unknown[]>((most, members) => (members.length > most.length ? members : most), []);
}

/** A member with a name and a link or an id, as a result, with the price it states a buyer can read. */
function itemOf(member: unknown, base: string, currency: string | null, hint: MoneyHint, html: string) {
  if (!member || typeof member !== "object" || Array.isArray(member)) return null;
  const entries = bareEntries(member as StateObject);
  const title = firstOf(entries, NAME_KEYS, textOf);
  if (!title || title.length > 300) return null;
  const price = priceOf(entries, firstOf(entries, CURRENCY_KEYS, currencyCode) ?? currency, hint, html);
  const id = firstOf(entries, ITEM_ID_KEYS, idOf);
  const url = absoluteUrl(
    firstOf(entries, URL_KEYS, (value) => (typeof value === "string" ? value : null)),
    base,
  );
  if (!id && !url) return null;
  const { rating, review_count } = reviewsAndBrand(entries);
  const image = firstOf(entries, IMAGE_KEYS, (value) => (typeof value === "string" ? value : null));
  return {
    id,
    title,
    url,
    price,
    rating,
    review_count,
    image: absoluteUrl(image, base),
    sponsored: false,
  } satisfies SearchItem;
}
