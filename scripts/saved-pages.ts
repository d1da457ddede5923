// Saved real pages and their expected.tsv (see test/fixtures/pages/README.md), read from any folder
// laid out like test/fixtures/pages: the fixture tests' loader and `npm run extract -- --report` share it.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { parse as parseCsv } from "csv-parse/sync";
import { decodeHtml } from "../src/scrape/extract/charset.ts";
import { genericLodging } from "../src/platforms/hotel-readers/generic-hotel.ts";
import { PRODUCT_PLATFORMS } from "../src/platforms/index.ts";
import { parseProduct } from "../src/platforms/product-page.ts";
import { TRAVEL_PLATFORMS, type TravelSlug } from "../src/platforms/index.ts";

export type PageKind = "product" | "search" | "reviews" | "hotel-search" | "hotel-detail" | "blocked";

export interface ExpectedRow {
  file: string;
  site: string;
  page_kind: string;
  title_or_hotel_name: string;
  price: string;
  currency: string;
  rating_or_review_score: string;
  review_count: string;
  notes: string;
  /** `owner/name:path@commit`: the repository the page was taken from. */
  source: string;
  /** Later columns, in the corpus batches (test/fixtures/corpus/README.md): absent where a file has no such column. */
  availability?: string;
  /** The page's own product ids, alternatives separated by `|`. */
  sku?: string;
  kind: PageKind;
  /** Product pages or travel pages, as the accuracy figures are reported. */
  area: "products" | "travel";
  /** The adapter that reads the page: the first folder when a platform has that slug, else `generic`. */
  adapter: string;
}

/** Folders read by their platform's own adapter: every product and travel platform's slug (hotels.com's folder is `hotels_com`). */
const ADAPTERS = new Set([
  ...Object.keys(PRODUCT_PLATFORMS).filter((slug) => slug !== "generic"),
  ...Object.keys(TRAVEL_PLATFORMS).map((slug) => (slug === "hotels" ? "hotels_com" : slug)),
]);

// Folders of travel sites, so that their walls count with the travel figures.
const TRAVEL_FOLDERS = new Set(["booking", "expedia", "hotels_com", "airbnb", "agoda", "tripadvisor"]);

/** Sorts the free-text `page_kind` column into the parser that applies. */
export function kindOf(pageKind: string): PageKind {
  const text = pageKind.toLowerCase();
  // A bot wall, captcha or empty shell served instead of the page asked for.
  if (text === "blocked") return "blocked";
  if (text.startsWith("hotel search") || text.startsWith("city landing")) return "hotel-search";
  if (text.startsWith("hotel detail") || text.startsWith("listing detail")) return "hotel-detail";
  if (text.startsWith("search results") || text.startsWith("search/category results")) return "search";
  if (text.includes("reviews page")) return "reviews";
  return "product";
}

/** The rows of `<dir>/expected.tsv`, each with its page kind and adapter. */
export function readExpectedRows(dir: string): ExpectedRow[] {
  // csv-parse undoes the CSV-style doubled quotes (globalindustrial's title) while reading the TSV.
  const rows = parseCsv(readFileSync(join(dir, "expected.tsv")), {
    delimiter: "\t",
    columns: true,
    relax_quotes: true,
  }) as Omit<ExpectedRow, "kind" | "area" | "adapter">[];
  return rows.map((row) => {
    const folder = row.file.split("/")[0]!;
    const written = kindOf(row.page_kind);
    // A travel site's listing ("search results", "region landing") is a hotel search.
    const travelList = TRAVEL_FOLDERS.has(folder) && (written === "search" || /landing/i.test(row.page_kind));
    const kind = travelList ? "hotel-search" : written;
    const travel = kind === "hotel-search" || kind === "hotel-detail" || TRAVEL_FOLDERS.has(folder);
    return { ...row, kind, area: travel ? "travel" : "products", adapter: ADAPTERS.has(folder) ? folder : "generic" };
  });
}

