// Selector queries that start from a page index instead of testing every element. css-select (as
// node-html-parser drives it) walks the whole page per query and parses each element's attributes
// the first time a test reads one, which costs more than the parse itself on 1–3 MB pages. When a
// selector's first compound is plain (`tag`, `#id`, `.class`, `[attr]`, `[attr="value"]`), its
// candidates are found from the raw attribute text and confirmed here, and css-select runs the rest
// of the selector inside each candidate only. Anything else goes to the library unchanged.
import type { HTMLElement } from "node-html-parser";
import { classTokens } from "./tree-nodes";

interface PageIndex {
  /** Elements in document order, the root excluded. */
  elements: HTMLElement[];
  order: Map<HTMLElement, number>;
  /** By position: the position of the element's last descendant, so a subtree is a range. */
  ends: number[];
  /** By the id and class tokens the parser pre-reads (raw text). */
  ids: Map<string, HTMLElement[]>;
  classes: Map<string, HTMLElement[]>;
  /** Elements whose pre-read id or class may differ from getAttribute's (entities, repeats, odd spacing), until `settled`. */
  unsureIds: HTMLElement[];
  unsureClasses: HTMLElement[];
  tags: Map<string, HTMLElement[]>;
  /** Elements whose raw attributes mention a name, by lower-cased name, filled as selectors ask. */
  mentioning: Map<string, HTMLElement[]>;
  /** Page-wide matches of each first compound asked for so far. */
  matches: Map<string, HTMLElement[]>;
}

type Compound = { tag?: string; ids: string[]; classes: string[]; attrs: [string, string | undefined][] };

