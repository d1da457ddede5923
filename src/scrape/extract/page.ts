// One parsed page and the structured readings every adapter starts from.
import { addressId } from "./address-id";
import { declaredCurrency } from "./currency";
import { visibleAvailability } from "./availability";
import { loadHtml, type HTMLElement } from "./dom";
import { jsonLdNodes, type JsonLdNode } from "./json-ld";
import { metaProductDraft, metaTags, metaValue, pageLocale } from "./meta";
import { microdataProductDraft, rdfaProductDraft } from "./microdata";
import type { MoneyHint } from "./money";
import { jsonLdProductDraft } from "./product-ld";
import { isEmpty, reading, type ProductDraft } from "./record";
import { expectAttributes, selectOne } from "./select";
import { stateProductDraft } from "./state-product";
import { countryOfDomain } from "./url";
import { headingPrice, shownId, visibleTitle } from "./visible";
import { firstText } from "./dom";

export interface Page {
  html: string;
  url: string;
  /** Where relative links resolve: the URL when it is http(s), else the page's canonical URL (saved pages). */
  base: string;
  root: HTMLElement;
  /** The page's locale and, when a site knows it, its currency: for "$" and "1.234" readings. */
  hint: MoneyHint;
}

/**
 * Parses `html` once. `hint` adds what the adapter knows (e.g. Amazon's marketplace currency),
 * given the page's base URL.
 */
export function readPage(html: string, url: string, hint: (base: string) => MoneyHint = () => ({})): Page {
  const root = loadHtml(html);
  const canonical =
    selectOne(root, 'link[rel="canonical"]')?.getAttribute("href") ?? metaValue(metaTags(root), "og:url");
  const base = /^https?:/i.test(url) || !canonical || !/^https?:/i.test(canonical) ? url : canonical;
  const known = hint(base);
  return {
    html,
    url,
    base,
    root,
    hint: {
      locale: known.locale ?? declaredLanguage(root),
      currency: known.currency ?? declaredCurrency(html),
      country: countryOfDomain(base),
    },
  };
}

/** Languages written in Chinese characters, whose titles may hold nothing else (a Japanese '楽天市場'). */
const HAN_WRITTEN = /^(?:zh|ja|ko)\b/i;

/**
 * The page's declared language, unless its `<title>` is written in Chinese characters, kana or Hangul and the
 * declared language in none of them (a template's `lang="en"` over a Chinese shop): the title's then.
 */
function declaredLanguage(root: HTMLElement): string | null {
  const declared = pageLocale(root);
  if (declared && HAN_WRITTEN.test(declared)) return declared;
  return titleLanguage(root) ?? declared;
}

/**
 * The language of a page's `<title>` from its script, for the signs several currencies share (¥, 元): kana is
 * Japanese, Hangul Korean, Chinese characters without kana Chinese.
 */
function titleLanguage(root: HTMLElement): string | null {
  const title = selectOne(root, "title")?.text ?? "";
  if (/[\p{Script=Hiragana}\p{Script=Katakana}]/u.test(title)) return "ja";
  if (/\p{Script=Hangul}/u.test(title)) return "ko";
  return /\p{Script=Han}/u.test(title) ? "zh" : null;
}

export interface StructuredDrafts {
  jsonLd: ProductDraft;
  microdata: ProductDraft;
  rdfa: ProductDraft;
  meta: ProductDraft;
  /** The product the page's application state holds (Next, Nuxt, Redux, Apollo, Remix, analytics events). */
  state: ProductDraft;
  nodes: JsonLdNode[];
}

/** JSON-LD, microdata, RDFa Lite, meta-tag and application-state readings of the page, each on its own. */
export function structuredDrafts(page: Page): StructuredDrafts {
  const nodes = jsonLdNodes(page.root);
  expectAttributes(page.root, ["itemscope", "itemprop", "typeof", "property"]);
  const jsonLd = jsonLdProductDraft(nodes, page.hint);
  const microdata = microdataProductDraft(page.root, page.hint);
  const rdfa = rdfaProductDraft(page.root, page.hint);
  const meta = metaProductDraft(page.root, page.hint);
  const identity = {
    texts: [visibleTitle(page.root), firstText(page.root, ["title"]), meta.title].filter((text) => !!text) as string[],
    address: page.base,
    html: page.html,
    currency: () =>
      [jsonLd, microdata, rdfa, meta].find((draft) => draft.price?.currency)?.price?.currency ?? printedCode(page.root),
  };
  return { jsonLd, microdata, rdfa, meta, state: stateProductDraft(page.root, identity, page.hint), nodes };
}

/**
 * The currency code the buy box prints before or after its price ("AED 315"), for a state that prices without
 * one: before any guess from the page's language. A symbol ("$") is left to that guess, as it may be several.
 */
function printedCode(root: HTMLElement): string | null {
  const price = headingPrice(root);
  return price?.currency && price.raw?.toUpperCase().includes(price.currency) ? price.currency : null;
}

/**
 * The structured readings in order of trust, then, where neither they nor the adapter's own readings
 * (`own`, which the adapter puts in front) say it, what the buy box and the page's address say of its
 * availability and id: read only when needed, as they cost a pass over the page's short texts.
 */
export function structuredDraftList(page: Page, own: ProductDraft[] = []): ProductDraft[] {
  const { jsonLd, microdata, rdfa, meta, state } = structuredDrafts(page);
  return [
    reading("json-ld", jsonLd),
    reading("microdata", microdata),
    reading("rdfa", rdfa),
    reading("page state", state),
    reading("meta", meta),
    ...buyBoxAndAddress(page, [...own, jsonLd, microdata, rdfa, state, meta]),
  ];
}

/** What the buy box says of availability and an id, and the id the address gives, where no `known` reading says them. */
export function buyBoxAndAddress(page: Page, known: ProductDraft[]): ProductDraft[] {
  // An adapter's own id (an ASIN, an item number) is the page's id.
  const fields = { availability: ["availability"], sku: ["sku", "asin", "id"] } as const;
  const says = (field: keyof typeof fields) =>
    known.some((draft) => fields[field].some((name) => !isEmpty(draft[name])));
  const availability = says("availability") ? null : visibleAvailability(page.root);
  const sku = says("sku") ? null : shownId(page.root);
  return [
    reading("visible text", { availability, sku }),
    reading("page address", { sku: says("sku") || sku ? null : addressId(page.root, page.url) }),
  ];
}
