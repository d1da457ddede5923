// Amazon's addresses: a marketplace per country, the ASIN in its URLs, and the product, search and
// review page URLs the adapter reads.
import { currencyForCountry } from "../../scrape/extract/currency-regions";
import type { MoneyHint } from "../../scrape/extract/money";
import { countryOfUrl, lookupId, siteSort, siteUrl } from "../../scrape/extract/url";
import type { ProductLookup, ReviewsLookup, SearchLookup } from "../../scrape/types";

export const ORIGINS: Record<string, string> = {
  us: "https://www.amazon.com",
  gb: "https://www.amazon.co.uk",
  uk: "https://www.amazon.co.uk",
  de: "https://www.amazon.de",
  fr: "https://www.amazon.fr",
  es: "https://www.amazon.es",
  it: "https://www.amazon.it",
  nl: "https://www.amazon.nl",
  se: "https://www.amazon.se",
  pl: "https://www.amazon.pl",
  jp: "https://www.amazon.co.jp",
  ca: "https://www.amazon.ca",
  in: "https://www.amazon.in",
  au: "https://www.amazon.com.au",
  mx: "https://www.amazon.com.mx",
  br: "https://www.amazon.com.br",
  ae: "https://www.amazon.ae",
  sa: "https://www.amazon.sa",
  sg: "https://www.amazon.sg",
  tr: "https://www.amazon.com.tr",
  default: "https://www.amazon.com",
};

const ASIN = /^[A-Z0-9]{10}$/;
export const ASIN_IN_URL = /\/(?:dp|gp\/product|product-reviews|gp\/aw\/d)\/([A-Z0-9]{10})(?:[/?#]|$)/;

const asinOf = (lookup: ProductLookup) => lookupId(lookup, "asin", ASIN, ASIN_IN_URL);

/** The marketplace's currency from the URL's host, when the URL is a real Amazon one. */
export const marketplaceHint = (base: string): MoneyHint => ({
  currency: currencyForCountry(countryOfUrl(base, ORIGINS)),
});

export const productUrl = (lookup: ProductLookup, origin: string) => siteUrl(origin, `/dp/${asinOf(lookup)}`);

export const searchUrl = (lookup: SearchLookup, origin: string) =>
  siteUrl(origin, "/s", {
    k: lookup.q,
    page: lookup.page > 1 ? lookup.page : undefined,
    s: siteSort(lookup.sort, {
      relevance: "relevanceblender",
      price_asc: "price-asc-rank",
      price_desc: "price-desc-rank",
      rating: "review-rank",
      newest: "date-desc-rank",
      best_seller: "exact-aware-popularity-rank",
    }),
    "low-price": lookup.min_price,
    "high-price": lookup.max_price,
  });

export const reviewsUrl = (lookup: ReviewsLookup, origin: string) =>
  siteUrl(origin, `/product-reviews/${asinOf(lookup)}`, {
    pageNumber: lookup.page,
    sortBy: siteSort(lookup.sort, { newest: "recent", relevance: "helpful" }),
    filterByStar: lookup.rating
      ? ["", "one_star", "two_star", "three_star", "four_star", "five_star"][lookup.rating]
      : undefined,
  });
