// Etsy's addresses: the listing id in /listing/ URLs, and the listing and search page URLs. Reviews
// have no page of their own: the listing shows them, `page` picking a later review page.
import { lookupId, siteSort, siteUrl } from "../../scrape/extract/url";
import type { ProductLookup, ReviewsLookup, SearchLookup } from "../../scrape/types";

const LISTING_ID = /^\d{6,12}$/;
export const LISTING_IN_URL = /\/listing\/(\d{6,12})(?:[/?#]|$)/;

const listingOf = (lookup: ProductLookup) => lookupId(lookup, "id", LISTING_ID, LISTING_IN_URL);

export const productUrl = (lookup: ProductLookup, origin: string) => siteUrl(origin, `/listing/${listingOf(lookup)}`);

export const reviewsUrl = (lookup: ReviewsLookup, origin: string) =>
  siteUrl(origin, `/listing/${listingOf(lookup)}`, { page: lookup.page > 1 ? lookup.page : undefined });

export const searchUrl = (lookup: SearchLookup, origin: string) =>
  siteUrl(origin, "/search", {
    q: lookup.q,
    page: lookup.page > 1 ? lookup.page : undefined,
    order: siteSort(lookup.sort, {
      relevance: "most_relevant",
      price_asc: "price_asc",
      price_desc: "price_desc",
      newest: "date_desc",
      rating: "highest_reviews",
    }),
    min: lookup.min_price,
    max: lookup.max_price,
  });
