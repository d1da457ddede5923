// Readability.js's main text of a page, the baseline `npm run page-report -- --baseline readability` scores
// beside ours (docs/page.md#quality). Scripts only: neither library is in the Worker's bundle.
import { Readability } from "@mozilla/readability";
import { parseHTML } from "linkedom";
import { parse } from "node-html-parser";
import type { TextExtractor } from "./article-score.ts";

/**
 * The text of the article Readability finds with its default options, or "" when it finds none (`parse()`
 * gives null). Its `textContent` glues the words of adjacent blocks when the page has no whitespace
 * between them ("…last line.Next heading"), which breaks shingles ours keeps apart, so the text is read
 * from its `content` HTML block by block, a line per block as ours renders. Like ours it leaves out the
 * title, a field of its own (`title`), and drops a heading that repeats it.
 */
export const readReadabilityText: TextExtractor = (html) => {
  const article = new Readability(parseHTML(html).document).parse();
  return article?.content ? parse(article.content).structuredText : "";
};
