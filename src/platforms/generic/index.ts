// Any shop page by URL: JSON-LD Product first, then microdata and RDFa, then the page's application
// state, then OpenGraph / product meta tags, then what the page visibly shows (its heading, a "Price:" label).
import { addressId } from "../../scrape/extract/address-id";
import { buyBoxStockLine } from "../../scrape/extract/availability";
import { detectChallenge } from "../../scrape/extract/challenge";
import { firstText } from "../../scrape/extract/dom";
import { readPage, structuredDrafts, type Page } from "../../scrape/extract/page";
import { reading, type ProductDraft } from "../../scrape/extract/record";
import { readSearchResults } from "../../scrape/extract/results";
import { readReviewsPage } from "../../scrape/extract/reviews-page";
import { visibleProductDraft, visibleTitle } from "../../scrape/extract/visible";
import { InvalidLookup } from "../../scrape/errors";
import type { ProductPlatform } from "../types";

/**
 * Every generic reading of a page, most trusted first. Marketplace adapters put their own
 * markup-aware drafts in front of these.
 */
export function genericDrafts(page: Page): ProductDraft[] {
  const { jsonLd, microdata, rdfa, meta, state } = structuredDrafts(page);
  const structuredOffer = [jsonLd, microdata, rdfa, state, meta].some((draft) => draft.price || draft.priceless);
  const visible = visibleProductDraft(page.root, page.hint, !structuredOffer);
  const heading: ProductDraft = { title: visibleTitle(page.root) };
  // A heading that extends the structured name names the variant on show ("… 256 GB) (12 GB RAM)").
  if (
    jsonLd.title &&
    heading.title &&
    heading.title.length > jsonLd.title.length &&
    heading.title.startsWith(jsonLd.title)
  )
    jsonLd.title = heading.title;
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
