// Etsy: /listing/{id}, /search?q=&page=. Listing pages publish a JSON-LD Product (the
// shop as `brand`, reviews included), so the adapter adds only what JSON-LD lacks:
// the buy-box price (sale price over list), variation menus, item details and the shop.
import { detectChallenge } from "../extract/challenge";
import { cleanText, firstAttr, firstText, unique, visibleText, type HTMLElement } from "../extract/dom";
import { parseCards, pageFromUrl, readField, readPager, type CardSpec } from "../extract/listing";
import { parseMoney } from "../extract/money";
import { readPage, structuredDrafts, type Page } from "../extract/page";
import { buildProduct, type ProductDraft } from "../extract/record";
import { idFromUrl, lookupId, siteSort, siteUrl } from "../extract/url";
import type { ProductPlatform, ProductRecord, SearchPage } from "../types";

const LISTING_ID = /^\d{6,12}$/;
const LISTING_IN_URL = /\/listing\/(\d{6,12})(?:[/?#]|$)/;

/** Variation menus (`Size`, `Colour`): one variant per real option, the "Select an option" placeholder left out. */
function etsyVariants(root: HTMLElement): ProductRecord["variants"] {
  return root
    .querySelectorAll("select[id^='variation-selector'], [data-selector='listing-page-variation'] select")
    .flatMap((menu) => {
      const label =
        cleanText(root.querySelector(`label[for='${menu.id}']`)?.text) ?? cleanText(menu.getAttribute("aria-label"));
      return menu
        .querySelectorAll("option")
        .filter((option) => option.getAttribute("value"))
        .map((option) => {
          const text = visibleText(option) ?? "";
          return {
            id: cleanText(option.getAttribute("value")),
            name: [label, text.replace(/\s*\(.*\)$/, "")].filter(Boolean).join(": "),
            price: /\d/.test(text.match(/\((.*)\)$/)?.[1] ?? "") ? parseMoney(text.match(/\((.*)\)$/)?.[1], {}) : null,
          };
        });
    });
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
  const details = root
    .querySelectorAll("#product-details-content-toggle li, [data-selector='product-details-highlights'] li")
    .map(visibleText);
  const specs = Object.fromEntries(
    details.map((line) => line?.split(/:\s+/)).filter((pair): pair is [string, string] => pair?.length === 2),
  );
  return {
    id: idFromUrl(page.base, LISTING_IN_URL) ?? firstAttr(root, ["[data-listing-id]"], "data-listing-id"),
    title: firstText(root, ["h1[data-buy-box-listing-title]", "[data-buy-box-region='title'] h1", "h1"]),
    price: price && original && original.amount > price.amount ? { ...price, original_amount: original.amount } : price,
    seller:
      firstText(root, ["[data-shop-name]", "a[href*='/shop/'] span", "a[href*='/shop/']"]) ??
      firstAttr(root, ["[data-shop-name]"], "data-shop-name"),
    images: unique(
      root
        .querySelectorAll("[data-carousel-pane] img, .listing-page-image-carousel-component img")
        .map((img) => img.getAttribute("data-src-zoom-image") ?? img.getAttribute("src")),
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

export const etsy: ProductPlatform = {
  slug: "etsy",
  name: "Etsy",
  idParam: "id",
  engines: ["fetch", "browser"],
  origins: { us: "https://www.etsy.com", default: "https://www.etsy.com" },
  productUrl: (lookup, origin) => siteUrl(origin, `/listing/${lookupId(lookup, "id", LISTING_ID, LISTING_IN_URL)}`),
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
  parseProduct(html, url) {
    const page = readPage(html, url);
    const { jsonLd, microdata, meta } = structuredDrafts(page);
    // JSON-LD names the shop as `brand`; the shop is the seller.
    const seller: ProductDraft = { seller: jsonLd.brand ?? null };
    return buildProduct(url, [jsonLd, etsyDraft(page), microdata, meta, seller]);
  },
  parseSearch(html, url): SearchPage {
    const page = readPage(html, url);
    const pager = readPager(page.root, { next: [], total: ["[data-search-results-count]"] }, pageFromUrl(url, "page"));
    // Pagination links carry their page number; a link past the current page means there is a next one.
    const linkedPages = page.root
      .querySelectorAll("a[data-page]")
      .map((link) => Number(link.getAttribute("data-page")));
    const hasNext = linkedPages.some((number) => number > (pager.page ?? 1));
    return { items: parseCards(page.root, SEARCH_CARDS, page.base, page.hint), ...pager, has_next_page: hasNext };
  },
  detectChallenge,
};
