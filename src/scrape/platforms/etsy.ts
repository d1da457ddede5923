// Etsy: /listing/{id}, /search?q=&page=. Listing pages publish a JSON-LD Product (the
// shop as `brand`, reviews included), so the adapter adds only what JSON-LD lacks:
// the buy-box price (sale price over list), variation menus, item details and the shop.
// Reviews have no page of their own: the listing page shows them (#reviews), `page` picks
// a later review page where the listing links one.
import { detectChallenge } from "../extract/challenge";
import { cleanText, firstAttr, firstText, unique, visibleText, type HTMLElement } from "../extract/dom";
import {
  parseCards,
  pageFromUrl,
  parseReviewBlocks,
  readField,
  readPager,
  type CardSpec,
  type ReviewSpec,
} from "../extract/listing";
import { asNumber, dig, firstJsonValue } from "../extract/json-text";
import { parseLocaleNumber, parseMoney } from "../extract/money";
import { readPage, structuredDrafts, type Page } from "../extract/page";
import { reading, type ProductDraft } from "../extract/record";
import { idFromUrl, lookupId, siteSort, siteUrl } from "../extract/url";
import type { ProductPlatform, ProductRecord, ReviewsPage, SearchPage } from "../types";
import { selectAll, selectOne } from "../extract/select";

const LISTING_TITLE = ["h1[data-buy-box-listing-title]", "[data-buy-box-region='title'] h1", "h1"];

