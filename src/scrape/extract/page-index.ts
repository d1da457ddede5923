// The index selector queries start from (select.ts): a page's elements in document order, each
// knowing its place, so a subtree is a range; and the elements by tag, id, class or attribute name.
// Each list is made the first time a query asks for it: most pages ask for a few tags and classes,
// and filing every element under every class it has costs more than the tree itself.
import type { HTMLElement } from "node-html-parser";
import { elementsInOrder } from "./tree";
import { attributeValue } from "./tree-nodes";

export interface PageIndex {
  /** Elements in document order, the root excluded; each one's `_position` is its place here. */
  elements: HTMLElement[];
  /** By position: the position of the element's last descendant. */
  ends: Int32Array;
  /** By tag name as written, and by the lower-case names asked for. */
  tags: Map<string, HTMLElement[]>;
  tagged: Map<string, HTMLElement[]>;
  ids: Map<string, HTMLElement[]> | null;
  classes: ClassText | null;
  /** Elements whose raw attributes mention a name, by lower-cased name. */
  mentioning: Map<string, HTMLElement[]>;
  /** Page-wide matches of each compound selector asked for so far (select.ts). */
  matches: Map<string, HTMLElement[]>;
}

/**
 * The class text the parser pre-read, one element a line, searched as one string: a class is found
 * with one `indexOf` walk instead of a map of every token. Elements whose class attribute may decode
 * to other tokens (entities, repeated or oddly written attributes) are kept apart, decoded.
 */
interface ClassText {
  text: string;
  /** Where each line starts, and whose line it is. */
  starts: Int32Array;
  owners: HTMLElement[];
  unsure: [HTMLElement, string[]][];
  /** The elements found for each class asked for. */
  found: Map<string, HTMLElement[]>;
}

type Positioned = { _position: number };
const indexes = new WeakMap<HTMLElement, PageIndex>();

export const positionOf = (element: HTMLElement): number => (element as unknown as Positioned)._position;

/** The index of the page `element` belongs to, made on the first query. */
export function pageIndex(element: HTMLElement): PageIndex {
  let root = element;
  while (root.parentNode) root = root.parentNode;
  let index = indexes.get(root);
  if (!index) {
    index = build(root);
    indexes.set(root, index);
  }
  return index;
}

function build(root: HTMLElement): PageIndex {
  const elements = elementsInOrder(root) ?? walk(root);
  for (let position = 0; position < elements.length; position++) {
    (elements[position] as unknown as Positioned)._position = position;
  }
  // Children come after their parent, so walking back finds each child's end before its parent's.
  const ends = new Int32Array(elements.length);
  for (let position = elements.length - 1; position >= 0; position--) {
    if (ends[position] === 0) ends[position] = position;
    const parent = elements[position]!.parentNode!;
    if (parent === root) continue;
    const above = positionOf(parent);
    if (ends[position]! > ends[above]!) ends[above] = ends[position]!;
  }
  return {
    elements,
    ends,
    tags: new Map(),
    tagged: new Map(),
    ids: null,
    classes: null,
    mentioning: new Map(),
    matches: new Map(),
  };
}

/** The elements under `root` in document order, for a tree the parser did not list. */
function walk(root: HTMLElement): HTMLElement[] {
  const elements: HTMLElement[] = [];
  const stack: HTMLElement[] = [root];
  while (stack.length > 0) {
    const element = stack.pop()!;
    const children = element.childNodes;
    for (let child = children.length - 1; child >= 0; child--) {
      if (children[child]!.nodeType === 1) stack.push(children[child] as HTMLElement);
    }
    if (element !== root) elements.push(element);
  }
  return elements;
}

/** The elements of `sorted` (in document order) that lie inside `scope`'s subtree, `scope` excluded. */
export function inside(index: PageIndex, sorted: HTMLElement[], scope: HTMLElement): HTMLElement[] {
  const position = positionOf(scope);
  const firstAfter = (bound: number) => {
    let low = 0;
    let high = sorted.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (positionOf(sorted[middle]!) <= bound) low = middle + 1;
      else high = middle;
    }
    return low;
  };
  return sorted.slice(firstAfter(position), firstAfter(index.ends[position]!));
}

/** The elements of `sorted` inside the subtree of any of `scopes` (both in document order). */
export function insideAny(index: PageIndex, sorted: HTMLElement[], scopes: HTMLElement[]): HTMLElement[] {
  const found: HTMLElement[] = [];
  let end = -1;
  for (const scope of scopes) {
    // A scope inside the one before adds nothing.
    if (positionOf(scope) <= end) continue;
    end = index.ends[positionOf(scope)]!;
    found.push(...inside(index, sorted, scope));
  }
  return found;
}

