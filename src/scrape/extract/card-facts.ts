// What one result card says besides its price: its stars and review count, read from the card's short texts and labels
// in any language (its name: card-title.ts; whether it is paid for: card-sponsored.ts). Hand-written: no library reads
// shop cards.
import { cleanText, HIDDEN_TAGS, hiddenByAttribute, showsText, textOf, type HTMLElement } from "./dom";
import { shortText } from "./card-price";
import { parseCount, parseLocaleNumber } from "./money";
import { classText, rawAttr, valuedAttr } from "./raw-attr";

/** A card's rating or count of 0 ("(0)", "numberOfReviews": 0) says nobody has rated the item yet: no value to give. */
export const givenRating = (value: number | null): number | null => (value !== null && value > 0 ? value : null);

/** A text an element holds itself (not only through its children), with its full visible text. */
export interface TextBlock {
  element: HTMLElement;
  text: string;
}

// Stars or a score on the card's own scale of five or ten ("4.5 out of 5", "9.5/10"), kept as printed.
const OUT_OF_SCALE = /(\d{1,2}(?:[.,]\d+)?)\s*(?:out of|of|von|sur|de|su|из|\/)\s*(5|10)(?!\d|[.,]\d)/i;
const LONE_RATING = /^[0-5][.,]\d{1,2}$/;
// A score out of ten as lists of stays print it ("8,4", "9.5", "10", "10.0"), read only in a box named for it.
const LONE_SCORE = /^(?:10(?:[.,]0)?|\d[.,]\d)$/;
const SCORE_BOX = /rating|score/i;
// A word grading a score ("Excellent", "Sehr gut", "우수") is short.
const VERDICT_CHARS = 20;
// The words a count of reviews is written with, in the languages of the shops and lists read ("1,234 reviews",
// "7,802명 평가", "744条点评", "8,121 건의 이용후기", "71 total votes").
const REVIEW_WORDS = [
  "reviews?|ratings?|(?:total\\s)?votes|avis|commentaires|bewertungen|rezensionen|beoordelingen|recensies",
  "valoraciones|opiniones|reseñas|calificaciones|comentarios|avaliações|recensioni|valutazioni",
  "opinii|opinie|recenzj[ie]|hodnocení|recenz[eíi]|omdömen|recensioner|anmeldelser|arvostelua|értékelés\\w*",
  "recenzii|değerlendirme|yorum|ulasan|đánh giá|nhận xét|รีวิว|κριτικές|відгук\\w*|отзыв\\w*|оцен\\w*",
  "件の評価|件のレビュー|レビュー|評価|(?:명|건의|개의)\\s*(?:이용후기|리뷰|후기|평가)|이용후기|리뷰|후기",
  "[条條人]?(?:评论|評論|点评|點評|评价|評價)",
].join("|");
// Grouped in thousands ("11 223"), or as India groups them ("2,92,290": hundreds, then pairs).
export const COUNT_WORDS = new RegExp(
  `(\\d{1,2}(?:,\\d{2})+,\\d{3}|\\d{1,3}(?:[\\s.,]\\d{3})+|\\d+(?:[.,]\\d)?\\s?[kKmM]|\\d+)\\+?\\s*(?:${REVIEW_WORDS})`,
  "i",
);
const BRACKETED_COUNT = /^\(\s*(\d[\d\s.,]*[kKmM]?)\s*\)$/;
const ENDS_IN_COUNT = /\(\s*(\d[\d\s.,]*[kKmM]?)\s*\)$/;
const REVIEWISH = /review|rating|star|отзыв|feedback/i;

const squeeze = (text: string) => text.replace(/[\u2009\u202f\u00a0]/g, " ");

/** A card's texts, read once: its blocks and the aria-label / title labels of its elements. */
export interface CardText {
  card: HTMLElement;
  blocks: TextBlock[];
  labels: TextBlock[];
  /** Elements whose attributes mention a percentage (a star bar's `width: 99.4%`). */
  widths: HTMLElement[];
}

// Subtrees whose text no shopper reads; their labels neither.
const UNREAD = new Set(["SCRIPT", "STYLE", "NOSCRIPT", "TEMPLATE"]);
const LABELS = ["aria-label", "title"];
const ELEMENT_LABELS = [...LABELS, "alt"]; // on an element not an image: a rating's bubbles, alt="4.5 of 5 bubbles"

