// Elements by id, class or attribute name, for the page index (page-index.ts). An attribute name is
// searched once through the page's own text, where every element's raw attributes lie (for a tree
// the parser did not build, through those texts joined), each hit going to the element whose
// attributes hold it, and the text between attributes skipped; a class is searched through the
// pre-read classes joined one a line, a far shorter text. A page asks for a dozen names, and testing
// every element's text for each costs more than these searches.
import type { HTMLElement } from "node-html-parser";
import { attributeValue, positionOf } from "./tree-nodes";
import { mayBeName, startsAttribute } from "./attribute-names";
import { isSpaceCode } from "./whitespace";
import { eachHit, finder, joined, patternFinder, regionBefore, type Regions } from "./regions";

type KeyCounts = { id: Int32Array; class: Int32Array };

export interface PageAttributes {
  raw: Regions;
  /** By attribute name (lower case): the elements carrying it, by decoded value. */
  values: Map<string, Map<string, HTMLElement[]>>;
  /** By position (page-index.ts): the element's region of `raw`, -1 for an element without attributes. */
  regionAt: Int32Array;
  keys: KeyCounts | null;
  mentioning: Map<string, HTMLElement[]>;
  ids: Map<string, HTMLElement[]> | null;
  classes: ClassLookup | null;
}

/**
 * The pre-read classes that are what getAttribute would decode, joined one a line (a class is found
 * by one search through them); the other elements' classes are kept apart, decoded (entities,
 * repeated or oddly written attributes).
 */
interface ClassLookup {
  lines: Regions;
  unsure: [HTMLElement, string[]][];
  /** The elements found for each class asked for. */
  found: Map<string, HTMLElement[]>;
}

type Parsed = { _start: number; rawTagName: string };

export function pageAttributes(elements: HTMLElement[], html: string | undefined): PageAttributes {
  const regionAt = new Int32Array(elements.length).fill(-1);
  const owners: HTMLElement[] = [];
  elements.forEach((element, position) => {
    if (element.rawAttrs === "") return;
    regionAt[position] = owners.length;
    owners.push(element);
  });
  const raw = html === undefined ? joined(owners, (element) => element.rawAttrs) : regionsIn(html, owners);
  return { raw, values: new Map(), regionAt, keys: null, mentioning: new Map(), ids: null, classes: null };
}

/** The attributes of `owners` where they lie in the page: after `<`, the tag name and one space. */
function regionsIn(html: string, owners: HTMLElement[]): Regions {
  const starts = new Int32Array(owners.length);
  const ends = new Int32Array(owners.length);
  owners.forEach((element, region) => {
    const parsed = element as unknown as Parsed;
    starts[region] = parsed._start + parsed.rawTagName.length + 2;
    ends[region] = starts[region]! + element.rawAttrs.length;
  });
  return { text: html, starts, ends, owners };
}

/** Attribute names are never entity-encoded, so an element carrying one mentions it in its raw text. */
export function mentioning(attributes: PageAttributes, name: string): HTMLElement[] {
  let found = attributes.mentioning.get(name);
  if (!found) {
    const list: HTMLElement[] = [];
    const { raw } = attributes;
    eachHit(raw, finder(raw.text, [name], "gi"), (region) => {
      list.push(raw.owners[region]!);
      return raw.ends[region]!;
    });
    found = list;
    attributes.mentioning.set(name, found);
  }
  return found;
}

/**
 * `mentioning` for several lower-case names, none the start of another, in one search of the page:
 * the structured-data readers ask for four names on every page. Each occurrence is found, even one
 * inside another, as the search steps one character past each.
 */
export function mentioningAll(attributes: PageAttributes, names: string[]): void {
  const asked = names.filter((name) => !attributes.mentioning.has(name));
  if (asked.length < 2 || asked.some((name) => asked.some((other) => other !== name && other.startsWith(name)))) return;
  const lists = new Map(asked.map((name) => [name, [] as HTMLElement[]]));
  const { raw } = attributes;
  const find = finder(raw.text, asked, "gi");
  eachHit(raw, find, (region, at) => {
    const list = lists.get(find.found.toLowerCase())!;
    if (list[list.length - 1] !== raw.owners[region]) list.push(raw.owners[region]!);
    return at + 1;
  });
  for (const [name, list] of lists) attributes.mentioning.set(name, list);
}

