// Reading text and attributes from a parsed page the way a shopper sees it:
// scripts and styles left out, whitespace and bidi marks collapsed.
import { NodeType, type HTMLElement, type Node } from "node-html-parser";
import { assertParseable } from "../page-limits";
import { attributeValue, positionOf } from "./tree-nodes";
import { isSpaceCode } from "./whitespace";
import { otherScriptDigit } from "./digits";
import { pageIndex } from "./page-index";
import { selectAll } from "./select";
import { parseTree } from "./tree";

export type { HTMLElement };

// `noframes` holds what a browser without frames would show: every browser has them, so none shows it.
export const HIDDEN_TAGS = new Set(["SCRIPT", "STYLE", "NOSCRIPT", "TEMPLATE", "SVG", "IFRAME", "NOFRAMES"]);
// HTML's text-level elements, the obsolete ones pages still use (`font`, `big`, `tt`) and a line-break
// opportunity (`wbr`) among them: a browser draws them inside the line, so they add no space of their own.
const INLINE_TAGS = new Set([
  ..."A ABBR B BDI BDO BIG CITE CODE DATA DEL DFN EM FONT I INS KBD LABEL".split(" "),
  ..."MARK NOBR Q S SAMP SMALL SPAN STRIKE STRONG SUB SUP TIME TT U VAR WBR".split(" "),
]);

/** A text node's decoded text; without an entity that is its raw text, read without the decoder. */
export function textOf(node: Node): string {
  const raw = node.rawText; // cut from the page on each read (tree-nodes.ts)
  return raw.includes("&") ? node.text : raw;
}

/**
 * Whether `node` is a text node showing anything but whitespace (`\S`), read where the parser left
 * it in the page; decoded only at an entity (`&nbsp;` is whitespace).
 */
export function showsText(node: Node): boolean {
  if (node.nodeType !== NodeType.TEXT_NODE) return false;
  const { _page: page, _start: start, _end: end } = node as unknown as { _page?: string; _start: number; _end: number };
  if (page === undefined) return /\S/.test(textOf(node));
  for (let at = start; at < end; at++) {
    const code = page.charCodeAt(at);
    if (code === 0x26) return /\S/.test(textOf(node));
    if (!isSpaceCode(code)) return true;
  }
  return false;
}

/** The page being read by `readingOnce`, parsed at its first `loadHtml`. */
let current: { html: string; root: HTMLElement | null } | null = null;

/** The parsed page; `PageTooLarge` before any parsing when it holds more than the parser may build. */
export function loadHtml(html: string): HTMLElement {
  if (current?.html === html && current.root) return current.root;
  assertParseable(html);
  const root = parseTree(html);
  if (current?.html === html) current.root = root;
  return root;
}

/**
 * Runs `read` with every `loadHtml(html)` inside it sharing one tree, so that several readers of a
 * page (the adapter's, the page-kind check) parse it once. Readers never change the tree; it is
 * dropped when `read` returns, so no page outlives its reading.
 */
export function readingOnce<T>(html: string, read: () => T): T {
  current = { html, root: null };
  try {
    return read();
  } finally {
    current = null;
  }
}

/**
 * The invisible direction and zero-width marks `cleanText` drops; the zero-width non-joiner and joiner stay, as
 * they shape Persian and Indic words ("گوشی‌موبایل") and join emoji.
 */
const MARKS = /[\u200b\u200e\u200f\u202a-\u202e\ufeff]/g;
/** A mark, a space other than " ", or two spaces: what `cleanText` changes besides the ends. */
const UNCLEAN = new RegExp(`${MARKS.source}|[^\\S ]| {2}`);

/** A text's letters and digits alone, lower-cased: two spellings of one name compare equal ("Slidell - North" and "Slidell North"). */
export const lettersAndDigits = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");

/** Collapses whitespace and drops the invisible direction marks Amazon sprinkles in labels. */
export function cleanText(text: string | null | undefined): string | null {
  if (!text) return null;
  // Most texts read are single-spaced already: only their ends may need trimming.
  const cleaned = UNCLEAN.test(text) ? text.replace(MARKS, "").replace(/\s+/g, " ").trim() : text.trim();
  return cleaned || null;
}

/**
 * The text a reader sees: no script or style bodies; block elements separated by spaces. An element
 * of a parsed page keeps its text once read: readers of cards, prices and labels ask for the same
 * elements' texts, and readers never change the tree.
 */
