// A product's rating and review count as a shopper sees them, for pages without structured data: "(6)"
// beside review stars, "4.5 out of 5", "5.0 z 65 opinii", a star bar drawn 90% wide.
import { visibleText, type HTMLElement } from "./dom";
import { inCarousel } from "./cards";
import { headingBlocks, within } from "./heading-blocks";
import { parseLocaleNumber } from "./money";
import { holdingAny, selectAll } from "./select";
import { BUY_BOX_LEVELS, classOrId, namedFor, shortTexts } from "./visible";

const REVIEW_COUNT = /^\(?\s*(\d[\d.,]*)\s*\)?(?:\s*(?:reviews?|ratings?|avis|bewertungen|valoraciones|reseñas))?$/i;
// The word between a rating and its scale ("out of", "de", "/").
const SCALE = "out of|of|von|sur|de|su|\\/";
// A rating on the site's own scale of five or ten ("4.5 out of 5", "9.3 out of 10", "8/10").
const OUT_OF = new RegExp(`(\\d{1,2}(?:[.,]\\d+)?)\\s*(?:${SCALE})\\s*(5|10)(?![\\d.,]*\\d)`, "i");
// An average that names no scale ("3.75 avg rating", "4.2 average rating") is out of five stars.
const AVERAGE = /^(\d(?:[.,]\d+)?)\s*(?:avg\.?|average)\s+rating$/i;

/** The largest block around the main heading that may hold its buy box: where its rating and count are shown. */
const buyBoxBlock = (root: HTMLElement) => headingBlocks(root, BUY_BOX_LEVELS).at(-1);

/** A review count in an element named for reviews, e.g. `<span class="number-reviews">(6)</span>`. */
export function visibleReviewCount(root: HTMLElement): number | null {
  const named = (element: HTMLElement) =>
    namedFor(element, /review|rating/i) && /count|number|num|total|qty/.test(classOrId(element));
  for (const [element, text] of shortTexts(root, named)) {
    if (besideScale(element)) continue;
    const count = parseLocaleNumber(REVIEW_COUNT.exec(text)?.[1]);
    // A count is whole: "4.8" in a "rating-number" box is the rating beside it.
    if (count !== null && Number.isInteger(count)) return count;
  }
  // "15 Review(s)" beside the heading, whatever the element is called.
  const block = buyBoxBlock(root);
  if (!block) return null;
  for (const [element, text] of shortTexts(root, (element) => within(element, block))) {
    const count = parseLocaleNumber(COUNTED_REVIEWS.exec(text)?.[1] ?? bracketedCountBesideStars(element, text));
    // "4.6 rating" is the average, not a count.
    if (count !== null && Number.isInteger(count)) return count;
  }
  return null;
}

// "4.7 <span>out of</span> 5": the numbers either side of a scale's word are a rating and its scale, never a count.
const SCALE_WORD = new RegExp(`^(?:${SCALE})$`, "i");
const besideScale = (element: HTMLElement) =>
  SCALE_WORD.test(visibleText(element.previousElementSibling) ?? "") ||
  SCALE_WORD.test(visibleText(element.nextElementSibling) ?? "");

// A count bracketed with its word ("(587 Reviews)"), read only right after the stars written out ("4.5 out of
// 5 stars"): a rail's or a promo's "(2 reviews)" in the heading's block sits beside no such rating.
function bracketedCountBesideStars(element: HTMLElement, text: string): string | undefined {
  const count = COUNTED_REVIEWS.exec(text.replace(/^\((.*)\)$/, "$1"))?.[1];
  return count && OUT_OF.test(visibleText(element.previousElementSibling) ?? "") ? count : undefined;
}

// "from 65 reviews", "z 65 opinii", "aus 65 Bewertungen", "basé sur 65 avis": the count after a word that says what it counts over.
const COUNTED_REVIEWS =
  /^(?:(?:based on|basé sur|basado en|basierend auf|from|of|z|ze|de|von|aus|su|di|uit|из|от)\s+)?\(?\s*(\d[\d.,]*)\s*\)?\s*(?:reviews?|review\(s\)|ratings?|customer reviews|avis|bewertungen|rezensionen|valoraciones|reseñas|opiniones|recensioni|beoordelingen|avaliações|opinii|recenzj\S*|отзыв\S*|レビュー|件のレビュー|条评价|评价)\s*$/i;

/**
 * A rating written out in an element named for ratings ("4.5 out of 5", "4,1 de 5", "9.3 out of 10",
 * kept on the site's scale as shown; "3.75 avg rating" out of five), none on a card in a strip of other items,
 * else the star bar beside the main heading: a rating widget drawn `width: 90%` (or titled "90%") of five stars.
 */