/**
 * Elements whose attribute `name` (lower case) reads `value`, in document order: the elements
 * writing the name filed by value once, so a query asked of every card finds its few at once.
 */
export function withValue(attributes: PageAttributes, name: string, value: string): HTMLElement[] {
  let byValue = attributes.values.get(name);
  if (!byValue) {
    byValue = new Map();
    const { raw } = attributes;
    for (const [region, plain] of namedRegions(raw, name)) {
      const element = raw.owners[region]!;
      const found = plain ?? attributeValue(element, name);
      if (found === undefined) continue;
      const list = byValue.get(found);
      if (list) list.push(element);
      else byValue.set(found, [element]);
    }
    attributes.values.set(name, byValue);
  }
  return byValue.get(value) ?? [];
}

/**
 * Any of `names` in any case, neither glued to a name character after it nor after one that makes
 * it the tail of a longer name (digits and dashes are left to `mayBeName`, which reads further back).
 */
const namePattern = (...names: string[]) =>
  new RegExp(
    `(?<![a-zA-Z_.:()[\\]#@$?])(?:${names.map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|")})(?![a-zA-Z0-9\\-._:()[\\]#])`,
    "gi",
  );

/** Whether a name found at `at` is written as the parser's pre-read reads one: in lower case after a space, glued to its `=`, not inside another value. */
const writtenPlainly = (text: string, start: number, at: number, found: string) =>
  found === found.toLowerCase() &&
  text[at + found.length] === "=" &&
  (at === start || isSpaceCode(text.charCodeAt(at - 1))) &&
  startsAttribute(text, start, at);

/**
 * The regions where the library may read `name` (lower case) as an attribute's name, in order: all
 * that can carry the attribute. With each, the value when the region writes the name once, as
 * written (lower case, after a space, not inside another value) and with a quoted value without an
 * entity, which is what getAttribute decodes then; undefined where getAttribute must read it.
 */
function namedRegions(raw: Regions, name: string): Map<number, string | undefined> {
  const regions = new Map<number, string | undefined>();
  const { text, starts, ends } = raw;
  const find = patternFinder(text, namePattern(name));
  const plainly = !(name in Object.prototype);
  eachHit(raw, find, (region, at) => {
    const start = starts[region]!;
    if (!mayBeName(text, start, at, name.length)) return at + 1;
    if (regions.has(region)) {
      regions.set(region, undefined); // written twice: the library decides which counts
      return at + 1;
    }
    const valueAt = at + name.length + 2;
    const quote = text[valueAt - 1];
    const close = quote === '"' || quote === "'" ? text.indexOf(quote, valueAt) : -1;
    const quoted = close >= 0 && close < ends[region]! ? text.slice(valueAt, close) : undefined;
    const plain =
      plainly && quoted !== undefined && !quoted.includes("&") && writtenPlainly(text, start, at, find.found);
    regions.set(region, plain ? quoted : undefined);
    return at + 1;
  });
  return regions;
}

const KEY_NAME = namePattern("id", "class");

/**
 * Per region, how many times `id` and `class` are written where the library may read them as an
 * attribute's name, in any case and with or without a value: once for each written as the parser's
 * pre-read reads it (in lower case after a space, glued to its `=`, not inside another value), twice
 * for any other. The pre-read value is what getAttribute decodes when the count is one and the value
 * holds no entity; none is there when it is zero. Both are counted in one search, kept for the page.
 */
