// The short lines around an article's text that are no part of it: a dateline, a copyright or
// affiliate line closing its box, a photo's credit under the picture, the editor's or the writer's
// line, a call to sign up or follow, a paywall's word, the writer's note or bio closing the article.
// Decided for furniture.ts, whose test of what is left out says which siblings are read.
import type { HTMLElement } from "node-html-parser";
import { isElement } from "./elements";
import {
  givesContact,
  readsAsCredit,
  readsAsDateline,
  readsAsLegal,
  readsAsWriterBio,
  STANDING_LINE_CHARS,
  standingLineKind,
} from "./line-texts";
import { type PageStats, statsOf } from "./text-stats";
import { selectAll, selectOne } from "../extract/select";

/** A line shorter than this that is mostly a date is the page's date line. */
const DATE_LINE_CHARS = 80;
const DATE_LINE_TAGS = new Set(["P", "DIV", "H2", "H3", "H4", "H5", "H6"]);
/** A line shorter than this that reads as legal boilerplate (a copyright, a disclosure of affiliate links) is no part of the article. */
const LEGAL_LINE_CHARS = 400;
/** A line shorter than this that names whose picture it is ("Credit: …", "Photo: …", "Courtesy of …") is a photo's credit. */
const CREDIT_LINE_CHARS = 100;
const CREDIT_TAGS = new Set(["P", "DIV", "FIGCAPTION"]);
/** Where a credit line belongs: in a figure or its caption (elsewhere "Courtesy of …" opens a sentence of the text). */
const PICTURE_TAGS = new Set(["FIGURE", "FIGCAPTION"]);
/** A closing line set all in italics shorter than this is a note about the article (who wrote it, where it ran first). */
const CLOSING_NOTE_CHARS = 400;
const ITALIC_TAGS = new Set(["EM", "I"]);
/** Inline wrappers an italic note may sit in ("<a><em>Name</em></a>"). */
const INLINE_WRAPPERS = new Set(["A", "SPAN", "STRONG", "B"]);

/** Every word of `element` is set in italics (`em`, `i`), links and spans around them aside. */
function allItalic(element: HTMLElement): boolean {
  return element.childNodes.every((child) => {
    if (!isElement(child)) return child.text.trim() === "";
    if (ITALIC_TAGS.has(child.tagName)) return true;
    return INLINE_WRAPPERS.has(child.tagName) && child.childNodes.length > 0 && allItalic(child);
  });
}

export class Lines {
  /** Whether anything is read after each element among its siblings, decided for a whole box at once. */
  private readonly closing = new Map<HTMLElement, boolean>();
  /** Each short line's text, trimmed: several rules read the same line. */
  private readonly texts = new Map<HTMLElement, string>();

  constructor(
    private readonly stats: PageStats,
    /** Whether an element is left out of the content (furniture or clutter). */
    private readonly leftOut: (element: HTMLElement) => boolean,
  ) {}

  /** Forget which lines close their box: the clutter is decided again, relative to the main content. */
  clear(): void {
    this.closing.clear();
  }

  private textOf(line: HTMLElement): string {
    let text = this.texts.get(line);
    if (text === undefined) {
      text = line.text.trim();
      this.texts.set(line, text);
    }
    return text;
  }

  /** Why `line` is no part of the article, or null. */
  reasonFor(line: HTMLElement): string | null {
    if (this.isDateLine(line)) return "a date line";
    if (this.isLegalLine(line)) return "a legal line";
    if (this.isCreditLine(line)) return "a photo's credit";
    const standing = this.standingLine(line);
    if (standing) return standing;
    if (this.isClosingNote(line)) return "a closing note";
    return this.isWriterBio(line) ? "the writer's bio" : null;
  }

  /** A short line or heading that is mostly a `<time>` ("23. März 2017, aktualisiert 15:43 Uhr"): when the page was written, not what. */
  private isDateLine(line: HTMLElement): boolean {
    if (!DATE_LINE_TAGS.has(line.tagName)) return false;
    const chars = statsOf(this.stats, line).chars;
    if (chars === 0 || chars >= DATE_LINE_CHARS) return false;
    const timeChars = selectAll(line, "time").reduce((sum, time) => sum + statsOf(this.stats, time).chars, 0);
    if (timeChars * 2 >= chars) return true;
    // A sentence that gives a time ("Update: Dec. 22, 2016, 2:16 p.m. Updated with …") and code printing one are read.
    if (!readsAsDateline(this.textOf(line))) return false;
    return selectOne(line, "pre, code") === null;
  }

