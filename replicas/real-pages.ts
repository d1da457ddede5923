// Real saved pages (test/fixtures/pages) served by the replicas, so the engines also meet markup
// nobody here wrote: one product capture per marketplace at the path its adapter builds for the
// capture's own id, and the captures of shops without an adapter under /real/{file} (the hotel
// captures are in real-travel-pages.ts). The bytes go
// out as captured; the CSP keeps a browser from running their scripts or fetching their resources,
// so its DOM is the parsed markup and nothing leaves 127.0.0.1.
import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { readExpectedRows, readPageBytes } from "../scripts/saved-pages.ts";
import { declaredCharset } from "../src/scrape/extract/charset.ts";
import type { SiteResponse } from "./site.ts";

const PAGES = fileURLToPath(new URL("../test/fixtures/pages/", import.meta.url));
const CORPUS = fileURLToPath(new URL("../test/fixtures/corpus/", import.meta.url));
const REAL_PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:";

export interface RealProductPage {
  /** The marketplace's slug, which is also its replica's path prefix. */
  platform: string;
  /** The site's own id for the product, as the capture shows it (canonical link, item or SKU number). */
  id: string;
  /** Where the adapter's product URL for `id` points, after the platform prefix. */
  path: string;
  /** The capture, as expected.tsv names it. */
  file: string;
}

export const REAL_PRODUCT_PAGES: readonly RealProductPage[] = [
  { platform: "amazon", id: "B07G2L3JMM", path: "/dp/B07G2L3JMM", file: "amazon/mshopping_amazon.html" },
  {
    platform: "ebay",
    id: "381228738769",
    path: "/itm/381228738769",
    file: "ebay/ogs_ebay_itm_381228738769.html",
  },
  {
    platform: "walmart",
    id: "5275415030",
    path: "/ip/5275415030",
    file: "walmart/lb_walmart_asklazy_maxi_dress.html",
  },
  {
    platform: "etsy",
    id: "1394647088",
    path: "/listing/1394647088",
    file: "etsy/scrapfly_etsy_stacking_blocks.html",
  },
  { platform: "bestbuy", id: "6644753", path: "/site/6644753.p", file: "bestbuy/pricechecker_bestbuy_product.html" },
  {
    platform: "mercadolibre",
    id: "MCO42090990",
    path: "/p/MCO42090990",
    file: "mercadolibre/scrapfly_meli_co_spot_lamps.html",
  },
];

/** Captures of shops without an adapter of their own (read by `generic`), each at `/real/{file}`. */
export const REAL_SHOP_FILES: readonly string[] = readExpectedRows(PAGES)
  .filter((row) => row.adapter === "generic")
  .map((row) => row.file);

/** The corpus batches' captures of sites without an adapter, each at `/real/corpus/{batch}/{file}`. */
const REAL_CORPUS_FILES: ReadonlySet<string> = new Set(
  readdirSync(CORPUS)
    .filter((batch) => batch.startsWith("batch-"))
    .flatMap((batch) =>
      readExpectedRows(`${CORPUS}${batch}`)
        .filter((row) => row.adapter === "generic")
        .map((row) => `corpus/${batch}/${row.file}`),
    ),
);

const responses = new Map<string, SiteResponse>();

/** A capture as the site sent it: its bytes, its declared charset, and the CSP that blocks everything it would load. */
export function realPageResponse(file: string): SiteResponse {
  let response = responses.get(file);
  if (!response) {
    const bytes = file.startsWith("corpus/")
      ? readPageBytes(CORPUS, file.slice("corpus/".length))
      : readPageBytes(PAGES, file);
    const charset = declaredCharset(bytes);
    response = {
      status: 200,
      contentType: charset ? `text/html; charset=${charset}` : "text/html",
      body: bytes,
      headers: { "Content-Security-Policy": REAL_PAGE_CSP },
    };
    responses.set(file, response);
  }
  return response;
}

/** The real capture a marketplace replica serves at `path` instead of a generated page, if any. */
export function realProductPage(platform: string, path: string): SiteResponse | null {
  const page = REAL_PRODUCT_PAGES.find((candidate) => candidate.platform === platform && candidate.path === path);
  return page ? realPageResponse(page.file) : null;
}

/** `/real/{file}` or `/real/corpus/{batch}/{file}`: a capture of a site read by `generic`. */
export function realShopPage(path: string): SiteResponse | null {
  const file = path.replace(/^\/+/, "");
  return REAL_SHOP_FILES.includes(file) || REAL_CORPUS_FILES.has(file) ? realPageResponse(file) : null;
}
