// Selector queries that start from a page index (page-index.ts) instead of testing every element.
// css-select (as node-html-parser drives it) compiles the selector on every call, walks the whole
// page or card per query and parses each element's attributes the first time a test reads one,
// which costs more than the parse itself on 1–3 MB pages. Here a selector made of compounds (`tag`,
// `#id`, `.class`, `[attr]`, `[attr="value"]`, `[attr*=…]`, `[attr^=…]`, `[attr$=…]`, `:not(…)` of
// those) joined by descendant or child combinators is answered from the index: the last compound's
// page-wide matches, cut to the scope, then its ancestors tested as css-select tests them. Anything
// else goes to the library unchanged.
import type { HTMLElement } from "node-html-parser";
import { hasToken, keyAttribute, mentioning, mentioningAll, withClass, withId, withValue } from "./page-attributes";
import { attributesOf, inside, insideAny, pageIndex, type PageIndex, withTag } from "./page-index";
import { literalPattern } from "./regions";
import { attributeValue, positionOf } from "./tree-nodes";

/** An attribute test, its name in lower case as attributes are read. */
type AttributeTest = { name: string; operator: string; value: string };
interface Compound {
  tag?: string;
  ids: string[];
  classes: string[];
  attrs: AttributeTest[];
  not: Compound[];
}
/** One compound of a selector, and whether it must be the child (not any descendant) of the one before. */
type Step = { text: string; compound: Compound; child: boolean };

const TAG = "[a-z][a-z0-9]*";
const SIMPLE = `#[\\w-]+|\\.[\\w-]+|\\[[\\w-]+(?:[*^$]?=(?:"[^"]*"|'[^']*'))?\\]`;
const NOT = `:not\\(((?:${TAG})?(?:${SIMPLE})*)\\)`;
const COMPOUND = new RegExp(`^(${TAG})?((?:${SIMPLE}|${NOT})*)$`);
const TOKEN = new RegExp(`#([\\w-]+)|\\.([\\w-]+)|\\[([\\w-]+)(?:([*^$]?=)(?:"([^"]*)"|'([^']*)'))?\\]|${NOT}`, "g");
// A combinator (none before the first compound) and the compound after it.
const STEP = new RegExp(`(\\s*>\\s*|\\s+|)((?:${TAG})?(?:${SIMPLE}|${NOT})*)`, "y");

function compoundOf(text: string): Compound | null {
  const match = COMPOUND.exec(text);
  if (!match || text === "") return null;
  const compound: Compound = { tag: match[1], ids: [], classes: [], attrs: [], not: [] };
  for (const [, id, name, attr, operator, double, single, negated] of match[2]!.matchAll(TOKEN)) {
    if (id) compound.ids.push(id);
    else if (name) compound.classes.push(name);
    else if (attr)
      compound.attrs.push({ name: attr.toLowerCase(), operator: operator ?? "", value: double ?? single ?? "" });
    else {
      const inner = compoundOf(negated!);
      if (!inner) return null;
      compound.not.push(inner);
    }
  }
  return compound;
}

/** The compounds of one selector (no commas), or null when it holds anything the index does not answer. */
function stepsOf(selector: string): Step[] | null {
  const steps: Step[] = [];
  STEP.lastIndex = 0;
  while (STEP.lastIndex < selector.length) {
    const match = STEP.exec(selector);
    const [, combinator = "", text = ""] = match ?? [];
    const compound = compoundOf(text);
    // Every compound names a tag, id, class or attribute: a bare `:not(…)` could match the root.
    if (!compound || (combinator === "") !== (steps.length === 0) || !narrows(compound)) return null;
    steps.push({ text, compound, child: combinator.includes(">") });
  }
  return steps.length > 0 ? steps : null;
}

const narrows = (compound: Compound) =>
  compound.tag !== undefined || compound.ids.length + compound.classes.length + compound.attrs.length > 0;

