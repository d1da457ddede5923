// Any shop page by URL: JSON-LD Product first, then microdata and RDFa, then the page's application
// state, then OpenGraph / product meta tags, then what the page visibly shows (its heading, a "Price:" label).
import { addressId } from "../../scrape/extract/address-id";
import { idAfterLabel } from "../../scrape/extract/id-labels";
import { buyBoxStockLine } from "../../scrape/extract/availability";
import { detectChallenge } from "../../scrape/extract/challenge";
import { firstText, lettersAndDigits } from "../../scrape/extract/dom";
import { readPage, structuredDrafts, type Page } from "../../scrape/extract/page";
import { reading, type ProductDraft } from "../../scrape/extract/record";
import { readSearchResults } from "../../scrape/extract/results";
import { readReviewsPage } from "../../scrape/extract/reviews-page";
import { visibleProductDraft } from "../../scrape/extract/visible-draft";
import { printsPrice } from "../../scrape/extract/state-product";
import { headingPrice, visibleTitle } from "../../scrape/extract/visible";
import { InvalidLookup } from "../../scrape/errors";
import type { ProductPlatform } from "../types";
import type { Money } from "../../scrape/types";

/**
 * Every generic reading of a page, most trusted first. Marketplace adapters put their own
 * markup-aware drafts in front of these.
 */
export function genericDrafts(page: Page): ProductDraft[] {
  const { jsonLd, microdata, rdfa, meta, state } = structuredDrafts(page);
  // A state price the page never prints, where the heading's block prints another, is one kept for scripts (a
  // list price, "current_price": "33.50" beside the shown "￥26.93"): the buy box's is the price.
  if (state.price && !printsPrice(state.price, page.html)) {
    const shown = headingPrice(page.root, page.hint);
    if (shown && shown.amount !== state.price.amount) state.price = null;
  }
  // A structured price the buy box strikes, beside a lower one it prints, is the regular price the markup kept
  // through a sale ("S/. 20.00" struck, "S/. 18.00" after it): the buy box's sale price is the offer.
  const structured = [jsonLd, microdata, rdfa, state, meta];
  const shown = structured.some((draft) => draft.price) ? headingPrice(page.root, page.hint) : null;
  const sale = shown && structured.some((draft) => draft.price && struckBeside(draft.price, shown)) ? shown : null;
  for (const draft of structured) if (sale && draft.price && struckBeside(draft.price, sale)) draft.price = null;
  // A structured price written with a dot for thousands ("price": "100.000", read as 100) where the buy box prints
  // the same digits ("$100.000" in pesos): the page's own notation says the figure.
  for (const draft of structured) if (shown && draft.price && sameDigits(draft.price, shown)) draft.price = shown;
  const structuredOffer = structured.some((draft) => draft.price || draft.priceless);
  const visible = visibleProductDraft(page.root, page.hint, !structuredOffer);
  if (sale) visible.price = sale;
  const heading: ProductDraft = { title: visibleTitle(page.root) };
  for (const draft of [jsonLd, microdata]) {
    if (draft.title && heading.title)
      draft.title = headingSpelling(draft.title, heading.title, page.base, draft.brand ?? null) ?? draft.title;
  }
  const fallbackTitle: ProductDraft = { title: firstText(page.root, ["title"]) };
  const address: ProductDraft = { sku: addressId(page.root, page.url) };
  return [
    reading("buy box", { availability: buyBoxStockLine(page.root) }),
    reading("json-ld", jsonLd),
    reading("microdata", microdata),
    reading("rdfa", rdfa),
    reading("page state", state),
    reading("main heading", heading),
    reading("meta", meta),
    reading("visible text", visible),
    reading("title element", fallbackTitle),
    reading("page address", address),
  ];
}

// The deepest sale a struck price is believed to stand beside: a figure under a tenth of it is a misreading
// (cents set apart, "$1,399" "99", read as 1.39999), not a price.
const DEEPEST_SALE = 0.1;

/** Whether the buy box prints `structured`'s digits as a thousand times its amount, in the same currency. */
function sameDigits(structured: Money, shown: Money): boolean {
  const digits = (raw: string | null) => raw?.replace(/\D/g, "") ?? "";
  return (
    shown.currency === structured.currency &&
    shown.amount === Math.round(structured.amount * 1000) &&
    digits(shown.raw) !== "" &&
    digits(shown.raw) === digits(structured.raw)
  );
}

/** Whether the buy box shows `structured` struck, with a lower price of the same currency paid now. */
function struckBeside(structured: Money, shown: Money): boolean {
  return (
    shown.original_amount === structured.amount &&
    shown.amount < structured.amount &&
    shown.amount >= structured.amount * DEEPEST_SALE &&
    shown.currency === structured.currency
  );
}

/**
 * The page's heading where it is the better spelling of a structured name: it extends it with the
 * variant on show ("… 256 GB) (12 GB RAM)") or sets its version inside it ("… Desktop 15 for Mac"), or leaves out
 * the variant the name adds ("… - purple"), sets
 * the product's brand before it as the page shows it ("adidas Marble Leggings" for "Marble Leggings"; a
 * brand run into the name by the markup is set apart), differs from it only in case or marks ("By Colleen Hoover", an inch
 * mark the markup dropped), or is it without the shop's name the
 * shop appended ("… Pacific Blue cumpara pe Darwin.md"). Null when the name stands.
 */
