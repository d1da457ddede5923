// Mercado Libre's addresses. One site per country, each with a code that starts every id it issues
// (MLA… in Argentina, MCO… in Colombia); catalogue products live at www.…/p/{id}, sellers' products at
// www.…/up/{id}, listings at articulo.…/{SITE}-{number}, searches at listado.…/{words} with the filters
// written into the path.
import { InvalidLookup } from "../../scrape/errors";
import type { MoneyHint } from "../../scrape/extract/money";
import { lookupId, siteSort } from "../../scrape/extract/url";
import type { ProductLookup, ReviewsLookup, SearchLookup } from "../../scrape/types";

interface Site {
  code: string;
  currency: string;
  /** Host of the catalogue pages; the listing and search hosts swap its `www`. */
  host: string;
  /** Brazil's Mercado Livre names its hosts in Portuguese. */
  item: "articulo" | "produto";
  search: "listado" | "lista";
}

const SITES: Record<string, Site> = {
  ar: { code: "MLA", currency: "ARS", host: "www.mercadolibre.com.ar", item: "articulo", search: "listado" },
  mx: { code: "MLM", currency: "MXN", host: "www.mercadolibre.com.mx", item: "articulo", search: "listado" },
  co: { code: "MCO", currency: "COP", host: "www.mercadolibre.com.co", item: "articulo", search: "listado" },
  pe: { code: "MPE", currency: "PEN", host: "www.mercadolibre.com.pe", item: "articulo", search: "listado" },
  cl: { code: "MLC", currency: "CLP", host: "www.mercadolibre.cl", item: "articulo", search: "listado" },
  uy: { code: "MLU", currency: "UYU", host: "www.mercadolibre.com.uy", item: "articulo", search: "listado" },
  ec: { code: "MEC", currency: "USD", host: "www.mercadolibre.com.ec", item: "articulo", search: "listado" },
  br: { code: "MLB", currency: "BRL", host: "www.mercadolivre.com.br", item: "produto", search: "lista" },
};

export const ORIGINS: Record<string, string> = {
  ...Object.fromEntries(Object.entries(SITES).map(([country, site]) => [country, `https://${site.host}`])),
  default: `https://${SITES.ar!.host}`,
};

/** Each site's listing and search hosts, which serve its own pages beside the catalogue's `www` host. */
export const OTHER_ORIGINS: readonly string[] = Object.values(SITES).flatMap((site) =>
  [site.item, site.search].map((name) => `https://${site.host.replace(/^www\./, `${name}.`)}`),
);

/**
 * A catalogue product as /p/ URLs write it (MCO42090990), a seller's product as /up/ URLs write it
 * (MPEU3290399093), or a listing as its address writes it (MCO-1505218051).
 */
const PRODUCT_ID = /^M[A-Z]{2}(?:\d{4,12}|U\d{4,14}|-\d{6,12})$/;
export const ID_IN_URL = /\/(?:p\/|up\/)?(M[A-Z]{2}(?:\d{4,12}|U\d{4,14}|-\d{6,12}))(?:[-/?#_]|$)/;

const siteOfCode = (code: string | null | undefined) =>
  Object.values(SITES).find((site) => site.code === code?.slice(0, 3).toUpperCase()) ?? null;

function siteOfHost(url: string): Site | null {
  const host = URL.canParse(url) ? new URL(url).hostname : "";
  return Object.values(SITES).find((site) => host.endsWith(site.host.replace(/^www\./, ""))) ?? null;
}

/** Prices in "$" are the site's pesos: the currency of the page's site, by its host or its own site code. */
export const siteHint = (url: string, siteCode: string | null): MoneyHint => ({
  currency: (siteOfHost(url) ?? siteOfCode(siteCode))?.currency ?? null,
});

/**
 * The origin to read `id` on: without a `country`, the site its code names (MCO… on mercadolibre.com.co)
 * rather than the default one; a replica's origin stays as it is.
 */
function originOf(id: string, lookup: ProductLookup, origin: string): string {
  if (lookup.country || origin !== ORIGINS.default) return origin;
  const site = siteOfCode(id);
  return site ? `https://${site.host}` : origin;
}

/** The same site's other host (`articulo.`, `listado.`); a replica serves every page on one origin. */
function hostFor(origin: string, kind: "item" | "search"): string {
  const site = siteOfHost(origin);
  return site ? origin.replace(/\/\/www\./, `//${site[kind]}.`) : origin;
}

const idOf = (lookup: ProductLookup) =>
  lookupId({ ...lookup, id: lookup.id?.toUpperCase() }, "id", PRODUCT_ID, ID_IN_URL);

export function productUrl(lookup: ProductLookup, origin: string): string {
  const id = idOf(lookup);
  const site = originOf(id, lookup, origin).replace(/\/+$/, "");
  if (id.includes("-")) return `${hostFor(site, "item")}/${id}`;
  return /^M[A-Z]{2}U\d/.test(id) ? `${site}/up/${id}` : `${site}/p/${id}`;
}

/** Results per search page: `_Desde_` counts results, not pages. */
const PER_PAGE = 48;

export function searchUrl(lookup: SearchLookup, origin: string): string {
  const words = lookup.q.trim().toLowerCase().split(/\s+/).map(encodeURIComponent).join("-");
  const sort = siteSort(lookup.sort, { price_asc: "PRICE", price_desc: "PRICE*DESC" });
  const priced = lookup.min_price !== undefined || lookup.max_price !== undefined;
  const filters = [
    lookup.page > 1 ? `_Desde_${(lookup.page - 1) * PER_PAGE + 1}` : "",
    sort ? `_OrderId_${sort}` : "",
    // An open upper bound is written 0.
    priced ? `_PriceRange_${lookup.min_price ?? 0}-${lookup.max_price ?? 0}` : "",
  ].join("");
  return `${hostFor(origin.replace(/\/+$/, ""), "search")}/${words}${filters}${filters ? "_NoIndex_True" : ""}`;
}

/**
 * The page the product page links as all its reviews. It shows the first ones in its own order; later
 * ones and other orders load by script, so `page`, `sort` and `rating` are refused rather than ignored.
 */
export function reviewsUrl(lookup: ReviewsLookup, origin: string): string {
  const id = idOf(lookup);
  const unsupported = (["page", "sort", "rating"] as const).find((name) =>
    name === "page" ? lookup.page > 1 : lookup[name] !== undefined,
  );
  if (unsupported)
    throw new InvalidLookup(unsupported, `mercadolibre's review page shows its first reviews only, in its own order`);
  const site = originOf(id, lookup, origin).replace(/\/+$/, "");
  return `${site}/noindex/catalog/reviews/${id}?noIndex=true&access=view_all&modal=true&controlled=true`;
}

/** The page number a search URL's `_Desde_` names. */
export function searchPageOf(url: string): number {
  const from = Number(/_Desde_(\d+)/.exec(url)?.[1] ?? 1);
  return Math.floor((from - 1) / PER_PAGE) + 1;
}
