// Amazon marketplaces: /dp/{asin}, /s?k=…, /product-reviews/{asin}, read from Amazon's own markup
// first (product.ts, search.ts, reviews.ts), the structured data behind it.
import { detectChallenge } from "../../scrape/extract/challenge";
import { readPage, structuredDraftList } from "../../scrape/extract/page";
import { reading } from "../../scrape/extract/record";
import type { ProductPlatform } from "../types";
import { amazonDraft } from "./product";
import { readAmazonReviews } from "./reviews";
import { readAmazonSearch } from "./search";
import { marketplaceHint, ORIGINS, productUrl, reviewsUrl, searchUrl } from "./urls";
import { orGenericResults } from "../../scrape/extract/results";

const readAmazonPage = (html: string, url: string) => readPage(html, url, marketplaceHint);

export const amazon: ProductPlatform = {
  slug: "amazon",
  name: "Amazon",
  kind: "marketplace",
  description: "Amazon's national marketplaces: product pages by ASIN, search results and review pages.",
  idParam: "asin",
  id: {
    pattern: /^[A-Za-z0-9]{10}$/,
    message: "asin is 10 letters or digits",
    describes: "the ASIN: 10 letters or digits after /dp/ in the product URL",
    example: "B0057OC5O8",
  },
  exampleSearch: "power bank",
  engines: ["fetch", "browser"],
  origins: ORIGINS,
  productUrl,
  searchUrl,
  reviewsUrl,
  readProduct(html, url) {
    const page = readAmazonPage(html, url);
    const own = reading("amazon markup", amazonDraft(page));
    return [own, ...structuredDraftList(page, [own])];
  },
  parseSearch: (html, url) => orGenericResults(readAmazonPage(html, url), url, readAmazonSearch),
  parseReviews: (html, url) => readAmazonReviews(readAmazonPage(html, url), url),
  detectChallenge,
};
