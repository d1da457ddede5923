// Prices as result cards print them: the smallest element whose text is an amount with a currency,
// sorted into the current price and what is not it (struck list prices, instalments, unit prices,
// delivery fees, prices on a condition such as a bank or loyalty card). Hand-written: no library
// reads shop cards.
import type { Money } from "../types";
import { closest, pageText, visibleText, type HTMLElement } from "./dom";
import { elementsWithDigits } from "./digit-elements";
import { currencyFromText } from "./currency";
import { within } from "./heading-blocks";
import { westernDigits } from "./digits";
import { parseLocaleNumber, parseMoney, type MoneyHint } from "./money";
import { classText, rawAttr } from "./raw-attr";
import { isUnitPrice } from "./unit-price";
import { positionOf } from "./tree-nodes";
import {
  CONDITION,
  COUPON,
  FEE,
  PERIODIC,
  REWARD,
  SAVING,
  TAKEN_OFF_AFTER,
  TAKEN_OFF_ENDING,
  THRESHOLD,
  WAS_LABEL,
} from "./price-words";

export interface PriceText {
  element: HTMLElement;
  text: string;
  /** Shown crossed out (a list price), or a "was" / "original price" label. */
  struck: boolean;
  /** Not the price of the item as shown: an instalment, a unit price, a fee, a threshold, or a conditional price. */
  other: boolean;
}

export const MAX_PRICE_TEXT = 40;
// Pence as UK shops print them under £1: "43p" (and a unit price "22p / 100g", told apart below).
const PENCE = /^(\d{1,2})\s?p$/;
// A word of a class name or id that says a price is the one paid now ("real", "final-price", "salePrice").
const CURRENT_CLASS =
  /(?:^|[\s_-]|[a-z](?=[A-Z]))(?:[Rr]eal|[Ff]inal|[Cc]urrent|[Ss]ale|[Aa]ctual|[Dd]iscounted|[Ss]pecial)(?=$|[\s_-]|[A-Z])/;
// A word of a class name, also where camel case starts the next one ("oldPrice", "price-old"), "pre"/"prev" (previous:
// "currency-pre", never "pre-order" or "pre-sale"; "BeforeCashbackApplied" is paid now, a cashback comes later), a
// hotel's "rack-rate" (its published rate); not one said not to be ("product-price-no-strikethrough").
const STRUCK_CLASS =
  /(?:^|[\s_-]|[a-z](?=[A-Z]))(?<!(?:^|[\s_-])(?:[Nn]o|[Nn]ot|[Nn]on)[-_])(?:[Oo]ld|[Ww]as|[Cc]rossed|[Ss]trike|[Ss]trikethrough|[Pp]revious|[Pp]rev?(?![-_]?(?:[Oo]rder|[Ss]ale))|[Bb]efore(?![-_]?[Cc]ash)|[Rr]ack)(?=$|[\s_-]|[A-Z])/;

// A star row beside the price ("Rated 4.90 out of 5 ฿255.00"): a box holding it holds more than the price.
const RATING_WORDS = /\b(?:rated|out of)\s\d/i;
// Words for screen readers only ("Il prezzo originale era: 1.099,00€." beside the struck price) repeat a
// price the page shows, without its marks.
const SCREEN_READER_ONLY = /(?:^|\s)(?:screen-reader-text|sr-only|visually-hidden|visuallyhidden)(?:$|\s)/;
export const forScreenReaders = (element: HTMLElement) => SCREEN_READER_ONLY.test(classText(element));

const squeeze = (text: string) => spacedDigits(westernDigits(text.replace(/[\u2009\u202f\u00a0]/g, " ")));
// A whole price drawn one digit per element ("1 5 9 8 ,-", each digit its own sprite): the digits are one number.
const DIGIT_PER_ELEMENT = /^(\d(?: \d){1,6}) ?([,.]-)$/;
const spacedDigits = (text: string) => {
  const spaced = DIGIT_PER_ELEMENT.exec(text);
  return spaced ? spaced[1]!.replace(/ /g, "") + spaced[2] : text;
};
// Source length above which an element cannot hold a short price text; checked before reading its text.
const MAX_SOURCE_LENGTH = 2000;

