// A result card's name as a shopper reads it: its `itemprop=name`, its heading, the text its link's title repeats, an
// image's alt of a few words, else its longest text; with the brand line a card sets over the name.
import { cleanText, lettersAndDigits, visibleText, type HTMLElement } from "./dom";
import { forScreenReaders, isPriceText } from "./card-price";
import { type CardText, closestUpTo, type TextBlock } from "./card-facts";
import { uncut } from "./name-text";
import { classText, rawAttr } from "./raw-attr";

/**
 * The card's name: its `itemprop=name`, else its longest heading, else the longest text an image's `alt`
 * of a few words spells (whole or cut to fit), else the longest text inside its item link.
 */
export function cardTitle({ blocks, card }: CardText, inLink: (element: HTMLElement) => boolean, alts: string[] = []) {
  // Words for screen readers only ("More hotel information for …") name the card in a sentence of their own; a
  // number or a distance ("2,1 км") names nothing.
  const wordy = blocks.filter(
    (block) =>
      !isPriceText(block.text) &&
      !/^[\d\s.,%()+−-]+(?:km|км|mi|m|м|ft)?$/i.test(block.text) &&
      block.text.length > 1 &&
      !closestUpTo(block.element, card, forScreenReaders),
  );
  const longest = (list: TextBlock[]) =>
    list.reduce<TextBlock | null>(
      (best, block) => (!best || block.text.length > best.text.length ? block : best),
      null,
    );
  const named = wordy.find((block) => closestUpTo(block.element, card, (el) => rawAttr(el, "itemprop") === "name"));
  // Of several headings, the one that links the item names it; another is its authors' or its maker's line.
  const headings = wordy.filter((block) => closestUpTo(block.element, card, isHeading));
  const headed = longest(headings.filter((block) => inLink(block.element))) ?? longest(headings);
  const heading = wholeHeading(headed, blocks, wordy, card);
  // Of three words or more: an avatar's "Particulier" or an alt that is the brand ("Christian Dior") names no item.
  const spelled = new Set(alts.filter((alt) => alt.split(/\s+/).length >= 3).map((alt) => alt.toLowerCase()));
  const pictured = longest(wordy.filter((block) => spelled.has(uncut(block.text, alts)?.toLowerCase() ?? "")));
  // A button's or a badge's words ("Подробнее", "Accepts Local ID") name no item where other words do.
  const marker = (el: HTMLElement) => el !== card && MARKER_CLASS.test(classText(el));
  const unmarked = wordy.filter((block) => !closestUpTo(block.element, card, marker) && !isSpecLine(block.element));
  const plain = unmarked.length > 0 ? unmarked : wordy;
  const title =
    named ??
    heading ??
    titled(wordy, card) ??
    pictured ??
    longest(plain.filter((block) => inLink(block.element))) ??
    longest(plain);
  return title && withBrandLine(title, blocks);
}

// A brand's own line on a card ("<div class="brand">SUPERDRY</div>", "…__brand-name"), set over the item's name.
const BRAND_CLASS = /(?:^|[\s_-])brand(?:[-_]?name)?(?=$|[\s_-])/i;
const BRAND_WORDS = 4;

/** The name with the brand line set right before it ("adidas" over "Кеды HOOPS 3.0 MID"), as a shopper reads the card. */
function withBrandLine(title: TextBlock, blocks: TextBlock[]): TextBlock {
  const before = blocks[blocks.indexOf(title) - 1];
  if (!before || !BRAND_CLASS.test(classText(before.element)) || before.text.split(/\s+/).length > BRAND_WORDS)
    return title;
  if (lettersAndDigits(title.text).includes(lettersAndDigits(before.text))) return title;
  return { element: title.element, text: `${before.text} ${title.text}` };
}

/**
 * The text a link wrapping the card shows and names in its `title` ('<a title="Hotel Rang">…<div>Hotel Rang</div>
 * <div>3.8 (1,978)</div>…</a>'): the link holds most of the card. A smaller link titled as it reads names a part of it
 * (a seller's "G마켓" beside its price, "Quick View", the stars' "4,4 von 5 Sternen").
 */
function titled(wordy: TextBlock[], card: HTMLElement): TextBlock | undefined {
  const cardLength = visibleText(card)?.length ?? 0;
  return wordy.find((block) => {
    const link = closestUpTo(block.element, card, (element) => element.tagName === "A");
    if (!link || cleanText(rawAttr(link, "title")) !== block.text) return false;
    return (visibleText(link)?.length ?? 0) * 2 >= cardLength;
  });
}

// A button's or a badge's class: its words are the control's or the label's, not the item's name.
const MARKER_CLASS = /(?:^|[\s_-])(?:btn|button|badge|label|tag|chip|pill|sticker|ribbon)(?=$|[\s_-])/i;

// "Dimensiones (AltoxAnchoxProfundidad): 177.7 x 90.8 x 83.6 cm": a label, a colon, its value.
const LABEL_VALUE = /^[^:]{2,40}:\s+\S/;

/** One of a list of facts, each a label and its value ("Capacidad total útil: 756 lts"): the item's specs, not its name. */
function isSpecLine(element: HTMLElement): boolean {
  const lines = element.parentNode?.children ?? [];
  return lines.length >= 2 && lines.every((line) => LABEL_VALUE.test(visibleText(line) ?? ""));
}

export const isHeading = (element: HTMLElement) => /^H[1-6]$/.test(element.tagName);

/**
 * A heading set in parts is named by them all ("<h4><span>Grivel</span><span>G12 Crampon</span></h4>": the brand
 * and the name), where every part is words; else the part given.
 */
function wholeHeading(part: TextBlock | null, blocks: TextBlock[], wordy: TextBlock[], card: HTMLElement) {
  const heading = part && closestUpTo(part.element, card, isHeading);
  if (!heading) return part;
  const parts = blocks.filter((block) => closestUpTo(block.element, card, isHeading) === heading);
  if (parts.length < 2 || !parts.every((block) => wordy.includes(block))) return part;
  // A part another holds (a heading's own text around a highlighted word) or one said twice adds nothing.
  const words: string[] = [];
  for (const { text } of parts) {
    const held = parts.some((other) => other.text.length > text.length && other.text.includes(text));
    if (!held && !words.includes(text)) words.push(text);
  }
  return { element: heading, text: words.join(" ") };
}
