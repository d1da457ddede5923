// The product in a page's application state, found by shape: objects that carry a name plus a price,
// an id or an availability. Of those, the one that names what the page is about (its heading, title or
// address) is the product; the others are recommendations, cart lines and menus.
import type { Money, ProductDraft } from "../types";
import { stateValues } from "./app-state";
import type { HTMLElement } from "./dom";
import { moneyFromStructured, type MoneyHint } from "./money";
import { finder } from "./regions";
import {
  AMOUNT_KEYS,
  availabilityOf,
  bareEntries,
  bareKey,
  CURRENCY_KEYS,
  firstOf,
  ID_KEYS,
  idOf,
  ARTICLE_KEYS,
  NAME_KEYS,
  PRICE_KEYS,
  reviewsAndBrand,
  type StateObject,
  textOf,
} from "./state-keys";

/** What the page says it is about: its heading, `<title>`, og:title and address, for matching names against. */
export interface PageIdentity {
  texts: string[];
  address: string;
  html: string;
  /**
   * The currency the page's other structured readers state, else the code its buy box prints, for a state
   * that prices without one: asked only then, as the buy box costs a look around the heading.
   */
  currency: () => string | null;
}

interface Found {
  entries: Map<string, unknown>;
  name: string;
  /** The currency it, an ancestor (`ecommerce.currencyCode` above its `products`) or its state value states. */
  currency: string | null;
}

const MAX_OBJECTS = 100_000;
const NAME_SET = new Set(NAME_KEYS);
const PRODUCT_SET = new Set([...PRICE_KEYS, "offers", ...ID_KEYS, ...ARTICLE_KEYS]);
const CURRENCY_SET = new Set(CURRENCY_KEYS);

/** The product the page's state describes, as a draft; empty when no state object names the page's product. */
export function stateProductDraft(root: HTMLElement, identity: PageIdentity, hint: MoneyHint): ProductDraft {
  const found = productObjects(stateValues(root));
  const best = bestMatch(found, identity);
  if (!best) return {};
  const { entries, name, currency } = best;
  // The object that carries the offer is the product; one that names it without a price a buyer can read
  // (no amount, or no currency) is a catalogue stub or an analytics tag, and its ids and flags are not the page's.
  const price = priceOf(entries, currency ?? identity.currency(), hint, identity.html);
  if (!price) return {};
  return {
    // The state's name backs the heading (the first identity text) it matches; a variant's or an analytics'
    // spelling ("textured shift dress") is no title.
    title: identity.texts[0] !== undefined && sameText(identity.texts[0], name) ? name : null,
    price,
    sku: idsOf(entries),
    availability: availabilityOf(entries),
    ...reviewsAndBrand(entries),
  };
}

const sameText = (a: string, b: string) =>
  a.replace(/\s+/g, " ").trim().toLowerCase() === b.replace(/\s+/g, " ").trim().toLowerCase();

/** The product's own id (a sku or mpn); for a product with variants and none of its own, its first variant's. */
function idsOf(entries: Map<string, unknown>): string | null {
  const own = firstOf(entries, ID_KEYS, idOf);
  const variants = entries.get("variants") ?? entries.get("skus");
  if (own || !Array.isArray(variants) || !variants[0] || typeof variants[0] !== "object") return own;
  return firstOf(bareEntries(variants[0] as StateObject), ID_KEYS, idOf);
}

/**
 * Every object with a name and a price, an id or an availability, with the currency it, its ancestors
 * (`ecommerce.currencyCode` above its `products`) or else anything in the same state value states.
 */
function productObjects(values: unknown[]): Found[] {
  const found: Found[] = [];
  const refs = apolloRefs(values);
  const seen = new Set<unknown>();
  for (const root of values) {
    const fromRoot: Found[] = [];
    let stated: string | null = null;
    const stack: { value: unknown; currency: string | null }[] = [{ value: root, currency: null }];
    while (stack.length > 0 && seen.size < MAX_OBJECTS) {
      const { value, currency: inherited } = stack.pop()!;
      if (!value || typeof value !== "object" || seen.has(value)) continue;
      seen.add(value);
      // Children go on the stack last first, so objects are met in page order (a list's first variant first).
      if (Array.isArray(value)) {
        for (let index = value.length - 1; index >= 0; index--)
          if (value[index] && typeof value[index] === "object")
            stack.push({ value: value[index], currency: inherited });
        continue;
      }
      // Most objects are menus, settings and texts: their keys decide before any entry is built.
      const object = value as StateObject;
      const keys = Object.keys(object);
      let named = false;
      let productLike = false;
      let own: string | null = null;
      for (const key of keys) {
        const bare = bareKey(key);
        named ||= NAME_SET.has(bare);
        productLike ||= PRODUCT_SET.has(bare);
        if (own === null && CURRENCY_SET.has(bare)) own = currencyCode(first(object[key]));
      }
      stated ??= own;
      const currency = own ?? inherited;
      const entries = named && productLike ? bareEntries(resolved(object, refs)) : null;
      const name = entries && firstOf(entries, NAME_KEYS, textOf);
      if (entries && name && name.length <= 300) fromRoot.push({ entries, name, currency });
      for (let index = keys.length - 1; index >= 0; index--) {
        const child = object[keys[index]!];
        if (child && typeof child === "object") stack.push({ value: child, currency });
      }
    }
    found.push(...fromRoot.map((candidate) => ({ ...candidate, currency: candidate.currency ?? stated })));
  }
  return found;
}

