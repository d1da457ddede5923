// A page that appends the site's next stories below its own (an endless scroll saved whole): the
// winner then holds several `<article>`s side by side, each with its own headline and body, or the
// stories follow one another in plain boxes, each under its own `<h1>`. Only one of them is the
// page's: the one whose headline the page's title repeats. A title that names none of them is a
// blog's front page, whose whole stories are all its content.
import type { HTMLElement } from "node-html-parser";
import { lettersAndDigits } from "../extract/dom";
import { selectAll, selectOne } from "../extract/select";
import { positionOf } from "../extract/tree-nodes";
import { isElement, isInside } from "./elements";
import type { PageStats } from "./text-stats";
import { statsOf } from "./text-stats";

const HEADLINE_TAGS = "h1, h2, h3";
/** Characters a story box holds at least: a story, not a teaser card of a list. */
const STORY_CHARS = 1_500;
/** A headline shorter than this (in letters and digits) is too generic to be matched with the title. */
const MATCHED_HEADLINE = 12;

/** A story's headline, not a section's label ("Zubereitung", "Ingredients", "Comments"): words enough to name one. */
const isHeadline = (heading: HTMLElement | null) =>
  heading !== null && lettersAndDigits(heading.text).length >= MATCHED_HEADLINE;

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
      isHeadline(selectOne(box, HEADLINE_TAGS)),
  );
}

/**
 * The page's own story when `top` holds two or more whole stories (each an `<article>` with a headline
 * and a body): the one the page's title names; null when `top` is one story, or when the title names none
 * (a blog's front page: "Coding Horror" over its latest posts).
 */
export function ownStory(top: HTMLElement, stats: PageStats, titleOf: () => string): HTMLElement | null {
  const stories = storiesIn(top, stats);
  if (stories.length < 2) return null;
  const title = titleOf();
  const titled = (story: HTMLElement) =>
    selectAll(story, HEADLINE_TAGS).some((heading) => namedByTitle(heading, title));
  return stories.find(titled) ?? null;
}

/** Where a page's title puts the site's name beside the headline ("Headline | Site", "Headline – Site"). */
const TITLE_SEPARATOR = /\s[|–—·:-]{1,2}\s/;

/** Whether a headline is the one the page's title gives (the title may cut it short before the site's name). */
function namedByTitle(headline: HTMLElement, title: string): boolean {
  const words = lettersAndDigits(headline.text);
  if (words.length < MATCHED_HEADLINE) return false;
  if (lettersAndDigits(title).includes(words)) return true;
  return title
    .split(TITLE_SEPARATOR)
    .map(lettersAndDigits)
    .some((part) => part.length >= MATCHED_HEADLINE && words.includes(part));
}

/** The page's own headline: its one `<h1>`, or among several the one its title gives; null when none is known. */
export function ownHeadline(body: HTMLElement, titleOf: () => string): HTMLElement | null {
  const headlines = selectAll(body, "h1");
  if (headlines.length < 2) return headlines[0] ?? null;
  const title = titleOf();
  const named = headlines.filter((h1) => namedByTitle(h1, title));
  return named.length === 1 ? named[0]! : null;
}

/**
 * On a page where one `<h1>` is its own headline (the one its title gives) and the others other
 * stories' (stories appended below it, or loaded above it, in plain boxes): whether an element belongs to
 * another story, as it holds another story's headline or follows one; null when the page shows no such stories.
 */
export function otherStories(body: HTMLElement, titleOf: () => string): ((element: HTMLElement) => boolean) | null {
  const headlines = selectAll(body, "h1").filter((h1) => lettersAndDigits(h1.text).length >= MATCHED_HEADLINE);
  if (headlines.length < 2) return null;
  // The page's own headline is the one its title gives (exactly one): first, with stories appended below it, or
  // after a story the saved page had loaded above it.
  const title = titleOf();
  const others = headlines.filter((h1) => !namedByTitle(h1, title));
  if (others.length !== headlines.length - 1) return null;
  const starts = headlines.map((h1) => ({ at: positionOf(h1), other: others.includes(h1) }));
  return (element) => {
    if (others.some((h1) => isInside(h1, element))) return true;
    const at = positionOf(element);
    const last = starts.findLast((start) => start.at < at);
    return last?.other ?? false;
  };
}
