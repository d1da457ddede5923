// Walmart's addresses: the item id in /ip/ and /reviews/product/ URLs, and the item, search and
// review page URLs.
import { lookupId, siteSort, siteUrl } from "../../scrape/extract/url";
import type { ProductLookup, ReviewsLookup, SearchLookup } from "../../scrape/types";

const ITEM_ID = /^\d{5,12}$/;
export const ITEM_IN_URL = /\/(?:ip|reviews\/product)\/(?:[^/?#]+\/)?(\d{5,12})(?:[/?#]|$)/;

const itemOf = (lookup: ProductLookup) => lookupId(lookup, "id", ITEM_ID, ITEM_IN_URL);

export const productUrl = (lookup: ProductLookup, origin: string) => siteUrl(origin, `/ip/${itemOf(lookup)}`);

export const searchUrl = (lookup: SearchLookup, origin: string) =>
  siteUrl(origin, "/search", {
    q: lookup.q,
    page: lookup.page > 1 ? lookup.page : undefined,
    sort: siteSort(lookup.sort, {
      relevance: "best_match",
      price_asc: "price_low",
      price_desc: "price_high",
      rating: "rating_high",
      best_seller: "best_seller",
      newest: "new",
    }),
    min_price: lookup.min_price,
    max_price: lookup.max_price,
  });

export const reviewsUrl = (lookup: ReviewsLookup, origin: string) =>
  siteUrl(origin, `/reviews/product/${itemOf(lookup)}`, {
    page: lookup.page > 1 ? lookup.page : undefined,
    sort: siteSort(lookup.sort, { newest: "submission-desc", relevance: "relevancy", rating: "rating-desc" }),
    ratings: lookup.rating,
  });
