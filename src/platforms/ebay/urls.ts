// eBay's addresses: a site per country, the item number in /itm/ and /p/ URLs, and the item, search
// and catalogue review page URLs.
import { currencyForCountry } from "../../scrape/extract/currency-regions";
import type { MoneyHint } from "../../scrape/extract/money";
import { countryOfUrl, lookupId, siteSort, siteUrl } from "../../scrape/extract/url";
import type { ProductLookup, ReviewsLookup, SearchLookup } from "../../scrape/types";

export const ORIGINS: Record<string, string> = {
  us: "https://www.ebay.com",
  gb: "https://www.ebay.co.uk",
  uk: "https://www.ebay.co.uk",
  de: "https://www.ebay.de",
  fr: "https://www.ebay.fr",
  it: "https://www.ebay.it",
  es: "https://www.ebay.es",
  ca: "https://www.ebay.ca",
  au: "https://www.ebay.com.au",
  ie: "https://www.ebay.ie",
  at: "https://www.ebay.at",
  default: "https://www.ebay.com",
};

const ITEM_ID = /^\d{9,15}$/;
export const ITEM_IN_URL = /\/(?:itm|p)\/(?:[^/?#]+\/)?(\d{6,15})(?:[/?#]|$)/;

const itemOf = (lookup: ProductLookup) => lookupId(lookup, "id", ITEM_ID, ITEM_IN_URL);

/** The site's currency from the URL's host, when the URL is a real eBay one. */
export const siteHint = (base: string): MoneyHint => ({ currency: currencyForCountry(countryOfUrl(base, ORIGINS)) });

export const productUrl = (lookup: ProductLookup, origin: string) => siteUrl(origin, `/itm/${itemOf(lookup)}`);

export const searchUrl = (lookup: SearchLookup, origin: string) =>
  siteUrl(origin, "/sch/i.html", {
    _nkw: lookup.q,
    _pgn: lookup.page > 1 ? lookup.page : undefined,
    _sop: siteSort(lookup.sort, { relevance: "12", price_asc: "15", price_desc: "16", newest: "10" }),
    _udlo: lookup.min_price,
    _udhi: lookup.max_price,
  });

/** Product reviews belong to the catalogue product (ePID), as on /p/{epid}. */
export const reviewsUrl = (lookup: ReviewsLookup, origin: string) =>
  siteUrl(origin, `/urw/product-reviews/${itemOf(lookup)}`, { pgn: lookup.page > 1 ? lookup.page : undefined });
