// eBay: item pages /itm/{id}, search /sch/i.html, catalogue reviews /urw/product-reviews/{epid}, read
// from eBay's own markup first (product.ts, search.ts, reviews.ts), the structured data behind it.
import { detectChallenge } from "../../scrape/extract/challenge";
import { readPage, structuredDraftList } from "../../scrape/extract/page";
import { reading } from "../../scrape/extract/record";
import type { ProductPlatform } from "../types";
import { itemIdRule } from "../item-id";
import { ebayDraft } from "./product";
import { readEbayReviews } from "./reviews";
import { readEbaySearch } from "./search";
import { ORIGINS, productUrl, reviewsUrl, searchUrl, siteHint } from "./urls";
import { orGenericResults } from "../../scrape/extract/results";

const readEbayPage = (html: string, url: string) => readPage(html, url, siteHint);

export const ebay: ProductPlatform = {
  slug: "ebay",
  name: "eBay",
  kind: "marketplace",
  description: "eBay's national sites: item pages by item number, search results and catalogue reviews.",
  idParam: "id",
  id: itemIdRule("the item number: 9 to 15 digits after /itm/ in the item URL", "256348110321"),
  exampleSearch: "speaker",
  engines: ["fetch", "browser"],
  origins: ORIGINS,
  productUrl,
  searchUrl,
  reviewsUrl,
  readProduct(html, url) {
    const page = readEbayPage(html, url);
    const own = reading("ebay markup", ebayDraft(page));
    return [own, ...structuredDraftList(page, [own])];
  },
  parseSearch: (html, url) => orGenericResults(readEbayPage(html, url), url, readEbaySearch),
  parseReviews: (html, url) => readEbayReviews(readEbayPage(html, url), url),
  detectChallenge,
};