// Apollo caches keep each object once under its key ("Product:123") and link to it with `{ "__ref": key }`.
function apolloRefs(values: unknown[]): Map<string, StateObject> {
  const refs = new Map<string, StateObject>();
  const collect = (holder: unknown, depth: number) => {
    if (!holder || typeof holder !== "object" || Array.isArray(holder) || depth > 3) return;
    for (const [key, value] of Object.entries(holder)) {
      if (/^[A-Z]\w*:./.test(key) && value && typeof value === "object") refs.set(key, value as StateObject);
      else collect(value, depth + 1);
    }
  };
  for (const value of values) collect(value, 0);
  return refs;
}

/** The object with its linked values in place (one step: a price object behind a `__ref`). */
function resolved(object: StateObject, refs: Map<string, StateObject>): StateObject {
  if (refs.size === 0) return object;
  const linked = (value: unknown) => {
    const ref = value && typeof value === "object" ? (value as StateObject).__ref : undefined;
    return typeof ref === "string" ? (refs.get(ref) ?? value) : value;
  };
  return Object.fromEntries(Object.entries(object).map(([key, value]) => [key, linked(value)]));
}

/** The candidate that names the page: most of its name's words in the heading or title, or its id in the address. */
function bestMatch(found: Found[], identity: PageIdentity): Found | null {
  const pageWords = identity.texts.map(words);
  const address = identity.address.toLowerCase();
  let best: { candidate: Found; score: number } | null = null;
  for (const candidate of found) {
    const own = words(candidate.name);
    const named = own.size === 0 ? 0 : Math.max(0, ...pageWords.map((page) => shared(own, page) / own.size));
    const ids = [...ID_KEYS, "id"].map((key) => idOf(candidate.entries.get(key)));
    const addressed = ids.some((id) => id !== null && id.length >= 4 && inAddress(address, id.toLowerCase()));
    if (named < 0.6 && !addressed) continue;
    // Ties go to the richer object: the product rather than a breadcrumb or a cart line of the same name.
    const score = named + (addressed ? 0.5 : 0) + candidate.entries.size / 10_000;
    if (!best || score > best.score) best = { candidate, score };
  }
  return best?.candidate ?? null;
}

const words = (text: string) => new Set(text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []);
const shared = (a: Set<string>, b: Set<string>) => [...a].filter((word) => b.has(word)).length;
const inAddress = (address: string, id: string) => {
  const at = address.indexOf(id);
  return at >= 0 && !/[a-z0-9]/.test(address[at - 1] ?? "") && !/[a-z0-9]/.test(address[at + id.length] ?? "");
};

/** The price a buyer pays, from the first price key with a positive amount (a number, a text or a price object). */
export function priceOf(
  entries: Map<string, unknown>,
  currency: string | null,
  hint: MoneyHint,
  html: string,
): Money | null {
  const offer = entries.get("offers");
  const sources = [...PRICE_KEYS.map((key) => entries.get(key)), entries.get("pricerange"), first(offer)];
  for (const source of sources) {
    const { amount, code } = amountOf(source, currency);
    const money = amount === null ? null : moneyFromStructured(amount, code, hint);
    if (!money?.currency || money.amount <= 0) continue;
    if (!/^\d+$/.test(money.raw ?? "")) return money;
    // A whole number may count cents: it is taken as the page prints it, and not at all where it prints neither.
    const units = wholeAmountUnits(money.amount, html);
    if (units) return units === "minor" ? { ...money, amount: money.amount / 100 } : money;
  }
  return null;
}

