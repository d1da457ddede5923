// Any page read for an agent: its main content (or the whole page) as Markdown, clean HTML and plain
// text, its links and its metadata, with how much of the page the main content is and how it was
// chosen. A pure function from HTML text, like every parser here: it runs in Node, in workerd and
// in the corpus scorer alike.
import type { HTMLElement } from "node-html-parser";
import { cleanText, loadHtml, visibleText } from "../extract/dom";
import { selectAll, selectOne } from "../extract/select";
import { cleanHtml } from "./clean-html";
import { namesReadersPosts } from "./content-names";
import { furnitureReason, isInside } from "./elements";
import { nameWords } from "./name-words";
import { Furniture } from "./furniture";
import { readLinks, type PageLink } from "./links";
import { type Candidate, findMainContent, holdsProse, MIN_SCORE } from "./main-content";
import { type PageMetadata, readMetadata } from "./metadata";
import { render, type RenderContext } from "./render";
import { countPage, type PageStats, statsOf } from "./text-stats";

export interface PageReadingOptions {
  /** false: the whole page converted (only what no reader sees left out). Default true. */
  onlyMainContent?: boolean;
  /** Set when reading what a page's `<noscript>` elements hold. */
  fromNoscript?: boolean;
  /** Set when reading a page made of teasers (a blog's index, a front page) again with them as its content. */
  teasersAreContent?: boolean;
  /** Set when reading a thread that shows nothing but its readers' comments (a link aggregator's) again with them. */
  commentsAreContent?: boolean;
}

export interface MainContentChoice {
  method: "main content" | "whole page";
  /** The chosen container, written like a CSS selector (`article#post.entry-content`). */
  container: string;
  score: number;
  /** Neighbours of the container that joined it (Readability's sibling rule). */
  joined_siblings: number;
  /** The best other containers and their scores. */
  runners_up: { container: string; score: number }[];
  /** Elements left out inside the chosen content, counted by why. */
  removed: Record<string, number>;
}

export interface PageReading {
  markdown: string;
  html: string;
  text: string;
  links: PageLink[];
  metadata: PageMetadata;
  /** Characters (not whitespace) of the answer's text and of all the page's visible text. */
  content: { characters: number; page_characters: number; main_content_share: number; words: number };
  choice: MainContentChoice;
}

function describe(element: HTMLElement): string {
  const id = element.getAttribute("id");
  const classes = nameWords(element).length > 0 ? (element.getAttribute("class") ?? "").trim().split(/\s+/) : [];
  return (
    (element.tagName ?? "document").toLowerCase() +
    (id ? `#${id}` : "") +
    classes
      .slice(0, 3)
      .filter(Boolean)
      .map((name) => `.${name}`)
      .join("")
  );
}

const round = (value: number, places = 3) => Math.round(value * 10 ** places) / 10 ** places;
const ranked = (candidates: Candidate[]) =>
  candidates.map((candidate) => ({ container: describe(candidate.element), score: round(candidate.score, 1) }));

/**
 * The marks of a heading's own permalink or edit links ("#", "¶", "[edit]", a wiki's "[modifier | modifier le code]"
 * in any language), not part of its words.
 */
const HEADING_MARK = /^(?:\[?(?:#|¶|§|edit|link)\]?|\[[^\]]{1,40}\])$/i;
const HEADINGS = new Set(["H1", "H2", "H3", "H4", "H5", "H6"]);

function isHeadingMark(element: HTMLElement): boolean {
  if (element.tagName !== "A" && element.tagName !== "SPAN") return false;
  const parent = element.parentNode;
  if (!parent || !(HEADINGS.has(parent.tagName) || HEADINGS.has(parent.parentNode?.tagName ?? ""))) return false;
  return HEADING_MARK.test(cleanText(visibleText(element)) ?? "");
}

/** A footnote's or editor's mark in the text ("[12]", "[a]", "[citation needed]"): a pointer to a note, not words of the sentence. */
const NOTE_MARK = /^\[[^\]]{1,24}\]$/;

function isNoteMark(element: HTMLElement): boolean {
  return element.tagName === "SUP" && NOTE_MARK.test(cleanText(visibleText(element)) ?? "");
}

/** A title's or heading's words alone: punctuation and spacing differ between the two ("Linde: Gase…" against "Linde Gase…"). */
export const titleWords = (text: string): string =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\p{M}]+/gu, " ")
    .trim();

/** Headings below `h1` that may carry the headline; their words must be a headline's length to count. */
const SUBHEADINGS = new Set(["H2", "H3"]);
const HEADLINE_CHARS = 20;

