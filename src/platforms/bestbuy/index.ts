// Best Buy: /site/{sku}.p?skuId={sku}, /site/searchpage.jsp, /site/reviews/…/{sku}, read from Best
// Buy's page components first (product.ts, search.ts, reviews.ts), the structured data behind them.
import { detectChallenge } from "../../scrape/extract/challenge";
import { readPage, structuredDraftList } from "../../scrape/extract/page";
import { reading } from "../../scrape/extract/record";
import type { ProductPlatform } from "../types";
import { bestbuyDraft } from "./product";
import { readBestbuyReviews } from "./reviews";
import { readBestbuySearch } from "./search";
import { productUrl, reviewsUrl, searchUrl } from "./urls";
import { orGenericResults } from "../../scrape/extract/results";

export const bestbuy: ProductPlatform = {
  slug: "bestbuy",
  name: "Best Buy",
  kind: "marketplace",
  description: "bestbuy.com: product pages by SKU, search results and review pages.",
  idParam: "sku",
  id: {
    pattern: /^[\w-]{1,40}$/,
    message: "sku holds letters, digits and dashes",
    describes: "the SKU: 5 to 9 digits, the skuId= of the product URL",
    example: "6501087",
  },
  exampleSearch: "charger",
  engines: ["fetch", "browser"],
  origins: { us: "https://www.bestbuy.com", default: "https://www.bestbuy.com" },
  productUrl,
  searchUrl,
  reviewsUrl,
  readProduct(html, url) {
    const page = readPage(html, url);
    const own = reading("bestbuy markup", bestbuyDraft(page));
    return [own, ...structuredDraftList(page, [own])];
  },
  parseSearch: (html, url) => orGenericResults(readPage(html, url), url, readBestbuySearch),
  parseReviews: (html, url) => readBestbuyReviews(readPage(html, url), url),
  detectChallenge,
};
