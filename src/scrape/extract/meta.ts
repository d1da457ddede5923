// OpenGraph, product:* and twitter:* meta tags, and the page's declared language.
import { cleanText, unique, type HTMLElement } from "./dom";
import { moneyFromStructured, type MoneyHint } from "./money";
import { normaliseAvailability } from "./availability";
import type { ProductDraft } from "./record";
import { selectAll, selectOne } from "./select";

// The base URL, the locale and the meta draft each read the tags; they are collected once per page.
const tagsOfPage = new WeakMap<HTMLElement, Map<string, string[]>>();

/** Every `<meta property|name|itemprop=… content=…>` by lower-cased key; the first occurrence wins, images collect all. */
export function metaTags(root: HTMLElement): Map<string, string[]> {
  let tags = tagsOfPage.get(root);
  if (tags) return tags;
  tags = new Map<string, string[]>();
  tagsOfPage.set(root, tags);
  for (const meta of selectAll(root, "meta")) {
    const key = (
      meta.getAttribute("property") ??
      meta.getAttribute("name") ??
      meta.getAttribute("itemprop")
    )?.toLowerCase();
    const content = cleanText(meta.getAttribute("content"));
    if (key && content) tags.set(key, [...(tags.get(key) ?? []), content]);
  }
  return tags;
}

export function metaValue(tags: Map<string, string[]>, ...keys: string[]): string | null {
  for (const key of keys) {
    const value = tags.get(key)?.[0];
    if (value) return value;
  }
  return null;
}

export function metaProductDraft(root: HTMLElement, hint: MoneyHint = {}): ProductDraft {
  const tags = metaTags(root);
  const amount = metaValue(tags, "product:price:amount", "og:price:amount");
  const currency = metaValue(tags, "product:price:currency", "og:price:currency");
  return {
    title: metaValue(tags, "og:title", "twitter:title"),
    description: metaValue(tags, "og:description", "description", "twitter:description"),
    images: unique([
      ...(tags.get("og:image") ?? []),
      ...(tags.get("og:image:url") ?? []),
      ...(tags.get("twitter:image") ?? []),
    ]),
    brand: metaValue(tags, "product:brand", "og:brand"),
    price: amount && /\d/.test(amount) ? moneyFromStructured(amount, currency, hint) : null,
    availability: normaliseAvailability(metaValue(tags, "product:availability", "og:availability")),
    // A shop's own `<meta name="product-id">` names the product as `product:retailer_item_id` does.
    sku: metaValue(tags, "product:retailer_item_id", "product:sku", "product-id", "product_id"),
  };
}

/** The page's locale from `<html lang>` or `og:locale`, e.g. "es-ES". */
export function pageLocale(root: HTMLElement): string | null {
  const lang = selectOne(root, "html")?.getAttribute("lang");
  return cleanText(lang) ?? metaValue(metaTags(root), "og:locale");
}