const LISTING_ID = /^\d{6,12}$/;
const LISTING_IN_URL = /\/listing\/(\d{6,12})(?:[/?#]|$)/;

/** Variation menus (`Size`, `Colour`): one variant per real option, the "Select an option" placeholder left out. */
function etsyVariants(root: HTMLElement): ProductRecord["variants"] {
  return selectAll(root, "select[id^='variation-selector'], [data-selector='listing-page-variation'] select").flatMap(
    (menu) => {
      const label =
        cleanText(selectOne(root, `label[for='${menu.id}']`)?.text) ?? cleanText(menu.getAttribute("aria-label"));
      return selectAll(menu, "option")
        .filter((option) => option.getAttribute("value"))
        .map((option) => {
          const text = visibleText(option) ?? "";
          return {
            id: cleanText(option.getAttribute("value")),
            name: [label, text.replace(/\s*\(.*\)$/, "")].filter(Boolean).join(": "),
            price: /\d/.test(text.match(/\((.*)\)$/)?.[1] ?? "") ? parseMoney(text.match(/\((.*)\)$/)?.[1], {}) : null,
          };
        });
    },
  );
}

function etsyDraft(page: Page): ProductDraft {
  const { root } = page;
  const price = parseMoney(
    firstText(root, [
      "[data-buy-box-region='price'] p.wt-text-title-larger",
      "[data-selector='price-only'] p",
      "[data-buy-box-region='price'] .wt-text-title-03",
    ]),
    page.hint,
  );
  const original = parseMoney(firstText(root, ["[data-buy-box-region='price'] .wt-text-strikethrough"]), page.hint);
  const details = selectAll(
    root,
    "#product-details-content-toggle li, [data-selector='product-details-highlights'] li",
  ).map(visibleText);
  const specs = Object.fromEntries(
    details.map((line) => line?.split(/:\s+/)).filter((pair): pair is [string, string] => pair?.length === 2),
  );
  return {
    id: idFromUrl(page.base, LISTING_IN_URL) ?? firstAttr(root, ["[data-listing-id]"], "data-listing-id"),
    title: firstText(root, LISTING_TITLE),
    price: price && original && original.amount > price.amount ? { ...price, original_amount: original.amount } : price,
    seller:
      firstText(root, ["[data-shop-name]", "a[href*='/shop/'] span", "a[href*='/shop/']"]) ??
      firstAttr(root, ["[data-shop-name]"], "data-shop-name"),
    images: unique(
      selectAll(root, "[data-carousel-pane] img, .listing-page-image-carousel-component img").map(
        (img) => img.getAttribute("data-src-zoom-image") ?? img.getAttribute("src"),
      ),
    ),
    specs,
    variants: etsyVariants(root),
  };
}

const SEARCH_CARDS: CardSpec = {
  cards: "[data-search-results] [data-listing-id], li .v2-listing-card[data-listing-id]",
  id: (card, url) => cleanText(card.getAttribute("data-listing-id")) ?? idFromUrl(url, LISTING_IN_URL),
  title: ["h3.v2-listing-card__title", ".v2-listing-card__info h3", "h3"],
  link: { selectors: ["a.listing-link", "a[href*='/listing/']"], attr: "href" },
  // Symbol and value are sibling spans of p.lc-price, so its text reads "$24.00".
  price: ["p.lc-price", ".n-listing-card__price p", ".lc-price"],
  rating: { selectors: ["input[name='rating']", "[data-rating]"], attr: "value" },
  reviewCount: [".wt-text-body-smaller", ".wt-text-caption"],
  image: { selectors: ["img[data-listing-card-listing-image]", "img"], attr: "src" },
  sponsored: (card) =>
    /^ad\b|advertisement|^ad by/i.test(readField(card, [".wt-text-caption", ".wt-screen-reader-only"]) ?? ""),
};

/** Whether `scope` links a page past `page` (`a[data-page]`, as Etsy's pagers mark their links). */
function linksPastPage(scope: HTMLElement, page: number | null): boolean {
  return selectAll(scope, "a[data-page]").some((link) => Number(link.getAttribute("data-page")) > (page ?? 1));
}

const REVIEWS_EVENT = "[data-appears-component-name='listing_page_reviews_container_top']";

const REVIEWS: ReviewSpec = {
  blocks: "[data-review-region]",
  id: (card) => cleanText(card.getAttribute("data-review-region")),
  // Etsy reviews have no title.
  title: [],
  body: ["[id^='review-preview-toggle']", "[data-review-text-toggle-wrapper]"],
  rating: { selectors: ["input[name='rating']"], attr: "value" },
  author: ["[data-review-username]"],
  // The author's line reads "Margaret Mar 13, 2026"; the date is read out of it.
  date: ["p:has([data-review-username])"],
};

/**
 * The reviews header's figures. Etsy shows the ITEM's average and count there ("Item average 4.8
 * (121 reviews)"); its JSON-LD aggregateRating is the SHOP's (4.9 / 919), used only when the header is missing.
 */
function itemRating(page: Page): Pick<ReviewsPage, "rating" | "review_count"> {
  const header = selectOne(page.root, "#reviews");
  const { jsonLd } = structuredDrafts(page);
  const rating = parseLocaleNumber(header && readField(header, ["span.reviews-rating"]));
  const count = parseLocaleNumber(header && readField(header, [".reviews-rating p.wt-text-body-smaller"]));
  return { rating: rating ?? jsonLd.rating ?? null, review_count: count ?? jsonLd.review_count ?? null };
}

export const etsy: ProductPlatform = {
  slug: "etsy",
  name: "Etsy",
  idParam: "id",
  engines: ["fetch", "browser"],
  origins: { us: "https://www.etsy.com", default: "https://www.etsy.com" },
  productUrl: (lookup, origin) => siteUrl(origin, `/listing/${lookupId(lookup, "id", LISTING_ID, LISTING_IN_URL)}`),
  reviewsUrl: (lookup, origin) =>
    siteUrl(origin, `/listing/${lookupId(lookup, "id", LISTING_ID, LISTING_IN_URL)}`, {
      page: lookup.page > 1 ? lookup.page : undefined,
    }),
  searchUrl: (lookup, origin) =>
    siteUrl(origin, "/search", {
      q: lookup.q,
      page: lookup.page > 1 ? lookup.page : undefined,
      order: siteSort(lookup.sort, {
        relevance: "most_relevant",
        price_asc: "price_asc",
        price_desc: "price_desc",
        newest: "date_desc",
        rating: "highest_reviews",
      }),
      min: lookup.min_price,
      max: lookup.max_price,
    }),
  readProduct(html, url) {
    const page = readPage(html, url);
    const { jsonLd, microdata, meta } = structuredDrafts(page);
    return [
      reading("json-ld", jsonLd),
      reading("etsy markup", etsyDraft(page)),
      reading("microdata", microdata),
      reading("meta", meta),
      // JSON-LD names the shop as `brand`; the shop is the seller.
      reading("json-ld brand as the shop", { seller: jsonLd.brand ?? null }),
    ];
  },
  parseSearch(html, url): SearchPage {
    const page = readPage(html, url);
    const pager = readPager(page.root, { next: [], total: ["[data-search-results-count]"] }, pageFromUrl(url, "page"));
    // Pagination links carry their page number; a link past the current page means there is a next one.
    const hasNext = linksPastPage(page.root, pager.page);
    return { items: parseCards(page.root, SEARCH_CARDS, page.base, page.hint), ...pager, has_next_page: hasNext };
  },
  parseReviews(html, url): ReviewsPage {
    const page = readPage(html, url);
    const section = selectOne(page.root, "#reviews") ?? page.root;
    // The page's own analytics name the review page shown; a `page` etsy.com ignored reads as 1, not as asked.
    const shown = asNumber(
      dig(firstJsonValue(firstAttr(page.root, [REVIEWS_EVENT], "data-appears-event-data") ?? ""), "page_number"),
    );
    const current = shown ?? pageFromUrl(url, "page");
    return {
      product_title: firstText(page.root, LISTING_TITLE),
      reviews: parseReviewBlocks(page.root, REVIEWS),
      ...itemRating(page),
      page: current,
      // Today's etsy.com loads later review pages by script and links none, so its listings answer false.
      has_next_page: linksPastPage(section, current),
    };
  },
  detectChallenge,
};
