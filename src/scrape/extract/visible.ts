// Last-resort readings from what a shopper sees, for pages without structured data:
// a "Price: $165.95" label, a stray itemprop price, "(6)" beside review stars,
// "4.5 out of 5". Each looks only at short texts so navigation and carts stay out.
import type { Money } from "../types";
import { pageText, visibleText, type HTMLElement } from "./dom";
import { visibleAvailability } from "./availability";
import { cardPrice, priceTexts } from "./card-price";
import { inCarousel } from "./cards";
import { headingBlocks, mainHeading } from "./heading-blocks";
import { itemValue } from "./microdata";
import { moneyFromStructured, parseLocaleNumber, parseMoney, type MoneyHint } from "./money";
import { reviewWidgetId, SKU_LABEL, SKU_LABEL_ALONE } from "./id-labels";
import { isNoId, type ProductDraft } from "./record";
import { positionOf } from "./tree-nodes";
import { holdingAny, selectAll, selectOne } from "./select";

const PRICE_LABEL = /^(?:our |sale |your |now |current |special |unit )?price\s*:?\s*(.*\d.*)$/i;
const MONEY_SHAPE = /^(?:[A-Z]{3}|[^\d\s]{1,3})?\s?\d[\d.,\s]*(?:\s?(?:[A-Z]{3}|[^\d\s]{1,3}))?$/;
const REVIEW_COUNT = /^\(?\s*(\d[\d.,]*)\s*\)?(?:\s*(?:reviews?|ratings?|avis|bewertungen|valoraciones|reseñas))?$/i;
// A rating on the site's own scale of five or ten ("4.5 out of 5", "9.3 out of 10", "8/10").
const OUT_OF = /(\d{1,2}(?:[.,]\d+)?)\s*(?:out of|of|von|sur|de|su|\/)\s*(5|10)(?![\d.,]*\d)/i;
// An average that names no scale ("3.75 avg rating", "4.2 average rating") is out of five stars.
const AVERAGE = /^(\d(?:[.,]\d+)?)\s*(?:avg\.?|average)\s+rating$/i;
const ID_SHAPE = /^(?=.*\d)[A-Z0-9][\w./-]{2,30}$/i;
// A code of capitals alone ("Item Id: GLOWROLL", "Part Number:EMERMUS") is an id where a label that says
// it names an id (id, number, code, SKU, "#") sets it apart with a colon or "#"; after a bare "Item:" or
// "Product:" it is a word ("BRACELET"), without a colon a heading in capitals ("PRODUCT AVAILABILITY").
const CAPITALS_CODE = /^[A-Z]{5,20}$/;
const CAPITALS_LABEL = /^#?[^:#]*\b(?:id|number|no|nr|code|sku|mpn|part)\b[^:#]*[:#]\s*$|^#\s*$/i;

/** Whether `value`, shown in `text` after an id label (or in the text after the label `text`), has an id's shape. */
function idShaped(value: string, text: string): boolean {
  if (isNoId(value)) return false;
  if (ID_SHAPE.test(value)) return true;
  const label = text.endsWith(value) ? text.slice(0, -value.length) : text;
  return CAPITALS_CODE.test(value) && CAPITALS_LABEL.test(label);
}
const MAX_LABEL_LENGTH = 40;
// Source length above which an element cannot be a short label; checked before reading text.
const MAX_SOURCE_LENGTH = 1500;

// Four readers ask for a page's short texts; each element's text is read once per page.
const shortTextsOfPage = new WeakMap<HTMLElement, [HTMLElement, string][]>();

/** Elements whose own text is short (labels, badges), in document order. */
export function shortTexts(root: HTMLElement, filter: (element: HTMLElement) => boolean): [HTMLElement, string][] {
  let all = shortTextsOfPage.get(root);
  if (!all) {
    all = [];
    const { ink } = pageText(root);
    const elements = selectAll(root, "*");
    // Children before parents, so that a wrapper whose only ink is one child's reads that child's text.
    const texts = new Map<HTMLElement, string | null>();
    for (let at = elements.length - 1; at >= 0; at--) {
      const element = elements[at]!;
      const inked = ink[positionOf(element)]!;
      if (inked === 0 || inked > MAX_LABEL_LENGTH || element.range[1] - element.range[0] > MAX_SOURCE_LENGTH) continue;
      const text = soleInkedChildText(element, inked, ink, texts) ?? visibleText(element);
      texts.set(element, text);
      if (text && text.length <= MAX_LABEL_LENGTH) all.push([element, text]);
    }
    all.reverse();
    shortTextsOfPage.set(root, all);
  }
  return all.filter(([element]) => filter(element));
}