/** The page's bytes as the site sent them (before charset decoding); pages are stored gzipped. */
export const readPageBytes = (dir: string, file: string): Buffer => gunzipSync(readFileSync(join(dir, `${file}.gz`)));

/** The page as text, decoded the way the fetch engine decodes a response. */
export const readPageHtml = (dir: string, file: string): string => decodeHtml(readPageBytes(dir, file));

export const collapse = (text: string | null | undefined) => text?.replace(/\s+/g, " ").trim() ?? null;
/** A cell's numbers: one, or the alternatives a reader accepts alike ("5357|5300": exact and abbreviated count). */
export const cellNumbers = (cell: string): number[] =>
  cell.trim() === "" ? [] : cell.split("|").map((alternative) => Number(alternative));
/** A cell's number (its first alternative), or null when it is empty. */
export const numberOrNull = (cell: string) => cellNumbers(cell)[0] ?? null;
/** Where a cell lists a currency with a question mark ("EUR?"), the reader was not sure of it. */
export const currencyCell = (cell: string) => cell.replace(/\?$/, "").trim() || null;

/**
 * The `name=value;` facts that lead a row's notes (star_rating, address, latitude, longitude, results_on_page);
 * an empty value (`star_rating=;`) says the page has none.
 */
export function leadingFacts(notes: string): Record<string, string> {
  const facts: Record<string, string> = {};
  for (const part of notes.split(";")) {
    const fact = /^\s*([a-z_]+)=(.*)$/.exec(part);
    if (!fact) break;
    facts[fact[1]!] = fact[2]!.trim();
  }
  return facts;
}

/** Where a product row's page was read from: its site, as a shopper's browser would address it. */
export function pageUrl(row: ExpectedRow, path = "/"): string {
  const host = row.site.split(" ")[0]!;
  return `https://${/^(www|jp)\./.test(host) ? host : `www.${host}`}${path}`;
}

/** The travel adapter of a row's site (`hotels_com` is the `hotels` platform), if it has one. */
export const travelAdapterOf = (row: ExpectedRow) =>
  TRAVEL_PLATFORMS[(row.adapter === "hotels_com" ? "hotels" : row.adapter) as TravelSlug] ?? null;

/** What reads a row's hotel page: its site's adapter, or the generic reader for a page off the big platforms. */
export const hotelReaderOf = (row: ExpectedRow) => travelAdapterOf(row) ?? genericLodging;

/** The address a row's hotel page is read at: its adapter's site, or the page's own site for the generic reader. */
export const hotelPageUrl = (row: ExpectedRow) => travelAdapterOf(row)?.origins.default ?? pageUrl(row);

/** The parser a route runs for a row's kind of page, on `html` (the row's page, or a changed copy of it). */
const PARSERS: Record<PageKind, (row: ExpectedRow, html: string) => unknown> = {
  product: (row, html) => parseProduct(PRODUCT_PLATFORMS[row.adapter]!, html, pageUrl(row)),
  search: (row, html) => PRODUCT_PLATFORMS[row.adapter]!.parseSearch?.(html, pageUrl(row, "/s?k=x")),
  reviews: (row, html) => PRODUCT_PLATFORMS[row.adapter]!.parseReviews?.(html, pageUrl(row, "/product-reviews/x")),
  "hotel-search": (row, html) => travelAdapterOf(row)!.parseSearch(html, travelAdapterOf(row)!.origins.default!),
  "hotel-detail": (row, html) => hotelReaderOf(row).parseHotel(html, hotelPageUrl(row)),
  // A wall is recognised, not parsed.
  blocked: (row, html) => (PRODUCT_PLATFORMS[row.adapter] ?? hotelReaderOf(row)).detectChallenge(html, 200),
};

export const parseSavedPage = (row: ExpectedRow, html: string): unknown => PARSERS[row.kind](row, html);
