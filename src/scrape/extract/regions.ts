// Texts searched region by region: each element's attribute text where it lies in the page (or the
// elements' texts joined one a line), searched once for a name with each hit going to the element
// whose region holds it and the text between regions skipped.
import type { HTMLElement } from "node-html-parser";

/** Where each owner's text lies in `text` (its raw attributes, or its classes on a line of their own), in document order. */
export interface Regions {
  text: string;
  starts: Int32Array;
  ends: Int32Array;
  owners: HTMLElement[];
}

/** The last region starting at or before `at`, or -1. */
export function regionBefore({ starts }: Regions, at: number): number {
  let low = -1;
  let high = starts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (starts[middle]! <= at) low = middle;
    else high = middle - 1;
  }
  return low;
}

/**
 * Each occurrence `find` reports (the first at or after a position) that lies inside an element's
 * attributes, in order; the text between them (scripts, the page's text) is skipped, not searched.
 * `hit` returns where to search on. Names and keys hold no space, `/` or `>`, so none runs past the
 * attributes it starts in.
 */
export function eachHit(raw: Regions, find: Finder, hit: (region: number, at: number) => number) {
  for (let at = find(0); at >= 0; ) {
    const region = regionBefore(raw, at);
    if (region >= 0 && at + find.found.length <= raw.ends[region]!) at = find(hit(region, at));
    else if (region + 1 < raw.starts.length) at = find(Math.max(at + 1, raw.starts[region + 1]!));
    else return;
  }
}

export type Finder = ((from: number) => number) & { found: string };

/**
 * Where one of `literals` next occurs in `text` at or after a position, and which (`found`): a
 * regular expression finds a literal faster than `indexOf`.
 */
export const finder = (text: string, literals: string[], flags: string): Finder =>
  patternFinder(text, literalPattern(literals, flags));

/** A pattern matching any of `literals` as written. */
export const literalPattern = (literals: string[], flags: string): RegExp =>
  new RegExp(literals.map((literal) => literal.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|"), flags);

/** `finder` for a global pattern. */
export function patternFinder(text: string, pattern: RegExp): Finder {
  const find = (from: number) => {
    pattern.lastIndex = from;
    const match = pattern.exec(text);
    find.found = match?.[0] ?? "";
    return match?.index ?? -1;
  };
  find.found = "";
  return find;
}

/** The texts of `owners`, one a line. */
export function joined(owners: HTMLElement[], textOf: (element: HTMLElement) => string): Regions {
  const starts = new Int32Array(owners.length);
  const ends = new Int32Array(owners.length);
  let length = 0;
  const texts = owners.map((element, line) => {
    const text = textOf(element);
    starts[line] = length;
    ends[line] = length + text.length;
    length = ends[line]! + 1;
    return text;
  });
  return { text: texts.join("\n"), starts, ends, owners };
}