/** Whether a heading repeats the page's title (shown in `metadata.title`, so not again as content). */
function repeatsTitle(heading: HTMLElement, titles: string[]): boolean {
  if (heading.tagName !== "H1" && !SUBHEADINGS.has(heading.tagName)) return false;
  const text = titleWords(cleanText(visibleText(heading)) ?? "");
  // A section heading ("Ingredients") may be a word of the title; a headline set as `h2` is most of it.
  const least = heading.tagName === "H1" ? 1 : HEADLINE_CHARS;
  return titles.some(
    (title) => Math.min(text.length, title.length) >= least && (title.includes(text) || text.includes(title)),
  );
}

/** Readability's least length of an article (`charThreshold`). */
const SHORT_CONTENT = 500;
const charsOf = (parts: HTMLElement[], stats: PageStats) =>
  parts.reduce((sum, part) => sum + statsOf(stats, part).chars, 0);
/** Characters of the chosen parts a reader is shown once the asides set aside inside them are left out. */
function shownChars(parts: HTMLElement[], stats: PageStats, furniture: Furniture): number {
  const inParts = furniture.asides.filter((aside) => parts.some((part) => isInside(aside, part)));
  const outermost = inParts.filter((aside) => !inParts.some((other) => other !== aside && isInside(aside, other)));
  return charsOf(parts, stats) - charsOf(outermost, stats);
}

function withinAside(element: HTMLElement): boolean {
  for (let current = element.parentNode; current; current = current.parentNode)
    if (current.tagName === "ASIDE") return true;
  return false;
}

/**
 * The main content read with the page's outermost asides as content (a slideshow set in the side column,
 * a news column set in an aside inside `<main>`), when it shows more than `shown` characters. An aside
 * inside one (a newsletter box in the article the column holds) stays side content.
 */
function amongAsides(body: HTMLElement, stats: PageStats, pageChars: number, shown: number) {
  const furniture = new Furniture(stats, pageChars, true, (aside) => !withinAside(aside));
  const main = findMainContent(body, stats, furniture);
  return shownChars(main.parts, stats, furniture) > shown ? { furniture, main } : null;
}

/**
 * The furniture reason of a teaser; how many of them make a page an index of other pages, and the characters
 * under which, once they are left out, the page shows next to nothing.
 */
const TEASER = "a teaser of another page";
const INDEX_TEASERS = 3;
const INDEX_SHOWN = 200;

/** A main content chosen by a score below this holds hardly any prose (a box of names, a widget's list). */
const WEAK_CHOICE = 5;
/** How many times what is left a thread's readers' posts outweigh, when they are its content. */
const THREAD_WEIGHT = 4;
/** How many boxes named for readers' comments the reading left out. */
const removedComments = (reading: PageReading) =>
  Object.entries(reading.choice.removed).reduce(
    (sum, [reason, count]) => sum + (namesReadersPosts(reason) ? count : 0),
    0,
  );

/** Whether a box of the page is named for readers' posts: asked only of a short page its main content was weakly chosen for. */
const holdsReadersPosts = (body: HTMLElement) =>
  selectAll(body, "[class], [id]").some((element) => namesReadersPosts(furnitureReason(element) ?? ""));

/** Below this many characters a page that puts its text in `<noscript>` is read from there. */
const SCRIPTED_SHELL = 200;

/** What a page shows visitors without scripts (a crawler view), when it shows nothing otherwise. */
function noscriptPage(root: HTMLElement): string | null {
  const inner = selectAll(root, "noscript")
    .map((element) => element.rawText)
    .join("\n");
  return inner.length > SCRIPTED_SHELL * 2 ? `<html><body>${inner}</body></html>` : null;
}

export function readWebPage(html: string, url: string, options: PageReadingOptions = {}): PageReading {
  const root = loadHtml(html);
  const body = selectOne(root, "body") ?? root;
  const counted = countPage(body);
  if (statsOf(counted.stats, body).chars < SCRIPTED_SHELL && !options.fromNoscript) {
    const shown = noscriptPage(root);
    if (shown) return readWebPage(shown, url, { ...options, fromNoscript: true });
  }
  const reading = readTree(root, body, counted, url, options);
  // A page that shows less than an article while its `<noscript>` holds one (a blog that writes its posts with
  // scripts) is read from there.
  if (reading.content.characters < SHORT_CONTENT && !options.fromNoscript && options.onlyMainContent !== false) {
    const shown = noscriptPage(root);
    const again = shown ? readWebPage(shown, url, { ...options, fromNoscript: true }) : null;
    if (again && again.content.characters >= SHORT_CONTENT) return again;
  }
  // A thread shows less than an article once its readers' posts are left out (a link aggregator's, a board whose posts
  // are named as comments, where a widget's list of names or a chat box's prompt may win instead): when the posts
  // outweigh what is left many times over, they are what it has to say.
  const weak = reading.choice.score < WEAK_CHOICE || reading.content.characters < INDEX_SHOWN;
  const postsLeftOut = removedComments(reading) > 0 || (weak && holdsReadersPosts(body));
  if (options.onlyMainContent !== false && reading.content.characters < SHORT_CONTENT && postsLeftOut) {
    const again = readTree(root, body, counted, url, { ...options, commentsAreContent: true });
    if (again.content.characters > Math.max(reading.content.characters * THREAD_WEIGHT, INDEX_SHOWN)) return again;
  }
  // A page whose content is teasers of its own pages (a blog's index, a front page) shows nothing once they are
  // left out: they are what it has to say.
  const teasers = reading.choice.removed[TEASER] ?? 0;
  if (options.onlyMainContent === false || options.teasersAreContent || teasers < INDEX_TEASERS) return reading;
  if (reading.content.characters >= INDEX_SHOWN) return reading;
  const again = readTree(root, body, counted, url, { ...options, teasersAreContent: true });
  return again.content.characters > reading.content.characters ? again : reading;
}

