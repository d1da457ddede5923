// mercadolibre replica: Mercado Libre's real pages (test/fixtures/pages/mercadolibre), nothing
// generated. The catalogue product /p/MCO42090990 is the Colombian capture (real-pages.ts serves it,
// as every marketplace's real product page); the search "lenovo ideapad" at /lenovo-ideapad (the path
// the listado host gives it) is the Peruvian capture; /noindex/catalog/reviews/MCO42090990, the page
// the product page links as all its reviews, is the capture's own review component cut out of the
// product page onto a page of its own. Other searches, later result pages and filtered searches are
// not served (404): there is no capture of them.
import { parse } from "node-html-parser";
import { realPageResponse } from "../real-pages.ts";
import type { Site, SiteResponse } from "../site.ts";

export const PRODUCT = { id: "MCO42090990", file: "mercadolibre/scrapfly_meli_co_spot_lamps.html" };
export const SEARCH = { words: "lenovo-ideapad", file: "mercadolibre/precios1_meli_pe_search_lenovo_ideapad.html" };

/** "Lenovo-IdeaPad" and "lenovo-ideapad" are one search, as on the site. */
const searchWords = (segment: string) =>
  decodeURIComponent(segment)
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase();

let reviews: SiteResponse | null = null;

/** The product capture's review component (`#reviews_capability_v3`) as a page, served like the capture. */
function reviewsPage(): SiteResponse {
  if (!reviews) {
    const capture = realPageResponse(PRODUCT.file);
    const component = parse(new TextDecoder().decode(capture.body as Uint8Array)).querySelector(
      "#reviews_capability_v3",
    );
    if (!component) throw new Error(`${PRODUCT.file} has no #reviews_capability_v3`);
    const body = `<!doctype html><html lang="es-CO"><head><meta charset="utf-8"><title>Opiniones del producto</title></head><body>${component.outerHTML}</body></html>`;
    reviews = { ...capture, contentType: "text/html; charset=utf-8", body };
  }
  return reviews;
}

export const mercadolibre: Site = (request) => {
  if (request.path === `/noindex/catalog/reviews/${PRODUCT.id}`) return reviewsPage();
  const search = /^\/([^/]+)$/.exec(request.path)?.[1];
  // A search with filters writes them after the words (`_Desde_49`, `_PriceRange_…`): no capture has them.
  if (search && !search.includes("_") && searchWords(search) === SEARCH.words) return realPageResponse(SEARCH.file);
  return null;
};
