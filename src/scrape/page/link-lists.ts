// Whether a list inside the main content is the writer's (items that say more than their links, links set
// between paragraphs) or a list of other pages (a menu, a rail of headlines), and whether a paragraph's
// links are phrases of its sentences. Decided for furniture.ts.
import type { HTMLElement } from "node-html-parser";
import { isElement, SENTENCE_END, SUBHEADING_TAGS } from "./elements";
import { linkDensity, type PageStats, statsOf, type TextStats } from "./text-stats";

/** How a label ends before its links ("See also:", "Mehr |", "Lire aussi »"). */
const LABEL_END = /[:：|»›]\s*$/;
/** Characters of a paragraph of prose around a list, more than a label's. */
const PARAGRAPH_CHARS = 80;
/** Characters of an item's own words, besides its links, that make it more than a link. */
const PROSE_BESIDE_LINKS = 25;

const listItems = (list: HTMLElement) =>
  list.childNodes.filter((child): child is HTMLElement => isElement(child) && child.tagName === "LI");

/**
 * A list whose items mostly say something besides their links (a changelog, a digest of who did
 * what) is prose that cites pages, not a list of pages.
 */
export function itemsSayMore(list: HTMLElement, stats: PageStats): boolean {
  const items = listItems(list);
  const telling = items.filter((item) => {
    const own = statsOf(stats, item);
    return own.chars - own.linkChars >= PROSE_BESIDE_LINKS;
  });
  return items.length >= 2 && telling.length * 2 >= items.length;
}

/**
 * A list of several items set between paragraphs of prose (a deals post's offers, the shops a guide
 * links), part of what the writer says; a rail of links stands before or after the article, and a
 * lone linked line between paragraphs is a promotion.
 */
export function amidProse(list: HTMLElement, stats: PageStats): boolean {
  const isProse = (sibling: HTMLElement | null) => {
    if (!sibling || sibling.tagName !== "P" || !stats.has(sibling)) return false;
    const own = statsOf(stats, sibling);
    return own.chars >= PARAGRAPH_CHARS && linkDensity(own) < 0.25;
  };
  const before = list.previousElementSibling as HTMLElement | null;
  let after = list.nextElementSibling as HTMLElement | null;
  while (after && SUBHEADING_TAGS.has(after.tagName)) after = after.nextElementSibling as HTMLElement | null;
  return listItems(list).length >= 2 && isProse(before) && isProse(after);
}

/** The share of the list's items that are links and little else (a menu, a rail of headlines), not lines that link a word. */
export function linkItemShare(list: HTMLElement, stats: PageStats): number {
  const items = listItems(list);
  const links = items.filter((item) => linkDensity(statsOf(stats, item)) >= 0.8);
  return items.length === 0 ? 0 : links.length / items.length;
}

/** A paragraph whose links are phrases of its sentences ("Trump <a>imposed tariffs</a>, prompting …"), not a label and its links. */
export function linksInASentence(paragraph: HTMLElement, own: TextStats): boolean {
  const first = paragraph.firstChild;
  if (!first || isElement(first)) return false;
  const opening = first.text.trim();
  if (opening === "" || LABEL_END.test(opening)) return false;
  return own.commas >= 2 && SENTENCE_END.test(paragraph.text);
}
