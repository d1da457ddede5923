// Which part of a page is its main content. Readability's scoring (Mozilla's Readability.js, as its
// paper and code describe it) over the project's own fast tree: each run of prose scores its parent
// and, less, the ancestors above it; the best-scoring container wins and neighbours that score
// nearly as well join it. Written by hand because Readability.js needs a DOM library that parses a
// page ten times slower than the budget (docs/page.md has the figures).
import type { HTMLElement } from "node-html-parser";
import { selectOne } from "../extract/select";
import { positionOf } from "../extract/tree-nodes";
import { isElement, isInside, nameWeight, SENTENCE_END } from "./elements";
import type { Furniture } from "./furniture";
import { ingredientsApart, standfirstBefore } from "./parts-apart";
import { isKin, linesAsProse, MIN_PROSE_CHARS, proseIn } from "./prose";
import { otherStories, ownHeadline, ownStory } from "./stacked-stories";
import { linkDensity, type PageStats, statsOf, type TextStats } from "./text-stats";

/** Elements whose own sentences count as a run of prose. */
const PROSE_TAGS = new Set([
  "P",
  "PRE",
  "TD",
  "BLOCKQUOTE",
  "LI",
  "DD",
  "DIV",
  "SECTION",
  "ARTICLE",
  "MAIN",
  "FIGCAPTION",
  "CENTER",
]);
/** Readability's head start for a candidate by its tag. */
const TAG_START: Record<string, number> = {
  DIV: 5,
  ARTICLE: 5,
  MAIN: 5,
  SECTION: 3,
  PRE: 3,
  TD: 3,
  BLOCKQUOTE: 3,
  ADDRESS: -3,
  OL: -3,
  UL: -3,
  DL: -3,
  DD: -3,
  DT: -3,
  LI: -3,
  FORM: -3,
  H1: -5,
  H2: -5,
  H3: -5,
  H4: -5,
  H5: -5,
  H6: -5,
  TH: -5,
};
/** The least share of the page's prose the main content holds. */
const FAIR_SHARE = 0.5;
/** How many ancestors a run of prose scores. */
const SCORED_LEVELS = 5;

export interface Candidate {
  element: HTMLElement;
  score: number;
}

export interface MainContent {
  /** The chosen elements in document order: the best container and the neighbours that join it. */
  parts: HTMLElement[];
  /** The winner and the best other containers, best first. */
  ranking: Candidate[];
  /** The standfirst found in the article's header, among the parts: read whatever its class words say. */
  standfirst?: HTMLElement;
}

/** A paragraph-like element with enough words of its own to be more than a label: what scores its ancestors. */
const isProseRun = (element: HTMLElement, own: TextStats) =>
  PROSE_TAGS.has(element.tagName) && own.ownChars >= MIN_PROSE_CHARS;

/** Some run of prose sits under one of `elements` (what furniture words set aside). */
export function holdsProse(elements: HTMLElement[], stats: PageStats): boolean {
  const holds = (element: HTMLElement): boolean => {
    const own = statsOf(stats, element);
    if (own.chars < MIN_PROSE_CHARS) return false;
    return isProseRun(element, own) || element.childNodes.some((child) => isElement(child) && holds(child));
  };
  return elements.some(holds);
}

/** Scores every container of `body` by the prose below it; furniture (`furnitureOf`) neither scores nor wins. */
function scoreContainers(body: HTMLElement, stats: PageStats, furniture: Furniture): Map<HTMLElement, number> {
  const scores = new Map<HTMLElement, number>();
  const visit = (element: HTMLElement, depth: number) => {
    const stated = statsOf(stats, element);
    const own = isProseRun(element, stated) ? stated : linesAsProse(element, stats);
    if (own) {
      const prose =
        (1 + own.ownCommas + Math.min(Math.floor(own.ownChars / 100), 3)) * (1 - own.ownLinkChars / own.ownChars);
      let ancestor = element.parentNode as HTMLElement | null;
      for (let level = 0; ancestor && level < SCORED_LEVELS && level < depth; level++) {
        const start = scores.get(ancestor) ?? (TAG_START[ancestor.tagName] ?? 0) + nameWeight(ancestor);
        scores.set(ancestor, start + prose / (level === 0 ? 1 : level === 1 ? 2 : level * 3));
        ancestor = ancestor.parentNode as HTMLElement | null;
      }
    }
    for (const child of element.childNodes) {
      if (!isElement(child) || !stats.has(child) || furniture.reasonFor(child)) continue;
      visit(child, depth + 1);
    }
  };
  visit(body, 0);
  for (const [element, score] of scores) scores.set(element, score * (1 - linkDensity(statsOf(stats, element))));
  return scores;
}

