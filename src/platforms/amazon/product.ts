// Amazon's product page. Amazon ships no JSON-LD, so the product is read from its own feature
// blocks. The price is the buybox offer only (core price, deal/sale block, Kindle price, or the used
// offer when that is all the buybox has), never carousel, "other sellers" or delivery prices.
import {
  absoluteUrl,
  cleanText,
  firstAttr,
  firstText,
  unique,
  visibleText,
  type HTMLElement,
} from "../../scrape/extract/dom";
import { firstJsonValue, jsonAfter } from "../../scrape/extract/json-text";
import { parseReviewBlocks } from "../../scrape/extract/listing";
import { parseLocaleNumber, parseMoney, parseStars } from "../../scrape/extract/money";
import type { Page } from "../../scrape/extract/page";
import { normaliseAvailability } from "../../scrape/extract/availability";
import type { ProductDraft } from "../../scrape/extract/record";
import { selectAll, selectOne } from "../../scrape/extract/select";
import { readSpecs } from "../../scrape/extract/specs";
import { idFromUrl } from "../../scrape/extract/url";
import type { Money, ProductRecord } from "../../scrape/types";
import { REVIEWS } from "./reviews";
import { ASIN_IN_URL } from "./urls";

const PRICE_SELECTORS = [
  "#corePriceDisplay_desktop_feature_div .priceToPay .a-offscreen",
  "#corePriceDisplay_desktop_feature_div .a-price:not(.a-text-price) .a-offscreen",
  // The 2025 layout leaves the price's screen-reader copy empty and gives it in a label beside.
  "#apex-pricetopay-accessibility-label",
  // The mobile layout's buy box.
  "#corePriceDisplay_mobile_feature_div .priceToPay",
  "#corePrice_feature_div .a-price:not(.a-text-price) .a-offscreen",
  "#corePrice_desktop .apexPriceToPay .a-offscreen",
  "#priceblock_dealprice",
  "#priceblock_saleprice",
  "#priceblock_ourprice",
  "#price_inside_buybox",
  "#newBuyBoxPrice",
  // A book's buy box heads its new offer with the price ("Comprar novo: R$ 29,90").
  "#booksHeaderSection .header-price",
  "#kindle-price",
  // A buybox of two rows, new and used ("Acheter neuf 12,45 €", "Acheter d'occasion 5,45 €"): the new offer's.
  "#buyNewSection .offer-price",
  "#usedBuySection .offer-price",
  "#tmmSwatches .swatchElement.selected .slot-price",
  // A page whose buybox failed to render still lists the item first in "Frequently bought together".
  '[aria-labelledby="Product 1"] .a-price:not(.a-text-price) .a-offscreen',
];
const LIST_PRICE_SELECTORS = [
  "#corePriceDisplay_desktop_feature_div .basisPrice .a-offscreen",
  "#corePriceDisplay_desktop_feature_div .a-text-price .a-offscreen",
  "#corePriceDisplay_mobile_feature_div .basisPrice .a-offscreen",
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

/** What Amazon's own feature blocks say about the product. */
export function amazonDraft(page: Page): ProductDraft {
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
    rating: parseStars(
      firstAttr(root, ["#acrPopover"], "title") ??
        firstText(root, [
          "#acrPopover .a-icon-alt",
          '[data-hook="rating-out-of-text"]',
          "#acrCustomerReviewLink .a-icon-alt",
        ]),
    ),
    review_count: parseLocaleNumber(
      firstText(root, [
        "#acrCustomerReviewText",
        '[data-hook="total-review-count"]',
        "#acrCustomerReviewLink .cm-cr-review-stars-text-sm",
      ]),
    ),
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