export function visibleRating(root: HTMLElement): number | null {
  // Stars in one review, or on a recommended item's card in a strip, are not the product's.
  const rated = (element: HTMLElement) =>
    namedFor(element, /rating|stars/i) && !inOneReview(element) && !inCarousel(element) && !aboutOthers(element);
  for (const [element, text] of shortTexts(root, rated)) {
    if (SHOP_RATING.test(text)) continue;
    const [, written, scale] = OUT_OF.exec(text) ?? [
      undefined,
      AVERAGE.exec(text)?.[1] ?? besideCount(element, text, root),
      "5",
    ];
    const rating = written === undefined ? null : parseLocaleNumber(written);
    if (rating !== null && rating <= Number(scale)) return rating;
  }
  return averageBesideHeading(root) ?? starBarRating(root);
}

// "4.6 rating", "4.3 stars": an average with decimals said to be one, out of five.
const WRITTEN_AVERAGE = /^(\d[.,]\d{1,2})\s*(?:rating|stars?)$/i;

/** An average written out in the heading's block, whatever its element is called (none in one review or a strip). */
function averageBesideHeading(root: HTMLElement): number | null {
  const block = buyBoxBlock(root);
  if (!block) return null;
  const shown = (element: HTMLElement) => within(element, block) && !inOneReview(element) && !inCarousel(element);
  for (const [, text] of shortTexts(root, shown)) {
    const rating = parseLocaleNumber(WRITTEN_AVERAGE.exec(text)?.[1]);
    if (rating !== null && rating <= 5) return rating;
  }
  return null;
}

const BARE_RATING = /^(\d[.,]\d{1,2})$/;

/**
 * A bare "5.0" in the heading's block whose next element counts the reviews ("z 65 opinii", "(65)"): the average of
 * those reviews, out of five. A rail of other products above the heading shows the same pair on each card.
 */
function besideCount(element: HTMLElement, text: string, root: HTMLElement): string | undefined {
  if (!BARE_RATING.test(text)) return undefined;
  const count = visibleText(element.nextElementSibling) ?? "";
  if (!COUNTED_REVIEWS.test(count) && !/^\(\d[\d.,]*\)$/.test(count)) return undefined;
  const block = buyBoxBlock(root);
  return block && within(element, block) ? text : undefined;
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
  const block = buyBoxBlock(root);
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
    if (!(percent > 0 && percent <= 100) || otherScale(element, percent) || aboutOthers(element)) continue;
    return Math.round(percent / 2) / 10;
  }
  return null;
}

// What a box says of a verdict the shop's writers or an expert gave: "By our experts", "Editor's rating".
const EDITORS =
  /\bby our (?:experts?|editors?)\b|\b(?:expert|editor)(?:'s|s'?)? (?:rating|review|verdict|score)|\bour verdict\b|\bnote de la rédaction\b|\bredaktionsurteil\b/i;
// The longest text a rating's own box holds: a longer one is the section around it.
const RATING_BOX = 150;

// Classes that name a rating's widget for the seller ("atc-star-rating--seller", "dealer-rating", "moreSellerChat"), as
// whole words of the name: a "bestseller" or "BestSeller" badge beside the item's own stars names no seller.
const SELLERS = ["seller", "Seller", "dealer", "Dealer", "merchant", "Merchant"];
const SELLER_WORD =
  /(?<![Bb]est|[Tt]op)(?:(?:^|(?<=[\s_-]))(?:[Ss]eller|[Dd]ealer|[Mm]erchant)|(?<=[a-z])(?:Seller|Dealer|Merchant))s?(?=$|[\s_-]|[A-Z])/;

/**
 * A rating whose own box (the ancestors whose text is still short) says it is an expert's or the editors'
 * verdict, or names its widget for the seller: not the shoppers' rating of the item.
 */
function aboutOthers(element: HTMLElement): boolean {
  for (let node = element.parentNode; node; node = node.parentNode) {
    const text = visibleText(node) ?? "";
    if (text.length > RATING_BOX) return false;
    if (EDITORS.test(text)) return true;
    if (holdingAny(node, ["class"], SELLERS).some((named) => SELLER_WORD.test(named.getAttribute("class") ?? "")))
      return true;
  }
  return false;
}

const ONE_REVIEW = /(?:^|\s)review(?:\s|$)/i;

// A form named for writing a review ("reviewsForm", "submit_review"): its stars are the shopper's choice to make.
const REVIEW_FORM = /review|rating|avis|bewertung/i;

/** Inside one customer's review (a `review` item or class) or the form to write one: its score, not the product's. */
function inOneReview(element: HTMLElement): boolean {
  for (let node: HTMLElement | null = element; node; node = node.parentNode) {
    if (node.getAttribute("itemprop") === "review" || ONE_REVIEW.test(node.getAttribute("class") ?? "")) return true;
    if (node.tagName === "FORM" && REVIEW_FORM.test(classOrId(node))) return true;
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