function headingSpelling(name: string, heading: string, address: string, brand: string | null): string | null {
  // An extension stands apart from the name and is no item number ("#00076723", "(Cód. 212979)") or count run into
  // it ("…Sandstone134/4466").
  const extension = heading.startsWith(name) ? heading.slice(name.length) : "";
  if (/^\s/.test(extension) && !/#\d/.test(extension) && !idAfterLabel(extension)) return heading;
  // A name that adds a variant after the heading and a separator ("TREFOIL HOODIE - Hoodie - purple") names
  // the colour or size on show, which the heading leaves to the page's choices.
  if (name.startsWith(heading) && VARIANT_AFTER.test(name.slice(heading.length))) return heading;
  if (insertsNumber(name, heading)) return heading;
  // The same letters and digits in another case or with other marks between them: the markup may drop or change
  // an inch mark ('[15.6"]' written "[15.6]", '12″' written '12"') or a quote the heading prints. A heading that
  // runs two of the name's words together ("Wings16 Pads") or sets a mark before or after it ("– Dry Iron") is the worse
  // spelling.
  const words = (text: string) => text.split(/[^\p{L}\p{N}]+/u).filter(Boolean).length;
  const [shown, named] = [heading.toLowerCase(), name.toLowerCase()];
  const sameEnds = shown.at(0) === named.at(0) && shown.at(-1) === named.at(-1);
  if (heading !== name && squash(heading) === squash(name) && words(heading) >= words(name) && sameEnds) return heading;
  const before = textBefore(name, heading, brand);
  if (brand && before && isBrandShown(before, brand, address)) return `${before.trimEnd()} ${name}`;
  // Compared by letters and digits alone: the heading may set its parts apart ("8 GB / 256 GB" for "8 GB 256 GB").
  const shop = siteLabel(address);
  const [bareName, bareHeading] = [squash(name), squash(heading)];
  return shop && bareName.startsWith(bareHeading) && bareName.slice(bareHeading.length).includes(squash(shop))
    ? heading
    : null;
}

const squash = lettersAndDigits;

/**
 * What the heading sets before the name: compared by letters and digits where the heading runs the name's
 * parts together ("Crucial MX300 525 GB, Solid State Drive(SATA 600)" for "MX300 525 GB, Solid State Drive (SATA 600)").
 * A variant the heading sets after the name ("adidas Marble Leggings multicolor/multicolor") is the page's choice, not
 * the name's.
 */
function textBefore(name: string, heading: string, brand: string | null): string {
  if (heading.endsWith(name)) return heading.slice(0, -name.length);
  const at = heading.indexOf(name);
  if (at > 0 && VARIANT_AFTER_HEADING.test(heading.slice(at + name.length))) return heading.slice(0, at);
  return brand && squash(heading) === squash(brand) + squash(name) ? heading.slice(0, brand.length) : "";
}

/** The heading is the name with a version or model number set inside it ("Parallels Desktop 15 for Mac"): one or two words, each with a digit. */
function insertsNumber(name: string, heading: string): boolean {
  const [named, shown] = [name.trim().split(/\s+/), heading.trim().split(/\s+/)];
  const added = shown.length - named.length;
  if (added < 1 || added > 2) return false;
  let at = 0;
  while (at < named.length && named[at] === shown[at]) at++;
  const inserted = shown.slice(at, at + added);
  return (
    at > 0 &&
    at < named.length &&
    inserted.every((word) => /\d/.test(word)) &&
    shown.slice(at + added).join(" ") === named.slice(at).join(" ")
  );
}

// A variant set after a name: a dash, bar or slash between spaces, then a short phrase.
const VARIANT_AFTER = /^\s+[-–—|/]\s+\S.{0,59}$/;
// A variant a heading sets after the name: a short phrase after a space (a colour, "core black/clear mint").
const VARIANT_AFTER_HEADING = /^\s+\S.{0,39}$/;

// What may follow a brand before the name it heads: space, a dash, a colon, a bar.
const BRAND_END = /[\s\-–—:|/·]+$/;
const brandSpelling = (text: string) => text.replace(/[®™©]/g, "").replace(/\s+/g, " ").trim().toLowerCase();

/**
 * Whether the text a heading sets before a structured name is the product's brand as written
 * (case, spacing, a trademark sign and a separator after it aside): never a shop's own name, which
 * the heading would only repeat, nor a brand of marks alone.
 */
function isBrandShown(before: string, brand: string, address: string): boolean {
  if (squash(brand).length < 2 || squash(brand) === squash(siteLabel(address) ?? "")) return false;
  return brandSpelling(before.replace(BRAND_END, "")) === brandSpelling(brand);
}

/** The name a site's address gives it: "darwin" for `https://www.darwin.md/…`, "shop" for `shop.co.uk`. */
function siteLabel(address: string): string | null {
  const labels = /^https?:\/\/([^/:?#]+)/i.exec(address)?.[1]?.toLowerCase().split(".") ?? [];
  // The label before the public suffix: the last one, or the one before a two-letter country after a short second level.
  const suffixLength = labels.length > 2 && labels.at(-1)!.length === 2 && labels.at(-2)!.length <= 3 ? 2 : 1;
  const label = labels.at(-1 - suffixLength);
  return label && label.length >= 3 && label !== "www" ? label : null;
}

export const generic: ProductPlatform = {
  slug: "generic",
  name: "Any shop page",
  kind: "shop",
  description: "Any shop's product page by URL: JSON-LD, microdata, RDFa, meta tags, then what the page visibly shows.",
  mcpText: "any shop with `generic` and a url",
  idParam: "url",
  id: null,
  engines: ["fetch", "browser"],
  origins: { default: "" },
  productUrl(lookup) {
    if (!lookup.url) {
      throw new InvalidLookup("url", "url is required");
    }
    return lookup.url;
  },
  readProduct: (html, url) => genericDrafts(readPage(html, url)),
  parseSearch: (html, url) => readSearchResults(readPage(html, url), url),
  parseReviews: (html, url) => readReviewsPage(readPage(html, url).root, url),
  detectChallenge,
};
