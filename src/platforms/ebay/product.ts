// eBay's item page: classic (`#prcIsum`) and current (`.x-price-primary`) layouts, and the catalogue
// pages /p/{epid} whose JSON-LD Product carries an offers array.
import { absoluteUrl, cleanText, firstText, unique, visibleText, type HTMLElement } from "../../scrape/extract/dom";
import { parseReviewBlocks } from "../../scrape/extract/listing";
import { parseLocaleNumber, parseMoney } from "../../scrape/extract/money";
import type { Page } from "../../scrape/extract/page";
import { normaliseAvailability } from "../../scrape/extract/availability";
import type { ProductDraft } from "../../scrape/extract/record";
import { selectAll, selectOne } from "../../scrape/extract/select";
import { readSpecs } from "../../scrape/extract/specs";
import { idFromUrl } from "../../scrape/extract/url";
import type { ProductRecord } from "../../scrape/types";
import { REVIEWS } from "./reviews";
import { ITEM_IN_URL } from "./urls";

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

/** What eBay's own item markup says about the product. */
export function ebayDraft(page: Page): ProductDraft {
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
    // The listing's own id is its item number: what a buyer quotes and what the page labels its own.
    sku: id,
    title: itemTitle(root),
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

/**
 * The item's heading without the label older item pages hide in it for screen readers, in the
 * site's language ("Details about", "Détails sur", "Dettagli su", "Detalles de", "Details over").
 */
function itemTitle(root: HTMLElement): string | null {
  const heading = selectOne(root, "h1.x-item-title__mainTitle") ?? selectOne(root, "h1#itemTitle");
  const text = visibleText(heading);
  const label = visibleText(heading && selectOne(heading, ".g-hdn"));
  return text && label && text.startsWith(label) ? cleanText(text.slice(label.length)) : text;
}
