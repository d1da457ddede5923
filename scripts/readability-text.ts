// Readability.js's main text of a page, the baseline `npm run page-report -- --baseline readability` scores
// beside ours (docs/page.md#quality). Scripts only: neither library is in the Worker's bundle.
import { Readability } from "@mozilla/readability";
import { parseHTML } from "linkedom";
import { BLOCK_TAGS } from "../src/scrape/page/elements.ts";
import type { TextExtractor } from "./article-score.ts";

/** An HTML fragment's text with a line break around every block, where our renderer breaks lines too. */
function textByBlock(html: string): string {
  const { document } = parseHTML(`<!doctype html><html><body>${html}</body></html>`);
  for (const element of Array.from(document.body.querySelectorAll("*"))) {
    if (!BLOCK_TAGS.has(element.tagName) && element.tagName !== "BR") continue;
    element.before("\n");
    element.after("\n");
  }
  return document.body.textContent ?? "";
}

/**
 * The text of the article Readability finds with its default options, or "" when it finds none (`parse()`
 * gives null). Its `textContent` runs adjacent blocks together where the page has no whitespace between
 * them ("…empty statesCollaborating on…"), gluing words that ours keeps apart, so the text is read from its
 * `content` HTML block by block instead. Like ours it leaves the title out: Readability gives it as a field
 * of its own and drops a heading that repeats it.
 */
export const readReadabilityText: TextExtractor = (html) => {
  const article = new Readability(parseHTML(html).document).parse();
  return article?.content ? textByBlock(article.content) : "";
};
