// The nodes of the page tree (src/scrape/extract/tree.ts): node-html-parser's own classes, so that
// every method readers call is the library's, made as small objects whose shared fields live on
// the prototype and whose class list, range array and attribute map are made when first read.
import { HTMLElement, type Node, TextNode } from "node-html-parser";

export type Element = HTMLElement;
type Range = [number, number];

const OPTIONS = { comment: false };
const NO_CHILDREN: never[] = Object.freeze([]) as never[];
/** The library's default void-tag set and DOMTokenList class, taken from one element it builds. */
export const LIBRARY = (() => {
  const probe = new HTMLElement("div", { class: "probe" }, "") as unknown as {
    voidTag: { isVoidElement(tag: string): boolean };
    classList: object;
  };
  return { voidTag: probe.voidTag, tokenList: probe.classList.constructor as new (values: string[]) => unknown };
})();
// Fields every node of a kind shares live on its prototype, so each node is a smaller object.
const shared = (value: unknown) => ({ value, writable: true });

// Ranges are kept as two numbers, made an array when a reader asks (few do, on few elements).
const range = {
  get(this: { _start: number; _end: number }): Range {
    return [this._start, this._end];
  },
};

interface Attributed {
  rawAttrs: string;
  rawAttributes: Record<string, string | null>;
  attrs: Record<string, string>;
  _attrs?: Record<string, string>;
}
const libraryAttrs = Object.getOwnPropertyDescriptor(HTMLElement.prototype, "attrs")!.get!;
const OBJECT_KEYS = Object.prototype as Record<string, unknown>;
const namePatterns = new Map<string, RegExp>();
const upperNames = new Map<string, string>();

/**
 * Whether `raw` attribute text may hold an attribute `name` (lower case): a name is never
 * entity-encoded, so it is there as written, in any case. When not, the library would build the
 * element's attribute map only to find no such key.
 */