const indexes = new WeakMap<HTMLElement, PageIndex>();
const COMPOUND = /^([a-z][a-z0-9]*)?((?:#[\w-]+|\.[\w-]+|\[[\w-]+(?:=(?:"[^"]*"|'[^']*'))?\])*)$/;
const TOKEN = /#([\w-]+)|\.([\w-]+)|\[([\w-]+)(?:=(?:"([^"]*)"|'([^']*)'))?\]/g;
// A first compound followed by a descendant (" ") or child (">") part.
const LEADING = /^([^\s>+~]+)(?:(\s*>\s*|\s+)([^+~\s].*))?$/;
// Beyond this many candidates for a compound with a rest, one library walk is cheaper.
const MAX_SCOPES = 12;

function pageRoot(element: HTMLElement): HTMLElement {
  let top = element;
  while (top.parentNode) top = top.parentNode;
  return top;
}

/** One walk per parsed page: every element in order, and elements by id. */
function pageIndex(root: HTMLElement): PageIndex {
  let index = indexes.get(root);
  if (index) return index;
  index = {
    elements: [],
    order: new Map(),
    ends: [],
    ids: new Map(),
    classes: new Map(),
    unsureIds: [],
    unsureClasses: [],
    tags: new Map(),
    mentioning: new Map(),
    matches: new Map(),
  };
  const stack = [...root.childNodes].reverse() as HTMLElement[];
  while (stack.length > 0) {
    const element = stack.pop()!;
    if (element.nodeType !== 1) continue;
    index.order.set(element, index.elements.length);
    index.elements.push(element);
    add(index.tags, element.rawTagName.toLowerCase(), element);
    addKeyAttributes(index, element);
    for (let child = element.childNodes.length - 1; child >= 0; child--) {
      stack.push(element.childNodes[child] as HTMLElement);
    }
  }
  // Children come after their parent, so walking back finds each child's end before its parent's.
  for (let position = index.elements.length - 1; position >= 0; position--) {
    const children = index.elements[position]!.childNodes;
    let last = children.length - 1;
    while (last >= 0 && children[last]!.nodeType !== 1) last--;
    index.ends[position] = last < 0 ? position : index.ends[index.order.get(children[last] as HTMLElement)!]!;
  }
  indexes.set(root, index);
  return index;
}

const add = (map: Map<string, HTMLElement[]>, key: string, element: HTMLElement) => {
  const list = map.get(key);
  if (list) list.push(element);
  else map.set(key, [element]);
};

// A character that continues an attribute name, so `id=` after it is the tail of data-hotelid=.
const NAME_CHARACTER = /[\w\-.:()[\]#]/;

/**
 * How many attributes named `key` the raw text may hold; the pre-read is sure only when it saw them all.
 * Written `id=` in lower case, as markup has it; an upper-case `ID=` glued to a quote is the one form missed.
 */
function keyCount(raw: string, key: string): number {
  let count = 0;
  for (let at = raw.indexOf(key); at >= 0; at = raw.indexOf(key, at + 1)) {
    if (at === 0 || !NAME_CHARACTER.test(raw[at - 1]!)) count++;
  }
  return count;
}

const isEmpty = (tokens: Iterable<string>) => tokens[Symbol.iterator]().next().done === true;

function addKeyAttributes(index: PageIndex, element: HTMLElement): void {
  const raw = element.rawAttrs;
  if (raw === "") return;
  // An entity (`&amp;`) decodes to other text than the pre-read holds.
  const plain = !raw.includes("&");
  if (!plain || keyCount(raw, "id=") !== (element.id ? 1 : 0)) index.unsureIds.push(element);
  else if (element.id) add(index.ids, element.id, element);
  const tokens = classTokens(element);
  if (!plain || keyCount(raw, "class=") !== (isEmpty(tokens) ? 0 : 1)) index.unsureClasses.push(element);
  else for (const token of tokens) add(index.classes, token, element);
}

function compoundOf(text: string): Compound | null {
  const match = COMPOUND.exec(text);
  if (!match || text === "") return null;
  const compound: Compound = { tag: match[1], ids: [], classes: [], attrs: [] };
  for (const [, id, name, attr, double, single] of match[2]!.matchAll(TOKEN)) {
    if (id) compound.ids.push(id);
    else if (name) compound.classes.push(name);
    else compound.attrs.push([attr!, double ?? single]);
  }
  return compound;
}

/** Whether `element` matches the compound, reading attributes as css-select does (decoded, case-sensitive values). */
function matchesCompound(element: HTMLElement, compound: Compound): boolean {
  if (compound.tag && element.rawTagName.toLowerCase() !== compound.tag) return false;
  if (compound.ids.some((id) => element.getAttribute("id") !== id)) return false;
  if (compound.classes.length > 0) {
    const classes = (element.getAttribute("class") ?? "").split(/\s+/);
    if (compound.classes.some((name) => !classes.includes(name))) return false;
  }
  return compound.attrs.every(([name, value]) => {
    const actual = element.getAttribute(name);
    return value === undefined ? actual !== undefined : actual === value;
  });
}

/** The index once unsure elements are filed under their decoded id and classes (read on the first such query). */
function settled(index: PageIndex): PageIndex {
  for (const element of index.unsureIds.splice(0)) {
    const id = element.getAttribute("id");
    if (id) add(index.ids, id, element);
  }
  for (const element of index.unsureClasses.splice(0)) {
    for (const token of new Set((element.getAttribute("class") ?? "").split(/\s+/))) {
      if (token) add(index.classes, token, element);
    }
  }
  return index;
}

/** Elements that may match: by the pre-read id or class, else by tag, else by a mention of the attribute's name. */
function candidates(index: PageIndex, compound: Compound): HTMLElement[] {
  const [id] = compound.ids;
  if (id !== undefined) return settled(index).ids.get(id) ?? [];
  const [name] = compound.classes;
  if (name !== undefined) return settled(index).classes.get(name) ?? [];
  if (compound.tag) return index.tags.get(compound.tag) ?? [];
  return mentioning(index, compound.attrs[0]![0].toLowerCase());
}

/** Attribute names are never entity-encoded, so an element carrying one mentions it in its raw text. */
function mentioning(index: PageIndex, name: string): HTMLElement[] {
  let found = index.mentioning.get(name);
  if (!found) {
    const named = new RegExp(name.replace(/[^\w-]/g, "\\$&"), "i");
    found = index.elements.filter((element) => named.test(element.rawAttrs));
    index.mentioning.set(name, found);
  }
  return found;
}

function compoundMatches(index: PageIndex, text: string, compound: Compound): HTMLElement[] {
  let matches = index.matches.get(text);
  if (!matches) {
    matches = [...new Set(candidates(index, compound))]
      .filter((element) => matchesCompound(element, compound))
      .sort((a, b) => index.order.get(a)! - index.order.get(b)!);
    index.matches.set(text, matches);
  }
  return matches;
}

/** The elements of `sorted` (in document order) that lie inside `scope`'s subtree. */
function inside(index: PageIndex, sorted: HTMLElement[], scope: HTMLElement): HTMLElement[] {
  const position = index.order.get(scope)!;
  const firstAfter = (bound: number) => {
    let low = 0;
    let high = sorted.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (index.order.get(sorted[middle]!)! <= bound) low = middle + 1;
      else high = middle;
    }
    return low;
  };
  return sorted.slice(firstAfter(position), firstAfter(index.ends[position]!));
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

/** The matches of `selector` under `scope` in document order, or null when the library must answer. */
function fromIndex(scope: HTMLElement, selector: string): HTMLElement[] | null {
  const root = pageRoot(scope);
  const index = pageIndex(root);
  const found = new Set<HTMLElement>();
  const parts = selectorList(selector);
  for (const part of parts) {
    const [, first, combinator, rest] = LEADING.exec(part) ?? [];
    const compound = first ? compoundOf(first) : null;
    // A bare tag inside a card is a small walk for the library; page-wide it is a cheap filter here.
    if (!compound || (scope !== root && compound.ids.length + compound.classes.length + compound.attrs.length === 0)) {
      return null;
    }
    const all = compoundMatches(index, first!, compound);
    const matches = scope === root ? all : inside(index, all, scope);
    if (rest && matches.length > MAX_SCOPES) return null;
    if (!rest && parts.length === 1) return matches === all ? [...all] : matches;
    for (const element of matches) {
      if (!rest) found.add(element);
      // Queried from an element, css-select anchors the rest below it (":scope …").
      else
        for (const match of element.querySelectorAll(combinator!.includes(">") ? `> ${rest}` : rest)) found.add(match);
    }
  }
  return [...found].sort((a, b) => index.order.get(a)! - index.order.get(b)!);
}

/** `scope.querySelectorAll(selector)`, served from the page index when the selector allows. */
export function selectAll(scope: HTMLElement, selector: string): HTMLElement[] {
  return fromIndex(scope, selector) ?? scope.querySelectorAll(selector);
}

/** `scope.querySelector(selector)`: the first match in document order. */
export function selectOne(scope: HTMLElement, selector: string): HTMLElement | null {
  const found = fromIndex(scope, selector);
  return found ? (found[0] ?? null) : scope.querySelector(selector);
}

/** Elements under `root` carrying `name`, as `[name]` finds them. */
export const withAttribute = (root: HTMLElement, name: string): HTMLElement[] => selectAll(root, `[${name}]`);
