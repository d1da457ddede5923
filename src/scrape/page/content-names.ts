// What an element's class and id names say of its text: the article's body or entry, readers' comments beside
// it, or a part of the entry named by its kind. Decided for furniture.ts.
import type { HTMLElement } from "node-html-parser";
import { COMMENTS_WORDS, furnitureReason, isElement, isFurnitureWord, SENTENCE_END, SUBHEADING_TAGS } from "./elements";
import { classNameOf, nameWords, wordsOf } from "./name-words";
import { linkDensity, type PageStats, statsOf, type TextStats } from "./text-stats";

/** Names that mark an element as content even when a furniture word sits beside them ("post-body sidebar-aware"). */
const CONTENT_NAME = /^(?:article|articlebody|body|content|entry|main|post|story|text|prose|markdown)$/;
/**
 * Furniture words of readers' posts: beside a content name ("article_footer_comments", "comment-body",
 * "spCommunityBox spArticleBottomBox") they still name what readers wrote, not the article.
 */
const READERS_WORDS = new Set(["comment", "community", "reactions", ...COMMENTS_WORDS]);
/** Words that make a readers' word a setting of the article ("comments-open", "comments-closed"), not a box of posts. */
const SETTING_WORDS = new Set(["open", "closed", "enabled", "disabled", "on", "off", "allowed"]);

/** An element named for content ("post-body", "article"), not for readers' posts beside it ("comment-body"). */
export const namedAsContent = (words: string[]): boolean =>
  words.some((word) => CONTENT_NAME.test(word)) &&
  !words.some((word, at) => READERS_WORDS.has(word) && !SETTING_WORDS.has(words[at + 1] ?? ""));

/** A furniture reason that names readers' posts ('class or id "comments"', a post's 'class or id "comment"'). */
export const namesReadersPosts = (reason: string): boolean =>
  READERS_WORDS.has(reason.match(/^class or id "(.+)"$/)?.[1] ?? "");

/**
 * Readers' posts, which may outweigh the article they follow: named so (furniture `reason`) by the element's id or
 * its first class name, not by one of a post's many taxonomy classes ("category-noticias … internet-estallido-comentarios").
 */
export function namedAsComments(element: HTMLElement, reason: string): boolean {
  if (!COMMENTS_WORDS.has(reason.match(/^class or id "(.+)"$/)?.[1] ?? "")) return false;
  const own = [element.id, classNameOf(element).trim().split(/\s+/)[0] ?? ""];
  return own.some((name) => wordsOf(name).some((word) => COMMENTS_WORDS.has(word)));
}

/**
 * A name whose block ends in a furniture word after a content word ("entry-toolbar", "article-meta__text"):
 * a part of the entry named by its kind, not the entry's body beside a furniture word ("post-body
 * sidebar-aware") nor a layout's wrapper ("content-sidebar-wrap", "row-content--sidebar--gutter").
 */
export function headedByFurniture(element: HTMLElement): boolean {
  // BEM's element ("__text") and modifier ("--sidebar") parts say which piece of the block, or how it is drawn.
  const names = `${classNameOf(element)} ${element.id}`
    .split(/\s+/)
    .filter(Boolean)
    .map((name) => wordsOf(name.split(/__|--/)[0]!));
  // A name of content words alone ("article_content") says what the element is, whatever another says ("content_print").
  if (names.some((words) => words.some((word) => CONTENT_NAME.test(word)) && !words.some(isFurnitureWord)))
    return false;
  return names.some((words) => {
    const head = words.at(-1);
    return head !== undefined && isFurnitureWord(head) && words.slice(0, -1).some((word) => CONTENT_NAME.test(word));
  });
}

/** Furniture reasons of words that name a post's writer, which a thread may set on every post. */
const WRITER_NAMES = new Set(['class or id "author"', 'class or id "authors"']);
/** A share of the main content's text that makes the boxes a word marks together the content itself. */
const MOST = 0.6;

/**
 * Whether a word naming a writer names the main content itself: the boxes it marks hold most of it
 * together (a thread whose every post is classed "author", its writer's), though none is the layout
 * alone. Other words keep their boxes out however much they hold (a page's rail of quoted praise).
 */
export class WriterMarks {
  private parts: HTMLElement[] = [];
  private readonly held = new Map<string, number>();

  constructor(private readonly stats: PageStats) {}

  narrowTo(parts: HTMLElement[]): void {
    this.parts = parts;
    this.held.clear();
  }

  holdMost(reason: string, scopeChars: number): boolean {
    if (this.parts.length === 0 || !WRITER_NAMES.has(reason)) return false;
    const held = this.held.get(reason) ?? this.charsMarked(reason);
    this.held.set(reason, held);
    return scopeChars > 500 && held > scopeChars * MOST;
  }

  /** Characters that the outermost elements inside the parts that `reason` marks hold together. */
  private charsMarked(reason: string): number {
    let held = 0;
    const visit = (element: HTMLElement) => {
      if (!this.stats.has(element)) return;
      if (furnitureReason(element) === reason) held += statsOf(this.stats, element).chars;
      else for (const child of element.childNodes) if (isElement(child)) visit(child);
    };
    for (const part of this.parts) visit(part);
    return held;
  }
}

/** Names of a list of tags, and the least share of links such a list shows (its tags are links). */
const TAG_LIST_WORDS = new Set(["tags", "tagcloud", "keywords"]);
const TAG_LIST_LINKS = 0.25;
/** Furniture reasons (elements.ts) of names that stand for links to elsewhere. */
const NAVIGATION_NAME = /^class or id "(?:menu|nav|navbar|navigation|toolbar)"$/;
/** Commas of an element named "print" that make it the printable article (prose) rather than a printout's header or footer. */
const PRINTED_PROSE_COMMAS = 10;
/** Characters of a heading named for its time that make it a headline opening with the time. */
const TIMED_HEADLINE_CHARS = 30;
/** A skip link ("Skip to content") is a few words; a box named "skip" holding more is an ad script's marker over a post. */
const SKIP_LINK_CHARS = 100;

/** A box named for a list of tags that is hardly links and ends a sentence: the text itself ("styled-tags" around each paragraph). */
export function namesTextAsTags(element: HTMLElement, density: number): boolean {
  return (
    density < TAG_LIST_LINKS &&
    nameWords(element).some((word) => TAG_LIST_WORDS.has(word)) &&
    SENTENCE_END.test(element.text)
  );
}

/** Whether the element's text belies the furniture word of its `reason`: a name that, here, names content. */
export function nameBelied(reason: string, element: HTMLElement, own: TextStats): boolean {
  const density = linkDensity(own);
  // A "menu" or "nav" that is hardly links is a widget holding text (a product's tabs), not navigation.
  if (NAVIGATION_NAME.test(reason)) return own.chars >= 500 && density < 0.1;
  if (TAG_LIST_WORDS.has(/^class or id "(\w+)"$/.exec(reason)?.[1] ?? "")) return namesTextAsTags(element, density);
  // "print" names what only a printout shows (a print header or footer) or the part that prints (the article, prose).
  if (reason === 'class or id "print"') return own.commas >= PRINTED_PROSE_COMMAS;
  // A live ticker's entry heading opens with its time ("11.04 Uhr: Drone strike …"): a headline, not a timestamp.
  if (reason === 'class or id "time"') return SUBHEADING_TAGS.has(element.tagName) && own.chars >= TIMED_HEADLINE_CHARS;
  return reason === 'class or id "skip"' && own.chars > SKIP_LINK_CHARS;
}