/**
 * The visible text of `element` when one child element holds all its ink (`<li><a><span>Size</span>`):
 * everything beside that child is whitespace or marks, which `cleanText` drops at the ends, so the
 * text is the child's, already read. Undefined when no child holds it all.
 */
function soleInkedChildText(
  element: HTMLElement,
  inked: number,
  ink: Int32Array,
  texts: Map<HTMLElement, string | null>,
): string | null | undefined {
  for (const child of element.childNodes) {
    if (child.nodeType === 1 && ink[positionOf(child as HTMLElement)] === inked) return texts.get(child as HTMLElement);
  }
  return undefined;
}

const classOrId = (element: HTMLElement) => `${element.getAttribute("class") ?? ""} ${element.id}`.toLowerCase();

/**
 * Whether an element's class or id names one of `words` (case-insensitive; no word ends in "i" or
 * holds a "k", the letters "İ" and the Kelvin sign lower-case into). Without an entity, its raw
 * attributes hold both as written, so most elements are ruled out without decoding them.
 */
function namedFor(element: HTMLElement, words: RegExp): boolean {
  const raw = element.rawAttrs;
  if (!raw.includes("&") && !words.test(raw)) return false;
  return words.test(classOrId(element));
}

/** The first short text matching `label` whose captured value passes `accept`. */
function labelled(root: HTMLElement, label: RegExp, accept: (value: string) => boolean = () => true): string | null {
  for (const [, text] of shortTexts(root, () => true)) {
    const value = label.exec(text)?.[1]?.trim();
    if (value && accept(value)) return value;
  }
  return null;
}

// A shop's initials in capitals before its id label ("CBD Stock No: WW208713").
const SHOP_INITIALS = /^[A-Z]{2,5}\s+(?=[A-Za-z])/;

/**
 * An id shown with a label, in one text ("SKU: 123"), in the text printed right after a label alone in
 * its parent (`<b>Artikelnummer</b> A72-CG84194<br>`) or in the text right after a label alone
 * (`<dt>Art.-Nr.</dt><dd>88-1</dd>`); a value without a digit is a word, not an id, unless a colon sets
 * capitals after the label ("Item Id: GLOWROLL").
 */
function labelledId(root: HTMLElement): string | null {
  const texts = shortTexts(root, () => true);
  for (let at = 0; at < texts.length; at++) {
    const [element, text] = texts[at]!;
    const inline = SKU_LABEL.exec(text)?.[1] ?? SKU_LABEL.exec(text.replace(SHOP_INITIALS, ""))?.[1];
    if (inline && idShaped(inline, text)) return inline;
    if (!SKU_LABEL_ALONE.test(text)) continue;
    const beside = valueBeside(element);
    if (beside !== null) {
      if (idShaped(beside, text)) return beside;
      continue;
    }
    const next = texts[at + 1]?.[1];
    if (next && idShaped(next, text)) return next;
  }
  return null;
}

/** The id the page shows a shopper with a label, else the one its reviews widget is told to show. */
export const shownId = (root: HTMLElement): string | null => labelledId(root) ?? reviewWidgetId(root);

/**
 * The value printed right after a label in its own parent (`<strong>Model</strong>Ford F-Series`), its
 * text node trimmed; then the next element is another line (a fact list's "Era 1970s"), never this
 * label's value. Null where no text follows: a colon between them (`<b>SKU</b>: <span>…`) is no value.
 */
function valueBeside(label: HTMLElement): string | null {
  const siblings = label.parentNode?.childNodes ?? [];
  const following = siblings[siblings.indexOf(label) + 1];
  if (following?.nodeType !== 3 || !/[\p{L}\p{N}]/u.test(following.text)) return null;
  return following.text.replace(/\s+/g, " ").trim();
}