/** Elements by tag name as written, filed in one pass on the first tag asked for. */
export function withTag(index: PageIndex, tag: string): HTMLElement[] {
  if (index.tags.size === 0) {
    for (const element of index.elements) {
      const list = index.tags.get(element.rawTagName);
      if (list) list.push(element);
      else index.tags.set(element.rawTagName, [element]);
    }
  }
  let found = index.tagged.get(tag);
  if (!found) {
    const exact = index.tags.get(tag) ?? [];
    const others = [...index.tags].filter(([name]) => name !== tag && name.toLowerCase() === tag);
    found = others.length === 0 ? exact : [...exact, ...others.flatMap(([, list]) => list)];
    if (others.length > 0) found.sort((a, b) => positionOf(a) - positionOf(b));
    index.tagged.set(tag, found);
  }
  return found;
}

/** Attribute names are never entity-encoded, so an element carrying one mentions it in its raw text. */
export function mentioning(index: PageIndex, name: string): HTMLElement[] {
  let found = index.mentioning.get(name);
  if (!found) {
    const named = new RegExp(name.replace(/[^\w-]/g, "\\$&"), "i");
    found = index.elements.filter((element) => named.test(element.rawAttrs));
    index.mentioning.set(name, found);
  }
  return found;
}

// A character that continues an attribute name, so `id=` after it is the tail of data-hotelid=.
const NAME_CHARACTER = /[\w\-.:()[\]#]/;

/**
 * Whether the parser's pre-read `value` of attribute `key` (`id=` or `class=`) is what getAttribute
 * decodes: the raw text holds the attribute exactly once as written (`key` in lower case, glued to
 * its `=`), so the pre-read saw it, and the value holds no entity. An upper-case `ID=` glued to a
 * quote is the one form missed.
 */
function preReadHolds(raw: string, key: string, value: string | undefined): boolean {
  let count = 0;
  for (let at = raw.indexOf(key); at >= 0; at = raw.indexOf(key, at + 1)) {
    if (at === 0 || !NAME_CHARACTER.test(raw[at - 1]!)) count++;
  }
  return count === (value ? 1 : 0) && !value?.includes("&");
}

/** Elements whose `id` may be `id`: by the pre-read id, else decoded. */
export function withId(index: PageIndex, id: string): HTMLElement[] {
  if (!index.ids) {
    const ids = new Map<string, HTMLElement[]>();
    for (const element of index.elements) {
      const raw = element.rawAttrs;
      if (raw === "") continue;
      const key = preReadHolds(raw, "id=", element.id) ? element.id : attributeValue(element, "id");
      if (!key) continue;
      const list = ids.get(key);
      if (list) list.push(element);
      else ids.set(key, [element]);
    }
    index.ids = ids;
  }
  return index.ids.get(id) ?? [];
}

/** Elements that may carry class `name`, in document order. */
export function withClass(index: PageIndex, name: string): HTMLElement[] {
  index.classes ??= classText(index.elements);
  let found = index.classes.found.get(name);
  if (!found) {
    found = findClass(index.classes, name);
    index.classes.found.set(name, found);
  }
  return found;
}

function findClass({ text, starts, owners, unsure }: ClassText, name: string): HTMLElement[] {
  const found: HTMLElement[] = [];
  for (let at = text.indexOf(name); at >= 0; at = text.indexOf(name, at + 1)) {
    const end = at + name.length;
    if ((at > 0 && !isSpace(text.charCodeAt(at - 1))) || (end < text.length && !isSpace(text.charCodeAt(end))))
      continue;
    const owner = owners[lineAt(starts, at)]!;
    if (found[found.length - 1] !== owner) found.push(owner);
  }
  const decoded = unsure.filter(([, tokens]) => tokens.includes(name)).map(([element]) => element);
  return decoded.length === 0 ? found : [...found, ...decoded].sort((a, b) => positionOf(a) - positionOf(b));
}

type Classed = { _class?: string };

/** `\s` as regular expressions read it. */
const isSpace = (code: number) =>
  code === 32 ||
  (code >= 9 && code <= 13) ||
  code === 0xa0 ||
  code === 0x1680 ||
  (code >= 0x2000 && code <= 0x200a) ||
  code === 0x2028 ||
  code === 0x2029 ||
  code === 0x202f ||
  code === 0x205f ||
  code === 0x3000 ||
  code === 0xfeff;

function classText(elements: HTMLElement[]): ClassText {
  const lines: string[] = [];
  const starts: number[] = [];
  const owners: HTMLElement[] = [];
  const unsure: [HTMLElement, string[]][] = [];
  let length = 0;
  for (const element of elements) {
    const raw = element.rawAttrs;
    if (raw === "") continue;
    const pre = (element as unknown as Classed)._class;
    if (!preReadHolds(raw, "class=", pre)) {
      unsure.push([element, (attributeValue(element, "class") ?? "").split(/\s+/).filter(Boolean)]);
    } else if (pre) {
      lines.push(pre);
      starts.push(length);
      owners.push(element);
      length += pre.length + 1;
    }
  }
  return { text: lines.join("\n"), starts: Int32Array.from(starts), owners, unsure, found: new Map() };
}

/** The line holding offset `at`: the last line starting at or before it. */
function lineAt(starts: Int32Array, at: number): number {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (starts[middle]! <= at) low = middle;
    else high = middle - 1;
  }
  return low;
}
