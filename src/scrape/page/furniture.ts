// The page's furniture and the clutter inside its main content, decided once per element and
// counted by reason for `explain=true`.
import type { HTMLElement } from "node-html-parser";
import { BLOCK_TAGS, furnitureReason, isElement, nameWeight, nameWords, SENTENCE_END } from "./elements";
import { Teasers } from "./teasers";
import { linkDensity, type PageStats, statsOf } from "./text-stats";
import { selectAll, selectOne } from "../extract/select";

/** Names that mark an element as content even when a furniture word sits beside them ("post-body sidebar-aware"). */
const CONTENT_NAME = /^(?:article|articlebody|body|content|entry|main|post|story|text|prose|markdown)$/;
/**
 * Furniture words of readers' posts: beside a content name ("article_footer_comments", "comment-body",
 * "spCommunityBox spArticleBottomBox") they still name what readers wrote, not the article.
 */
const READERS_WORDS = new Set(
  "comment comments commentlist disqus community reactions comentarios kommentare commentaires commenti komentarze".split(
    " ",
  ),
);
/** Furniture reasons (elements.ts) of names that stand for links to elsewhere. */
const NAVIGATION_NAME = /^class or id "(?:menu|nav|navbar|navigation|toolbar)"$/;
/** A wrapper holding more than this share of the text around it is the layout, not furniture inside it. */
const LAYOUT_SHARE = 0.6;
/** Side content by its tag, never the layout however much text it holds (a live feed beside the article). */
const ASIDE_TAGS = new Set(["ASIDE", "NAV"]);
/** Characters of an item's own words, besides its links, that make it more than a link. */
const PROSE_BESIDE_LINKS = 25;
/** A line shorter than this that ends in a colon is a label of what follows. */
const LABEL_CHARS = 40;
const LABEL_END = /:\s*$/;
/** A label of links to other pages, whatever it ends with ("Related Recipes", "Verwandte Artikel", "Baca Juga", "相关内容"). */
const RELATED_LABEL =
  /^\W*(?:related\b|more on\b|also by\b|read (?:also|more)\b|baca juga|(?:à )?lire aussi|leggi anche|lesen sie auch|mehr zum thema|verwandte\b|artículos relacionados|相关|関連)/i;
const HEADING_TAGS = new Set(["H2", "H3", "H4", "H5", "H6"]);
/** Characters of a paragraph that make a header's text the article's opening rather than a standfirst. */
const OPENING_CHARS = 200;
/** Characters of an embed's quote that make it the quoted post's words, not an empty placeholder. */
const QUOTED_POST_CHARS = 25;
/** A link's text that is an address to a page, shown as it is (not a site's bare name, "www.youtube.com"). */
const SHOWN_ADDRESS = /^(?:https?:\/\/|www\.)[^\s/]+\/\S+$/i;
/** A line shorter than this that is mostly a date is the page's date line. */
const DATE_LINE_CHARS = 80;
/** A year and a time of day in one short line: when the page was written ("Publié le 29/10/2012 à 14h03", "2023年09月26日 17:22"). */
const YEAR = /(?:^|\D)(?:19|20)\d{2}(?!\d)/;
const CLOCK = /(?:^|\D)\d{1,2}(?::\d{2}|h\d{2}|時\d{1,2}分)(?!\d)/;
/** A line shorter than this that reads as legal boilerplate (a copyright, a disclosure of affiliate links) is no part of the article. */
const LEGAL_LINE_CHARS = 400;
/**
 * A copyright notice, not a sentence about copyright: opening with "©", "(c) 2024" or "Copyright ©"/"Copyright 2024",
 * ending with the reserved rights, or a notice in Chinese (not 版权所有者, "the copyright holder").
 */
const LEGAL_NOTICE = [
  /^\W*(?:©|\(c\)\s*\d{4}|copyright\s*(?:©|\(c\)|\d{4}))/i,
  /(?:all rights reserved|alle rechte vorbehalten|tous droits réservés|todos los derechos reservados|tutti i diritti riservati)\W*$/i,
  /版权所有(?![者人方])|未经(?:授权|许可)[，,]?\s*(?:不得|禁止|严禁)/,
];
/** A disclosure of affiliate links, not a sentence about them: it says the site earns from them. */
const AFFILIATE_DISCLOSURE =
  /\baffiliate\b.*\b(?:commissions?|we (?:may )?earn)\b|\b(?:commissions?|we (?:may )?earn)\b.*\baffiliate\b|\bearn from qualifying purchases\b/i;
