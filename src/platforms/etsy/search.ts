// Etsy's search result page: listing cards (ads flagged) and whether the pager links a later page.
import { cleanText, type HTMLElement } from "../../scrape/extract/dom";
import { pageFromUrl, parseCards, readField, readPager, type CardSpec } from "../../scrape/extract/listing";
import type { Page } from "../../scrape/extract/page";
import { selectAll } from "../../scrape/extract/select";
import { idFromUrl } from "../../scrape/extract/url";
import type { SearchPage } from "../../scrape/types";
import { LISTING_IN_URL } from "./urls";

const SEARCH_CARDS: CardSpec = {
  // A shop's own page (2019) marks the list item itself as the card, its name in an h2.
  cards:
    "[data-search-results] [data-listing-id], li .v2-listing-card[data-listing-id], li.v2-listing-card[data-listing-id]",
  id: (card, url) => cleanText(card.getAttribute("data-listing-id")) ?? idFromUrl(url, LISTING_IN_URL),
  title: ["h3.v2-listing-card__title", ".v2-listing-card__info h3", "h3", ".v2-listing-card__info h2"],
  link: { selectors: ["a.listing-link", "a[href*='/listing/']"], attr: "href" },
  // Symbol and value are sibling spans of p.lc-price, so its text reads "$24.00"; a shop's own page (2019) sets
  // them in the price span itself ("EUR 7.22 FREE shipping").
  price: ["p.lc-price", ".n-listing-card__price p", ".lc-price", ".n-listing-card__price"],
  rating: { selectors: ["input[name='rating']", "[data-rating]"], attr: "value" },
  reviewCount: [".wt-text-body-smaller", ".wt-text-caption"],
  image: { selectors: ["img[data-listing-card-listing-image]", "img"], attr: "src" },
  sponsored: (card) =>
    /^ad\b|advertisement|^ad by/i.test(readField(card, [".wt-text-caption", ".wt-screen-reader-only"]) ?? ""),
};

/** Whether `scope` links a page past `page` (`a[data-page]`, as Etsy's pagers mark their links). */
export function linksPastPage(scope: HTMLElement, page: number | null): boolean {
  return selectAll(scope, "a[data-page]").some((link) => Number(link.getAttribute("data-page")) > (page ?? 1));
}

export function readEtsySearch(page: Page, url: string): SearchPage {
  const pager = readPager(page.root, { next: [], total: ["[data-search-results-count]"] }, pageFromUrl(url, "page"));
  // Pagination links carry their page number; a link past the current page means there is a next one.
  const hasNext = linksPastPage(page.root, pager.page);
  return { items: parseCards(page.root, SEARCH_CARDS, page.base, page.hint), ...pager, has_next_page: hasNext };
}
