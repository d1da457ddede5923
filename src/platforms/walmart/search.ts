// Walmart's search result page: the results of the embedded state (beyond the cards the DOM
// renders), else the DOM's cards, with the state's paging.
import { givenRating } from "../../scrape/extract/card-facts";
import { absoluteUrl, cleanText, firstText } from "../../scrape/extract/dom";
import { asList, asNumber, asText, dig } from "../../scrape/extract/json-text";
import { pageFromUrl, parseCards, readPager, type CardSpec } from "../../scrape/extract/listing";
import { parseMoney, type MoneyHint } from "../../scrape/extract/money";
import type { Page } from "../../scrape/extract/page";
import type { SearchItem, SearchPage } from "../../scrape/types";
import { initialData, walmartMoney } from "./state";

function itemFromNextData(item: Record<string, unknown>, base: string, hint: MoneyHint): SearchItem {
  const price =
    walmartMoney(dig(item, "priceInfo", "currentPrice"), hint) ??
    parseMoney(asText(dig(item, "priceInfo", "linePrice")) ?? asText(item["price"]), hint);
  return {
    id: asText(item["usItemId"]) ?? asText(item["id"]),
    title: asText(item["name"]),
    url: absoluteUrl(asText(item["canonicalUrl"]), base),
    price,
    rating: givenRating(asNumber(dig(item, "rating", "averageRating")) ?? asNumber(item["averageRating"])),
    review_count: givenRating(asNumber(dig(item, "rating", "numberOfReviews")) ?? asNumber(item["numberOfReviews"])),
    image: asText(dig(item, "imageInfo", "thumbnailUrl")) ?? asText(item["image"]),
    sponsored: item["isSponsoredFlag"] === true,
  };
}

const SEARCH_CARDS: CardSpec = {
  cards: "div[data-item-id]",
  id: (card) => cleanText(card.getAttribute("data-item-id")),
  title: ["[data-automation-id='product-title']", "span.lh-title"],
  link: { selectors: ["a[href*='/ip/']"], attr: "href" },
  price: ["[data-automation-id='product-price'] .f2", "[data-automation-id='product-price']"],
  rating: ["[data-testid='product-ratings'] .w_iUH7", "span.w_iUH7"],
  reviewCount: ["[data-testid='product-reviews']"],
  image: { selectors: ["img[data-testid='productTileImage']", "img"], attr: "src" },
  sponsored: (card) => /sponsored/i.test(firstText(card, [".f7.gray", "[data-testid='sponsored-label']"]) ?? ""),
};

export function readWalmartSearch(page: Page, url: string): SearchPage {
  const result = dig(initialData(page.html), "searchResult");
  const stacked = asList(dig(result, "itemStacks", 0, "items")).filter(
    (item) => item["__typename"] !== "AdPlaceholder" && item["name"],
  );
  const items =
    stacked.length > 0
      ? stacked.map((item) => itemFromNextData(item, page.base, page.hint))
      : parseCards(page.root, SEARCH_CARDS, page.base, page.hint);
  const requested = pageFromUrl(url, "page");
  const current = asNumber(dig(result, "paginationV2", "pageProperties", "page")) ?? requested;
  const maxPage = asNumber(dig(result, "paginationV2", "maxPage"));
  const pager = readPager(page.root, { next: ["a[data-testid='NextPage']", "a[aria-label='Next Page']"] }, current);
  return {
    items,
    page: current,
    total_results: asNumber(dig(result, "aggregatedCount")) ?? asNumber(dig(result, "itemStacks", 0, "count")),
    has_next_page: maxPage !== null && current !== null ? current < maxPage : pager.has_next_page,
  };
}