const readsAsLegal = (text: string) =>
  LEGAL_NOTICE.some((notice) => notice.test(text.trim())) || AFFILIATE_DISCLOSURE.test(text);
/** A line shorter than this that names whose picture it is ("Credit: …", "Photo: …", "Courtesy of …") is a photo's credit. */
const CREDIT_LINE_CHARS = 100;
const CREDIT_LINE =
  /^\s*[([]?\s*(?:(?:featured\s+)?(?:photo(?:graph)?|image|picture)s?\s+(?:credits?\b|by\b|source\b)|credits?\s*:|courtesy\s+of\b)/i;
const CREDIT_TAGS = new Set(["P", "DIV", "FIGCAPTION"]);
/** Where a credit line belongs: in a figure or its caption (elsewhere "Courtesy of …" opens a sentence of the text). */
const PICTURE_TAGS = new Set(["FIGURE", "FIGCAPTION"]);
/** A line shorter than this that opens with an editor's label and a colon names who edited the article. */
const EDITOR_LINE_CHARS = 80;
const EDITOR_LINE =
  /^\s*[[【（(]?\s*(?:责任编辑|编辑|責任編集|(?:page |managing |desk )?editor|redakteur(?:in)?|redaktion|rédaction|redacción|editado por)\s*[:：]/i;
/** A line shorter than this asking the reader to sign up, to follow the site or to pay for the rest is a call to action, not the article. */
const STANDING_LINE_CHARS = 250;
const SIGN_UP = /^\W*sign up (?:for|to)\b|\b(?:sign up|subscribe|join|get)\b[^.!?]*\bnewsletters?\b/i;
/** An invitation to follow the site on social networks ("Follow us on Facebook and Twitter for more"). */
const FOLLOW_US =
  /\b(?:follow|seguir|suivez|folgen sie)\b[^.!?]*\b(?:facebook|twitter|instagram|linkedin|youtube|tiktok)\b|\b(?:facebook|twitter|instagram)\b[^.!?]*\bfollow\b/i;
/** What a paywall says in place of the rest of the article. */
const PAYWALL =
  /\b(?:only (?:to|for) (?:paying )?(?:members|subscribers)\b|(?:members|subscribers)[- ]only\b|become an? (?:\w+ )?(?:member|subscriber)\b|subscribe to (?:continue|keep) reading)|会員限定|続き[はを].{0,40}お読み/i;
/** A line shorter than this that opens with "By" and a name is the writer's byline. */
const BYLINE_CHARS = 60;
const BYLINE_OPENING =
  /^(?:(?:text|words|written|story)\s+by|(?:un\s+)?texte?\s+de|texto\s+de|by|par|von|por|door)\s+(\S+)/i;
/** The writer's name alone after "By": a capitalised word, no sentence ("By changesets", "By 1963, …" are text). */
function isByline(text: string): boolean {
  const name = BYLINE_OPENING.exec(text)?.[1];
  return name !== undefined && /^\p{Lu}/u.test(name) && !SENTENCE_END.test(text);
}
/** A closing line set all in italics shorter than this is a note about the article (who wrote it, where it ran first). */
const CLOSING_NOTE_CHARS = 400;
/** A writer's name and what they do for the paper: "Michael Pascoe is a contributing editor.", "Ann Lee covers technology for …". */
const WRITER_BIO =
  /^\p{Lu}[\p{L}.'’-]+(?:\s+\p{Lu}[\p{L}.'’-]+){1,3}\s+(?:is|was|covers|writes|reports)\b.*\b(?:reporter|editor|journalist|correspondent|writer|contributor|columnist|author|covers)\b/u;
/** An address or a handle to reach the writer at ("adkins@example.com", "@Laura_E_Adkins"). */
const CONTACT = /[\w.+-]@[\w-]+\.\w|(?:^|[\s(])@\w{2,}/;
const ITALIC_TAGS = new Set(["EM", "I"]);
/** Inline wrappers an italic note may sit in ("<a><em>Name</em></a>"). */
const INLINE_WRAPPERS = new Set(["A", "SPAN", "STRONG", "B"]);
/** Containers the clutter rules may drop inside the main content. */
const CLEANED_TAGS = new Set(["DIV", "SECTION", "UL", "OL", "TABLE", "FORM", "FIELDSET", "DL"]);

const listItems = (list: HTMLElement) =>
  list.childNodes.filter((child): child is HTMLElement => isElement(child) && child.tagName === "LI");

/** Every word of `element` is set in italics (`em`, `i`), links and spans around them aside. */
function allItalic(element: HTMLElement): boolean {
  return element.childNodes.every((child) => {
    if (!isElement(child)) return child.text.trim() === "";
    if (ITALIC_TAGS.has(child.tagName)) return true;
    return INLINE_WRAPPERS.has(child.tagName) && child.childNodes.length > 0 && allItalic(child);
  });
}

export class Furniture {
  private readonly decided = new Map<HTMLElement, string | null>();
  private readonly teasers: Teasers;
  private readonly cluttered = new Map<HTMLElement, string | null>();
  /** Whether anything is read after each element among its siblings, decided for a whole box at once. */
  private readonly closing = new Map<HTMLElement, boolean>();
  /** How many elements each reason removed, for `explain=true`. */
  readonly removed = new Map<string, number>();
  /** Elements set aside for a class or id word, for the second try without those words (read-page.ts). */
  readonly namedAside: HTMLElement[] = [];
  /** `<aside>` elements set aside, for the second try of a page whose content they held (read-page.ts). */
  readonly asides: HTMLElement[] = [];

  constructor(
    private readonly stats: PageStats,
    /** Characters of the text the decision is relative to (the page's, then the main content's). */
    private scopeChars: number,
    /** Whether class and id words make furniture: not when they left a page no prose to score (read-page.ts). */
    private readonly readsNames = true,
    /** Whether an `<aside>` is furniture: not when the rest of the page left too short a main content (read-page.ts). */
    private readonly readsAsides = true,
  ) {
    this.teasers = new Teasers(stats);
  }

  /** Decide the clutter inside the main content relative to its own text from now on. */
  narrowTo(scopeChars: number): void {
    this.scopeChars = scopeChars;
    this.decided.clear();
    this.cluttered.clear();
    this.closing.clear();
  }

  /** Why `element` is furniture, or null when it may be content. */
  reasonFor(element: HTMLElement): string | null {
    let reason = this.decided.get(element);
    if (reason === undefined) {
      reason = this.decide(element);
      this.decided.set(element, reason);
    }
    return reason;
  }

  /** `reasonFor`, also dropping clutter (link lists, empty boxes) and counting what it removes. */
  removes(element: HTMLElement): boolean {
    const reason = this.reasonFor(element) ?? this.clutter(element);
    if (reason) this.removed.set(reason, (this.removed.get(reason) ?? 0) + 1);
    return reason !== null;
  }

  private decide(element: HTMLElement): string | null {
    const reason = furnitureReason(element);
    if (!reason) return this.teasers.isTeaser(element) ? "a teaser of another page" : null;
    if (!this.readsNames && reason.startsWith("class or id")) return null;
    if (element.tagName === "ASIDE") {
      if (!this.readsAsides) return null;
      this.asides.push(element);
    }
    if (element.tagName === "HEADER" && this.opensWithParagraph(element)) return null;
    const own = statsOf(this.stats, element);
    const layout = this.scopeChars > 500 && own.chars > this.scopeChars * LAYOUT_SHARE;
    if (layout && !ASIDE_TAGS.has(element.tagName)) return null;
    // A "menu" or "nav" that is hardly links is a widget holding text (a product's tabs), not navigation.
    if (NAVIGATION_NAME.test(reason) && own.chars >= 500 && linkDensity(own) < 0.1) return null;
    if (reason === 'class or id "embed"' && this.quotesAPost(element)) return null;
    const words = reason.startsWith("class") ? nameWords(element) : [];
    const contentNamed =
      words.some((word) => CONTENT_NAME.test(word)) && !words.some((word) => READERS_WORDS.has(word));
    if (contentNamed && own.chars >= 200 && linkDensity(own) < 0.3) return null;
    if (reason.startsWith("class or id")) this.namedAside.push(element);
    return reason;
  }

  /** An embed's wrapper holding the quoted post itself ("embed-twitter" around the tweet's words): the article quotes it. */
  private quotesAPost(embed: HTMLElement): boolean {
    const quote = selectOne(embed, "blockquote");
    return quote !== null && this.stats.has(quote) && statsOf(this.stats, quote).chars >= QUOTED_POST_CHARS;
  }

  /** A `<header>` holding a paragraph of prose (the article's opening set with its headline), not a one-line standfirst. */
  private opensWithParagraph(header: HTMLElement): boolean {
    return selectAll(header, "p").some((paragraph) => {
      if (!this.stats.has(paragraph)) return false;
      const own = statsOf(this.stats, paragraph);
      return own.chars >= OPENING_CHARS && linkDensity(own) < 0.1;
    });
  }

  /**
   * A list whose items mostly say something besides their links (a changelog, a digest of who did
   * what) is prose that cites pages, not a list of pages.
   */
  private itemsSayMore(list: HTMLElement): boolean {
    const items = listItems(list);
    const telling = items.filter((item) => {
      const own = statsOf(this.stats, item);
      return own.chars - own.linkChars >= PROSE_BESIDE_LINKS;
    });
    return items.length >= 2 && telling.length * 2 >= items.length;
  }

  /** The share of the list's items that are links and little else (a menu, a rail of headlines), not lines that link a word. */
  private linkItemShare(list: HTMLElement): number {
    const items = listItems(list);
    const links = items.filter((item) => linkDensity(statsOf(this.stats, item)) >= 0.8);
    return items.length === 0 ? 0 : links.length / items.length;
  }

  /** A label of a few words ("Read more:") whose block, the next one, is left out: nothing is left to label. */
  private labelsLeftOut(line: HTMLElement): boolean {
    if (statsOf(this.stats, line).chars >= LABEL_CHARS) return false;
    const text = line.text;
    if (!LABEL_END.test(text) && !RELATED_LABEL.test(text)) return false;
    const next = line.nextElementSibling as HTMLElement | null;
    return next !== null && this.stats.has(next) && (this.reasonFor(next) ?? this.clutter(next)) !== null;
  }

  /** A box whose parts are left out but a short label ("Read also", "Popular stories"): nothing is left to label. */
  private onlyLabelLeft(box: HTMLElement): boolean {
    const own = statsOf(this.stats, box);
    if (own.chars >= LABEL_CHARS * 10) return false;
    let kept = own.ownChars;
    let left = 0;
    for (const child of box.childNodes) {
      if (!isElement(child) || !this.stats.has(child) || !BLOCK_TAGS.has(child.tagName)) continue;
      const chars = statsOf(this.stats, child).chars;
      if ((this.reasonFor(child) ?? this.clutter(child)) === null) kept += chars;
      else left += chars;
    }
    return left > 0 && kept > 0 && kept < LABEL_CHARS && kept < left;
  }

  /** Every link of `line` shows its own address ("http://docs.python.org/…"): a writer's sources, cited in full. */
  private showsAddresses(line: HTMLElement): boolean {
    const links = selectAll(line, "a");
    return links.length > 0 && links.every((link) => SHOWN_ADDRESS.test(link.text.trim()));
  }

  /** A short line that is mostly a `<time>` ("23. März 2017, aktualisiert 15:43 Uhr"): when the page was written, not what. */
  private isDateLine(line: HTMLElement): boolean {
    if (line.tagName !== "P" && line.tagName !== "DIV") return false;
    const chars = statsOf(this.stats, line).chars;
    if (chars === 0 || chars >= DATE_LINE_CHARS) return false;
    const timeChars = selectAll(line, "time").reduce((sum, time) => sum + statsOf(this.stats, time).chars, 0);
    if (timeChars * 2 >= chars) return true;
    // A sentence that gives a time ("Update: Dec. 22, 2016, 2:16 p.m. Updated with …") and code printing one are read.
    const text = line.text;
    if (!YEAR.test(text) || !CLOCK.test(text) || SENTENCE_END.test(text)) return false;
    return selectOne(line, "pre, code") === null;
  }

  /** A short line of only its own text that reads as a copyright or a disclosure ("Copyright © 1997 – 2011 …", "… affiliate links …"). */
  private isLegalLine(line: HTMLElement): boolean {
    if (line.tagName !== "P") return false;
    const own = statsOf(this.stats, line);
    if (own.chars === 0 || own.chars >= LEGAL_LINE_CHARS || own.ownChars !== own.chars) return false;
    return readsAsLegal(line.text) && this.closes(line) && this.follows(line);
  }

  /** A short line of only its own text naming whose picture it is, under the picture: "Credit: Funko", "Image by Getty Images". */
  private isCreditLine(line: HTMLElement): boolean {
    if (!CREDIT_TAGS.has(line.tagName)) return false;
    const own = statsOf(this.stats, line);
    if (own.chars === 0 || own.chars >= CREDIT_LINE_CHARS || own.ownChars !== own.chars) return false;
    return CREDIT_LINE.test(line.text) && this.underPicture(line);
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
    const text = line.text.trim();
    if (chars < EDITOR_LINE_CHARS && EDITOR_LINE.test(text)) return "an editor's credit";
    if (chars < BYLINE_CHARS && isByline(text)) return "a byline";
    if (SIGN_UP.test(text) || FOLLOW_US.test(text)) return "a call to sign up or follow";
    return PAYWALL.test(text) ? "a paywall's teaser" : null;
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
    if (own.chars >= CLOSING_NOTE_CHARS || !CONTACT.test(line.text)) return false;
    return allItalic(line) && this.closes(line) && this.follows(line);
  }

  /** A short paragraph closing the article that says who the writer is ("Ann Lee covers technology for the Journal."). */
  private isWriterBio(line: HTMLElement): boolean {
    if (line.tagName !== "P") return false;
    const own = statsOf(this.stats, line);
    if (own.chars === 0 || own.chars >= CLOSING_NOTE_CHARS || !WRITER_BIO.test(line.text.trim())) return false;
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
      read ||= statsOf(this.stats, sibling).chars > 0 && (this.reasonFor(sibling) ?? this.clutter(sibling)) === null;
    }
  }

  /** `findClutter`, once per element: a box's label and a line's neighbours ask about the same elements again. */
  private clutter(element: HTMLElement): string | null {
    let reason = this.cluttered.get(element);
    if (reason === undefined) {
      reason = this.findClutter(element);
      this.cluttered.set(element, reason);
    }
    return reason;
  }

  /** Readability's conditional cleaning, simplified: boxes of links or of nothing are not content. */
  private findClutter(element: HTMLElement): string | null {
    const own = statsOf(this.stats, element);
    if (this.isDateLine(element)) return "a date line";
    if (this.isLegalLine(element)) return "a legal line";
    if (this.isCreditLine(element)) return "a photo's credit";
    const standing = this.standingLine(element);
    if (standing) return standing;
    if (this.isClosingNote(element)) return "a closing note";
    if (this.isWriterBio(element)) return "the writer's bio";
    if (element.tagName === "DIV" && this.labelsLeftOut(element)) return "the label of what is left out";
    if (HEADING_TAGS.has(element.tagName)) return this.labelsLeftOut(element) ? "the label of what is left out" : null;
    // Lines that are a label and links ("One year ago: …", "See more: …"), however many, point elsewhere.
    if (element.tagName === "P") {
      if (linkDensity(own) > 0.6 && !this.showsAddresses(element)) return "a line of links";
      return this.labelsLeftOut(element) ? "the label of what is left out" : null;
    }
    // An embedded post the page never loaded is left a quote of its own link ("Tweet may have been deleted").
    if (element.tagName === "BLOCKQUOTE")
      return own.chars > 0 && own.linkChars === own.chars ? "an embed not loaded" : null;
    if (!CLEANED_TAGS.has(element.tagName)) return null;
    if (own.chars === 0) return own.images === 0 ? "empty box" : null;
    if (this.onlyLabelLeft(element)) return "the label of what is left out";
    if (own.commas >= 10 || own.chars > this.scopeChars * LAYOUT_SHARE) return null;
    const list = element.tagName === "UL" || element.tagName === "OL";
    if (list && this.itemsSayMore(element)) return null;
    const density = linkDensity(own);
    // A list whose items each link a word of their own ("100 g of <a>sugar</a>") is mostly link text, yet no menu.
    if (density > 0.5 && (!list || this.linkItemShare(element) >= 1 / 3)) return "mostly links";
    if (nameWeight(element) < 0 && own.chars < 1_000) return "class or id of side content";
    if (density > 0.35 && (list ? this.linkItemShare(element) >= 1 / 2 : own.paragraphs === 0))
      return "a list of links";
    return null;
  }
}
