// Amazon marketplaces: /dp/{asin}, /s?k=…, /product-reviews/{asin}. Amazon ships no
// JSON-LD, so the product is read from its own feature blocks. The price is the buybox
// offer only (core price, deal/sale block, Kindle price, or the used offer when that is
// all the buybox has), never carousel, "other sellers" or delivery prices.
import { currencyForCountry } from "../extract/currency";
import { detectChallenge } from "../extract/challenge";
import { absoluteUrl, cleanText, firstAttr, firstText, unique, visibleText, type HTMLElement } from "../extract/dom";
import { firstJsonValue, jsonAfter } from "../extract/json-text";
import { parseReviewBlocks, pageFromUrl, readField, readPager, type ReviewSpec } from "../extract/listing";
import { parseLocaleNumber, parseMoney } from "../extract/money";
import { readPage, structuredDraftList, type Page } from "../extract/page";
import { normaliseAvailability, reading, type ProductDraft } from "../extract/record";
import { selectAll, selectOne } from "../extract/select";
import { readSpecs } from "../extract/specs";
import { countryOfUrl, idFromUrl, lookupId, siteSort, siteUrl } from "../extract/url";
import type { Money, ProductPlatform, ProductRecord, ReviewsPage } from "../types";
import { readAmazonSearch } from "./amazon-search";

const ORIGINS: Record<string, string> = {
  us: "https://www.amazon.com",
  gb: "https://www.amazon.co.uk",
  uk: "https://www.amazon.co.uk",
  de: "https://www.amazon.de",
  fr: "https://www.amazon.fr",
  es: "https://www.amazon.es",
  it: "https://www.amazon.it",
  nl: "https://www.amazon.nl",
  se: "https://www.amazon.se",
  pl: "https://www.amazon.pl",
  jp: "https://www.amazon.co.jp",
  ca: "https://www.amazon.ca",
  in: "https://www.amazon.in",
  au: "https://www.amazon.com.au",
  mx: "https://www.amazon.com.mx",
  br: "https://www.amazon.com.br",
  ae: "https://www.amazon.ae",
  sa: "https://www.amazon.sa",
  sg: "https://www.amazon.sg",
  tr: "https://www.amazon.com.tr",
  default: "https://www.amazon.com",
};