export function visibleText(node: Node | null | undefined): string | null {
  if (!node) return null;
  const kept = node as { _visible?: string | null };
  if (kept._visible !== undefined) return kept._visible;
  const text = cleanText(collectText(node));
  if (node.nodeType === NodeType.ELEMENT_NODE) kept._visible = text;
  return text;
}

/**
 * An element the `hidden` attribute keeps from being rendered (`<div hidden>`), whatever its text; the word in
 * another attribute's value (`title="no hidden fees"`, `class="hidden-xs"`) is not the attribute.
 */
export const hiddenByAttribute = (element: HTMLElement) =>
  element.rawAttrs.includes("hidden") && attributeValue(element, "hidden") !== undefined;

interface TextWalk {
  /** Tags whose subtrees are left out, each a space. */
  left?: ReadonlySet<string>;
  /**
   * Read as a name: two elements that abut with letters or digits at the seam are two words, and a part the markup
   * marks as the item's id (`<small itemprop="sku">345/0925</small>` in the heading) is no word of it.
   */
  asName?: boolean;
}

function collectText(node: Node, walk: TextWalk = {}): string {
  if (node.nodeType === NodeType.TEXT_NODE) return textOf(node);
  if (node.nodeType !== NodeType.ELEMENT_NODE) return "";
  const element = node as HTMLElement;
  if (HIDDEN_TAGS.has(element.tagName) || hiddenByAttribute(element)) return "";
  if (element.tagName === "BR" || walk.left?.has(element.tagName)) return " ";
  if (walk.asName && ID_PROPERTY.test(attributeValue(element, "itemprop") ?? "")) return " ";
  let inner = "";
  for (const [at, child] of element.childNodes.entries()) {
    const text = collectText(child, walk);
    const abuts = child.nodeType === NodeType.ELEMENT_NODE && element.childNodes[at - 1]?.nodeType === child.nodeType;
    inner += walk.asName && abuts && /[\p{L}\p{N}]$/u.test(inner) && /^[\p{L}\p{N}]/u.test(text) ? ` ${text}` : text;
  }
  return INLINE_TAGS.has(element.tagName) ? inner : ` ${inner} `;
}

const ID_PROPERTY = /^(?:sku|mpn|gtin\d*|productid)$/i;

/**
 * The visible text of an element that names something, read as a name (`TextWalk.asName`): its parts abutting in the
 * markup (`<a>Stuart Weitzman</a><span>Bejeweled Boot</span>`) are boxes a style sets side by side, a brand and a model.
 */
export const namePartsText = (element: HTMLElement, left?: ReadonlySet<string>): string | null =>
  cleanText(collectText(element, { left, asName: true }));

/** Per element of a page (by position, page-index.ts), what a count over its texts tells. */
export interface PageText {
  /**
   * How many characters of its visible text are neither whitespace nor direction marks: what
   * `visibleText` keeps at the least. Counted children before parents, so a reader looking for short
   * labels reads the text of the few elements that can hold one instead of every element's.
   */
  ink: Int32Array;
  /** 1 when a text node of its own holds a digit (0-9, or of another script: digits.ts), counted alongside, for the price readers. */
  ownDigit: Uint8Array;
}

function countTexts(elements: HTMLElement[]): PageText {
  const ink = new Int32Array(elements.length);
  const ownDigit = new Uint8Array(elements.length);
  for (let position = elements.length - 1; position >= 0; position--) {
    const element = elements[position]!;
    // An iframe's text is not shown, yet the price readers look for digits in it.
    const hidden = HIDDEN_TAGS.has(element.tagName) || hiddenByAttribute(element);
    if (hidden && element.tagName !== "IFRAME") continue;
    let count = 0;
    let digit = 0;
    for (const child of element.childNodes) {
      if (child.nodeType === NodeType.TEXT_NODE) {
        const scanned = textInk(child);
        count += scanned >> 1;
        digit |= scanned & 1;
      } else if (child.nodeType === NodeType.ELEMENT_NODE) count += ink[positionOf(child as HTMLElement)]!;
    }
    if (!hidden) ink[position] = count;
    ownDigit[position] = digit;
  }
  return { ink, ownDigit };
}

const textOfPage = new WeakMap<HTMLElement[], PageText>();

