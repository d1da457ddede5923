// Best Buy's addresses: the SKU in /site/…/{sku}.p and skuId= URLs, and the product, search and
// review page URLs.
import { lookupId, siteSort, siteUrl } from "../../scrape/extract/url";
import type { ProductLookup, ReviewsLookup, SearchLookup } from "../../scrape/types";

const SKU = /^\d{5,9}$/;
export const SKU_IN_URL = /(?:skuId=|\/)(\d{5,9})(?:\.p\b|[/?#&]|$)/;

const skuOf = (lookup: ProductLookup) => lookupId(lookup, "sku", SKU, SKU_IN_URL);

export function productUrl(lookup: ProductLookup, origin: string): string {
  const sku = skuOf(lookup);
  return siteUrl(origin, `/site/${sku}.p`, { skuId: sku });
}

export const searchUrl = (lookup: SearchLookup, origin: string) =>
  siteUrl(origin, "/site/searchpage.jsp", {
    st: lookup.q,
    cp: lookup.page > 1 ? lookup.page : undefined,
    sp: siteSort(lookup.sort, {
      price_asc: "+currentprice skuidsaas",
      price_desc: "-currentprice skuidsaas",
      rating: "-customerrating",
      best_seller: "-bestsellingsort skuidsaas",
      newest: "-startdate skuidsaas",
    }),
    qp:
      lookup.min_price !== undefined || lookup.max_price !== undefined
        ? `currentprice_facet=Price~${lookup.min_price ?? 0} to ${lookup.max_price ?? "*"}`
        : undefined,
  });

export const reviewsUrl = (lookup: ReviewsLookup, origin: string) =>
  siteUrl(origin, `/site/reviews/product/${skuOf(lookup)}`, {
    page: lookup.page > 1 ? lookup.page : undefined,
    sort: siteSort(lookup.sort, { newest: "MOST_RECENT", relevance: "MOST_HELPFUL", rating: "HIGHEST_RATED" }),
    rating: lookup.rating,
  });
