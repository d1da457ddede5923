// A page that appends the site's next stories below its own (an endless scroll saved whole): the
// winner then holds several `<article>`s side by side, each with its own headline and body. Only one
// of them is the page's: the one whose headline the page's title repeats, else the first.
import type { HTMLElement } from "node-html-parser";
import { lettersAndDigits } from "../extract/dom";
import { selectAll, selectOne } from "../extract/select";
import { isElement } from "./elements";
import type { PageStats } from "./text-stats";
import { statsOf } from "./text-stats";

const HEADLINE_TAGS = "h1, h2, h3";
/** Characters a story box holds at least: a story, not a teaser card of a list. */
const STORY_CHARS = 1_500;
/** A headline shorter than this (in letters and digits) is too generic to be matched with the title. */
const MATCHED_HEADLINE = 12;

/** `<article>` children of `top` (or of its only wrapper) that each read as a whole story. */
function storiesIn(top: HTMLElement, stats: PageStats): HTMLElement[] {
  const children = top.childNodes.filter((child): child is HTMLElement => isElement(child) && stats.has(child));
  const boxes = children.length === 1 && children[0]!.tagName !== "ARTICLE" ? children[0]!.childNodes : top.childNodes;
  return boxes.filter(
    (box): box is HTMLElement =>
      isElement(box) &&
      box.tagName === "ARTICLE" &&
      stats.has(box) &&
      statsOf(stats, box).chars >= STORY_CHARS &&
      selectOne(box, HEADLINE_TAGS) !== null,
  );
}

/** Whether the page's title repeats one of the box's headlines. */
function titled(box: HTMLElement, title: string): boolean {
  return selectAll(box, HEADLINE_TAGS).some((heading) => {
    const words = lettersAndDigits(heading.text);
    return words.length >= MATCHED_HEADLINE && title.includes(words);
  });
}

/**
 * The page's own story when `top` holds two or more whole stories (each an `<article>` with a headline
 * and a body): the one the page's title names, else the first; null when `top` is one story.
 */
export function ownStory(top: HTMLElement, stats: PageStats, titleOf: () => string): HTMLElement | null {
  const stories = storiesIn(top, stats);
  if (stories.length < 2) return null;
  const wanted = lettersAndDigits(titleOf());
  return stories.find((story) => wanted !== "" && titled(story, wanted)) ?? stories[0]!;
}
