// Walmart: /ip/{id}, /search?q=&page=, /reviews/product/{id}. Pages are Next.js: the embedded state
// (state.ts) is read first; JSON-LD and Walmart's DOM back it up (product.ts).
import { detectChallenge } from "../../scrape/extract/challenge";
import { readPage, structuredDraftList } from "../../scrape/extract/page";
import { reading } from "../../scrape/extract/record";
import { idFromUrl } from "../../scrape/extract/url";
import type { ProductPlatform } from "../types";
import { itemIdRule } from "../item-id";
import { domDraft, nextDataDraft } from "./product";
import { readWalmartReviews } from "./reviews";
import { readWalmartSearch } from "./search";
import { ITEM_IN_URL, productUrl, reviewsUrl, searchUrl } from "./urls";
import { orGenericResults } from "../../scrape/extract/results";

export const walmart: ProductPlatform = {
  slug: "walmart",
  name: "Walmart",
  kind: "marketplace",
  description:
    "walmart.com: item pages by item id, search results and review pages, read from the pages' embedded state.",
  idParam: "id",
  id: itemIdRule("the item id: 5 to 12 digits after /ip/ in the item URL", "5275415030"),
  exampleSearch: "kettle",
  engines: ["fetch", "browser"],
  origins: { us: "https://www.walmart.com", default: "https://www.walmart.com" },
  productUrl,
  searchUrl,
  reviewsUrl,
  readProduct(html, url) {
    const page = readPage(html, url);
    const state = reading("embedded state", nextDataDraft(page));
    const markup = reading("walmart markup", domDraft(page.root, page.hint));
    return [
      state,
      ...structuredDraftList(page, [state, markup]),
      markup,
      reading("page address", { id: idFromUrl(page.base, ITEM_IN_URL) }),
    ];
  },
  parseSearch: (html, url) => orGenericResults(readPage(html, url), url, readWalmartSearch),
  parseReviews: readWalmartReviews,
  detectChallenge,
};
