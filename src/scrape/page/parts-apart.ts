// Parts of the article set apart from the chosen content that join it: a recipe's ingredient box in its
// own column, and the standfirst in the article's header (a header is furniture, its summary is not).
import type { HTMLElement } from "node-html-parser";
import { pageIndex } from "../extract/page-index";
import { isElement, isInside } from "./elements";
import { classNameOf, nameWords } from "./name-words";
import type { Furniture } from "./furniture";
import { linkDensity, type PageStats, statsOf } from "./text-stats";

const INGREDIENTS_NAME = /ingredients/i;

/** Shown elements named for a recipe's ingredients ("recipe-ingredients", "wprm-recipe-ingredients"), from the page's counts. */
function ingredientBoxes(body: HTMLElement, stats: PageStats): HTMLElement[] {
  const named: HTMLElement[] = [];
  // A page whose source never says "…ngredients" (most pages) has no such box to look for.
  const source = pageIndex(body).html;
  if (source !== undefined && !source.includes("ngredients")) return named;
  for (const element of stats.keys()) {
    // Most elements' names never mention it: the names are split into words only when they do.
    const mentions = INGREDIENTS_NAME.test(classNameOf(element)) || INGREDIENTS_NAME.test(element.id);
    if (mentions && nameWords(element).includes("ingredients")) named.push(element);
  }
  return named;
}

/**
 * The box of a recipe's ingredients when it stands apart from the chosen content (in its own column,
 * after an ad): the list is what the steps refer to, so it joins them.
 */
export function ingredientsApart(body: HTMLElement, parts: HTMLElement[], stats: PageStats, furniture: Furniture) {
  const named = ingredientBoxes(body, stats);
  // The smallest element holding every one so named (a list inside a box of the same name).
  let box: HTMLElement | null = named[0] ?? null;
  while (box && box !== body && !named.every((item) => item === box || isInside(item, box!))) box = box.parentNode;
  if (!box || box === body || furniture.reasonFor(box)) return null;
  const related = (part: HTMLElement) => part === box || isInside(box!, part) || isInside(part, box!);
  return parts.some(related) ? null : box;
}

/** Class words of an article's standfirst, the summary under its headline ("story__standfirst", "article-deck"). */
const STANDFIRST_WORDS = [
  "standfirst",
  "strapline",
  "deck",
  "subhead",
  "subheading",
  "subheader",
  "excerpt",
  "introduction",
  "perex",
  "dek",
  "abstract",
  "epigraph",
  "lead",
];
/** Characters a standfirst holds: a sentence or two. */
const STANDFIRST_CHARS = { least: 40, most: 600 };
/** How far above the content's first part a standfirst set in the article's header may branch off. */
const STANDFIRST_LEVELS = 4;

const STANDFIRST_NAME = new RegExp(STANDFIRST_WORDS.join("|"), "i");

/**
 * The article's standfirst when it sits in the header before the chosen content (a header is
 * furniture, its headline and byline no part of the text, but its summary is the article's first words).
 * Looked for only before the content's first part, under an ancestor a few levels up.
 */
export function standfirstBefore(body: HTMLElement, parts: HTMLElement[], stats: PageStats): HTMLElement | null {
  const first = parts[0]!;
  let scope = first;
  for (let level = 0; level < STANDFIRST_LEVELS && scope.parentNode && scope.parentNode !== body; level++)
    scope = scope.parentNode;
  let found: HTMLElement | null = null;
  // In document order until the first part: true once it is reached.
  const reachesFirst = (element: HTMLElement): boolean => {
    for (const child of element.childNodes) {
      if (child === first) return true;
      if (!isElement(child) || !stats.has(child)) continue;
      if (isStandfirst(child, stats)) found ??= child;
      else if (reachesFirst(child)) return true;
    }
    return false;
  };
  reachesFirst(scope);
  return found;
}

function isStandfirst(element: HTMLElement, stats: PageStats): boolean {
  // The headline itself is no standfirst, whatever its name says ("lead__headline").
  if (element.tagName === "H1" || !STANDFIRST_NAME.test(classNameOf(element))) return false;
  if (!nameWords(element).some((word) => STANDFIRST_WORDS.includes(word))) return false;
  const own = statsOf(stats, element);
  return own.chars >= STANDFIRST_CHARS.least && own.chars <= STANDFIRST_CHARS.most && linkDensity(own) <= 0.1;
}