/** `PageText` for the page `element` belongs to, counted once a page; read by position (`positionOf`). */
export function pageText(element: HTMLElement): PageText {
  const { elements } = pageIndex(element);
  let counted = textOfPage.get(elements);
  if (!counted) {
    counted = countTexts(elements);
    textOfPage.set(elements, counted);
  }
  return counted;
}

/**
 * Characters of `text` that `cleanText` keeps and that are not spaces (`\s` or a direction mark),
 * times two, plus one when a digit is among them: both read in one pass over the text.
 */
const inkOf = (text: string): number => inkIn(text, 0, text.length);

/** `inkOf` a text node's text, read where the parser left it in the page (no string cut) unless it holds an entity. */
function textInk(node: Node): number {
  const { _page: page, _start: start, _end: end } = node as unknown as { _page?: string; _start: number; _end: number };
  const ink = page === undefined ? -1 : inkIn(page, start, end, true);
  return ink >= 0 ? ink : inkOf(textOf(node));
}

/** `inkOf` the characters of `text` from `start` to `end`; -1 at an `&` when `stopAtEntity`, whose decoding may differ. */
function inkIn(text: string, start: number, end: number, stopAtEntity = false): number {
  let count = 0;
  let digit = 0;
  for (let at = start; at < end; at++) {
    const code = text.charCodeAt(at);
    if (code === 0x26 && stopAtEntity) return -1;
    if (code < 0xa0 ? code !== 32 && (code < 9 || code > 13) : !isBlank(code)) count++;
    if (code <= 57 ? code >= 48 : code >= 0x660 && otherScriptDigit(code) >= 0) digit = 1;
  }
  return count * 2 + digit;
}

/** `\s`, and the direction and zero-width marks `cleanText` drops. */
const isBlank = (code: number) =>
  isSpaceCode(code) || code === 0x200b || code === 0x200e || code === 0x200f || (code >= 0x202a && code <= 0x202e);

/** Visible text of the first element matching any selector (in order) that has some. */
export function firstText(root: HTMLElement, selectors: string[]): string | null {
  for (const selector of selectors) {
    for (const element of selectAll(root, selector)) {
      const text = visibleText(element);
      if (text) return text;
    }
  }
  return null;
}

/** The first non-empty value of `attribute` on an element matching any selector (in order). */
export function firstAttr(root: HTMLElement, selectors: string[], attribute: string): string | null {
  for (const selector of selectors) {
    for (const element of selectAll(root, selector)) {
      const value = cleanText(element.getAttribute(attribute));
      if (value) return value;
    }
  }
  return null;
}

export function unique(values: (string | null | undefined)[]): string[] {
  return [...new Set(values.filter((value): value is string => Boolean(value)))];
}

/** `href` resolved against the page URL; null when it is empty, a script, data or mail link, or does not parse. */
export function absoluteUrl(href: string | null | undefined, base: string): string | null {
  return resolvedUrl(href, base)?.toString() ?? null;
}

/** `absoluteUrl` as a URL, for readers that go on to read its parts. */
export function resolvedUrl(href: string | null | undefined, base: string): URL | null {
  const trimmed = href?.trim();
  if (!trimmed || /^(javascript|data|mailto):/i.test(trimmed)) return null;
  try {
    return new URL(trimmed, base);
  } catch {
    return null;
  }
}

/** The nearest ancestor (or the element itself) matching `predicate`. */
export function closest(element: HTMLElement | null, predicate: (el: HTMLElement) => boolean): HTMLElement | null {
  for (let current = element; current; current = current.parentNode) {
    if (current.tagName && predicate(current)) return current;
  }
  return null;
}

/** Whether `ancestor` lies above `element`. */
export function contains(ancestor: HTMLElement, element: HTMLElement): boolean {
  for (let current = element.parentNode; current; current = current.parentNode) {
    if (current === ancestor) return true;
  }
  return false;
}

/** The elements of `elements` below none of the others, in their order (one walk up from each). */
export function outermost(elements: HTMLElement[]): HTMLElement[] {
  const members = new Set(elements);
  return elements.filter((element) => !closest(element.parentNode, (above) => members.has(above)));
}

/** The elements of `elements` above none of the others, in their order (one walk up from each). */
export function innermost(elements: HTMLElement[]): HTMLElement[] {
  const members = new Set(elements);
  const outer = new Set<HTMLElement>();
  for (const element of elements) {
    for (let current = element.parentNode; current; current = current.parentNode) {
      if (members.has(current)) outer.add(current);
    }
  }
  return elements.filter((element) => !outer.has(element));
}