function readTree(
  root: HTMLElement,
  body: HTMLElement,
  { stats, anchors }: ReturnType<typeof countPage>,
  url: string,
  options: PageReadingOptions,
): PageReading {
  const onlyMain = options.onlyMainContent !== false;
  const pageChars = statsOf(stats, body).chars;
  const metadata = readMetadata(root, url);
  const [teasers, comments] = [options.teasersAreContent, options.commentsAreContent];
  let furniture = new Furniture(stats, pageChars, true, undefined, teasers, comments);
  let main = findMainContent(body, stats, furniture);
  // Readability's second try: a page whose every run of prose sat under a furniture word (an article
  // classed by its writer's name, "author-…"), so that nothing or a line of links scored, is read again
  // without the class and id words; a page with no prose at all (a product grid) is not.
  const unscored = (main.ranking[0]?.score ?? 0) < MIN_SCORE;
  if (onlyMain && unscored && holdsProse(furniture.namedAside, stats)) {
    furniture = new Furniture(stats, pageChars, false, undefined, teasers, comments);
    main = findMainContent(body, stats, furniture);
  }
  let mainChars = charsOf(main.parts, stats);
  // Readability strips asides only from the article it found: a main content showing less than an article
  // (the asides inside it left out) while an `<aside>` holds prose is looked for again among them.
  if (onlyMain && holdsProse(furniture.asides, stats)) {
    const shown = shownChars(main.parts, stats, furniture);
    const again = shown < SHORT_CONTENT ? amongAsides(body, stats, pageChars, shown) : null;
    if (again) [furniture, main, mainChars] = [again.furniture, again.main, charsOf(again.main.parts, stats)];
  }
  furniture.narrowTo(mainChars, main.parts);
  const titles = [metadata.title, cleanText(visibleText(selectOne(root, "title")))]
    .filter((title): title is string => Boolean(title))
    .map(titleWords)
    .filter(Boolean);
  const skipped = new Map<HTMLElement, boolean>();
  const skip = (element: HTMLElement) => {
    let decided = skipped.get(element);
    if (decided === undefined) {
      // The standfirst found in the header is read whatever its class words say ("entry-excerpt").
      decided =
        !stats.has(element) ||
        (onlyMain &&
          element !== main.standfirst &&
          (furniture.removes(element) ||
            isHeadingMark(element) ||
            isNoteMark(element) ||
            repeatsTitle(element, titles)));
      skipped.set(element, decided);
    }
    return decided;
  };
  const parts = onlyMain ? main.parts : [body];
  const context: RenderContext = { mode: "text", base: url, skip };
  const text = render(parts, context);
  const markdown = render(parts, { ...context, mode: "markdown" });
  const partSet = new Set(main.parts);
  const inMain = (element: HTMLElement) => {
    for (let current: HTMLElement | null = element; current; current = current.parentNode) {
      if (partSet.has(current)) return true;
      if (current.tagName && onlyMain && skipped.get(current)) return false;
    }
    return false;
  };
  const characters = text.replace(/\s+/g, "").length;
  const top = main.ranking[0];
  return {
    markdown: metadata.title && onlyMain ? `# ${metadata.title}\n\n${markdown}`.trim() : markdown,
    html: cleanHtml(parts, context),
    text,
    links: readLinks(anchors, url, inMain),
    metadata,
    content: {
      characters,
      page_characters: pageChars,
      main_content_share: pageChars === 0 ? 0 : round(Math.min(1, characters / pageChars)),
      words: text.split(/\s+/).filter(Boolean).length,
    },
    choice: {
      method: onlyMain && main.parts[0] !== body ? "main content" : "whole page",
      container: describe(main.parts.length === 1 ? main.parts[0]! : (main.parts[0]!.parentNode ?? body)),
      score: round(top?.score ?? 0, 1),
      joined_siblings: Math.max(0, main.parts.length - 1),
      runners_up: ranked(main.ranking.slice(1, 4)),
      removed: Object.fromEntries(furniture.removed),
    },
  };
}
