// Best Buy's search result page: SKU items (sponsored ones flagged) and the pager.
import { cleanText } from "../../scrape/extract/dom";
import { pageFromUrl, parseCards, readField, readPager, type CardSpec } from "../../scrape/extract/listing";
import type { Page } from "../../scrape/extract/page";
import { idFromUrl } from "../../scrape/extract/url";
import type { SearchPage } from "../../scrape/types";
import { SKU_IN_URL } from "./urls";

const SEARCH_CARDS: CardSpec = {
  cards: "li.sku-item, li.product-list-item",
  id: (card, url) => cleanText(card.getAttribute("data-sku-id")) ?? idFromUrl(url, SKU_IN_URL),
  title: [".sku-title a", "h4.sku-header a", ".product-title", "h2 a"],
  link: {
    selectors: [".sku-title a", "h4.sku-header a", "a.product-list-item-link", "a[href*='skuId=']"],
    attr: "href",
  },
  price: [
    ".priceView-customer-price span[aria-hidden='true']",
    '[data-testid="price-block-customer-price"] span',
    ".priceView-customer-price span",
  ],
  rating: [".c-ratings-reviews p.visually-hidden"],
  reviewCount: [".c-reviews"],
  image: { selectors: ["img.product-image", ".product-image img", "img"], attr: "src" },
  sponsored: (card) =>
    /\bis-sponsored\b/.test(card.getAttribute("class") ?? "") ||
    /^Sponsored\b/i.test(readField(card, [".sponsored-label", ".ad-label"]) ?? ""),
};

export function readBestbuySearch(page: Page, url: string): SearchPage {
  const pager = readPager(
    page.root,
    {
      current: [".paging-list .current-page"],
      next: ["a.sku-list-page-next"],
      total: [".item-count", ".results-title"],
    },
    pageFromUrl(url, "cp"),
  );
  return { items: parseCards(page.root, SEARCH_CARDS, page.base, page.hint), ...pager };
}