function keyCounts(attributes: PageAttributes): KeyCounts {
  if (attributes.keys) return attributes.keys;
  const { raw } = attributes;
  const counts: KeyCounts = { id: new Int32Array(raw.owners.length), class: new Int32Array(raw.owners.length) };
  const find = patternFinder(raw.text, KEY_NAME);
  const { text } = raw;
  eachHit(raw, find, (region, at) => {
    const start = raw.starts[region]!;
    const { found } = find;
    if (mayBeName(text, start, at, found.length)) {
      counts[found.length === 2 ? "id" : "class"][region]! += writtenPlainly(text, start, at, found) ? 1 : 2;
    }
    return at + 1;
  });
  attributes.keys = counts;
  return counts;
}

const holds = (count: number, value: string | undefined) => count === (value ? 1 : 0) && !value?.includes("&");

type Classed = { _class?: string };

/**
 * `element.getAttribute(name) ?? ""` for `id` or `class`: the parser's pre-read value where it is
 * what getAttribute decodes (written once, as the pre-read reads it, without an entity), else decoded.
 */
export function keyAttribute(attributes: PageAttributes, element: HTMLElement, name: "id" | "class"): string {
  const position = positionOf(element);
  const region = position < 0 ? -1 : attributes.regionAt[position]!;
  if (region < 0) return position < 0 ? (attributeValue(element, name) ?? "") : "";
  const pre = name === "id" ? element.id : (element as unknown as Classed)._class;
  if (holds(keyCounts(attributes)[name][region]!, pre)) return pre ?? "";
  return attributeValue(element, name) ?? "";
}

/** Elements whose `id` is `id`, filed on the first id asked. */
export function withId(attributes: PageAttributes, id: string): HTMLElement[] {
  if (!attributes.ids) {
    const ids = new Map<string, HTMLElement[]>();
    for (const element of attributes.raw.owners) {
      const key = keyAttribute(attributes, element, "id");
      if (!key) continue;
      const list = ids.get(key);
      if (list) list.push(element);
      else ids.set(key, [element]);
    }
    attributes.ids = ids;
  }
  return attributes.ids.get(id) ?? [];
}

/** Elements that may carry class `name`, in document order. */
export function withClass(attributes: PageAttributes, name: string): HTMLElement[] {
  attributes.classes ??= classLookup(attributes);
  let found = attributes.classes.found.get(name);
  if (!found) {
    found = findClass(attributes.classes, name);
    attributes.classes.found.set(name, found);
  }
  return found;
}

/** A class name is in the raw text of an element that carries it, as long as the pre-read holds. */
function findClass({ lines, unsure }: ClassLookup, name: string): HTMLElement[] {
  const found: HTMLElement[] = [];
  for (let at = lines.text.indexOf(name); at >= 0; at = lines.text.indexOf(name, at + 1)) {
    const owner = lines.owners[regionBefore(lines, at)]!;
    if (found[found.length - 1] !== owner && hasToken((owner as unknown as Classed)._class!, name)) found.push(owner);
  }
  const decoded = unsure.filter(([, tokens]) => tokens.includes(name)).map(([element]) => element);
  return decoded.length === 0 ? found : [...found, ...decoded].sort((a, b) => positionOf(a) - positionOf(b));
}

/** Whether `name` is one of the whitespace-separated tokens of `text`. */
export function hasToken(text: string, name: string): boolean {
  for (let at = text.indexOf(name); at >= 0; at = text.indexOf(name, at + 1)) {
    const end = at + name.length;
    if (
      (at === 0 || isSpaceCode(text.charCodeAt(at - 1))) &&
      (end === text.length || isSpaceCode(text.charCodeAt(end)))
    ) {
      return true;
    }
  }
  return false;
}

function classLookup(attributes: PageAttributes): ClassLookup {
  const counts = keyCounts(attributes).class;
  const sure: HTMLElement[] = [];
  const unsure: [HTMLElement, string[]][] = [];
  attributes.raw.owners.forEach((element, region) => {
    const pre = (element as unknown as Classed)._class;
    if (!holds(counts[region]!, pre)) {
      unsure.push([element, (attributeValue(element, "class") ?? "").split(/\s+/).filter(Boolean)]);
    } else if (pre) sure.push(element);
  });
  return { lines: joined(sure, (element) => (element as unknown as Classed)._class!), unsure, found: new Map() };
}