function mayHold(raw: string, name: string): boolean {
  if (name in OBJECT_KEYS) return true; // the library's map answers these from Object.prototype
  let pattern = namePatterns.get(name);
  if (!pattern) {
    if (namePatterns.size > 1000) namePatterns.clear();
    pattern = new RegExp(name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"), "i");
    namePatterns.set(name, pattern);
  }
  return pattern.test(raw);
}

/**
 * `element.getAttribute(name)` (`name` in lower case) decoding only that value, for a page-wide
 * pass: the library decodes every value of an element on its first read, and a page's data
 * attributes carry long entity-encoded JSON that no reader asks for.
 */
export function attributeValue(element: HTMLElement, name: string): string | undefined {
  const own = element as unknown as Attributed;
  if (own._attrs || name in OBJECT_KEYS) return element.getAttribute(name);
  if (!mayHold(own.rawAttrs, name)) return undefined;
  const raw = own.rawAttributes;
  for (const key in raw) {
    // Names differing only in case are one entry of the library's map.
    if (key !== key.toLowerCase()) return element.getAttribute(name);
  }
  const value = raw[name];
  if (value === undefined) return undefined;
  return value?.includes("&") ? decodedValue(value) : (value ?? "");
}

/** An attribute value decoded as the library decodes one (its own decoder, through its map getter). */
const decodedValue = (value: string): string =>
  (libraryAttrs.call({ rawAttributes: { value } }) as Record<string, string>).value!;

/** Text with its character references (`&#xE4;`, `&amp;`) decoded as the page's attribute values are. */
export const decodeReferences = (text: string): string => (text.includes("&") ? decodedValue(text) : text);

const ELEMENT_PROTOTYPE = Object.create(HTMLElement.prototype, {
  range,
  voidTag: shared(LIBRARY.voidTag),
  nodeType: shared(1),
  _parseOptions: shared(OPTIONS),
  getAttribute: {
    value(this: Attributed, key: string): string | undefined {
      const name = key.toLowerCase();
      return this._attrs || mayHold(this.rawAttrs, name) ? this.attrs[name] : undefined;
    },
  },
  hasAttribute: {
    value(this: Attributed, key: string): boolean {
      const name = key.toLowerCase();
      return (this._attrs !== undefined || mayHold(this.rawAttrs, name)) && name in this.attrs;
    },
  },
  // The decoded map is the raw one when no name has upper case, no value entities and none is missing.
  attrs: {
    get(this: Attributed) {
      if (this._attrs) return this._attrs;
      const raw = this.rawAttributes;
      for (const key in raw) {
        const value = raw[key];
        if (typeof value !== "string" || value.includes("&") || key !== key.toLowerCase())
          return libraryAttrs.call(this);
      }
      this._attrs = raw as Record<string, string>;
      return raw;
    },
  },
  // The library upper-cases the tag name on every read; readers read it for every element they walk.
  tagName: {
    get(this: { rawTagName: string | null }) {
      const raw = this.rawTagName;
      if (!raw) return raw;
      let upper = upperNames.get(raw);
      if (upper === undefined) {
        if (upperNames.size > 1000) upperNames.clear();
        upper = raw.toUpperCase();
        upperNames.set(raw, upper);
      }
      return upper;
    },
    set(this: { rawTagName: string }, name: string) {
      this.rawTagName = name.toLowerCase();
    },
  },
  // Built when a reader first asks: most elements are never asked.
  classList: {
    get(this: { _classList?: unknown; _class: string | undefined }) {
      this._classList ??= new LIBRARY.tokenList(this._class ? this._class.split(/\s+/) : []);
      return this._classList;
    },
    set(this: { _classList?: unknown }, value: unknown) {
      this._classList = value;
    },
  },
});

// Made by constructors whose prototype is the shared one: V8 builds such objects in one step from
// the constructor's in-object layout, where an object literal naming its `__proto__` is made and
// then given its prototype.
interface ElementFields {
  parentNode: Element | null;
  childNodes: Node[];
  _start: number;
  _end: number;
  rawAttrs: string;
  rawTagName: string | null;
  _id: string;
  _class: string | undefined;
  _classList: unknown;
  _attrs: Record<string, string> | undefined;
  _rawAttrs: Record<string, string | null> | undefined;
  _position: number;
  _visible: string | null | undefined;
}

function makeElement(
  this: ElementFields,
  tag: string | null,
  id: string,
  className: string | undefined,
  rawAttrs: string,
  start: number,
  end: number,
) {
  this.parentNode = null;
  // Shared and frozen until the first child (adopt).
  this.childNodes = NO_CHILDREN;
  this._start = start;
  this._end = end;
  this.rawAttrs = rawAttrs;
  this.rawTagName = tag;
  this._id = id;
  this._class = className;
  this._classList = undefined;
  this._attrs = undefined;
  this._rawAttrs = undefined;
  // Its place in document order, set by the selector index (page-index.ts).
  this._position = -1;
  // Its visible text once read (dom.ts).
  this._visible = undefined;
}
makeElement.prototype = ELEMENT_PROTOTYPE;

/** An element of a parsed page: `new PageElement(tag, id, className, rawAttrs, start, end)`. */
export const PageElement = makeElement as unknown as new (...args: Parameters<typeof makeElement>) => Element;

const TEXT_PROTOTYPE = Object.create(TextNode.prototype, {
  range,
  childNodes: shared(NO_CHILDREN),
  nodeType: shared(3),
  rawTagName: shared(""),
  // A text node's raw text is its range of the page, cut when read: one string kept per text node
  // was most of what the collector copied while a page was parsed. The library's setter keeps its own.
  _rawText: {
    get(this: { _page: string; _start: number; _end: number }) {
      return this._page.substring(this._start, this._end);
    },
    set(this: { _page?: string }, value: string) {
      Object.defineProperty(this, "_rawText", { value, writable: true, enumerable: true, configurable: true });
      this._page = undefined; // the page no longer holds this node's text (dom.ts reads it there)
    },
  },
});

interface TextFields {
  parentNode: Element;
  _page: string;
  _start: number;
  _end: number;
}

function makeText(this: TextFields, page: string, parent: Element, start: number, end: number) {
  this.parentNode = parent;
  this._page = page;
  this._start = start;
  this._end = end;
}
makeText.prototype = TEXT_PROTOTYPE;

const PageText = makeText as unknown as new (...args: Parameters<typeof makeText>) => TextNode;

/** A text node holding the page's characters from `start` to `end`. */
export function text(page: string, parent: Element, start: number, end: number) {
  adopt(parent, new PageText(page, parent, start, end));
}

/** An element's place in document order, once the page is indexed (page-index.ts). */
export const positionOf = (element: HTMLElement): number => (element as unknown as { _position: number })._position;

/**
 * Adds a child at the end. An array's first push gives it room for 17, kept for the page's life;
 * most elements have one child or none, so none shares one frozen array and the first child makes
 * an array of one.
 */
export function adopt(parent: Element, child: Node) {
  if (parent.childNodes.length === 0) parent.childNodes = [child];
  else parent.childNodes.push(child);
}

export function append(parent: Element, child: Element): Element {
  child.parentNode = parent;
  adopt(parent, child);
  return child;
}