/** A price shown with a "Price:" label, e.g. `<p class="price main">Price: $165.95</p>`. */
export function labelledPrice(root: HTMLElement, hint: MoneyHint = {}): Money | null {
  return parseMoney(
    labelled(root, PRICE_LABEL, (amount) => MONEY_SHAPE.test(amount)),
    hint,
  );
}

/**
 * An `itemprop="price"` outside any Product scope (microdata handles the scoped ones): the buy box's,
 * in the blocks around the main heading, before any other (a rail of other products may come first).
 */
export function itempropPrice(root: HTMLElement, hint: MoneyHint = {}): Money | null {
  const scope = headingBlocks(root, BUY_BOX_LEVELS).find((block) => selectOne(block, '[itemprop="price"]')) ?? root;
  const price = itemValue(selectOne(scope, '[itemprop="price"]') ?? undefined);
  const currency = itemValue(
    selectOne(scope, '[itemprop="priceCurrency"]') ?? selectOne(root, '[itemprop="priceCurrency"]') ?? undefined,
  );
  return price ? moneyFromStructured(price, currency, hint) : null;
}

/** A review count in an element named for reviews, e.g. `<span class="number-reviews">(6)</span>`. */
export function visibleReviewCount(root: HTMLElement): number | null {
  const named = (element: HTMLElement) =>
    namedFor(element, /review|rating/i) && /count|number|num|total|qty/.test(classOrId(element));
  for (const [, text] of shortTexts(root, named)) {
    const count = parseLocaleNumber(REVIEW_COUNT.exec(text)?.[1]);
    // A count is whole: "4.8" in a "rating-number" box is the rating beside it.
    if (count !== null && Number.isInteger(count)) return count;
  }
  // "15 Review(s)" beside the heading, whatever the element is called.
  const block = headingBlocks(root, BUY_BOX_LEVELS).at(-1);
  if (!block) return null;
  const inBlock = (element: HTMLElement) => element.range[0] >= block.range[0] && element.range[1] <= block.range[1];
  for (const [element, text] of shortTexts(root, inBlock)) {
    const count = COUNTED_REVIEWS.exec(text)?.[1] ?? bracketedCountBesideStars(element, text);
    if (count) return parseLocaleNumber(count);
  }
  return null;
}

// A count bracketed with its word ("(587 Reviews)"), read only right after the stars written out ("4.5 out of
// 5 stars"): a rail's or a promo's "(2 reviews)" in the heading's block sits beside no such rating.
function bracketedCountBesideStars(element: HTMLElement, text: string): string | undefined {
  const count = COUNTED_REVIEWS.exec(text.replace(/^\((.*)\)$/, "$1"))?.[1];
  return count && OUT_OF.test(visibleText(element.previousElementSibling) ?? "") ? count : undefined;
}

const COUNTED_REVIEWS =
  /^\(?\s*(\d[\d.,]*)\s*\)?\s*(?:reviews?|review\(s\)|ratings?|customer reviews|avis|bewertungen|rezensionen|valoraciones|reseñas|opiniones|recensioni|beoordelingen|avaliações|opinii|recenzj\S*|отзыв\S*|レビュー|件のレビュー|条评价|评价)\s*$/i;

/**
 * A rating written out in an element named for ratings ("4.5 out of 5", "4,1 de 5", "9.3 out of 10",
 * kept on the site's scale as shown; "3.75 avg rating" out of five), none on a card in a strip of other items,
 * else the star bar beside the main heading: a rating widget drawn `width: 90%` (or titled "90%") of five stars.
 */
export function visibleRating(root: HTMLElement): number | null {
  // Stars in one review, or on a recommended item's card in a strip, are not the product's.
  const rated = (element: HTMLElement) =>
    namedFor(element, /rating|stars/i) && !inOneReview(element) && !inCarousel(element);
  for (const [, text] of shortTexts(root, rated)) {
    if (SHOP_RATING.test(text)) continue;
    const [, written, scale] = OUT_OF.exec(text) ?? [undefined, AVERAGE.exec(text)?.[1], "5"];
    const rating = written === undefined ? null : parseLocaleNumber(written);
    if (rating !== null && rating <= Number(scale)) return rating;
  }
  return starBarRating(root);
}