const elementChildren = (element: HTMLElement) => element.childNodes.filter(isElement);

/** Readability's way up from the best container: to an ancestor shared by close rivals, or scoring more. */
function climb(top: HTMLElement, ranking: Candidate[], scores: Map<HTMLElement, number>, body: HTMLElement) {
  // Nothing above the body is content (a page with no `<head>` has the body as its only child).
  if (top === body) return body;
  const topScore = scores.get(top)!;
  const rivals = ranking.slice(1, 5).filter((candidate) => candidate.score >= topScore * 0.75);
  if (rivals.length >= 3) {
    for (let parent = top.parentNode; parent && parent !== body; parent = parent.parentNode) {
      const held = rivals.filter((rival) => isInside(rival.element, parent)).length;
      if (held >= 3) return parent;
    }
  }
  let best = top;
  let lastScore = topScore;
  for (let parent = top.parentNode; parent && parent !== body; parent = parent.parentNode) {
    const score = scores.get(parent);
    if (score === undefined) continue;
    if (score < topScore / 3) break;
    if (score > lastScore) {
      best = parent;
      break;
    }
    lastScore = score;
  }
  // An only child says nothing its parent does not: its neighbours are the parent's.
  while (best.parentNode && best.parentNode !== body && elementChildren(best.parentNode).length === 1)
    best = best.parentNode;
  return best;
}

const DECK_TAGS = new Set(["H2", "H3", "H4"]);

/** The neighbours of `top` that belong to the content: scoring nearly as well, or a paragraph of prose. */
function joinNeighbours(
  top: HTMLElement,
  scores: Map<HTMLElement, number>,
  stats: PageStats,
  furniture: Furniture,
  otherStory: (element: HTMLElement) => boolean,
) {
  const parent = top.parentNode;
  if (!parent) return [top];
  const topScore = scores.get(top) ?? 0;
  const threshold = Math.max(10, topScore * 0.25);
  const topClass = top.getAttribute("class") ?? "";
  const topProse = proseIn(top, stats, furniture);
  return elementChildren(parent).filter((sibling) => {
    if (sibling === top) return true;
    if (!stats.has(sibling) || furniture.reasonFor(sibling)) return false;
    const own = statsOf(stats, sibling);
    const density = linkDensity(own);
    const sameKind = topClass !== "" && sibling.getAttribute("class") === topClass;
    if (density < 0.3 && isKin(sibling, topClass, stats, furniture)) return true;
    // A part of the story nested deeper than its paragraphs score (a section wrapper of wrappers), not another story.
    if (density < 0.2 && proseIn(sibling, stats, furniture) >= Math.max(500, topProse / 2) && !otherStory(sibling))
      return true;
    if ((scores.get(sibling) ?? 0) + (sameKind ? topScore * 0.2 : 0) >= threshold) return true;
    // A standfirst set as a heading beside the body ("<h3>" of two sentences) is read like a paragraph.
    if (DECK_TAGS.has(sibling.tagName)) return own.chars > 80 && density === 0 && SENTENCE_END.test(sibling.text);
    // A standfirst set as a bare `div` (its text all its own sentences, no blocks inside) is a paragraph too.
    if (sibling.tagName === "DIV" && own.chars > 80 && own.ownChars === own.chars)
      return density === 0 && SENTENCE_END.test(sibling.text);
    if (sibling.tagName !== "P") return false;
    if (own.chars > 80) return density < 0.25;
    return own.chars > 0 && density === 0 && SENTENCE_END.test(sibling.text);
  });
}

/** A winner holding little of the page's prose (a call to action, a comment form) widens to a fair share, unless it holds the headline. */
function widen(
  top: HTMLElement,
  body: HTMLElement,
  stats: PageStats,
  furniture: Furniture,
  headline: HTMLElement | null,
): HTMLElement {
  // The page's own headline heads its story: a winner holding it is the story, whatever its share.
  if (headline && isInside(headline, top)) return top;
  // Each step up would count its subtree again: the counts of the page's walk are kept.
  const known = new Map<HTMLElement, number>();
  const total = proseIn(body, stats, furniture, known);
  let widened = top;
  while (widened !== body && widened.parentNode && proseIn(widened, stats, furniture, known) < total * FAIR_SHARE)
    widened = widened.parentNode;
  return widened;
}

/** How far above the winner a repeated block (one post of a thread) is looked for. */
const REPEAT_LEVELS = 3;

