// Best Buy: /site/{sku}.p?skuId={sku}, /site/searchpage.jsp, /site/reviews/…/{sku}.
// Product pages are server-rendered components named by `data-component-name`
// (ProductHeader, LargePrice, ReviewStatsContextualized, ProductSpecifications, …);
// the price is LargePrice's customer price, never a carousel or warranty price block.
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
import { idFromUrl, lookupId, siteSort, siteUrl } from "../extract/url";
import type { ProductPlatform, ProductRecord, ReviewsPage, SearchPage } from "../types";
import { selectAll, selectOne } from "../extract/select";

const SKU = /^\d{5,9}$/;
const SKU_IN_URL = /(?:skuId=|\/)(\d{5,9})(?:\.p\b|[/?#&]|$)/;

const component = (name: string, selector = "") => `[data-component-name="${name}"] ${selector}`.trim();

/** "Rating 4.7 out of 5 stars with 166 reviews" → [4.7, 166]. */
function ratingSummary(text: string | null): [number | null, number | null] {
  const match = text?.match(/([\d.,]+)\s+out of 5.*?([\d,.]+)\s+reviews?/i);
  return match ? [parseLocaleNumber(match[1]), parseLocaleNumber(match[2])] : [null, null];
}

/** Gallery thumbnails carry size parameters (`;maxHeight=128;maxWidth=56?format=webp`); drop them for the full image. */
function bestbuyImages(root: HTMLElement, base: string): string[] {
  const images = selectAll(root, `${component("MediaGallery", "img")}, img.primary-image`);
  return unique(images.map((img) => absoluteUrl(img.getAttribute("src")?.replace(/;maxHeight=.*$/, ""), base)));
}

function bestbuyAvailability(root: HTMLElement): string | null {
  const button = firstText(root, [component("AddToCart", "button"), ".fulfillment-add-to-cart-button button"]);
  if (!button) return null;
  if (/add to cart|pre-?order/i.test(button)) return /pre-?order/i.test(button) ? "preorder" : "in_stock";
  return normaliseAvailability(button);
}

function bestbuyVariants(root: HTMLElement, sku: string | null, base: string): ProductRecord["variants"] {
  return selectAll(
    root,
    `${component("ProductVariations", "button.variation-tile")}, .shop-variation-wrapper a[href*="skuId="]`,
  ).map((tile) => {
    const label = cleanText(tile.getAttribute("aria-label")) ?? visibleText(tile) ?? "";
    const href = tile.getAttribute("href");
    const selected = /\bselected$/i.test(label);
    return {
      id: idFromUrl(href, SKU_IN_URL) ?? (selected ? sku : null),
      name: label.replace(/\s+selected$/i, ""),
      url: absoluteUrl(href, base),
    };
  });
}

function bestbuyDraft(page: Page): ProductDraft {
  const { root } = page;
  const header = visibleText(selectOne(root, component("ProductHeader")));
  const sku =
    header?.match(/SKU:\s*(\d+)/)?.[1] ??
    idFromUrl(page.base, SKU_IN_URL) ??
    firstAttr(root, ["[data-sku-id]"], "data-sku-id");
  const specs = readSpecs(root, [
    { rows: `${component("ProductSpecifications", "li > div")}` },
    { rows: ".spec-table li, .specs-table li", key: ".row-title", value: ".row-value" },
  ]);
  const [rating, reviewCount] = ratingSummary(
    firstText(root, [
      component("ReviewStatsContextualized", "p.visually-hidden"),
      ".ugc-ratings-reviews p.visually-hidden",
    ]),
  );
  const price = parseMoney(
    firstText(root, [
      component("LargePrice", '[data-testid="price-block-customer-price"] span'),
      '[data-testid="large-customer-price"]',
      ".priceView-hero-price.priceView-customer-price span",
    ]),
    page.hint,
  );
  const original = parseMoney(
    firstText(root, [
      component("LargePrice", '[data-testid="price-block-regular-price-message-text"]'),
      ".pricing-price__regular-price",
    ]),
    page.hint,
  );
  // The first-party seller is a logo: its alt text names it.
  const seller =
    firstAttr(root, [component("SellerDetailsPDP", "img")], "alt") ??
    cleanText(firstText(root, [component("SellerDetailsPDP")])?.replace(/^Sold by\s*/i, ""));
  return {
    id: sku,
    sku,
    title: firstText(root, [component("ProductHeader", "h1"), ".sku-title h1", "h1"]),
    price: price && original && original.amount > price.amount ? { ...price, original_amount: original.amount } : price,
    rating,
    review_count: reviewCount,
    brand: specs["Brand"] ?? null,
    availability: bestbuyAvailability(root),
    images: bestbuyImages(root, page.base),
    description: firstText(root, [component("ProductDescription"), component("ProductFeatures", "ul")]),
    specs,
    variants: bestbuyVariants(root, sku, page.base),
    seller,
    breadcrumbs: unique(selectAll(root, "nav.c-breadcrumbs li").map(visibleText)),
    reviews: parseReviewBlocks(root, REVIEWS),
  };
}

const REVIEWS: ReviewSpec = {
  blocks: "li.review-item",
  id: (block) => cleanText(block.getAttribute("id") ?? block.getAttribute("data-review-id")),
  title: [".review-title", "h4"],
  body: [".ugc-review-body p", ".review-content p"],
  rating: [".c-ratings-reviews p.visually-hidden", ".c-review-average"],
  author: [".ugc-author strong", ".review-item-header strong"],
  date: { selectors: [".submission-date"], attr: "title" },
  verified: (block) => /verified purchase/i.test(visibleText(block) ?? ""),
};

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

export const bestbuy: ProductPlatform = {
  slug: "bestbuy",
  name: "Best Buy",
  idParam: "sku",
  engines: ["fetch", "browser"],
  origins: { us: "https://www.bestbuy.com", default: "https://www.bestbuy.com" },
  productUrl(lookup, origin) {
    const sku = lookupId(lookup, "sku", SKU, SKU_IN_URL);
    return siteUrl(origin, `/site/${sku}.p`, { skuId: sku });
  },
  searchUrl: (lookup, origin) =>
    siteUrl(origin, "/site/searchpage.jsp", {
      st: lookup.q,
      cp: lookup.page > 1 ? lookup.page : undefined,
      sp: siteSort(lookup.sort, {
        price_asc: "+currentprice skuidsaas",
        price_desc: "-currentprice skuidsaas",
        rating: "-customerrating",
        best_seller: "-bestsellingsort skuidsaas",
        newest: "-startdate skuidsaas",
      }),
      qp:
        lookup.min_price !== undefined || lookup.max_price !== undefined
          ? `currentprice_facet=Price~${lookup.min_price ?? 0} to ${lookup.max_price ?? "*"}`
          : undefined,
    }),
  reviewsUrl: (lookup, origin) =>
    siteUrl(origin, `/site/reviews/product/${lookupId(lookup, "sku", SKU, SKU_IN_URL)}`, {
      page: lookup.page > 1 ? lookup.page : undefined,
      sort: siteSort(lookup.sort, { newest: "MOST_RECENT", relevance: "MOST_HELPFUL", rating: "HIGHEST_RATED" }),
      rating: lookup.rating,
    }),
  readProduct(html, url) {
    const page = readPage(html, url);
    return [reading("bestbuy markup", bestbuyDraft(page)), ...structuredDraftList(page)];
  },
  parseSearch(html, url): SearchPage {
    const page = readPage(html, url);
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
  },
  parseReviews(html, url): ReviewsPage {
    const { root } = readPage(html, url);
    const [rating, count] = ratingSummary(
      firstText(root, [".ugc-rating-summary p.visually-hidden", ".c-ratings-reviews p.visually-hidden"]),
    );
    const pager = readPager(root, { next: [".page-arrow.next a", "a.next-page"] }, pageFromUrl(url, "page"));
    return {
      reviews: parseReviewBlocks(root, REVIEWS),
      rating,
      review_count: count,
      page: pager.page,
      has_next_page: pager.has_next_page,
    };
  },
  detectChallenge,
};
