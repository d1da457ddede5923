// Mercado Libre's search page: the result grid's poly-cards (the page's JSON-LD list names one of them,
// not the results), each card's price beside a struck "Antes" one and never its "cuotas" instalment,
// the pager and the result count ("91 resultados").
import { absoluteUrl, firstAttr, firstText, type HTMLElement } from "../../scrape/extract/dom";
import { readField, readPager } from "../../scrape/extract/listing";
import { parseLocaleNumber } from "../../scrape/extract/money";
import type { Page } from "../../scrape/extract/page";
import { selectAll, selectOne } from "../../scrape/extract/select";
import { idFromUrl } from "../../scrape/extract/url";
import type { SearchItem, SearchPage } from "../../scrape/types";
import { andesPrice } from "./money";
import { ID_IN_URL, searchPageOf } from "./urls";

const TITLE = [".poly-component__title", ".ui-search-item__title"];

function card(element: HTMLElement, page: Page): SearchItem {
  const url = absoluteUrl(firstAttr(element, [...TITLE.map((title) => `a${title}`), "a"], "href"), page.base);
  const price = selectOne(
    element,
    ".poly-price__current .andes-money-amount, .ui-search-price__second-line .andes-money-amount",
  );
  return {
    id: idFromUrl(url, ID_IN_URL),
    title: firstText(element, TITLE),
    // The fragment only tracks the click.
    url: url?.replace(/#.*$/, "") ?? null,
    price: andesPrice(price, selectOne(element, ".andes-money-amount--previous"), page.hint),
    rating: parseLocaleNumber(
      firstText(element, [".poly-reviews__rating", ".poly-component__review-compacted .poly-phrase-label"]),
    ),
    review_count: parseLocaleNumber(firstText(element, [".poly-reviews__total"])),
    image: absoluteUrl(
      firstAttr(element, ["img.poly-component__picture"], "data-src") ??
        firstAttr(element, ["img.poly-component__picture", "img"], "src"),
      page.base,
    ),
    sponsored: /promocionado|patrocinado/i.test(
      readField(element, [".poly-component__ads-promotions", ".ui-search-item__ad-label"]) ?? "",
    ),
  };
}

export function readMeliSearch(page: Page, url: string): SearchPage {
  const items = selectAll(page.root, "li.ui-search-layout__item")
    .map((element) => card(element, page))
    .filter((item) => item.title !== null && item.url !== null);
  const pager = readPager(
    page.root,
    {
      current: [".andes-pagination__button--current"],
      next: ["li.andes-pagination__button--next"],
      total: [".ui-search-search-result__quantity-results"],
    },
    searchPageOf(url),
  );
  return { items, ...pager };
}
