// Last-resort readings from what a shopper sees, for pages without structured data: a "Price: $165.95"
// label, a stray itemprop price, the price nearest the heading, an id after its label, the heading.
// Each looks only at short texts so navigation and carts stay out (ratings: visible-rating.ts).
import type { Money } from "../types";
import { pageText, visibleText, type HTMLElement } from "./dom";
import { joinedName, nameText } from "./name-text";
import { cardPrice, priceTexts, type PriceText } from "./card-price";
import { blocksAround, headingBlocks, mainHeading, within } from "./heading-blocks";
import { currencyFromText } from "./currency";
import { itemValue } from "./microdata";
import { moneyFromStructured, parseMoney, type MoneyHint } from "./money";
import { reviewWidgetId, SKU_LABEL, SKU_LABEL_ALONE } from "./id-labels";
import { isNoId } from "./record";
import { positionOf } from "./tree-nodes";
import { selectAll, selectOne } from "./select";

const PRICE_LABEL = /^(?:our |sale |your |now |current |special |unit )?price\s*:?\s*(.*\d.*)$/i;
const MONEY_SHAPE = /^(?:[A-Z]{3}|[^\d\s]{1,3})?\s?\d[\d.,\s]*(?:\s?(?:[A-Z]{3}|[^\d\s]{1,3}))?$/;
// An id may be written in letters of any script ("А-60001/60901", "ВК-2045").
const ID_SHAPE = /^(?=.*\d)[\p{Lu}0-9][\p{L}\p{N}_./-]{2,30}(?:#[A-Z0-9]{2,4})?$/iu;
// A code of capitals alone ("Item Id: GLOWROLL", "Part Number:EMERMUS", "Cod Produs: IG-PWRTWR") is an id where
// a label that says it names an id (id, number, code, SKU, "#") sets it apart with a colon or "#"; after a bare
// "Item:" or "Product:" it is a word ("BRACELET"), without a colon a heading in capitals ("PRODUCT AVAILABILITY").
const CAPITALS_CODE = /^(?=[A-Z-]{5,20}$)[A-Z]+(?:-[A-Z]+)*$/;
const CAPITALS_LABEL = /^#?[^:#]*\b(?:id|number|no|nr|code|cod|sku|mpn|part)\b[^:#]*[:#]\s*$|^#\s*$/i;

// "Product 36/95" over a shop's previous and next links: the product's place in its category, not its id.
const PLACE_IN_LIST = /^\d{1,4}\s?\/\s?\d{1,4}$/;

/** Whether `value`, shown in `text` after an id label (or in the text after the label `text`), has an id's shape. */
function idShaped(value: string, text: string): boolean {
  if (isNoId(value) || PLACE_IN_LIST.test(value)) return false;
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

export const classOrId = (element: HTMLElement) => `${element.getAttribute("class") ?? ""} ${element.id}`.toLowerCase();

/**
 * Whether an element's class or id names one of `words` (case-insensitive; no word ends in "i" or
 * holds a "k", the letters "İ" and the Kelvin sign lower-case into). Without an entity, its raw
 * attributes hold both as written, so most elements are ruled out without decoding them.
 */
export function namedFor(element: HTMLElement, words: RegExp): boolean {
  const raw = element.rawAttrs;
  if (!raw.includes("&") && !words.test(raw)) return false;
  return words.test(classOrId(element));
}

/** The first short text (of an element `where` accepts) matching `label` whose captured value passes `accept`. */
function labelled(
  root: HTMLElement,
  label: RegExp,
  accept: (value: string) => boolean = () => true,
  where: (element: HTMLElement) => boolean = () => true,
): string | null {
  for (const [, text] of shortTexts(root, where)) {
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
    // A label in an element of its own ("<label>Model Number</label><span>AM4514I</span>") is read with its value
    // below, never run into it ("Model NumberAM4514I").
    if (inline && idShaped(inline, text) && !runsLabelIn(element, text)) return inline;
    if (!SKU_LABEL_ALONE.test(text)) continue;
    const beside = valueBeside(element);
    if (beside !== null) {
      if (idShaped(beside, text)) return beside;
      continue;
    }
    // A list of facts may end each value with a semicolon ("А-60001/60901;").
    const next = texts[at + 1]?.[1].replace(/[;,]$/, "");
    if (next && idShaped(next, text)) return next;
  }
  return null;
}

/** Whether `text` opens with a label alone in an element of its own, its value run into it with no space or colon. */
function runsLabelIn(element: HTMLElement, text: string): boolean {
  return selectAll(element, "*").some((inner) => {
    const label = inner.text.trim();
    return SKU_LABEL_ALONE.test(label) && text.startsWith(label) && /^[\p{L}\p{N}]/u.test(text.slice(label.length));
  });
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

/**
 * A price shown with a "Price:" label, e.g. `<p class="price main">Price: $165.95</p>`: in the blocks around the
 * main heading (`near`) or anywhere on the page (a rail's card may say "Special Price 117.750đ" far below).
 */
export function labelledPrice(root: HTMLElement, hint: MoneyHint = {}, near = false): Money | null {
  const scopes = near ? headingBlocks(root, BUY_BOX_LEVELS) : [root];
  const inScope = (element: HTMLElement) => scopes.some((scope) => within(element, scope));
  return parseMoney(
    labelled(root, PRICE_LABEL, (amount) => MONEY_SHAPE.test(amount), inScope),
    hint,
  );
}

/**
 * An `itemprop="price"` outside any Product scope (microdata handles the scoped ones): the buy box's,
 * in the blocks around the main heading, before any other (a rail of other products may come first).
 */
export function itempropPrice(root: HTMLElement, hint: MoneyHint = {}): Money | null {
  const scope = headingBlocks(root, BUY_BOX_LEVELS).find((block) => selectOne(block, '[itemprop="price"]')) ?? root;
  const element = selectOne(scope, '[itemprop="price"]') ?? undefined;
  const price = itemValue(element);
  if (!price) return null;
  const currency =
    itemValue(
      selectOne(scope, '[itemprop="priceCurrency"]') ?? selectOne(root, '[itemprop="priceCurrency"]') ?? undefined,
    ) ?? shownCurrency(element?.parentNode, hint);
  return moneyFromStructured(price, currency, hint);
}

// The price's own line, where no `priceCurrency` names the currency: "<h2>KWD 21 <span itemprop=price content=21>".
const PRICE_LINE = 40;

function shownCurrency(line: HTMLElement | null | undefined, hint: MoneyHint): string | undefined {
  const text = visibleText(line);
  return (text && text.length <= PRICE_LINE && currencyFromText(text, hint)) || undefined;
}

// How far above the main heading the buy box may start: the heading's own block and a few around it.
export const BUY_BOX_LEVELS = 4;
// A price may sit further out, in the product's section around a titled header ("<section><div class=title>
// <h1>…</h1></div>…<div class=buy-box>€ 142,00"), but then close to the heading in the page's source: a price
// tens of thousands of characters on is a rail's card below a product that shows none ("Liên hệ báo giá").
const PRICE_LEVELS = 6;
const NEAR_HEADING = 20_000;

/**
 * The price nearest the main heading: the first current price (struck list prices, instalments,
 * unit prices and fees set aside) in the smallest block around the `<h1>` that shows one.
 */
export function headingPrice(root: HTMLElement, hint: MoneyHint = {}): Money | null {
  const heading = mainHeading(root);
  if (!heading) return null;
  const near = (price: PriceText) =>
    Math.max(price.element.range[0] - heading.range[1], heading.range[0] - price.element.range[1]) <= NEAR_HEADING;
  const blocks = blocksAround(root, heading, PRICE_LEVELS);
  for (const [level, block] of blocks.entries()) {
    const prices = level < BUY_BOX_LEVELS ? priceTexts(block) : priceTexts(block).filter(near);
    if (prices.length > 0) return cardPrice(prices, hint);
  }
  // A heading in the page's own `<header>` titles the section right after it, where the buy box is
  // ("<header>…<h1>Fußball Logicals</h1></header><section>…<div class=price>8,99 €").
  const header = blocks.at(-1);
  const next = header?.tagName === "HEADER" && header.parentNode?.tagName === "BODY" ? header.nextElementSibling : null;
  const prices = next ? priceTexts(next).filter(near) : [];
  return prices.length > 0 ? cardPrice(prices, hint) : null;
}

/**
 * The page's own heading (its main `<h1>`), with the `<h1>` set right after it where the page splits its name over
 * two ("<h1>Himalaya</h1><h1>Gentle Baby Shampoo - 100ml</h1>": the brand, then the name).
 */
export function visibleTitle(root: HTMLElement): string | null {
  const heading = mainHeading(root);
  const name = nameText(heading);
  const next = heading?.nextElementSibling;
  const rest = next?.tagName === "H1" ? nameText(next) : null;
  // The second may say the brand again ("<h1>DOT & KEY</h1><h1>Dot & Key Watermelon Sunscreen</h1>").
  return name && rest ? joinedName(name, rest) : name;
}
