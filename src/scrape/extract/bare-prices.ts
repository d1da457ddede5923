// Prices a page prints with no sign at all ("690" in a box named for a price, the rouble only in the page's
// data): read only where no price on the page has one (results.ts), in the currency of the site's country.
import { pageText, type HTMLElement } from "./dom";
import { classify, forScreenReaders, MAX_PRICE_TEXT, type PriceText, textUpTo } from "./card-price";
import { elementsWithDigits } from "./digit-elements";
import { classText } from "./raw-attr";

// An amount alone, grouped in thousands, with at most cents: "690", "1 299", "10.320,50".
const BARE_AMOUNT = /^\d{1,3}(?:[.,\s']?\d{3})*(?:[.,]\d{1,2})?$/;

/**
 * For a page that prints no price with a sign: amounts alone in boxes named for a price (`<span class="price">690</span>`),
 * each its box's whole text, so that a split price's whole units or cents ("22 <sup>99</sup>") are none.
 */
export function barePriceTexts(scope: HTMLElement): PriceText[] {
  const found: PriceText[] = [];
  const { ink } = pageText(scope);
  for (const element of elementsWithDigits(scope)) {
    const text = textUpTo(element, MAX_PRICE_TEXT, ink)?.trim();
    const box = element.parentNode;
    if (!text || !box || !BARE_AMOUNT.test(text) || forScreenReaders(element)) continue;
    if (
      textUpTo(box, MAX_PRICE_TEXT, ink)?.trim() === text &&
      [element, box].some((named) => /price/i.test(classText(named)))
    )
      found.push(classify(element, text, ink));
  }
  return found;
}