const PRICE_TEXT = /^[^\d]{0,5}\d[\d.,'\s\u00a0]*[^\d]{0,5}$/;
const first = (value: unknown) => (Array.isArray(value) ? value[0] : value);

/** An amount as given, or inside a price object (`{ amount, currencyCode }`, Shopify's `minVariantPrice`). */
function amountOf(value: unknown, currency: string | null): { amount: unknown; code: string | null } {
  if (typeof value === "number") return { amount: value, code: currency };
  // A price text is a number with at most a sign or code around it ("₦ 7,000", "12.50 EUR"), not an encoded blob.
  if (typeof value === "string") return { amount: PRICE_TEXT.test(value.trim()) ? value : null, code: currency };
  if (!value || typeof value !== "object" || Array.isArray(value)) return { amount: null, code: currency };
  const entries = bareEntries(value as StateObject);
  const inner = entries.get("minvariantprice") ?? entries.get("min");
  if (inner && typeof inner === "object")
    return amountOf(inner, firstOf(entries, CURRENCY_KEYS, currencyCode) ?? currency);
  const amount = firstOf(entries, AMOUNT_KEYS, (item) =>
    typeof item === "number" || typeof item === "string" ? item : null,
  );
  return { amount, code: firstOf(entries, CURRENCY_KEYS, currencyCode) ?? currency };
}

/**
 * What a whole number in the state counts, by how the page prints it as a price: cents where it prints the
 * number divided by a hundred (Shopify's 5900 shown as "$59.00"), units where it prints the number itself
 * ("299,– €"); null where it prints neither. A price under one unit counts cents as any other ("$0.55" for 55).
 */
export function wholeAmountUnits(amount: number, html: string): "minor" | "major" | null {
  const units = [String(amount), amount.toLocaleString("en-US")];
  const major = (amount / 100).toFixed(2);
  // Grouped as a buy box prints thousands ("$1,200.00", "1.200,00 €") as well as bare.
  const grouped = (amount / 100).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const european = grouped.replace(/[.,]/g, (mark) => (mark === "." ? "," : "."));
  const cents = amount >= 10 ? [...new Set([major, major.replace(".", ","), grouped, european])] : [];
  const printed = printedAsPrice(html, [...units, ...cents]);
  if (units.some((text) => printed.has(text))) return "major";
  return cents.some((text) => printed.has(text)) ? "minor" : null;
}

/** Whether the page prints `money`'s amount beside a currency sign or code ("￥33.50", "33,50 €"), anywhere. */
export function printsPrice(money: Money, html: string): boolean {
  const fixed = money.amount.toFixed(2);
  const texts = new Set([
    money.raw ?? "",
    String(money.amount),
    fixed,
    fixed.replace(".", ","),
    money.amount.toLocaleString("en-US"),
  ]);
  texts.delete("");
  return printedAsPrice(html, [...texts]).size > 0;
}

const SIGN = "[$€£¥￥₹₽₺]";
/** What may close a printed amount: cents written as zeros or a dash, then no further digit. */
const CLOSE = "(?:[.,](?:00?|–|-))?(?![\\d.,]*\\d)";
/** A sign or code just before the amount ("$59.00", "EUR 12"), read on the few characters before it. */
const SIGN_BEFORE = new RegExp(`(?:${SIGN}|\\b[A-Z]{3})\\s?$`);
/** The amount's close, read where the amount ends. */
const CLOSED = new RegExp(CLOSE, "y");
/** The amount's close and a sign or code after it ("142,50 €", "299,– €"), read where the amount ends. */
const SIGN_AFTER = new RegExp(`${CLOSE}\\s?(?:${SIGN}|[A-Z]{3}\\b)`, "y");

/**
 * The amounts the page prints beside a currency sign or code ("$59.00", "142,50 €", "299,– €"). Each
 * place an amount's text occurs is judged by what stands around it: one regular expression over a
 * megabyte of page for each amount cost several milliseconds. The places are found by one search for
 * all the amounts, each place then tried for every amount that starts there.
 */
function printedAsPrice(html: string, amounts: string[]): Set<string> {
  const printed = new Set<string>();
  const find = finder(html, amounts, "g");
  for (let at = find(0); at >= 0; at = find(at + 1)) {
    for (const amount of amounts) {
      if (!printed.has(amount) && html.startsWith(amount, at) && printedAt(html, at, amount)) printed.add(amount);
    }
  }
  return printed;
}

/** Whether the amount's text at `at` stands beside a currency sign or code. */
function printedAt(html: string, at: number, amount: string): boolean {
  const end = at + amount.length;
  if (SIGN_BEFORE.test(html.slice(Math.max(0, at - 6), at)) && matchesAt(CLOSED, html, end)) return true;
  return !/[\d.,]/.test(html[at - 1] ?? "") && matchesAt(SIGN_AFTER, html, end);
}

function matchesAt(sticky: RegExp, text: string, index: number): boolean {
  sticky.lastIndex = index;
  return sticky.test(text);
}

export const currencyCode = (value: unknown) => (typeof value === "string" && /^[A-Z]{3}$/i.test(value) ? value : null);