/** Reads a card's texts in one walk: elements with text of their own, and aria-label / title labels. */
export function readCardText(card: HTMLElement): CardText {
  const text: CardText = { card, blocks: [], labels: [], widths: [] };
  const walk = (element: HTMLElement, inIcon: boolean) => {
    if (UNREAD.has(element.tagName)) return;
    const raw = element.rawAttrs;
    for (const name of element.tagName === "IMG" ? LABELS : ELEMENT_LABELS) {
      const value = cleanText(valuedAttr(element, name));
      if (value) text.labels.push({ element, text: squeeze(value) });
    }
    if (raw.includes("%")) text.widths.push(element);
    // An icon's own text (an SVG <title>) is a label, not a text the card shows.
    const icon = inIcon || element.tagName === "SVG";
    if (!icon && element.childNodes.some(showsText)) {
      const own = shortText(element) ?? textBesideLongMarkup(element);
      if (own) text.blocks.push({ element, text: squeeze(own) });
    }
    if (icon && element.tagName === "TITLE") text.labels.push({ element, text: squeeze(element.text.trim()) });
    for (const child of element.childNodes) if (child.nodeType === 1) walk(child as HTMLElement, icon);
  };
  walk(card, false);
  return text;
}

// A label's length: an element whose own text is longer is a block of prose, read whole or not at all.
const MAX_LABEL_TEXT = 40;

/**
 * The own text of an element whose markup is too long to be read as a label because of an icon drawn in it ("<span>
 * <svg>…two long paths…</svg>4.8</span>"): its text nodes alone, where they are as short as a label.
 */
function textBesideLongMarkup(element: HTMLElement): string | null {
  if (HIDDEN_TAGS.has(element.tagName) || hiddenByAttribute(element)) return null;
  const own = cleanText(element.childNodes.filter(showsText).map(textOf).join(" "));
  return own && own.length <= MAX_LABEL_TEXT ? own : null;
}

/** The card's texts outside the elements `excluded` marks (a seller's or brand's own link and its stars). */
export function textsOutside(text: CardText, excluded: (element: HTMLElement) => boolean): CardText {
  return {
    card: text.card,
    blocks: text.blocks.filter((block) => !excluded(block.element)),
    labels: text.labels.filter((label) => !excluded(label.element)),
    widths: text.widths.filter((element) => !excluded(element)),
  };
}

const classOf = (element: HTMLElement) =>
  `${classText(element)} ${rawAttr(element, "data-test") ?? ""} ${rawAttr(element, "data-testid") ?? ""}`;

/**
 * Whether an element sits in a box named for reviews or in a link to them (its path or fragment: a link wrapping the
 * whole card may carry "showReviewSubmissionEntry=false" in its query and lead to the item).
 */