  /** A short line of only its own text that reads as a copyright or a disclosure ("Copyright © 1997 – 2011 …", "… affiliate links …"). */
  private isLegalLine(line: HTMLElement): boolean {
    if (line.tagName !== "P") return false;
    const own = statsOf(this.stats, line);
    if (own.chars === 0 || own.chars >= LEGAL_LINE_CHARS || own.ownChars !== own.chars) return false;
    return readsAsLegal(this.textOf(line)) && this.closes(line) && this.follows(line);
  }

  /** A short line of only its own text naming whose picture it is, under the picture: "Credit: Funko", "Image by Getty Images". */
  private isCreditLine(line: HTMLElement): boolean {
    if (!CREDIT_TAGS.has(line.tagName)) return false;
    const own = statsOf(this.stats, line);
    if (own.chars === 0 || own.chars >= CREDIT_LINE_CHARS || own.ownChars !== own.chars) return false;
    return readsAsCredit(this.textOf(line)) && this.underPicture(line);
  }

  /**
   * A short line of what a paper prints around every article, set as a paragraph: who edited it ("【责任编辑：…】",
   * "Editor: …"), who wrote it ("By Jane Doe"), a call to sign up for a newsletter or to follow the site, a
   * paywall's word that the rest is for members. Its text is read once, for short lines only.
   */
  private standingLine(line: HTMLElement): string | null {
    if (!CREDIT_TAGS.has(line.tagName)) return null;
    const chars = statsOf(this.stats, line).chars;
    if (chars === 0 || chars >= STANDING_LINE_CHARS) return null;
    return standingLineKind(this.textOf(line), chars);
  }

  /** `line` sits in a figure or its caption, or right after a picture (an image, a figure, a box of an image alone). */
  private underPicture(line: HTMLElement): boolean {
    for (let at: HTMLElement | null = line; at; at = at.parentNode) if (PICTURE_TAGS.has(at.tagName)) return true;
    let before = line.previousElementSibling as HTMLElement | null;
    while (before && !this.stats.has(before)) before = before.previousElementSibling as HTMLElement | null;
    if (!before) return false;
    const shown = statsOf(this.stats, before);
    return before.tagName === "FIGURE" || (shown.images > 0 && shown.chars === 0);
  }

  /** A paragraph set all in italics after the article's text, short: the writer's bio or an editor's note. */
  private isClosingNote(line: HTMLElement): boolean {
    if (line.tagName !== "P" && line.tagName !== "BLOCKQUOTE") return false;
    const own = statsOf(this.stats, line);
    if (own.chars >= CLOSING_NOTE_CHARS || !givesContact(this.textOf(line))) return false;
    return allItalic(line) && this.closes(line) && this.follows(line);
  }

  /** A short paragraph closing the article that says who the writer is ("Ann Lee covers technology for the Journal."). */
  private isWriterBio(line: HTMLElement): boolean {
    if (line.tagName !== "P") return false;
    const own = statsOf(this.stats, line);
    if (own.chars === 0 || own.chars >= CLOSING_NOTE_CHARS || !readsAsWriterBio(this.textOf(line))) return false;
    return this.closes(line) && this.follows(line);
  }

  /** Something is read before `element` among its siblings: it is not a box of its own. */
  private follows(element: HTMLElement): boolean {
    for (
      let before = element.previousElementSibling as HTMLElement | null;
      before;
      before = before.previousElementSibling as HTMLElement | null
    )
      if (statsOf(this.stats, before).chars > 0) return true;
    return false;
  }

  /** Nothing is read after `element` among its siblings: it closes its box. */
  private closes(element: HTMLElement): boolean {
    if (!this.closing.has(element)) this.markClosing(element);
    return this.closing.get(element)!;
  }

  /**
   * Whether each sibling of `element` closes its box, in one pass from the last: a sibling's own rules
   * (a legal line that closes the box) only ask about those after it, already decided.
   */
  private markClosing(element: HTMLElement): void {
    const siblings = element.parentNode ? element.parentNode.childNodes.filter(isElement) : [element];
    let read = false;
    for (let at = siblings.length - 1; at >= 0; at--) {
      const sibling = siblings[at]!;
      this.closing.set(sibling, !read);
      read ||= statsOf(this.stats, sibling).chars > 0 && !this.leftOut(sibling);
    }
  }
}
