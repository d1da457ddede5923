// Reading text and attributes from a parsed page the way a shopper sees it:
// scripts and styles left out, whitespace and bidi marks collapsed.
import { NodeType, type HTMLElement, type Node } from "node-html-parser";
import { assertParseable } from "../page-limits";
import { positionOf } from "./tree-nodes";
import { pageIndex } from "./page-index";
import { selectAll } from "./select";
import { parseTree } from "./tree";

export type { HTMLElement };

const HIDDEN_TAGS = new Set(["SCRIPT", "STYLE", "NOSCRIPT", "TEMPLATE", "SVG", "IFRAME"]);
const INLINE_TAGS = new Set([
  "A",
  "ABBR",
  "B",
  "BDI",
  "BDO",
  "CITE",
  "EM",
  "I",
  "LABEL",
  "MARK",
  "S",
  "SMALL",
  "SPAN",
  "STRONG",
  "SUB",
  "SUP",
  "U",
]);

/** A text node's decoded text; without an entity that is its raw text, read without the decoder. */
const textOf = (node: Node) => (node.rawText.includes("&") ? node.text : node.rawText);

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

/** Collapses whitespace and drops the invisible direction marks Amazon sprinkles in labels. */
export function cleanText(text: string | null | undefined): string | null {
  const cleaned = text
    ?.replace(/[\u200b-\u200f\u202a-\u202e\ufeff]/g, "")
    .replace(/\s+/g, " ")
    .trim();
  return cleaned || null;
}

/** The text a reader sees: no script or style bodies; block elements separated by spaces. */
export function visibleText(node: Node | null | undefined): string | null {
  return node ? cleanText(collectText(node)) : null;
}

function collectText(node: Node): string {
  if (node.nodeType === NodeType.TEXT_NODE) return textOf(node);
  if (node.nodeType !== NodeType.ELEMENT_NODE) return "";
  const element = node as HTMLElement;
  if (HIDDEN_TAGS.has(element.tagName)) return "";
  if (element.tagName === "BR") return " ";
  let inner = "";
  for (const child of element.childNodes) inner += collectText(child);
  return INLINE_TAGS.has(element.tagName) ? inner : ` ${inner} `;
}

/**
 * For each of `elements` (a page's, in document order: page-index.ts), how many characters of its
 * visible text are neither whitespace nor direction marks: what `visibleText` keeps at the least.
 * Counted once for the page, children before parents, so a reader looking for short labels reads
 * the text of the few elements that can hold one instead of every element's.
 */
export function inkCounts(elements: HTMLElement[]): Int32Array {
  const counts = new Int32Array(elements.length);
  for (let position = elements.length - 1; position >= 0; position--) {
    const element = elements[position]!;
    if (HIDDEN_TAGS.has(element.tagName)) continue;
    let count = 0;
    for (const child of element.childNodes) {
      if (child.nodeType === NodeType.TEXT_NODE) count += inkOf(textOf(child));
      else if (child.nodeType === NodeType.ELEMENT_NODE) count += counts[positionOf(child as HTMLElement)]!;
    }
    counts[position] = count;
  }
  return counts;
}

const inkOfPage = new WeakMap<HTMLElement[], Int32Array>();

/** `inkCounts` for the page `element` belongs to, counted once a page; read by position (`positionOf`). */
export function pageInk(element: HTMLElement): Int32Array {
  const { elements } = pageIndex(element);
  let ink = inkOfPage.get(elements);
  if (!ink) {
    ink = inkCounts(elements);
    inkOfPage.set(elements, ink);
  }
  return ink;
}

/** Characters of `text` that `cleanText` keeps and that are not spaces (`\s` or a direction mark). */
function inkOf(text: string): number {
  let count = 0;
  for (let at = 0; at < text.length; at++) {
    const code = text.charCodeAt(at);
    if (code < 0xa0 ? code !== 32 && (code < 9 || code > 13) : !isBlank(code)) count++;
  }
  return count;
}

/** `\s` above U+009F, and the marks `cleanText` drops. */
const isBlank = (code: number) =>
  code === 0xa0 ||
  code === 0x1680 ||
  (code >= 0x2000 && code <= 0x200f) ||
  (code >= 0x2028 && code <= 0x202f) ||
  code === 0x205f ||
  code === 0x3000 ||
  code === 0xfeff;

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

/** Resolves `href` against the page URL; null when it is not a usable http(s) URL. */
export function absoluteUrl(href: string | null | undefined, base: string): string | null {
  const trimmed = href?.trim();
  if (!trimmed || /^(javascript|data|mailto):/i.test(trimmed)) return null;
  try {
    return new URL(trimmed, base).toString();
  } catch {
    return /^https?:\/\//i.test(trimmed) ? trimmed : null;
  }
}

/** The nearest ancestor (or the element itself) matching `predicate`. */
export function closest(element: HTMLElement | null, predicate: (el: HTMLElement) => boolean): HTMLElement | null {
  for (let current = element; current; current = current.parentNode) {
    if (current.tagName && predicate(current)) return current;
  }
  return null;
}