/** An element's visible text when its markup is short enough to be a label, else null (without reading it). */
export function shortText(element: HTMLElement | null | undefined): string | null {
  if (!element || element.range[1] - element.range[0] > MAX_SOURCE_LENGTH) return null;
  return visibleText(element);
}

/**
 * `shortText` where it can be at most `max` characters long, else null: the page's ink counts
 * (`pageText`) tell, without reading the text, the containers too long to be a price or a label beside one.
 */
export function textUpTo(element: HTMLElement | null | undefined, max: number, ink: Int32Array): string | null {
  if (!element) return null;
  const inked = ink[positionOf(element)]!;
  return inked === 0 || inked > max ? null : shortText(element);
}

/**
 * An amount written as a whole price with no sign: Scandinavian kroner "5.974,-", Swiss francs "12.-"
 * (the dash stands for no decimals, which only a price is written with).
 */
const WHOLE_PRICE_DASH = /^\d{1,3}(?:[.\s']?\d{3})*[,.]-$/;

/** Whether a short text is an amount with a currency ("1,000円", "S/ 1.909", "Current price: $7.82", "43p", "5.974,-"). */
export function isPriceText(text: string): boolean {
  return (
    text.length <= MAX_PRICE_TEXT &&
    /\d/.test(text) &&
    (PENCE.test(text) || WHOLE_PRICE_DASH.test(text.trim()) || currencyFromText(text) !== null)
  );
}

// A discount alone ("-33.36%", Turkish "%10", Persian "٪۱۵"), between a struck price and the one paid in their box:
// no part of either.
const PERCENT_ALONE = /^[-−–]?\s?(?:\d{1,2}(?:[.,]\d+)?\s?[%٪]|[%٪]\s?\d{1,2}(?:[.,]\d+)?)$/;

/**
 * Every price element under `scope`, in document order: for each text holding a digit, the nearest
 * element (at most three levels up) whose whole text is a price, so split markup ("¥" + "300") is
 * read as one.
 */
export function priceTexts(scope: HTMLElement): PriceText[] {
  const found: PriceText[] = [];
  const seen = new Set<HTMLElement>();
  const { ink } = pageText(scope);
  for (const element of elementsWithDigits(scope)) {
    let current: HTMLElement | null = element;
    for (let level = 0; current && current !== scope && level < 3; level++, current = current.parentNode) {
      const text = textUpTo(current, MAX_PRICE_TEXT, ink);
      if (!text || text.length > MAX_PRICE_TEXT || RATING_WORDS.test(text) || PERCENT_ALONE.test(squeeze(text))) break;
      // A struck amount printed without its currency ("7 999" before "6 400 ₽", `<del><span>70</span></del>` before
      // "CA$ 19") is no part of the next price.
      if (forScreenReaders(current) || (!isPriceText(squeeze(text)) && isStruck(current, 1))) break;
      if (!isPriceText(squeeze(text))) continue;
      if (!closest(current, (element) => seen.has(element))) {
        seen.add(current);
        found.push(classify(current, withoutStruck(squeeze(text), current, found), ink));
      }
      break;
    }
  }
  return found;
}

// How close a price must come to the one a percentage off the other gives: shops round to whole units.
const DISCOUNT_ROUNDING = 0.01;
// A discount for paying one way ("no boleto", "no Pix", "à vista", "en efectivo"): not every buyer's price.
const PAYMENT_METHOD = /boleto|\bpix\b|[àa] vista|en efectivo|de contado|\bcash\b/i;
// How many prices after the first may be its discounted one (split markup lists parts of both).
const DISCOUNT_LOOKAHEAD = 4;
// A box around two prices and their discount holds no more than this.
const DISCOUNT_BOX = 80;

/**
 * Whether `after` is `before` less a percentage the box around the two prints, unstruck ("89,99 TL % 10
 * 80,99 TL", "Sepete özel"): the lower is the price paid, the higher the one it replaces. Not where the box
 * names a way of paying that earns the discount.
 */
function discountBetween(before: PriceText, after: PriceText, from: number, to: number): boolean {
  if (to >= from) return false;
  let box = before.element.parentNode;
  for (let level = 0; box && level < 3 && !within(after.element, box); level++) box = box.parentNode;
  const text = box && within(after.element, box) ? shortText(box) : null;
  if (!text || text.length > DISCOUNT_BOX || PAYMENT_METHOD.test(text)) return false;
  // A percentage may carry decimals ("-33.36%").
  return [...text.matchAll(/(\d{1,2}(?:[.,]\d+)?)\s?%|%\s?(\d{1,2})\b/g)].some((match) => {
    const off = Number((match[1] ?? match[2])!.replace(",", ".")) / 100;
    return Math.abs(from * (1 - off) - to) <= from * DISCOUNT_ROUNDING;
  });
}

/**
 * A lower price right after the first, in its box, whose own element or parent is named for the price paid now
 * (`<span class="underline">$491</span><div class="real" id="meta-real-price">$435</div>`: the first struck by a
 * style sheet the page does not carry).
 */
function namedCurrent(after: PriceText, before: PriceText, from: number, to: number): boolean {
  if (to >= from || !before.element.parentNode || !within(after.element, before.element.parentNode)) return false;
  const named = (element: HTMLElement | null) => !!element && CURRENT_CLASS.test(`${classText(element)} ${element.id}`);
  return named(after.element) || named(after.element.parentNode) || named(after.element.parentNode?.parentNode ?? null);
}

/**
 * A price's text without the struck prices found inside it: "<del>59,00 руб.</del>51,80 руб." is the
 * price 51,80 руб., printed after the one it replaces.
 */
function withoutStruck(text: string, element: HTMLElement, found: PriceText[]): string {
  let rest = text;
  for (const price of found) {
    if (price.struck && price.element !== element && within(price.element, element))
      rest = rest.replace(price.text, "");
  }
  rest = rest.trim();
  return rest !== text && isPriceText(rest) ? rest : text;
}

export function classify(element: HTMLElement, text: string, ink: Int32Array): PriceText {
  const parent = element.parentNode;
  const ownParentText = parent
    ? parent.childNodes
        .filter((child) => child.nodeType === 3)
        .map((child) => child.text)
        .join(" ")
    : "";
  // Longer texts beside a price say nothing of it (the tests below ask for at most MAX_PRICE_TEXT).
  const next = textUpTo(element.nextElementSibling, MAX_PRICE_TEXT, ink) ?? "";
  const before = textUpTo(element.previousElementSibling, MAX_PRICE_TEXT, ink) ?? "";
  const after = textUpTo(besideOf(element, text, ink, "nextElementSibling"), MAX_PRICE_TEXT, ink) ?? "";
  const other =
    isUnitPrice(text, before.length <= MAX_PRICE_TEXT ? before : "") ||
    FEE.test(text) ||
    SAVING.test(text) ||
    COUPON.test(text) ||
    REWARD.test(text) ||
    TAKEN_OFF_ENDING.test(text) ||
    PERIODIC.test(`${text} ${ownParentText}`) ||
    THRESHOLD.test(`${text} ${ownParentText}`) ||
    (next.length <= MAX_PRICE_TEXT && (PERIODIC.test(next) || /^\/\s?\d*\s?[a-z]/i.test(next))) ||
    (after.length <= MAX_PRICE_TEXT && (CONDITION.test(after) || TAKEN_OFF_AFTER.test(after)));
  // A label of its own before the price ("Rek. cena det" then "365,00 zł") says what the price was, as one inside it does.
  const label = textUpTo(besideOf(element, text, ink, "previousElementSibling"), MAX_PRICE_TEXT, ink) ?? "";
  const wasLabel = WAS_LABEL.test(text) || (!isPriceText(squeeze(label)) && WAS_LABEL.test(label));
  return { element, text, struck: wasLabel || isStruck(element), other };
}

/**
 * What comes right after (or before) a price, also when the price sits alone in a wrapper ("£1.25" then "with
 * Nectar", "Rek. cena det" then "365,00 zł").
 */
function besideOf(
  element: HTMLElement,
  text: string,
  ink: Int32Array,
  side: "nextElementSibling" | "previousElementSibling",
): HTMLElement | null {
  let anchor = element;
  for (let level = 0; level < 3 && !anchor[side] && anchor.parentNode; level++) {
    if (squeeze(textUpTo(anchor.parentNode, MAX_PRICE_TEXT, ink) ?? "") !== text) break;
    anchor = anchor.parentNode;
  }
  return anchor[side];
}

/** Crossed out by tag (`<s>`, `<del>`), inline style, or a class saying so ("old-price", "crossed"), `levels` up. */
function isStruck(element: HTMLElement, levels = 6): boolean {
  let current: HTMLElement | null = element;
  for (let level = 0; current && level < levels; level++, current = current.parentNode) {
    if (/^(S|DEL|STRIKE)$/.test(current.tagName)) return true;
    if (/line-through/i.test(rawAttr(current, "style") ?? "")) return true;
    if (STRUCK_CLASS.test(classText(current))) return true;
  }
  return false;
}

/**
 * The amount a price element shows. Pence ("43p") are hundredths of a pound. Where the markup splits
 * the cents into an element of their own with no separator ("$" "7" "82", a superscript cents style),
 * the split is the decimal point; anywhere else digits are read as printed.
 */
export function priceMoney(price: PriceText, hint: MoneyHint): Money | null {
  const pence = PENCE.exec(price.text);
  if (pence) return { amount: Number(pence[1]) / 100, currency: "GBP", raw: price.text };
  const money = parseMoney(price.text, hint);
  if (!money) return null;
  const parts = price.element.childNodes.length > 1 ? textParts(price.element) : [];
  // The currency may follow the split cents ("239" "99" "Lei").
  const [whole, cents] = parts.length > 2 && !/\d/.test(parts.at(-1)!) ? parts.slice(-3, -1) : parts.slice(-2);
  if (whole && cents && /^\d[\d.,\s]*$/.test(whole) && !/[.,]\d{1,2}$/.test(whole) && /^\d{2}$/.test(cents)) {
    const units = parseLocaleNumber(whole);
    if (units !== null) return { ...money, amount: Math.round(units * 100 + Number(cents)) / 100 };
  }
  return money;
}

function textParts(element: HTMLElement): string[] {
  const parts: string[] = [];
  const walk = (node: HTMLElement) => {
    for (const child of node.childNodes) {
      if (child.nodeType === 3) {
        const text = child.text.trim();
        if (text) parts.push(text);
      } else if (child.nodeType === 1) walk(child as HTMLElement);
    }
  };
  walk(element);
  return parts;
}

/**
 * The card's price: its first price that is neither struck nor something else, with a struck list price beside it.
 * A zero is no price paid where another follows: a template's placeholder ("0,00€" in an unstyled old-price box) or
 * an empty cart's total.
 */
export function cardPrice(prices: PriceText[], hint: MoneyHint): Money | null {
  const shown = prices.filter((price) => !price.struck && !price.other);
  const at = Math.max(
    0,
    shown.findIndex((price) => priceMoney(price, hint)?.amount !== 0),
  );
  const current = shown[at];
  const money = current ? priceMoney(current, hint) : null;
  if (!money) return null;
  for (const later of shown.slice(at + 1, at + DISCOUNT_LOOKAHEAD)) {
    const discounted = priceMoney(later, hint);
    if (
      discounted &&
      (discountBetween(current!, later, money.amount, discounted.amount) ||
        namedCurrent(later, current!, money.amount, discounted.amount))
    )
      return { ...discounted, original_amount: money.amount };
  }
  const listed = prices.find((price) => price.struck && !price.other);
  const original = listed ? priceMoney(listed, hint) : null;
  return original && original.amount > money.amount ? { ...money, original_amount: original.amount } : money;
}
