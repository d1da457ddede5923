// Amazon's search result page: its result cards (sponsored ones flagged), the pager, and a
// membership card's purchase price.
import { cleanText, firstText, type HTMLElement } from "../../scrape/extract/dom";
import { pageFromUrl, parseCards, readPager, type CardSpec } from "../../scrape/extract/listing";
import { parseCount, parseMoney } from "../../scrape/extract/money";
import type { Page } from "../../scrape/extract/page";
import { selectAll, selectOne } from "../../scrape/extract/select";
import type { SearchItem, SearchPage } from "../../scrape/types";

const SEARCH_CARDS: CardSpec = {
  cards: 'div[data-component-type="s-search-result"][data-asin]',
  id: (card) => cleanText(card.getAttribute("data-asin")),
  // Fashion grids put the brand in an h2 of its own above the title's h2; only the title is a-text-normal.
  title: [".a-text-normal", "h2 span", "h2"],
  link: { selectors: ["h2 a", "a.a-link-normal.s-no-outline", "a[href*='/dp/']"], attr: "href" },
  price: [".a-price:not(.a-text-price) .a-offscreen"],
  rating: [".a-icon-star-small .a-icon-alt", ".a-icon-alt"],
  reviewCount: {
    selectors: [
      "[data-csa-c-content-id*='ratings-count'] a",
      "a[href*='customerReviews'] span",
      "span.s-underline-text",
    ],
    attr: undefined,
  },
  image: { selectors: ["img.s-image"], attr: "src" },
  sponsored: (card) =>
    selectOne(
      card,
      ".puis-sponsored-label-text, .s-sponsored-label-info-icon, [data-component-type='sp-sponsored-result']",
    ) !== null || /AdHolder/.test(card.getAttribute("class") ?? ""),
};

// A best-sellers list ("Best Sellers in Appliances"): ranked grid cells, each an ASIN's link, stars and price.
const BEST_SELLER_CARDS: CardSpec = {
  cards: ".p13n-grid-content div[data-asin]",
  id: (card) => cleanText(card.getAttribute("data-asin")),
  title: ["a[role='link'] span div", "a[role='link'] span"],
  link: { selectors: ["a[href*='/dp/']"], attr: "href" },
  price: [".a-color-price span", ".a-color-price"],
  rating: [".a-icon-alt"],
  reviewCount: { selectors: [".a-icon-row a span.a-size-small"], attr: undefined },
  image: { selectors: ["img"], attr: "src" },
};

/** The search result card of `item` (a plain attribute selector is answered from the page's index, see select.ts). */
const cardOf = (item: SearchItem, page: Page) =>
  item.id
    ? selectAll(page.root, `[data-asin="${item.id}"]`).find(
        (element) => element.getAttribute("data-component-type") === "s-search-result",
      )
    : undefined;

/**
 * A card's 0.00 is a membership price ("Free with Kindle Unlimited membership"); what a shopper
 * pays to buy is the secondary offer beside it ("Or TWD 99.57 to buy").
 */
function withPurchasePrice(item: SearchItem, card: HTMLElement | undefined, page: Page): SearchItem {
  if (item.price?.amount !== 0) return item;
  const offer = card ? firstText(card, ['[data-cy="secondary-offer-recipe"] .a-color-secondary']) : null;
  const price = parseMoney(offer, page.hint);
  return { ...item, price: price && price.amount > 0 ? price : null };
}

/** A count with at most a word after it, as read aloud: "138 923 évaluations", "8,984". */
const SPOKEN_COUNT = /^\d[\d\s.,\u00a0\u202f]*(?:\s\p{L}+)?$/u;

/**
 * The card prints its count shortened ("(138,9 k)", "(8.9K+)") and gives it whole in the label a screen
 * reader reads ("138 923 évaluations"): the whole count, where it rounds to the printed one.
 */
function withWholeCount(item: SearchItem, card: HTMLElement | undefined): SearchItem {
  const shown = item.review_count;
  if (!shown || !card || shown % 100 !== 0) return item;
  for (const element of selectAll(card, "[aria-label]")) {
    const label = cleanText(element.getAttribute("aria-label"));
    const whole = label && SPOKEN_COUNT.test(label) ? parseCount(label) : null;
    if (whole && Math.abs(whole - shown) < shown * 0.1) return { ...item, review_count: whole };
  }
  return item;
}

/** The results on an Amazon search page, read with the marketplace's currency in `page.hint`. */
export function readAmazonSearch(page: Page, url: string): SearchPage {
  const pager = readPager(
    page.root,
    {
      current: [".s-pagination-selected"],
      next: ["a.s-pagination-next", "span.s-pagination-next", "li.a-last a"],
      total: ['[data-component-type="s-result-info-bar"] h1 span', ".s-desktop-toolbar .a-section span"],
    },
    pageFromUrl(url, "page"),
  );
  const found = parseCards(page.root, SEARCH_CARDS, page.base, page.hint);
  const items = found.length > 0 ? found : parseCards(page.root, BEST_SELLER_CARDS, page.base, page.hint);
  const withCards = items.map((item) => ({ item, card: cardOf(item, page) }));
  return {
    items: withCards.map(({ item, card }) => withWholeCount(withPurchasePrice(item, card, page), card)),
    ...pager,
  };
}
