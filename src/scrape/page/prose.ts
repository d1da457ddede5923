// How much prose a part of a page holds, and which of its neighbours are of its kind: the measures the
// main-content rules (main-content.ts) widen, join and repeat by.
import type { HTMLElement } from "node-html-parser";
import { isElement } from "./elements";
import type { Furniture } from "./furniture";
import { ofKind } from "./name-words";
import { type PageStats, statsOf, type TextStats } from "./text-stats";

/** A run shorter than this is a label, not prose. */
export const MIN_PROSE_CHARS = 25;

/** Characters of prose (runs of low link density) under `element`, furniture left out; `known` keeps every count made. */
export function proseIn(
  element: HTMLElement,
  stats: PageStats,
  furniture: Furniture,
  known?: Map<HTMLElement, number>,
): number {
  const counted = known?.get(element);
  if (counted !== undefined) return counted;
  const own = statsOf(stats, element);
  let prose = own.ownChars >= MIN_PROSE_CHARS && own.ownLinkChars < own.ownChars * 0.3 ? own.ownChars : 0;
  for (const child of element.childNodes) {
    if (isElement(child) && stats.has(child) && !furniture.reasonFor(child))
      prose += proseIn(child, stats, furniture, known);
  }
  known?.set(element, prose);
  return prose;
}

/** `sibling` is of `kind` with prose: 100 characters in that very class, 200 in a class adding words to it. */
export function isKin(sibling: HTMLElement, kind: string, stats: PageStats, furniture: Furniture): boolean {
  if (!kind || !ofKind(sibling, kind) || !stats.has(sibling) || furniture.reasonFor(sibling)) return false;
  const least = sibling.getAttribute("class") === kind ? MIN_PROSE_CHARS * 4 : MIN_PROSE_CHARS * 8;
  return proseIn(sibling, stats, furniture) >= least;
}

/** Lines a body written one line to a box needs, and the characters they hold together. */
const MIN_LINES = 5;
const MIN_LINES_CHARS = MIN_PROSE_CHARS * 4;
const LINE_TAGS = new Set(["DIV", "P"]);

/**
 * A body an editor writes one short line to a box (`<div>22歳！見えない…</div><div>同い年だった…</div>`, a
 * blog editor's lines): no line is long enough to be prose alone, together they are the story. Their counts
 * together, as `element`'s own run of prose; null where its children are no such lines.
 */
export function linesAsProse(element: HTMLElement, stats: PageStats): TextStats | null {
  let lines = 0;
  let inked = 0;
  const run = { chars: 0, linkChars: 0, commas: 0 };
  for (const child of element.childNodes) {
    if (!isElement(child) || !stats.has(child)) continue;
    const own = statsOf(stats, child);
    if (own.chars === 0) continue;
    inked++;
    if (!LINE_TAGS.has(child.tagName) || own.ownChars !== own.chars || own.ownChars >= MIN_PROSE_CHARS) continue;
    lines++;
    run.chars += own.ownChars;
    run.linkChars += own.ownLinkChars;
    run.commas += own.ownCommas;
  }
  if (lines < MIN_LINES || lines * 2 < inked || run.chars < MIN_LINES_CHARS) return null;
  const whole = statsOf(stats, element);
  return { ...whole, ownChars: run.chars, ownLinkChars: run.linkChars, ownCommas: run.commas };
}
