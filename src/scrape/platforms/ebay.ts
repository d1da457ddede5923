// eBay: item pages /itm/{id} (classic `#prcIsum` and current `.x-price-primary` layouts),
// catalogue pages /p/{epid} (JSON-LD Product with an offers array), search /sch/i.html.
import { currencyForCountry } from "../extract/currency";
import { detectChallenge } from "../extract/challenge";
import { absoluteUrl, cleanText, firstAttr, firstText, unique, visibleText, type HTMLElement } from "../extract/dom";
import {
  parseCards,
  parseReviewBlocks,
  pageFromUrl,
  readField,
  readPager,
  type CardSpec,
  type ReviewSpec,
} from "../extract/listing";
import { parseLocaleNumber, parseMoney } from "../extract/money";
import { readPage, structuredDraftList, type Page } from "../extract/page";
import { normaliseAvailability, reading, type ProductDraft } from "../extract/record";
import { readSpecs } from "../extract/specs";
import { countryOfUrl, idFromUrl, lookupId, siteSort, siteUrl } from "../extract/url";
import type { ProductPlatform, ProductRecord, ReviewsPage, SearchPage } from "../types";
import { selectAll, selectOne } from "../extract/select";

const ORIGINS: Record<string, string> = {
  us: "https://www.ebay.com",
  gb: "https://www.ebay.co.uk",
  uk: "https://www.ebay.co.uk",
  de: "https://www.ebay.de",
  fr: "https://www.ebay.fr",
  it: "https://www.ebay.it",
  es: "https://www.ebay.es",
  ca: "https://www.ebay.ca",
  au: "https://www.ebay.com.au",
  ie: "https://www.ebay.ie",
  at: "https://www.ebay.at",
  default: "https://www.ebay.com",
};

