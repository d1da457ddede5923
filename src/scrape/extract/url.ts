// Site URLs built on an origin that may carry a path prefix (a replica such as
// http://127.0.0.1:9000/amazon), which `new URL(path, origin)` would drop.
import { InvalidLookup } from "../errors";
import type { ProductLookup } from "../types";

type QueryValue = string | number | null | undefined;
export type QueryParams = Record<string, QueryValue | readonly QueryValue[]>;

/** `origin` + `path` + query; empty and undefined parameters are left out. */
export function siteUrl(origin: string, path: string, params: QueryParams = {}): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    // A list repeats its key (`age=4&age=9` for two children).
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item !== undefined && item !== null && item !== "") query.append(key, String(item));
    }
  }
  const search = query.toString();
  const joiner = path.includes("?") ? "&" : "?";
  return `${origin.replace(/\/+$/, "")}${path}${search ? `${joiner}${search}` : ""}`;
}

/**
 * The site's identifier for a lookup: `id` itself when it has the site's shape, else
 * read out of `url` with `fromUrl`. A lookup with neither is a client error.
 */
export function lookupId(lookup: ProductLookup, parameter: string, shape: RegExp, fromUrl: RegExp): string {
  const id = lookup.id?.trim();
  if (id && shape.test(id)) return id;
  const match = lookup.url ? fromUrl.exec(lookup.url)?.[1] : undefined;
  if (match) return match;
  throw new InvalidLookup(parameter, id ? `"${id}" is not a valid ${parameter}` : `${parameter} or url is required`);
}

/** The first capture of `pattern` in `url`, if any. */
export function idFromUrl(url: string | null | undefined, pattern: RegExp): string | null {
  return url ? (pattern.exec(url)?.[1] ?? null) : null;
}

/** The API's sort names: `relevance`, `price_asc`, `price_desc`, `rating`, `newest`, `best_seller`. */
export type SortName = "relevance" | "price_asc" | "price_desc" | "rating" | "newest" | "best_seller";

const SORT_ALIASES: Record<string, SortName> = {
  relevance: "relevance",
  best_match: "relevance",
  featured: "relevance",
  price: "price_asc",
  price_asc: "price_asc",
  price_low: "price_asc",
  price_low_to_high: "price_asc",
  price_desc: "price_desc",
  price_high: "price_desc",
  price_high_to_low: "price_desc",
  rating: "rating",
  reviews: "rating",
  top_rated: "rating",
  newest: "newest",
  recent: "newest",
  date: "newest",
  best_seller: "best_seller",
  bestselling: "best_seller",
  popular: "best_seller",
  popularity: "best_seller",
};

/** Maps a user-facing sort name onto a site's own value; a site's own value passes through. */
export function siteSort(sort: string | undefined, table: Partial<Record<SortName, string>>): string | undefined {
  if (!sort) return undefined;
  const name = SORT_ALIASES[sort.toLowerCase().replace(/[-\s]/g, "_")];
  const values: (string | undefined)[] = Object.values(table);
  return (name && table[name]) ?? (values.includes(sort) ? sort : undefined);
}

/** The country whose origin serves `url` (matched by host), e.g. "gb" for a shop's UK origin. */
export function countryOfUrl(url: string, origins: Record<string, string>): string | null {
  let host: string;
  try {
    host = new URL(url).host;
  } catch {
    return null;
  }
  const entry = Object.entries(origins).find(
    ([country, origin]) => country !== "default" && URL.canParse(origin) && new URL(origin).host === host,
  );
  return entry?.[0] ?? null;
}

// Country codes sold worldwide as generic names ("startup.co", "app.io"): they say nothing of a shop's country,
// unless under the country's own second level (`falabella.com.co`, `….org.ai`), which only its registry sells.
const GENERIC_COUNTRY_DOMAINS = new Set(["co", "io", "ai", "me", "tv", "fm", "ly", "to", "cc", "ws"]);
const SECOND_LEVEL = /\.(?:com|net|org|gov|edu|ac)\.[a-z]{2}$/i;

/**
 * The country a host's country-code domain names, e.g. "MD" for `https://darwin.md/…`, "NZ" for `….co.nz`, "CO"
 * for `….com.co` (a bare `.co` names none).
 */
export function countryOfDomain(url: string): string | null {
  let host: string;
  try {
    host = new URL(url).hostname;
  } catch {
    return null;
  }
  const suffix = /\.([a-z]{2})$/i.exec(host)?.[1]?.toLowerCase();
  if (!suffix || (GENERIC_COUNTRY_DOMAINS.has(suffix) && !SECOND_LEVEL.test(host))) return null;
  return suffix.toUpperCase();
}