/**
 * Whether `element` matches the compound, reading attributes as css-select does (decoded, case-sensitive values).
 * Loops rather than callbacks: a selector list tests every candidate of a block against each compound.
 */
function matchesCompound(index: PageIndex, element: HTMLElement, compound: Compound): boolean {
  if (compound.tag && element.rawTagName.toLowerCase() !== compound.tag) return false;
  if (compound.ids.length > 0) {
    const id = keyAttribute(attributesOf(index), element, "id");
    for (let at = 0; at < compound.ids.length; at++) if (id !== compound.ids[at]) return false;
  }
  if (compound.classes.length > 0) {
    const classes = keyAttribute(attributesOf(index), element, "class");
    for (let at = 0; at < compound.classes.length; at++) if (!hasToken(classes, compound.classes[at]!)) return false;
  }
  for (let at = 0; at < compound.attrs.length; at++) if (!passes(index, element, compound.attrs[at]!)) return false;
  for (let at = 0; at < compound.not.length; at++) if (matchesCompound(index, element, compound.not[at]!)) return false;
  return true;
}

/**
 * css-select's attribute tests: an empty `*=`, `^=` or `$=` value matches nothing. A test of `id` or
 * `class` against a value reads the parser's pre-read where it holds (an absent one reads "", which
 * passes no such test either).
 */
function passes(index: PageIndex, element: HTMLElement, { name, operator, value }: AttributeTest): boolean {
  const actual =
    (name === "class" || name === "id") && operator !== "" && value !== ""
      ? keyAttribute(attributesOf(index), element, name)
      : attributeValue(element, name);
  if (operator === "") return actual !== undefined;
  if (operator === "=") return actual === value;
  if (actual === undefined || value === "") return false;
  if (operator === "*=") return actual.includes(value);
  return operator === "^=" ? actual.startsWith(value) : actual.endsWith(value);
}

const COMMON_TAG = 256;

/**
 * Elements that may match, in document order: by id, else class, else tag when it has few elements
 * (`link[rel="canonical"]`) or nothing else is asked, else an attribute's value, else a mention of the
 * attribute's name. Each holds every match; a few tagged elements are tested before filing a value,
 * which searches the whole page.
 */
function candidates(index: PageIndex, compound: Compound): HTMLElement[] {
  const [id] = compound.ids;
  if (id !== undefined) return withId(attributesOf(index), id);
  const [name] = compound.classes;
  if (name !== undefined) return withClass(attributesOf(index), name);
  const tagged = compound.tag ? withTag(index, compound.tag) : undefined;
  // A common tag (div, a, span) with an attribute test: the elements carrying the value or mentioning the name are fewer.
  if (tagged && (tagged.length <= COMMON_TAG || compound.attrs.length === 0)) return tagged;
  const valued = compound.attrs.find((test) => test.operator === "=");
  if (valued) return withValue(attributesOf(index), valued.name, valued.value);
  return mentioning(attributesOf(index), compound.attrs[0]!.name);
}

/**
 * The elements matching one compound inside `scope`, in document order; inside one of `within` too
 * when those are fewer than the candidates. Candidates are cut to the scope before each is tested,
 * so a card's query tests the card's elements only; page-wide answers are kept for the next query.
 */
function compoundMatches(index: PageIndex, step: Step, scope: HTMLElement, within?: HTMLElement[]): HTMLElement[] {
  const cached = scope.parentNode ? undefined : index.matches.get(step.text);
  if (cached) return cached;
  let pool = candidates(index, step.compound);
  if (scope.parentNode) pool = inside(index, pool, scope);
  const narrowed = within !== undefined && within.length < pool.length;
  if (narrowed) pool = insideAny(index, pool, within);
  const matches = pool.filter((element) => matchesCompound(index, element, step.compound));
  if (!scope.parentNode && !narrowed) index.matches.set(step.text, matches);
  return matches;
}

