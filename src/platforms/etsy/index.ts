// Etsy: /listing/{id}, /search?q=&page=. JSON-LD first, then Etsy's own buy box (product.ts); the
// listing's reviews are read on the listing page itself (reviews.ts).
import { detectChallenge } from "../../scrape/extract/challenge";
import { buyBoxAndAddress, readPage, structuredDrafts } from "../../scrape/extract/page";
import { reading } from "../../scrape/extract/record";
import type { ProductPlatform } from "../types";
import { itemIdRule } from "../item-id";
import { etsyDraft } from "./product";
import { readEtsyReviews } from "./reviews";
import { readEtsySearch } from "./search";
import { productUrl, reviewsUrl, searchUrl } from "./urls";
import { orGenericResults } from "../../scrape/extract/results";

export const etsy: ProductPlatform = {
  slug: "etsy",
  name: "Etsy",
  kind: "marketplace",
  description: "Etsy listings by listing id, search results, and the reviews a listing page shows (four a page).",
  idParam: "id",
  id: itemIdRule("the listing id: 6 to 12 digits after /listing/ in the listing URL", "1394647088"),
  exampleSearch: "mug",
  engines: ["fetch", "browser"],
  origins: { us: "https://www.etsy.com", default: "https://www.etsy.com" },
  productUrl,
  reviewsUrl,
  searchUrl,
  readProduct(html, url) {
    const page = readPage(html, url);
    const { jsonLd, microdata, meta } = structuredDrafts(page);
    const etsyMarkup = etsyDraft(page);
    return [
      reading("json-ld", jsonLd),
      reading("etsy markup", etsyMarkup),
      reading("microdata", microdata),
      reading("meta", meta),
      // JSON-LD names the shop as `brand`; the shop is the seller.
      reading("json-ld brand as the shop", { seller: jsonLd.brand ?? null }),
      // The buy box, as every marketplace reads it where nothing above says.
      ...buyBoxAndAddress(page, [jsonLd, etsyMarkup, microdata, meta]),
    ];
  },
  parseSearch: (html, url) => orGenericResults(readPage(html, url), url, readEtsySearch),
  parseReviews: (html, url) => readEtsyReviews(readPage(html, url), url),
  detectChallenge,
};
