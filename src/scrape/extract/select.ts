// Selector queries with a shortcut for the id-led selectors adapters lean on ("#productTitle",
// "#corePrice_desktop .a-offscreen"). node-html-parser's css-select tests every element of the
// page per query and parses each element's attributes on first touch; an id names one element,
// so a page index answers the id and the rest of the selector runs inside that small subtree.
import type { HTMLElement } from "node-html-parser";

interface PageIndex {
  /** Elements in document order, the root excluded. */
  elements: HTMLElement[];
  order: Map<HTMLElement, number>;
  ids: Map<string, HTMLElement[]>;
}

const indexes = new WeakMap<HTMLElement, PageIndex>();
// An `id=` the attribute reader could see: not the tail of a longer name such as data-hotelid.
const MAY_HAVE_ID = /(?<![\w\-.:()[\]#])id\s*=/i;
// `tag#id`, optionally followed by a descendant (" ") or child (">") part; other forms go to the library.
const ID_LED = /^([a-z][a-z0-9]*)?#(-?[_a-zA-Z][\w-]*)(?:(\s*>\s*|\s+)([^+~\s].*))?$/;

function pageRoot(element: HTMLElement): HTMLElement {
  let top = element;
  while (top.parentNode) top = top.parentNode;
  return top;
}

/** One walk per parsed page: every element in order, and elements by id (as getAttribute reads it). */
function pageIndex(root: HTMLElement): PageIndex {
  let index = indexes.get(root);
  if (index) return index;
  index = { elements: [], order: new Map(), ids: new Map() };
  const stack: HTMLElement[] = [...root.childNodes].reverse() as HTMLElement[];
  while (stack.length > 0) {
    const element = stack.pop()!;
    if (element.nodeType !== 1) continue;
    index.order.set(element, index.elements.length);
    index.elements.push(element);
    // The id the parser pre-reads skips entity decoding; getAttribute is what css-select compares.
    const id = MAY_HAVE_ID.test(element.rawAttrs) ? element.getAttribute("id") : undefined;
    if (id) index.ids.set(id, [...(index.ids.get(id) ?? []), element]);
    for (let child = element.childNodes.length - 1; child >= 0; child--) {
      stack.push(element.childNodes[child] as HTMLElement);
    }
  }
  indexes.set(root, index);
  return index;
}

/** Splits "a, b" at top-level commas only (not inside `:not(…)`, `[…]` or quotes). */
function selectorList(selector: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote = "";
  let start = 0;
  for (let i = 0; i < selector.length; i++) {
    const ch = selector[i]!;
    if (quote) quote = ch === quote ? "" : quote;
    else if (ch === '"' || ch === "'") quote = ch;
    else if (ch === "(" || ch === "[") depth++;
    else if (ch === ")" || ch === "]") depth--;
    else if (ch === "," && depth === 0) {
      parts.push(selector.slice(start, i).trim());
      start = i + 1;
    }
  }
  parts.push(selector.slice(start).trim());
  return parts;
}

function isInside(element: HTMLElement, scope: HTMLElement): boolean {
  for (let parent = element.parentNode; parent; parent = parent.parentNode) if (parent === scope) return true;
  return false;
}

/** Each part of an all-id-led selector list, or null when any part needs the library. */
function idLedParts(selector: string): RegExpExecArray[] | null {
  const parts = selectorList(selector).map((part) => ID_LED.exec(part));
  return parts.every((part) => part !== null) ? parts : null;
}

function byId(scope: HTMLElement, parts: RegExpExecArray[]): HTMLElement[] {
  const root = pageRoot(scope);
  const index = pageIndex(root);
  const found = new Set<HTMLElement>();
  for (const [, tag, id, combinator, rest] of parts) {
    for (const element of index.ids.get(id!) ?? []) {
      if (tag && element.rawTagName.toLowerCase() !== tag) continue;
      if (scope !== root && !isInside(element, scope)) continue;
      if (!rest) found.add(element);
      // Queried from an element, css-select anchors the rest below it (":scope …").
      else
        for (const match of element.querySelectorAll(combinator!.includes(">") ? `> ${rest}` : rest)) found.add(match);
    }
  }
  return [...found].sort((a, b) => index.order.get(a)! - index.order.get(b)!);
}

/** `scope.querySelectorAll(selector)`, answering id-led selectors from the page index. */
export function selectAll(scope: HTMLElement, selector: string): HTMLElement[] {
  const parts = idLedParts(selector);
  return parts ? byId(scope, parts) : scope.querySelectorAll(selector);
}

/** `scope.querySelector(selector)`: the first match in document order. */
export function selectOne(scope: HTMLElement, selector: string): HTMLElement | null {
  const parts = idLedParts(selector);
  return parts ? (byId(scope, parts)[0] ?? null) : scope.querySelector(selector);
}

/** Elements under the page root carrying `name`, as `[name]` finds them, parsing only their attributes. */
export function withAttribute(root: HTMLElement, name: string): HTMLElement[] {
  if (root.parentNode) return root.querySelectorAll(`[${name}]`);
  const named = new RegExp(name, "i");
  return pageIndex(root).elements.filter((element) => named.test(element.rawAttrs) && element.hasAttribute(name));
}
