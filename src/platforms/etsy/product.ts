// Etsy's listing page. Listings publish a JSON-LD Product (the shop as `brand`, reviews included), so
// this reads only what JSON-LD lacks: the buy-box price (sale price over list), variation menus, item
// details and the shop.
import { cleanText, firstAttr, firstText, unique, visibleText, type HTMLElement } from "../../scrape/extract/dom";
import { parseMoney } from "../../scrape/extract/money";
import type { Page } from "../../scrape/extract/page";
import type { ProductDraft } from "../../scrape/extract/record";
import { selectAll, selectOne } from "../../scrape/extract/select";
import { idFromUrl } from "../../scrape/extract/url";
import type { ProductRecord } from "../../scrape/types";
import { LISTING_IN_URL } from "./urls";

export const LISTING_TITLE = ["h1[data-buy-box-listing-title]", "[data-buy-box-region='title'] h1", "h1"];

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

/** What Etsy's buy box and item details say about the listing. */
export function etsyDraft(page: Page): ProductDraft {
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
  const listing = idFromUrl(page.base, LISTING_IN_URL) ?? firstAttr(root, ["[data-listing-id]"], "data-listing-id");
  return {
    id: listing,
    // The listing id is the listing's own id, as an item number is on eBay: the sku where JSON-LD names none.
    sku: listing,
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
