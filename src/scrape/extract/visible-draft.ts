// What the visible page offers when nothing structured does, each field from its own visible reader.
import type { HTMLElement } from "./dom";
import { visibleAvailability } from "./availability";
import type { MoneyHint } from "./money";
import type { ProductDraft } from "./record";
import { visibleRating, visibleReviewCount } from "./visible-rating";
import { headingPrice, itempropPrice, labelledPrice, shownId } from "./visible";

/**
 * What the visible page offers when nothing structured does. A shop that publishes its offer (even
 * priceless, out of stock) is believed over any visible "$" text, so `withPrice` is false then. The price: a
 * "Price:" label in the buy box, a stray itemprop price, the price nearest the heading, a "Price:" label elsewhere.
 */
export function visibleProductDraft(root: HTMLElement, hint: MoneyHint = {}, withPrice = true): ProductDraft {
  return {
    price: withPrice
      ? (labelledPrice(root, hint, true) ??
        itempropPrice(root, hint) ??
        headingPrice(root, hint) ??
        labelledPrice(root, hint))
      : null,
    rating: visibleRating(root),
    review_count: visibleReviewCount(root),
    sku: shownId(root),
    availability: visibleAvailability(root),
  };
}
