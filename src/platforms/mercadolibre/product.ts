// Mercado Libre's product page (catalogue /p/ pages and sellers' listings share its `ui-pdp` markup):
// the buy box's price (never the "cuotas" instalment under it or a carousel's), the review summary
// beside the title, the gallery, the specs table, the colour or size pickers and the seller.
import { absoluteUrl, cleanText, firstAttr, firstText, unique, visibleText } from "../../scrape/extract/dom";
import { parseReviewBlocks } from "../../scrape/extract/listing";
import { parseLocaleNumber } from "../../scrape/extract/money";
import type { Page } from "../../scrape/extract/page";
import type { ProductDraft } from "../../scrape/extract/record";
import { selectAll, selectOne } from "../../scrape/extract/select";
import { readSpecs } from "../../scrape/extract/specs";
import { idFromUrl } from "../../scrape/extract/url";
import type { ProductRecord } from "../../scrape/types";
import { andesPrice } from "./money";
import { REVIEWS } from "./reviews";
import { ID_IN_URL } from "./urls";

/** The picker options: "Color de la estructura: Blanco", each with its product's id and page. */
function pickerVariants(page: Page): ProductRecord["variants"] {
  return selectAll(page.root, ".ui-pdp-outside_variations__picker, .ui-pdp-variations__picker").flatMap((picker) => {
    const label = cleanText(
      firstText(picker, [".ui-pdp-outside_variations__title__label", ".ui-pdp-variations__title__label"])?.replace(
        /:$/,
        "",
      ),
    );
    return selectAll(picker, "[data-testid='thumbnail-item']").map((option) => {
      // The query only says which picker was clicked.
      const href = absoluteUrl(option.getAttribute("href"), page.base)?.replace(/[?#].*$/, "") ?? null;
      const value =
        firstText(option, [".ui-pdp-outside_variations__thumbnails__item__label"]) ??
        firstAttr(option, ["img"], "alt") ??
        visibleText(option) ??
        "";
      return { id: idFromUrl(href, ID_IN_URL), name: [label, value].filter(Boolean).join(": "), url: href };
    });
  });
}

/** What Mercado Libre's own product markup says about the product. */
export function meliDraft(page: Page): ProductDraft {
  const { root } = page;
  const specs = readSpecs(root, [{ rows: "tr.ui-vpp-striped-specs__row" }, { rows: ".andes-table__row" }]);
  const canonical = firstAttr(root, ["link[rel='canonical']"], "href");
  const buyBox = selectOne(root, ".ui-pdp-price");
  const current = buyBox && selectOne(buyBox, ".ui-pdp-price__second-line .andes-money-amount");
  const previous = buyBox && selectOne(buyBox, ".ui-pdp-price__original-value");
  return {
    id: idFromUrl(page.base, ID_IN_URL) ?? idFromUrl(canonical, ID_IN_URL),
    title: firstText(root, ["h1.ui-pdp-title"]),
    price: andesPrice(current, previous, page.hint),
    rating: parseLocaleNumber(firstText(root, [".ui-pdp-header .ui-pdp-review__rating"])),
    review_count: parseLocaleNumber(firstText(root, [".ui-pdp-header .ui-pdp-review__amount"])),
    brand: specs["Marca"] ?? specs["Brand"] ?? null,
    images: unique(
      selectAll(root, ".ui-pdp-gallery__figure img").map(
        (img) => img.getAttribute("data-zoom") ?? img.getAttribute("src"),
      ),
    ).filter((url) => /^https?:/.test(url)),
    description: firstText(root, [".ui-pdp-description__content"]),
    specs,
    variants: pickerVariants(page),
    seller: firstText(root, [".ui-pdp-seller__link", ".ui-pdp-seller__header__title"]),
    breadcrumbs: unique(selectAll(root, ".ui-pdp-breadcrumb .andes-breadcrumb__link").map(visibleText)),
    reviews: parseReviewBlocks(root, REVIEWS),
  };
}
