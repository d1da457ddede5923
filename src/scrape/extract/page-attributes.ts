// Elements by id, class or attribute name, for the page index (page-index.ts). The raw attribute
// text of every element and the class text the parser pre-read are each joined into one string,
// one element a line, and searched as one: a page asks for a dozen names, and testing every
// element's own text for each costs more than a search through one string.
import type { HTMLElement } from "node-html-parser";
import { attributeValue, positionOf } from "./tree-nodes";

/** Texts joined one a line: where each line starts and whose it is. */
interface Lines {
  text: string;
  starts: Int32Array;
  owners: HTMLElement[];
}

export interface PageAttributes {
  /** Every element's raw attribute text (elements without attributes left out). */
  raw: Lines;
  mentioning: Map<string, HTMLElement[]>;
  ids: Map<string, HTMLElement[]> | null;
  classes: ClassText | null;
}

/**
 * The class text the parser pre-read, where getAttribute would decode the same. Elements whose
 * class attribute may decode to other tokens (entities, repeated or oddly written attributes) are
 * kept apart, decoded.
 */
interface ClassText {
  lines: Lines;
  unsure: [HTMLElement, string[]][];
  /** The elements found for each class asked for. */
  found: Map<string, HTMLElement[]>;
}

function linesOf(pairs: [HTMLElement, string][]): Lines {
  const starts = new Int32Array(pairs.length);
  let length = 0;
  for (let line = 0; line < pairs.length; line++) {
    starts[line] = length;
    length += pairs[line]![1].length + 1;
  }
  return { text: pairs.map(([, text]) => text).join("\n"), starts, owners: pairs.map(([element]) => element) };
}

/** The line holding offset `at`: the last line starting at or before it. */
function lineAt({ starts }: Lines, at: number): number {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (starts[middle]! <= at) low = middle;
    else high = middle - 1;
  }
  return low;
}

export function pageAttributes(elements: HTMLElement[]): PageAttributes {
  const raw = linesOf(
    elements.filter((element) => element.rawAttrs !== "").map((element) => [element, element.rawAttrs]),
  );
  return { raw, mentioning: new Map(), ids: null, classes: null };
}

/** Attribute names are never entity-encoded, so an element carrying one mentions it in its raw text. */
export function mentioning(attributes: PageAttributes, name: string): HTMLElement[] {
  let found = attributes.mentioning.get(name);
  if (!found) {
    found = [];
    const named = new RegExp(name.replace(/[^\w-]/g, "\\$&"), "gi");
    for (let match = named.exec(attributes.raw.text); match; match = named.exec(attributes.raw.text)) {
      const owner = attributes.raw.owners[lineAt(attributes.raw, match.index)]!;
      if (found[found.length - 1] !== owner) found.push(owner);
    }
    attributes.mentioning.set(name, found);
  }
  return found;
}

// A character that continues an attribute name, so `id=` after it is the tail of data-hotelid=.
const NAME_CHARACTER = /[\w\-.:()[\]#]/;

/**
 * Per line of the raw attribute text, how often attribute `key` (`id=` or `class=`) is written as
 * the parser's pre-read sees it: in lower case, glued to its `=`, not the tail of a longer name. The
 * pre-read value is what getAttribute decodes when that happens once and the value holds no entity.
 */
function keyCounts({ raw }: PageAttributes, key: string): Int32Array {
  const counts = new Int32Array(raw.owners.length);
  for (let at = raw.text.indexOf(key); at >= 0; at = raw.text.indexOf(key, at + 1)) {
    const line = lineAt(raw, at);
    if (at === raw.starts[line] || !NAME_CHARACTER.test(raw.text[at - 1]!)) counts[line]!++;
  }
  return counts;
}

const holds = (count: number, value: string | undefined) => count === (value ? 1 : 0) && !value?.includes("&");

/** Elements whose `id` may be `id`: by the pre-read id, else decoded. */
export function withId(attributes: PageAttributes, id: string): HTMLElement[] {
  if (!attributes.ids) {
    const ids = new Map<string, HTMLElement[]>();
    const counts = keyCounts(attributes, "id=");
    attributes.raw.owners.forEach((element, line) => {
      const key = holds(counts[line]!, element.id) ? element.id : attributeValue(element, "id");
      if (!key) return;
      const list = ids.get(key);
      if (list) list.push(element);
      else ids.set(key, [element]);
    });
    attributes.ids = ids;
  }
  return attributes.ids.get(id) ?? [];
}

/** Elements that may carry class `name`, in document order. */
export function withClass(attributes: PageAttributes, name: string): HTMLElement[] {
  attributes.classes ??= classText(attributes);
  let found = attributes.classes.found.get(name);
  if (!found) {
    found = findClass(attributes.classes, name);
    attributes.classes.found.set(name, found);
  }
  return found;
}

function findClass({ lines, unsure }: ClassText, name: string): HTMLElement[] {
  const found: HTMLElement[] = [];
  const { text } = lines;
  for (let at = text.indexOf(name); at >= 0; at = text.indexOf(name, at + 1)) {
    const end = at + name.length;
    if ((at > 0 && !isSpace(text.charCodeAt(at - 1))) || (end < text.length && !isSpace(text.charCodeAt(end))))
      continue;
    const owner = lines.owners[lineAt(lines, at)]!;
    if (found[found.length - 1] !== owner) found.push(owner);
  }
  const decoded = unsure.filter(([, tokens]) => tokens.includes(name)).map(([element]) => element);
  return decoded.length === 0 ? found : [...found, ...decoded].sort((a, b) => positionOf(a) - positionOf(b));
}

type Classed = { _class?: string };

function classText(attributes: PageAttributes): ClassText {
  const sure: [HTMLElement, string][] = [];
  const unsure: [HTMLElement, string[]][] = [];
  const counts = keyCounts(attributes, "class=");
  attributes.raw.owners.forEach((element, line) => {
    const pre = (element as unknown as Classed)._class;
    if (!holds(counts[line]!, pre)) {
      unsure.push([element, (attributeValue(element, "class") ?? "").split(/\s+/).filter(Boolean)]);
    } else if (pre) sure.push([element, pre]);
  });
  return { lines: linesOf(sure), unsure, found: new Map() };
}

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