const ASIN = /^[A-Z0-9]{10}$/;
const ASIN_IN_URL = /\/(?:dp|gp\/product|product-reviews|gp\/aw\/d)\/([A-Z0-9]{10})(?:[/?#]|$)/;

const PRICE_SELECTORS = [
  "#corePriceDisplay_desktop_feature_div .priceToPay .a-offscreen",
  "#corePriceDisplay_desktop_feature_div .a-price:not(.a-text-price) .a-offscreen",
  "#corePrice_feature_div .a-price:not(.a-text-price) .a-offscreen",
  "#corePrice_desktop .apexPriceToPay .a-offscreen",
  "#priceblock_dealprice",
  "#priceblock_saleprice",
  "#priceblock_ourprice",
  "#price_inside_buybox",
  "#newBuyBoxPrice",
  "#kindle-price",
  "#usedBuySection .offer-price",
  "#tmmSwatches .swatchElement.selected .slot-price",
  // A page whose buybox failed to render still lists the item first in "Frequently bought together".
  '[aria-labelledby="Product 1"] .a-price:not(.a-text-price) .a-offscreen',
];
const LIST_PRICE_SELECTORS = [
  "#corePriceDisplay_desktop_feature_div .basisPrice .a-offscreen",
  "#corePriceDisplay_desktop_feature_div .a-text-price .a-offscreen",
  "#corePrice_desktop .a-text-price[data-a-strike] .a-offscreen",
  "#listPrice",
  ".priceBlockStrikePriceString",
];
// "Visit the SainSmart Store", "Visita la tienda de Cecotec", "Brand: ChangM", …
const BYLINE_BRAND =
  /^(?:Visit the (.+) Store|Visita la tienda de (.+)|Besuchen Sie den (.+)-Store|Visitez la boutique (.+)|Visita lo Store di (.+)|(?:Brand|Marca|Marke|Marque)\s*:\s*(.+))$/i;

const REVIEW_ROW =
  /^(Customer Reviews|Opiniones de los clientes|Kundenrezensionen|Commentaires client|Recensioni dei clienti|Avaliações de clientes)$/i;

function amazonPrice(root: HTMLElement, hint: Page["hint"]): Money | null {
  const price = parseMoney(firstText(root, PRICE_SELECTORS), hint);
  const list = parseMoney(firstText(root, LIST_PRICE_SELECTORS), hint);
  return price && list && list.amount > price.amount ? { ...price, original_amount: list.amount } : price;
}

type GalleryImage = { hiRes?: string | null; large?: string | null };

/** The image gallery's `colorImages.initial` (hi-res first), else the landing image. */
function amazonImages(page: Page): string[] {
  const gallery = jsonAfter(page.html, /'colorImages'\s*:\s*\{\s*'initial'\s*:/);
  const fromGallery = Array.isArray(gallery)
    ? (gallery as GalleryImage[]).map((image) => image?.hiRes ?? image?.large)
    : [];
  const landing = selectOne(page.root, "#landingImage, #imgBlkFront, #ebooksImgBlkFront");
  const sizes = firstJsonValue(landing?.getAttribute("data-a-dynamic-image") ?? "") as
    | Record<string, number[]>
    | undefined;
  const largest = Object.entries(sizes ?? {}).sort(([, a], [, b]) => (b[0] ?? 0) - (a[0] ?? 0))[0]?.[0];
  const fallback = [landing?.getAttribute("data-old-hires"), largest, landing?.getAttribute("src")];
  return unique(fromGallery.length > 0 ? fromGallery : fallback).filter((url) => /^https?:/.test(url));
}

/** Twister variations (size / colour ASINs) or, for books, the format swatches. */
function amazonVariants(page: Page, asin: string | null): ProductRecord["variants"] {
  const twister = jsonAfter(page.html, /"dimensionValuesDisplayData"\s*:/);
  if (twister && typeof twister === "object" && Object.keys(twister).length > 0) {
    return Object.entries(twister as Record<string, string[]>).map(([id, values]) => ({
      id,
      name: [values].flat().join(" / "),
      url: absoluteUrl(`/dp/${id}`, page.base),
    }));
  }
  return selectAll(page.root, "#tmmSwatches .swatchElement, #twister li[data-defaultasin]").map((swatch) => {
    const href = selectOne(swatch, 'a[href*="/dp/"]')?.getAttribute("href") ?? null;
    const selected = /\bselected\b/.test(swatch.getAttribute("class") ?? "");
    return {
      id:
        idFromUrl(href, ASIN_IN_URL) ?? cleanText(swatch.getAttribute("data-defaultasin")) ?? (selected ? asin : null),
      name: firstText(swatch, [".slot-title", ".a-button-text .a-size-base", "img"]) ?? visibleText(swatch) ?? "",
      price: parseMoney(firstText(swatch, [".slot-price .a-color-price", ".slot-price"]), page.hint),
      url: absoluteUrl(href, page.base),
    };
  });
}

function amazonBrand(root: HTMLElement, specs: Record<string, string>): string | null {
  const fromSpecs = specs["Brand"] ?? specs["Marca"] ?? specs["Marke"] ?? specs["Marque"] ?? specs["Brand Name"];
  if (fromSpecs) return fromSpecs;
  const byline = firstText(root, ["a#bylineInfo", "#bylineInfo_feature_div a#bylineInfo"]);
  const match = byline ? BYLINE_BRAND.exec(byline) : null;
  return match ? (match.slice(1).find(Boolean) ?? null) : null;
}

const REVIEWS: ReviewSpec = {
  blocks: 'div[data-hook="review"]',
  id: (block) => cleanText(block.id),
  title: ['[data-hook="review-title"] > span:not(.a-letter-space)', '[data-hook="review-title"]'],
  body: ['[data-hook="review-body"] [data-hook="review-collapsed"]', '[data-hook="review-body"]'],
  rating: ['[data-hook="review-star-rating"] .a-icon-alt', '[data-hook="cmps-review-star-rating"] .a-icon-alt'],
  author: [".a-profile-name"],
  date: ['[data-hook="review-date"]'],
  verified: (block) => selectOne(block, '[data-hook="avp-badge"], [data-hook="avp-badge-linkless"]') !== null,
};

function amazonDraft(page: Page): ProductDraft {
  const { root } = page;
  const specs = readSpecs(root, [
    { rows: "#productOverview_feature_div tr" },
    { rows: "#productDetails_techSpec_section_1 tr, #productDetails_techSpec_section_2 tr" },
    { rows: "#productDetails_detailBullets_sections1 tr, #technicalSpecifications_section_1 tr" },
    { rows: "#detailBullets_feature_div li > span", key: "span.a-text-bold", value: "span.a-text-bold + span" },
  ]);
  // The details table repeats the star rating under "Customer Reviews"; it is not a spec.
  for (const key of Object.keys(specs)) if (REVIEW_ROW.test(key)) delete specs[key];
  const asin =
    firstAttr(root, ["input#ASIN", "input[name='ASIN']"], "value") ??
    specs["ASIN"] ??
    idFromUrl(page.base, ASIN_IN_URL);
  const availability = firstText(root, [
    "#availability > span",
    "#availability .a-color-success",
    "#availability .a-color-price",
  ]);
  const soldBy = firstText(root, [
    "#sellerProfileTriggerId",
    "#merchant-info a",
    '[data-cel-widget="Ebooks-desktop-printSoldBy"]',
  ]);
  return {
    id: asin,
    asin,
    title: firstText(root, ["#productTitle", "#ebooksProductTitle", "#title"]),
    price: amazonPrice(root, page.hint),
    rating: parseLocaleNumber(
      firstAttr(root, ["#acrPopover"], "title") ??
        firstText(root, ["#acrPopover .a-icon-alt", '[data-hook="rating-out-of-text"]']),
    ),
    review_count: parseLocaleNumber(firstText(root, ["#acrCustomerReviewText", '[data-hook="total-review-count"]'])),
    brand: amazonBrand(root, specs),
    availability: availability && availability.length < 80 ? normaliseAvailability(availability) : null,
    images: amazonImages(page),
    description: firstText(root, [
      "#productDescription",
      "#bookDescription_feature_div .a-expander-content",
      "#feature-bullets ul",
    ]),
    specs,
    variants: amazonVariants(page, asin),
    seller: cleanText(soldBy?.replace(/^Sold by:?\s*/i, "").replace(/\s*Price set by seller\.?$/i, "")),
    breadcrumbs: unique(
      selectAll(root, "#wayfinding-breadcrumbs_feature_div li a:not(#breadcrumb-back-link)").map(visibleText),
    ),
    reviews: parseReviewBlocks(root, REVIEWS),
  };
}

/** Marketplace currency from the URL's host, when the URL is a real Amazon one. */
const readAmazonPage = (html: string, url: string) =>
  readPage(html, url, (base) => ({ currency: currencyForCountry(countryOfUrl(base, ORIGINS)) }));

export const amazon: ProductPlatform = {
  slug: "amazon",
  name: "Amazon",
  idParam: "asin",
  engines: ["fetch", "browser"],
  origins: ORIGINS,
  productUrl: (lookup, origin) => siteUrl(origin, `/dp/${lookupId(lookup, "asin", ASIN, ASIN_IN_URL)}`),
  searchUrl: (lookup, origin) =>
    siteUrl(origin, "/s", {
      k: lookup.q,
      page: lookup.page > 1 ? lookup.page : undefined,
      s: siteSort(lookup.sort, {
        relevance: "relevanceblender",
        price_asc: "price-asc-rank",
        price_desc: "price-desc-rank",
        rating: "review-rank",
        newest: "date-desc-rank",
        best_seller: "exact-aware-popularity-rank",
      }),
      "low-price": lookup.min_price,
      "high-price": lookup.max_price,
    }),
  reviewsUrl: (lookup, origin) =>
    siteUrl(origin, `/product-reviews/${lookupId(lookup, "asin", ASIN, ASIN_IN_URL)}`, {
      pageNumber: lookup.page,
      sortBy: siteSort(lookup.sort, { newest: "recent", relevance: "helpful" }),
      filterByStar: lookup.rating
        ? ["", "one_star", "two_star", "three_star", "four_star", "five_star"][lookup.rating]
        : undefined,
    }),
  readProduct(html, url) {
    const page = readAmazonPage(html, url);
    return [reading("amazon markup", amazonDraft(page)), ...structuredDraftList(page)];
  },
  parseSearch: (html, url) => readAmazonSearch(readAmazonPage(html, url), url),
  parseReviews(html, url): ReviewsPage {
    const { root } = readAmazonPage(html, url);
    const pager = readPager(
      root,
      { next: ["li.a-last:not(.a-disabled) a", "li.a-last"] },
      pageFromUrl(url, "pageNumber"),
    );
    return {
      product_title: firstText(root, ['h1 [data-hook="product-link"]', '[data-hook="product-link"]']),
      reviews: parseReviewBlocks(root, REVIEWS),
      rating: parseLocaleNumber(
        readField(root, ['[data-hook="rating-out-of-text"]', '[data-hook="average-star-rating"] .a-icon-alt']),
      ),
      review_count: parseLocaleNumber(
        readField(root, ['[data-hook="total-review-count"]', '[data-hook="cr-filter-info-review-rating-count"]']),
      ),
      page: pager.page,
      has_next_page: pager.has_next_page,
    };
  },
  detectChallenge,
};