function nearReviews(element: HTMLElement, card: HTMLElement): boolean {
  for (let current: HTMLElement | null = element; current && current !== card; current = current.parentNode) {
    const target = (rawAttr(current, "href") ?? "").replace(/\?[^#]*/, "");
    if (REVIEWISH.test(classOf(current)) || REVIEWISH.test(target)) return true;
  }
  return false;
}

/**
 * The card's stars: "4.5 out of 5" in a label or text, else a lone "4.1" beside a star icon or a
 * review count, else a filled star bar's width (99.4% of five stars is 4.97). No stars at all (0, an
 * empty bar) is an item nobody has rated yet: no rating.
 */
export function cardRating(text: CardText): number | null {
  const rating = statedCardRating(text);
  return rating === 0 ? null : rating;
}

function statedCardRating(text: CardText): number | null {
  const { blocks, labels, card } = text;
  for (const { text } of [...labels, ...blocks]) {
    const [, written, scale] = OUT_OF_SCALE.exec(text) ?? [];
    const rating = text.length <= 120 ? parseLocaleNumber(written) : null;
    if (rating !== null && rating <= Number(scale)) return rating;
  }
  for (const [index, block] of blocks.entries()) {
    if (LONE_SCORE.test(block.text) && (scoreShown(block, card) || countFollows(blocks, index))) {
      return parseLocaleNumber(block.text);
    }
    if (!LONE_RATING.test(block.text)) continue;
    const next = blocks[index + 1]?.text ?? "";
    const starBeside = block.element.parentNode ? mentionsStars(block.element.parentNode) : false;
    if (starBeside || COUNT_WORDS.test(next) || BRACKETED_COUNT.test(next) || nearReviews(block.element, card)) {
      return parseLocaleNumber(block.text);
    }
  }
  return starBar(text);
}

/**
 * Whether the count of reviews follows a block, next or after a word that grades the score ("8.8" "우수" "1,468 건의
 * 이용후기").
 */
function countFollows(blocks: TextBlock[], index: number): boolean {
  const [next, then] = [blocks[index + 1]?.text ?? "", blocks[index + 2]?.text ?? ""];
  return COUNT_WORDS.test(next) || (next.length <= VERDICT_CHARS && !/\d/.test(next) && COUNT_WORDS.test(then));
}

/** A lone score in a box named for scores, or whose row writes its scale in elements of their own ("9.5" "/" "10"). */
function scoreShown({ element, text }: TextBlock, card: HTMLElement): boolean {
  if (closestUpTo(element, card, (el) => SCORE_BOX.test(classOf(el)))) return true;
  const row = element.parentNode && element.parentNode !== card ? shortText(element.parentNode) : null;
  return OUT_OF_SCALE.exec(squeeze(row ?? ""))?.[1] === text;
}

/** A star icon or rating widget among the first few elements of `scope` (the rating's own row). */
function mentionsStars(scope: HTMLElement): boolean {
  const queue = [scope];
  for (let seen = 0; queue.length > 0 && seen < 30; seen++) {
    const element = queue.shift()!;
    const described = `${classOf(element)} ${rawAttr(element, "alt") ?? ""} ${rawAttr(element, "aria-label") ?? ""}`;
    if (/star|rating/i.test(described) || element.childNodes.some((c) => c.nodeType === 3 && c.text.includes("★"))) {
      return true;
    }
    queue.push(...(element.childNodes.filter((child) => child.nodeType === 1) as HTMLElement[]));
  }
  return false;
}

function starBar({ widths, card }: CardText): number | null {
  for (const element of widths) {
    const width = /(?:^|;)\s*width:\s*(\d+(?:\.\d+)?)%/i.exec(rawAttr(element, "style") ?? "")?.[1];
    const inStars = closestUpTo(element, card, (el) => /star|rating/i.test(classOf(el))) !== null;
    if (width !== undefined && inStars && /star|rating|fill/i.test(classOf(element))) {
      return Math.round(Number(width) * 5) / 100;
    }
  }
  return null;
}

/** The card's review count: "153 Reviews", "11 223 отзыва", "(100)" beside its stars or a bare number in a reviews link. */
export function cardReviewCount({ blocks, labels, card }: CardText): number | null {
  for (const { text } of [...blocks, ...labels]) {
    const count = COUNT_WORDS.exec(text)?.[1];
    if (count && text.length <= 60) return parseCount(count.trim());
  }
  for (const [index, block] of blocks.entries()) {
    const bracketed = BRACKETED_COUNT.exec(block.text)?.[1];
    // Beside reviews, or right after a lone rating ("4.1" "(19,871)"): the count of those who rated.
    const afterRating = index > 0 && LONE_RATING.test(blocks[index - 1]!.text);
    if (bracketed && (afterRating || nearReviews(block.element, card))) return parseCount(bracketed);
    // The stars' own row ending in its count ("3.5 out of 5 ★★★ (114)"), whatever the row is called.
    const afterStars = ENDS_IN_COUNT.exec(block.text)?.[1];
    if (afterStars && mentionsStars(block.element)) return parseCount(afterStars);
    if (/^\d{1,3}(?:[\s.,]\d{3})*$/.test(block.text) && nearReviews(block.element, card)) return parseCount(block.text);
  }
  return null;
}

export function closestUpTo(
  element: HTMLElement,
  stop: HTMLElement,
  predicate: (element: HTMLElement) => boolean,
): HTMLElement | null {
  for (let current: HTMLElement | null = element; current; current = current.parentNode) {
    if (predicate(current)) return current;
    if (current === stop) return null;
  }
  return null;
}