// A rating the text names for the shop or seller ("Store rating 4.8 out of 5", "Рейтинг продавца") is not the item's.
const SHOP_RATING =
  /\b(?:store|seller|shop|merchant|vendor)(?:'s)?\s+(?:rating|score)|händlerbewertung|verkäuferbewertung|(?:note|évaluation) du vendeur|valoración del vendedor|рейтинг (?:продавца|магазина)/i;

const STAR_BAR = /rating|stars?\b|star-/i;
// What a star widget's class holds, as `[class*="rating"]` reads it.
const STAR_WIDGETS = ["rating", "Rating", "star", "Star"];
const SHARE = /^\s*(\d{1,3}(?:\.\d+)?)%\s*$/;
const WIDTH = /(?:^|;)\s*width\s*:\s*(\d{1,3}(?:\.\d+)?)%/i;

/** The first star bar in the heading's block (a review list's bars sit below it): its share of five stars. */
function starBarRating(root: HTMLElement): number | null {
  const block = headingBlocks(root, BUY_BOX_LEVELS).at(-1);
  if (!block) return null;
  // Widgets named for ratings, found by class (a selector on `style` or `title` reads it on every element),
  // and their children: the bar is the widget or its child.
  const widgets = holdingAny(block, ["class"], STAR_WIDGETS).filter((element) => namedFor(element, STAR_BAR));
  for (const element of widgets.flatMap((widget) => [widget, ...selectAll(widget, "*")])) {
    const share =
      WIDTH.exec(element.getAttribute("style") ?? "")?.[1] ?? SHARE.exec(element.getAttribute("title") ?? "")?.[1];
    const percent = share === undefined ? Number.NaN : Number(share);
    // An empty bar is a product nobody has rated yet; a bar labelled with another number is a
    // score on another scale (a "Value for money 8.2" bar drawn 82% wide), not five stars.
    if (!(percent > 0 && percent <= 100) || otherScale(element, percent)) continue;
    return Math.round(percent / 2) / 10;
  }
  return null;
}

const ONE_REVIEW = /(?:^|\s)review(?:\s|$)/i;

/** Inside one customer's review (a `review` item or class): its score, not the product's. */
function inOneReview(element: HTMLElement): boolean {
  for (let node: HTMLElement | null = element; node; node = node.parentNode) {
    if (node.getAttribute("itemprop") === "review" || ONE_REVIEW.test(node.getAttribute("class") ?? "")) return true;
  }
  return false;
}

const LABEL_NUMBER = /^\s*(\d{1,3}(?:[.,]\d+)?)\s*$/;

/** A bar whose own text is a number other than its share of five stars. */
function otherScale(bar: HTMLElement, percent: number): boolean {
  const label = LABEL_NUMBER.exec(bar.rawText)?.[1];
  const value = label === undefined ? null : parseLocaleNumber(label);
  return value !== null && Math.abs(value - percent / 20) > 0.05 && value !== percent;
}

// How far above the main heading the buy box may start: the heading's own block and a few around it.
const BUY_BOX_LEVELS = 4;

/**
 * The price nearest the main heading: the first current price (struck list prices, instalments,
 * unit prices and fees set aside) in the smallest block around the `<h1>` that shows one.
 */
export function headingPrice(root: HTMLElement, hint: MoneyHint = {}): Money | null {
  for (const block of headingBlocks(root, BUY_BOX_LEVELS)) {
    const prices = priceTexts(block);
    if (prices.length > 0) return cardPrice(prices, hint);
  }
  return null;
}

/**
 * What the visible page offers when nothing structured does. A shop that publishes its offer (even
 * priceless, out of stock) is believed over any visible "$" text, so `withPrice` is false then.
 */
export function visibleProductDraft(root: HTMLElement, hint: MoneyHint = {}, withPrice = true): ProductDraft {
  return {
    price: withPrice ? (labelledPrice(root, hint) ?? itempropPrice(root, hint) ?? headingPrice(root, hint)) : null,
    rating: visibleRating(root),
    review_count: visibleReviewCount(root),
    sku: shownId(root),
    availability: visibleAvailability(root),
  };
}

/** The page's own heading (its main `<h1>`). */
export function visibleTitle(root: HTMLElement): string | null {
  return visibleText(mainHeading(root));
}
