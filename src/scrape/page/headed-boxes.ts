// Boxes inside the main content whose headings say they are no part of the article: a gallery whose
// every slide repeats the gallery's title, and a box of other stories opening with, or set right under,
// a heading that names them ("Read also", "More stories for you", 推荐阅读). Decided for furniture.ts.
import type { HTMLElement } from "node-html-parser";
import { isElement, SUBHEADING_TAGS } from "./elements";
import { readsAsAuthorBoxLabel, readsAsCommentsBoxLabel, readsAsRelatedBoxLabel } from "./line-texts";
import { linkDensity, type PageStats, statsOf } from "./text-stats";

/** Elements a page sets a label in when it draws the heading with styles alone. */
const LINE_TAGS = new Set(["DIV", "P", "SPAN", "STRONG", "B"]);
/** A heading shorter than this is a label over a box, not a section's title. */
const LABEL_CHARS = 40;
/** The least share of link text of a box of teasers (linked headlines over snippets). */
const TEASER_LINKS = 0.1;
/** Items of a list that make a gallery when each repeats one heading. */
const SLIDES = 3;

/** The first heading inside `element` (its own text in document order), if any. */
function firstHeading(element: HTMLElement): HTMLElement | undefined {
  for (const child of element.childNodes) {
    if (!isElement(child)) continue;
    if (SUBHEADING_TAGS.has(child.tagName)) return child;
    const inner = firstHeading(child);
    if (inner) return inner;
  }
  return undefined;
}

/** A short heading, or a short line set as one (`<div class="row-title">`): the label readers' words say. */
const isLabel = (element: HTMLElement, stats: PageStats) =>
  (SUBHEADING_TAGS.has(element.tagName) || LINE_TAGS.has(element.tagName)) &&
  statsOf(stats, element).chars < LABEL_CHARS;

/**
 * A list whose items each open under one same heading (a picture gallery's title over every slide): the
 * slides of a gallery set in the page, not the article's own sections, whose headings differ.
 */
export function repeatsOneHeading(list: HTMLElement, stats: PageStats): boolean {
  const items = list.childNodes.filter(
    (child): child is HTMLElement => isElement(child) && child.tagName === "LI" && stats.has(child),
  );
  if (items.length < SLIDES) return false;
  const heading = firstHeading(items[0]!)?.text.trim();
  return heading !== undefined && heading !== "" && items.every((item) => firstHeading(item)?.text.trim() === heading);
}

/**
 * Whether `box` opens with a short heading that `reads` as its label, and holds more than it; `unlinked`: a label
 * that is all link is not one (a "209 Comments" link above an article jumps to them).
 */
function opensWithLabel(
  box: HTMLElement,
  stats: PageStats,
  reads: (text: string) => boolean,
  unlinked = false,
): boolean {
  const first = box.childNodes.find((child): child is HTMLElement => isElement(child) && stats.has(child));
  if (!first || !isLabel(first, stats)) return false;
  const label = statsOf(stats, first);
  if (unlinked && label.linkChars >= label.chars) return false;
  return statsOf(stats, box).chars > label.chars && reads(first.text);
}

/** A box that opens with a heading of other stories ("Read also", "推荐阅读"): what follows is theirs, not the article's. */
export const headedAsRelated = (box: HTMLElement, stats: PageStats) =>
  opensWithLabel(box, stats, readsAsRelatedBoxLabel);

/** A box that opens with a heading of the writer ("Author", "About the author"): a bio, not the article. */
export const headedAsAuthor = (box: HTMLElement, stats: PageStats) => opensWithLabel(box, stats, readsAsAuthorBoxLabel);

/** A box that opens with a heading of readers' comments ("27 commentaires", "Reacties (29)"): theirs, not the article. */
export const headedAsComments = (box: HTMLElement, stats: PageStats) =>
  opensWithLabel(box, stats, readsAsCommentsBoxLabel, true);

/**
 * A box right under a box that only says readers' comments follow ("Comments" set in a table row of its
 * own, as pages laid out in tables do): the comments, whatever their links. A link that says so
 * ("Komentarze (3)" over a recipe) jumps to them from above the article.
 */
export function underCommentsHeading(box: HTMLElement, stats: PageStats): boolean {
  const before = previousWithText(box, stats);
  if (before === null) return false;
  const { chars, linkChars } = statsOf(stats, before);
  return chars < LABEL_CHARS && linkChars < chars && readsAsCommentsBoxLabel(before.text);
}

/** The nearest element before `box` among its siblings that holds text. */
function previousWithText(box: HTMLElement, stats: PageStats): HTMLElement | null {
  let before = box.previousElementSibling as HTMLElement | null;
  while (before && (!stats.has(before) || statsOf(stats, before).chars === 0))
    before = before.previousElementSibling as HTMLElement | null;
  return before;
}

/**
 * A box of links right under a heading of other stories ("More stories for you" over linked headlines and
 * their snippets); a list of sentences without links under "Related coverage" is the writer's own.
 */
export function underRelatedHeading(box: HTMLElement, stats: PageStats): boolean {
  if (linkDensity(statsOf(stats, box)) < TEASER_LINKS) return false;
  const before = previousWithText(box, stats);
  return before !== null && isLabel(before, stats) && readsAsRelatedBoxLabel(before.text);
}
