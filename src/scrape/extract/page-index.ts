// The index selector queries start from (select.ts): a page's elements in document order, each
// knowing its place, so a subtree is a range; and the elements by tag, id, class or attribute name
// (page-attributes.ts). Each list is made the first time a query asks for it: most pages ask for a
// few tags and classes, and filing every element under every class it has costs more than the tree.
import type { HTMLElement } from "node-html-parser";
import { type PageAttributes, pageAttributes } from "./page-attributes";
import { parsedPage } from "./tree";
import { positionOf } from "./tree-nodes";

export interface PageIndex {
  /** Elements in document order, the root excluded; each one's `_position` is its place here. */
  elements: HTMLElement[];
  /** The page the parser built the tree from, when it did. */
  html: string | undefined;
  /** By position: the position of the element's last descendant. */
  ends: Int32Array;
  /** By tag name as written, and by the lower-case names asked for. */
  tags: Map<string, HTMLElement[]>;
  tagged: Map<string, HTMLElement[]>;
  attributes: PageAttributes | null;
  /** Page-wide matches of each compound selector asked for so far (select.ts). */
  matches: Map<string, HTMLElement[]>;
}

type Positioned = { _position: number };
const indexes = new WeakMap<HTMLElement, PageIndex>();

export const attributesOf = (index: PageIndex): PageAttributes =>
  (index.attributes ??= pageAttributes(index.elements, index.html));

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
  const parsed = parsedPage(root);
  const elements = parsed?.elements ?? walk(root);
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
    html: parsed?.html,
    ends,
    tags: new Map(),
    tagged: new Map(),
    attributes: null,
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
