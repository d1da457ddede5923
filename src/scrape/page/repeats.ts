// Text the page prints twice: a header's teaser that the body repeats word for word, and a pull quote
// lifted from a paragraph of the text. Read once, where the text has it. Decided for furniture.ts.
import type { HTMLElement } from "node-html-parser";
import { isInside } from "./elements";
import { classNameOf } from "./name-words";
import { type PageStats, statsOf } from "./text-stats";

/** Characters of a pull quote: a sentence or two lifted from the text. */
const PULL_QUOTE_CHARS = { least: 40, most: 400 };

/** Another paragraph outside `header` with the same text as `paragraph` (the body a teaser repeats). */
export function repeatedOutside(paragraph: HTMLElement, header: HTMLElement, stats: PageStats): boolean {
  const { chars } = statsOf(stats, paragraph);
  const text = paragraph.text.trim();
  for (const [element, counted] of stats) {
    if (counted.chars !== chars || element.tagName !== "P" || element === paragraph) continue;
    if (element.text.trim() === text && !isInside(element, header)) return true;
  }
  return false;
}

/**
 * A quote set apart by its look (a class of its own, or set as a figure) whose words a paragraph of
 * the text holds too: a pull quote, not a writer's plain quotation (which a plain `<blockquote>` is).
 */
export function isPullQuote(quote: HTMLElement, stats: PageStats): boolean {
  const { chars, linkChars } = statsOf(stats, quote);
  // An embedded post links to itself ("— Name (@handle) May 2, 2021"); a pull quote links nowhere.
  if (chars < PULL_QUOTE_CHARS.least || chars >= PULL_QUOTE_CHARS.most || linkChars > 0) return false;
  if (classNameOf(quote) === "" && quote.parentNode?.tagName !== "FIGURE") return false;
  const text = quote.text.replace(/\s+/g, " ").trim();
  for (const [element, counted] of stats) {
    if (element.tagName !== "P" || counted.chars < chars || isInside(element, quote)) continue;
    if (element.text.replace(/\s+/g, " ").includes(text)) return true;
  }
  return false;
}
