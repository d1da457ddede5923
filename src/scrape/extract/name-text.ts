// The text of an element that holds a product's name: a heading, a microdata `name`. Hand-written: a name is
// the heading's line of text, which no library sets apart from the boxes a template nests in it.
import { NodeType, type Node } from "node-html-parser";
import { HIDDEN_TAGS, namePartsText, visibleText, type HTMLElement } from "./dom";
import { parseMoney } from "./money";

// Boxes no name holds: a heading whose text opens outside any box is a line of text, so a box a template
// nests after it (a reviews widget's "Overall rating 4.1 / 5 Rating breakdown…" inside `<h1 itemprop="name">`)
// is not the name's. A heading whose text opens inside a box (`<h1><div><a>Brand</a><span>Name</span></div>`) is
// built of boxes, and all of it is the name.
const BLOCKS_IN_A_NAME = new Set(["DIV", "UL", "OL", "DL", "TABLE", "FORM", "SECTION", "ASIDE", "NAV", "P"]);

/** The visible text of an element that holds a name (a heading, a `name` property), boxes nested after its text left out. */
export function nameText(element: HTMLElement | null | undefined): string | null {
  if (!element) return null;
  const opening = firstInkedBlock(element);
  const text = namePartsText(element, opening === false ? BLOCKS_IN_A_NAME : undefined);
  return text && withoutRepeatedPart(element, withoutPrices(element, text));
}

/**
 * A name less the box of prices a template sets after its words ("<h1>Bomber Jacket <span class=price>$24.99
 * $39.99</span></h1>"): amounts, their signs or codes, and nothing else.
 */
function withoutPrices(element: HTMLElement, text: string): string {
  const last = element.childNodes.findLast((node) => /[\p{L}\p{N}]/u.test(node.text));
  const tail = last?.nodeType === NodeType.ELEMENT_NODE ? visibleText(last as HTMLElement) : null;
  if (!tail || tail.length === text.length || !text.endsWith(tail) || !parseMoney(tail)?.currency) return text;
  return /\p{L}/u.test(tail.replace(/\b[A-Z]{3}\b/g, "")) ? text : text.slice(0, -tail.length).trim();
}

/**
 * A name less a first part its next part says again: "<h1><a>Vince Camuto</a><span>Vince Camuto Woven Floppy
 * Panama Hat</span></h1>" (the brand's link, then the whole name) is named once.
 */
function withoutRepeatedPart(element: HTMLElement, text: string): string {
  const inked = element.childNodes.filter((node) => /[\p{L}\p{N}]/u.test(node.text));
  const [first, second] = inked;
  if (first?.nodeType !== NodeType.ELEMENT_NODE || !second) return text;
  const part = visibleText(first);
  const next = visibleText(second);
  if (!part || !next || !saysAgain(next, part)) return text;
  return text.startsWith(`${part} `) ? text.slice(part.length).trim() : text;
}

/** Whether `text` opens with `part` said again, whole words, in any case ("Dot & Key Sunscreen" after "DOT & KEY"). */
const saysAgain = (text: string, part: string) => text.toLowerCase().startsWith(`${part.toLowerCase()} `);

/** A name set in two parts, read as one: the second alone where it says the first again. */
export const joinedName = (first: string, second: string): string =>
  saysAgain(second, first) ? second : `${first} ${second}`;

/**
 * Whether `element`'s text opens inside a box (true), outside any box with a box after it (false), or holds no
 * box at all (null).
 */
function firstInkedBlock(element: HTMLElement): boolean | null {
  let sawText = false;
  let found: boolean | null = null;
  const walk = (node: Node): boolean => {
    if (node.nodeType === NodeType.TEXT_NODE) {
      if (!sawText && /[\p{L}\p{N}]/u.test(node.text)) sawText = true;
      return false;
    }
    if (node.nodeType !== NodeType.ELEMENT_NODE) return false;
    const child = node as HTMLElement;
    if (HIDDEN_TAGS.has(child.tagName)) return false;
    if (BLOCKS_IN_A_NAME.has(child.tagName)) {
      found = !sawText;
      return true;
    }
    return child.childNodes.some(walk);
  };
  element.childNodes.some(walk);
  return found;
}

// A name a card cuts to fit ("… Thin and Light Lapto...", "…AI ENC f…").
const CUT = /\s*(?:\.{3}|…)$/;

/**
 * A cut name made whole: the first of `fuller` (the card image's `alt`, a structured list's name for the same
 * item) that opens with the words kept and runs on past them; the name as it stands when none does.
 */
export function uncut(name: string | null, fuller: (string | null | undefined)[]): string | null {
  if (!name || !CUT.test(name)) return name;
  const kept = name.replace(CUT, "").toLowerCase();
  if (kept.length < 8) return name;
  return fuller.find((text) => text && text.length > kept.length && text.toLowerCase().startsWith(kept)) ?? name;
}
