// Mercado Libre, Latin America's marketplace: catalogue products (/p/MCO42090990) and sellers'
// listings (MCO-1505218051) on each country's site, searches on its listado host, and the review page
// the product page links. Read from its own markup first (product.ts, search.ts, reviews.ts), the
// page's JSON-LD behind it.
import { detectChallenge } from "../../scrape/extract/challenge";
import { readPage, structuredDraftList } from "../../scrape/extract/page";
import { reading } from "../../scrape/extract/record";
import type { ProductPlatform } from "../types";
import { itemIdRule } from "../item-id";
import { meliDraft } from "./product";
import { readMeliReviews } from "./reviews";
import { readMeliSearch } from "./search";
import { ORIGINS, OTHER_ORIGINS, productUrl, reviewsUrl, searchUrl, siteHint } from "./urls";
import { orGenericResults } from "../../scrape/extract/results";

/** The page read with its site's currency: by host, else by the site code its header carries (`data-siteid="MCO"`). */
const readMeliPage = (html: string, url: string) =>
  readPage(html, url, (base) => siteHint(base, /data-siteid="(M[A-Z]{2})"/.exec(html)?.[1] ?? null));

export const mercadolibre: ProductPlatform = {
  slug: "mercadolibre",
  name: "Mercado Libre",
  kind: "marketplace",
  description:
    "Mercado Libre's sites in Latin America (Mercado Livre in Brazil): catalogue products and listings by id, search results and the first reviews.",
  idParam: "id",
  id: itemIdRule(
    "a product id as its page's address writes it: a catalogue product's after /p/ (MCO42090990), a seller's product's after /up/ (MPEU3290399093) or a listing's with its dash (MCO-1505218051); its first three letters name the country's site",
    "MCO42090990",
  ),
  exampleSearch: "lenovo ideapad",
  engines: ["fetch", "browser"],
  origins: ORIGINS,
  otherOrigins: OTHER_ORIGINS,
  productUrl,
  searchUrl,
  reviewsUrl,
  readProduct(html, url) {
    const page = readMeliPage(html, url);
    const own = reading("mercadolibre markup", meliDraft(page));
    return [own, ...structuredDraftList(page, [own])];
  },
  parseSearch: (html, url) => orGenericResults(readMeliPage(html, url), url, readMeliSearch),
  parseReviews: (html, url) => readMeliReviews(readMeliPage(html, url)),
  detectChallenge,
};