/**
 * Whether the steps before `at` match above `element`. Queried from an element, css-select anchors
 * the selector below it (":scope …"), so the ancestors tried stop at the scope.
 */
function matchedAbove(index: PageIndex, element: HTMLElement, steps: Step[], at: number, scope: HTMLElement): boolean {
  if (at === 0) return true;
  const { compound } = steps[at - 1]!;
  for (let parent = element.parentNode; parent && parent !== scope; parent = parent.parentNode) {
    if (matchesCompound(index, parent, compound) && matchedAbove(index, parent, steps, at - 1, scope)) return true;
    if (steps[at]!.child) return false;
  }
  return false;
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

/** Every element under `scope`, in document order. */
function everyElement(index: PageIndex, scope: HTMLElement): HTMLElement[] {
  if (!scope.parentNode) return [...index.elements];
  const position = positionOf(scope);
  return index.elements.slice(position + 1, index.ends[position]! + 1);
}

// Readers ask the same few selectors once per card; each is read into steps once (steps are never changed).
const chainsOfSelector = new Map<string, (Step[] | null)[]>();

function chainsOf(selector: string): (Step[] | null)[] {
  let chains = chainsOfSelector.get(selector);
  if (!chains) {
    if (chainsOfSelector.size > 1000) chainsOfSelector.clear();
    chains = selectorList(selector).map(stepsOf);
    chainsOfSelector.set(selector, chains);
  }
  return chains;
}

/** The matches of `selector` under `scope` in document order, or null when the library must answer. */
function fromIndex(scope: HTMLElement, selector: string): HTMLElement[] | null {
  if (selector.trim() === "*") return everyElement(pageIndex(scope), scope);
  const chains = chainsOf(selector);
  if (chains.some((steps) => steps === null)) return null;
  const index = pageIndex(scope);
  const found = new Set<HTMLElement>();
  for (const steps of chains as Step[][]) {
    // Every match lies inside a match of the first compound, so when those are few only their subtrees are tried.
    const first = steps.length > 1 ? compoundMatches(index, steps[0]!, scope) : undefined;
    const matches = compoundMatches(index, steps[steps.length - 1]!, scope, first);
    // Page-wide matches are the index's own list, handed out as a copy.
    if (steps.length === 1 && chains.length === 1) return scope.parentNode ? matches : [...matches];
    for (const element of matches) {
      if (matchedAbove(index, element, steps, steps.length - 1, scope)) found.add(element);
    }
  }
  return [...found].sort((a, b) => positionOf(a) - positionOf(b));
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

/** Readers about to ask `[name]` for each of `names` (lower case, none the start of another): one search finds them all. */
export const expectAttributes = (root: HTMLElement, names: string[]): void =>
  mentioningAll(attributesOf(pageIndex(root)), names);

const partPatterns = new Map<string, RegExp>();

/**
 * The elements under `scope` whose attributes `names` (lower case) hold one of `parts`, in document
 * order: what `[class*="a"], [id*="a"], [class*="b"], …` finds. For a block's few thousand elements:
 * each is ruled out on its raw attributes, where a value without an entity is written as it reads,
 * where the index would first search the whole page for every element naming each attribute.
 */
export function holdingAny(scope: HTMLElement, names: string[], parts: string[]): HTMLElement[] {
  const key = parts.join("\n");
  let written = partPatterns.get(key);
  if (!written) {
    if (partPatterns.size > 100) partPatterns.clear();
    written = literalPattern(parts, "i");
    partPatterns.set(key, written);
  }
  const mentioned = written;
  return everyElement(pageIndex(scope), scope).filter((element) => {
    const raw = element.rawAttrs;
    if (!raw.includes("&") && !mentioned.test(raw)) return false;
    return names.some((name) => {
      const value = attributeValue(element, name);
      return value !== undefined && parts.some((part) => value.includes(part));
    });
  });
}