/** One post of a thread, one part of a series: the winner's ancestor (a few levels up) with kin is the unit. */
function repeated(top: HTMLElement, stats: PageStats, furniture: Furniture): HTMLElement {
  const hasKin = (element: HTMLElement, kind: string) =>
    element.parentNode !== null &&
    elementChildren(element.parentNode).some(
      (sibling) => sibling !== element && isKin(sibling, kind, stats, furniture),
    );
  let current = top;
  for (let level = 0; level <= REPEAT_LEVELS && current.parentNode; level++, current = current.parentNode) {
    const kind = current.getAttribute("class");
    if (!kind || !hasKin(current, kind)) continue;
    // Sections nested in sections of their kind (a manual's chapter of sections of sections): the outermost
    // that still has kin of its own is the unit, so the chapter's other sections join it.
    while (current.parentNode?.getAttribute("class") === kind && hasKin(current.parentNode, kind))
      current = current.parentNode;
    return current;
  }
  return top;
}

/** The page's own mark of its main content (`<main>`, `role=main`), for a page with no prose to score (a table of facts). */
function landmark(body: HTMLElement, stats: PageStats): HTMLElement | null {
  const marked = selectOne(body, "main") ?? selectOne(body, '[role="main"]');
  return marked && statsOf(stats, marked).chars > 0 ? marked : null;
}

/** The best-scoring container and its score (undefined when none scores). */
function bestOf(scores: Map<HTMLElement, number>): Candidate | undefined {
  let best: Candidate | undefined;
  for (const [element, score] of scores) if (score > (best?.score ?? 0)) best = { element, score };
  return best;
}

/** How well the page's own story scores at least, against a winner in another story, to take its place. */
const OWN_STORY_SHARE = 0.5;

/**
 * A winner in a story appended below the page's own (under its own headline) gives way to the page's
 * story, when a container of that story scores nearly as well: the other stories' containers leave
 * `scores`. Whether they did.
 */
function leaveOtherStories(
  scores: Map<HTMLElement, number>,
  other: ((element: HTMLElement) => boolean) | null,
): boolean {
  const best = bestOf(scores);
  if (!best || !other?.(best.element)) return false;
  const own = new Map([...scores].filter(([element]) => !other(element)));
  if ((bestOf(own)?.score ?? 0) < best.score * OWN_STORY_SHARE) return false;
  for (const element of scores.keys()) if (!own.has(element)) scores.delete(element);
  return true;
}

/** What a container scores at least to be the main content: one short run of prose, not a few words in a box of links. */
export const MIN_SCORE = 1;

/**
 * The main content of a page whose text `stats` counted; its `<main>`, else the whole body, when no container scores
 * `MIN_SCORE`.
 */
export function findMainContent(body: HTMLElement, stats: PageStats, furniture: Furniture): MainContent {
  const scores = scoreContainers(body, stats, furniture);
  // The title is looked up only on a page that stacks stories or shows several headlines.
  const title = () => selectOne(body.parentNode ?? body, "title")?.text ?? "";
  const other = otherStories(body, title);
  const inOther = leaveOtherStories(scores, other);
  const ranking = [...scores]
    .map(([element, score]) => ({ element, score }))
    .sort((a, b) => b.score - a.score)
    .slice(0, 5);
  const first = ranking[0];
  if (!first || first.score < MIN_SCORE) return { parts: [landmark(body, stats) ?? body], ranking };
  // Beside other stories' headlines the page's own story is known by its headline: it does not widen into theirs.
  const climbed = climb(first.element, ranking, scores, body);
  const top = repeated(
    inOther ? climbed : widen(climbed, body, stats, furniture, ownHeadline(body, title)),
    stats,
    furniture,
  );
  if (!scores.has(top)) scores.set(top, first.score);
  // Stories stacked one after another (a saved endless scroll): the page's own alone, none of its kin joining.
  const story = ownStory(top, stats, title) ?? (top.parentNode ? ownStory(top.parentNode, stats, title) : null);
  if (top === body && !story) return { parts: [body], ranking };
  const parts = story ? [story] : joinNeighbours(top, scores, stats, furniture, other ?? (() => false));
  const ingredients = ingredientsApart(body, parts, stats, furniture);
  if (ingredients) parts.push(ingredients);
  parts.sort((a, b) => positionOf(a) - positionOf(b));
  const standfirst = standfirstBefore(body, parts, stats);
  if (standfirst) parts.unshift(standfirst);
  return { parts, ranking, standfirst: standfirst ?? undefined };
}