const ITEM_ID = /^\d{9,15}$/;
const ITEM_IN_URL = /\/(?:itm|p)\/(?:[^/?#]+\/)?(\d{6,15})(?:[/?#]|$)/;

/** eBay image URLs name their size (`s-l64`); the same image exists at s-l1600. */
const fullSize = (url: string | null | undefined) =>
  url?.replace(/\/s-l\d+\.(jpg|jpeg|png|webp)/i, "/s-l1600.$1") ?? null;

function ebayImages(root: HTMLElement, base: string): string[] {
  // The first carousel is the listing's own; later ones (catalogue, similar items) repeat or differ.
  const carousel = selectOne(root, ".ux-image-carousel") ?? root;
  const gallery = selectAll(carousel, ".ux-image-carousel-item img:not([alt^='Video']), #vi_main_img_fs img, #icImg");
  const urls = gallery.map(
    (img) => img.getAttribute("data-zoom-src") ?? img.getAttribute("data-src") ?? img.getAttribute("src"),
  );
  return unique(urls.map((url) => absoluteUrl(fullSize(url), base)));
}

/** Item specifics: classic two-pair rows, current label/value blocks, catalogue product details. */
function ebaySpecs(root: HTMLElement): Record<string, string> {
  const specs = readSpecs(root, [
    { rows: ".itemAttr tr", key: "td.attrLabels", value: "td.attrLabels + td" },
    { rows: ".ux-layout-section-evo__col", key: ".ux-labels-values__labels", value: ".ux-labels-values__values" },
    { rows: "dl.ux-labels-values", key: "dt", value: "dd" },
    { rows: ".x-prp-product-details_col", key: ".x-prp-product-details_name", value: ".x-prp-product-details_value" },
  ]);
  // "New: A brand-new, unused … Read more about the condition" → "New".
  if (specs["Condition"]) specs["Condition"] = specs["Condition"].split(":")[0]!.trim();
  return specs;
}

/** Multi-variation listings: one entry per option of each variation menu. */
function ebayVariants(root: HTMLElement): ProductRecord["variants"] {
  return selectAll(root, "select.msku-sel, select[id^='msku-sel'], select.x-msku__select-box").flatMap((menu) => {
    const label = cleanText(menu.getAttribute("aria-label") ?? menu.getAttribute("name"));
    return selectAll(menu, "option")
      .filter((option) => !/^-?\s*select/i.test(visibleText(option) ?? "") && option.getAttribute("value") !== "-1")
      .map((option) => ({
        id: cleanText(option.getAttribute("value")),
        name: [label, visibleText(option)].filter(Boolean).join(": "),
      }));
  });
}

const REVIEWS: ReviewSpec = {
  blocks: ".ebay-review-section",
  id: (block) => cleanText(block.id.replace(/^review_/, "")),
  title: [".review-item-title"],
  body: [".review-item-content"],
  rating: { selectors: [".ebay-star-rating", ".star-rating"], attr: "aria-label" },
  author: { selectors: [".review-item-author"], attr: "title" },
  date: [".review-item-date"],
  verified: (block) => /Verified purchase:\s*Yes/i.test(visibleText(selectOne(block, ".review-attr")) ?? ""),
};

function ebayDraft(page: Page): ProductDraft {
  const { root } = page;
  const specs = ebaySpecs(root);
  const id = idFromUrl(page.base, ITEM_IN_URL) ?? firstText(root, ["#descItemNumber"]);
  const original = parseMoney(
    firstText(root, [".x-additional-info .ux-textspans--STRIKETHROUGH", "#orgPrc", "#mm-saleOrgPrc"]),
    page.hint,
  );
  const price = parseMoney(
    firstText(root, [".x-price-primary", "#prcIsum", "#mm-saleDscPrc", "#prcIsum_bidPrice"]),
    page.hint,
  );
  const seller = firstText(root, [
    ".x-sellercard-atf__info__about-seller a",
    ".x-sellercard-atf__data-item",
    ".mbg-nw",
  ]);
  return {
    id,
    title: firstText(root, ["h1.x-item-title__mainTitle", "h1#itemTitle"])?.replace(/^Details about\s+/i, ""),
    price: price && original && original.amount > price.amount ? { ...price, original_amount: original.amount } : price,
    brand: specs["Brand"] ?? specs["Marke"] ?? specs["Marque"] ?? null,
    availability: normaliseAvailability(
      firstText(root, ["#qtySubTxt", ".d-quantity__availability", ".x-quantity__availability"]),
    ),
    images: ebayImages(root, page.base),
    rating: parseLocaleNumber(firstText(root, [".ux-summary__start--rating .ux-textspans", ".x-star-rating .clipped"])),
    review_count: parseLocaleNumber(firstText(root, [".ux-summary__count .ux-textspans"])),
    specs,
    variants: ebayVariants(root),
    seller: cleanText(seller?.replace(/\s*\([\d.,]+\)\s*$/, "")),
    breadcrumbs: unique(selectAll(root, "#vi-VR-brumb-lnkLst li.bc-w a").map(visibleText)).filter(
      (name) => !/^see more/i.test(name),
    ),
    reviews: parseReviewBlocks(root, REVIEWS),
  };
}

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

const readEbayPage = (html: string, url: string) =>
  readPage(html, url, (base) => ({ currency: currencyForCountry(countryOfUrl(base, ORIGINS)) }));

export const ebay: ProductPlatform = {
  slug: "ebay",
  name: "eBay",
  idParam: "id",
  engines: ["fetch", "browser"],
  origins: ORIGINS,
  productUrl: (lookup, origin) => siteUrl(origin, `/itm/${lookupId(lookup, "id", ITEM_ID, ITEM_IN_URL)}`),
  searchUrl: (lookup, origin) =>
    siteUrl(origin, "/sch/i.html", {
      _nkw: lookup.q,
      _pgn: lookup.page > 1 ? lookup.page : undefined,
      _sop: siteSort(lookup.sort, { relevance: "12", price_asc: "15", price_desc: "16", newest: "10" }),
      _udlo: lookup.min_price,
      _udhi: lookup.max_price,
    }),
  // Product reviews belong to the catalogue product (ePID), as on /p/{epid}.
  reviewsUrl: (lookup, origin) =>
    siteUrl(origin, `/urw/product-reviews/${lookupId(lookup, "id", ITEM_ID, ITEM_IN_URL)}`, {
      pgn: lookup.page > 1 ? lookup.page : undefined,
    }),
  readProduct(html, url) {
    const page = readEbayPage(html, url);
    return [reading("ebay markup", ebayDraft(page)), ...structuredDraftList(page)];
  },
  parseSearch(html, url): SearchPage {
    const page = readEbayPage(html, url);
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
    return { items, ...pager };
  },
  parseReviews(html, url): ReviewsPage {
    const { root } = readEbayPage(html, url);
    const pager = readPager(root, { next: ["a.pagination__next", "a.next-btn"] }, pageFromUrl(url, "pgn"));
    return {
      reviews: parseReviewBlocks(root, REVIEWS),
      rating: parseLocaleNumber(
        firstAttr(root, ["[itemprop='ratingValue']"], "content") ??
          firstText(root, [".review--start--rating", ".ebay-review-start-rating"]),
      ),
      review_count: parseLocaleNumber(
        firstAttr(root, ["[itemprop='reviewCount']"], "content") ??
          firstText(root, [".ebay-reviews-count", ".review--count"]),
      ),
      page: pager.page,
      has_next_page: pager.has_next_page,
    };
  },
  detectChallenge,
};
