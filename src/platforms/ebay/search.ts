// eBay's search result page: its result cards (the "Shop on eBay" ghost card left out, sponsored ones
// flagged) and the pager.
import { cleanText } from "../../scrape/extract/dom";
import { pageFromUrl, parseCards, readField, readPager, type CardSpec } from "../../scrape/extract/listing";
import type { Page } from "../../scrape/extract/page";
import { idFromUrl } from "../../scrape/extract/url";
import type { SearchPage } from "../../scrape/types";
import { ITEM_IN_URL } from "./urls";

const SEARCH_CARDS: CardSpec = {
  cards: "ul.srp-results li.s-item, ul.srp-results li.s-card, li.s-item",
  id: (card, url) => cleanText(card.getAttribute("data-listingid")) ?? idFromUrl(url, ITEM_IN_URL),
  title: [".s-item__title span[role='heading']", ".s-item__title", ".s-card__title .su-styled-text", ".s-card__title"],
  link: { selectors: ["a.s-item__link", "a.su-link", "a[href*='/itm/']"], attr: "href" },
  price: [".s-item__price", ".s-card__price"],
  rating: [".x-star-rating .clipped", ".s-item__reviews .clipped"],
  reviewCount: [".s-item__reviews-count span", ".s-card__reviews-count"],
  image: { selectors: [".s-item__image-wrapper img", ".s-card__image img", "img"], attr: "src" },
  sponsored: (card) =>
    /sponsored/i.test(readField(card, [".s-item__sep", ".s-item__title--tagblock", "[aria-label*='Sponsored']"]) ?? ""),
};

export function readEbaySearch(page: Page, url: string): SearchPage {
  const items = parseCards(page.root, SEARCH_CARDS, page.base, page.hint).filter(
    (item) => !/^shop on ebay$/i.test(item.title ?? ""),
  );
  const pager = readPager(
    page.root,
    {
      current: [".pagination__item[aria-current='page']"],
      next: ["a.pagination__next", "button.pagination__next"],
      total: [".srp-controls__count-heading", ".result-count__count-heading"],
    },
    pageFromUrl(url, "_pgn"),
  );
  // "0 results for …" over "No exact matches found": the cards below match fewer of the words, none the query.
  return { items: pager.total_results === 0 ? [] : items, ...pager };
}
