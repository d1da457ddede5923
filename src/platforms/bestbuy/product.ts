// Best Buy's product page: server-rendered components named by `data-component-name` (ProductHeader,
// LargePrice, ReviewStatsContextualized, ProductSpecifications, …); the price is LargePrice's customer
// price, never a carousel or warranty price block.
import {
  absoluteUrl,
  cleanText,
  firstAttr,
  firstText,
  unique,
  visibleText,
  type HTMLElement,
} from "../../scrape/extract/dom";
import { parseReviewBlocks } from "../../scrape/extract/listing";
import { parseMoney } from "../../scrape/extract/money";
import type { Page } from "../../scrape/extract/page";
import { normaliseAvailability } from "../../scrape/extract/availability";
import type { ProductDraft } from "../../scrape/extract/record";
import { selectAll, selectOne } from "../../scrape/extract/select";
import { readSpecs } from "../../scrape/extract/specs";
import { idFromUrl } from "../../scrape/extract/url";
import type { ProductRecord } from "../../scrape/types";
import { ratingSummary, REVIEWS } from "./reviews";
import { SKU_IN_URL } from "./urls";

const component = (name: string, selector = "") => `[data-component-name="${name}"] ${selector}`.trim();

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

/** What Best Buy's page components say about the product. */
export function bestbuyDraft(page: Page): ProductDraft {
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
