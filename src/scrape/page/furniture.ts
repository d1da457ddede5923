// The page's furniture and the clutter inside its main content, decided once per element and
// counted by reason for `explain=true`.
import type { HTMLElement } from "node-html-parser";
import { BLOCK_TAGS, FORM_ASKING, furnitureReason, isElement, isInside, nameWeight, SUBHEADING_TAGS } from "./elements";
import { nameWords } from "./name-words";
import { Captions } from "./captions";
import {
  headedByFurniture,
  nameBelied,
  namedAsComments,
  namedAsContent,
  namesReadersPosts,
  namesTextAsTags,
  WriterMarks,
} from "./content-names";
import {
  headedAsAuthor,
  headedAsComments,
  headedAsRelated,
  repeatsOneHeading,
  underCommentsHeading,
  underRelatedHeading,
} from "./headed-boxes";
import { readsAsRelatedBoxLabel, readsAsRelatedLabel, showsAddress } from "./line-texts";
import { Lines } from "./lines";
import { isPullQuote, repeatedOutside } from "./repeats";
import { amidProse, itemsSayMore, linkItemShare, linksInASentence } from "./link-lists";
import { Teasers } from "./teasers";
import { linkDensity, type PageStats, statsOf } from "./text-stats";
import { selectAll, selectOne } from "../extract/select";

/** A wrapper holding more than this share of the text around it is the layout, not furniture inside it. */
const LAYOUT_SHARE = 0.6;
/** Side content and footers by tag, never the layout however much text they hold (a live feed, a promo's legal notes). */
const NEVER_LAYOUT_TAGS = new Set(["ASIDE", "NAV", "FOOTER"]);
/**
 * A dialog or a consent manager over the page, never its layout however much text it holds: a consent manager's
 * dialog lists hundreds of purposes and vendors in prose.
 */
const OVER_THE_PAGE = /^(?:role=(?:alert)?dialog|class or id "(?:cookie|cookies|consent|gdpr)")$/;
/** Characters and paragraphs of an aside that holds a section of the article rather than a box beside it. */
const SECTION_CHARS = 1_000;
const SECTION_PARAGRAPHS = 4;
/** Characters, commas and link share of a fact box set in the story (background told in prose, hardly a link), not a promo. */
const FACT_BOX_CHARS = 400;
const FACT_BOX_COMMAS = 3;
const FACT_BOX_LINKS = 0.05;
/** A line shorter than this that ends in a colon is a label of what follows. */
const LABEL_CHARS = 40;
const LABEL_END = /:\s*$/;
/** Characters of a paragraph that make a header's text the article's opening rather than a standfirst. */
const OPENING_CHARS = 200;
/** Characters of an embed's quote that make it the quoted post's words, not an empty placeholder. */
const QUOTED_POST_CHARS = 25;
/**
 * Characters and commas that make an element named for content the article's body whatever word its name ends in
 * ("content_views": the body as the page views it), more than any part of an entry (a toolbar, a footer) holds.
 */
const BODY_CHARS = 2_000;
const BODY_COMMAS = 20;
/** Containers the clutter rules may drop inside the main content. */
const CLEANED_TAGS = new Set(["DIV", "SECTION", "UL", "OL", "TABLE", "FORM", "FIELDSET", "DL"]);

export class Furniture {
  private readonly decided = new Map<HTMLElement, string | null>();
  /** Whether decisions are now made inside the chosen main content (`narrowTo`). */
  private insideContent = false;
  private readonly teasers: Teasers;
  /** The page's `<main>` element, once looked for. */
  private main: HTMLElement | null | undefined;
  private readonly captions: Captions;
  private readonly cluttered = new Map<HTMLElement, string | null>();
  /** The short lines around the article's text that are no part of it. */
  private readonly lines: Lines;
  private readonly writers: WriterMarks;
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
    /** Whether an `<aside>` is content: the columns, when the rest of the page left too short a main content (read-page.ts). */
    private readonly asideIsContent: (aside: HTMLElement) => boolean = () => false,
    /** Whether teasers of other pages are content: a page made of them (read-page.ts). */
    private readonly teasersAreContent = false,
    /** Whether readers' comments are content: a thread that shows nothing else (read-page.ts). */
    private readonly commentsAreContent = false,
  ) {
    this.teasers = new Teasers(stats);
    this.captions = new Captions(stats);
    this.writers = new WriterMarks(stats);
    this.lines = new Lines(stats, (element) => (this.reasonFor(element) ?? this.clutter(element)) !== null);
  }

  /** Decide the clutter inside the main content relative to its own text from now on. */
  narrowTo(scopeChars: number, parts: HTMLElement[]): void {
    this.scopeChars = scopeChars;
    this.captions.narrowTo(parts);
    this.insideContent = true;
    this.writers.narrowTo(parts);
    this.decided.clear();
    this.cluttered.clear();
    this.lines.clear();
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
    if (!reason) return !this.teasersAreContent && this.teasers.isTeaser(element) ? "a teaser of another page" : null;
    // A consent bar over the page stays out even on a page read again without its names: no article is named for cookies.
    if (!this.readsNames && reason.startsWith("class or id") && !OVER_THE_PAGE.test(reason)) return null;
    if (this.commentsAreContent && namesReadersPosts(reason)) return null;
    if (element.tagName === "ASIDE" || reason === "role=complementary" || reason === 'class or id "infobox"') {
      if (this.asideIsContent(element) || (this.insideContent && this.holdsASection(element))) return null;
      if (element.tagName === "ASIDE") this.asides.push(element);
    }
    if (element.tagName === "HEADER" && this.opensWithParagraph(element)) return null;
    if (this.writers.holdMost(reason, this.scopeChars)) return null;
    const own = statsOf(this.stats, element);
    const layout = this.scopeChars > 500 && own.chars > this.scopeChars * LAYOUT_SHARE;
    if (
      layout &&
      !NEVER_LAYOUT_TAGS.has(element.tagName) &&
      !OVER_THE_PAGE.test(reason) &&
      !namedAsComments(element, reason)
    )
      return null;
    // A form around whole sections of prose wraps content (a forum's moderation form around its posts), asking nothing.
    if (
      reason === FORM_ASKING &&
      own.chars >= SECTION_CHARS &&
      own.paragraphs >= SECTION_PARAGRAPHS &&
      linkDensity(own) < 0.3
    )
      return null;
    if (nameBelied(reason, element, own)) return null;
    if (reason === 'class or id "embed"' && this.quotesAPost(element)) return null;
    // A box named for furniture around the page's own `<main>` (a script's hook, "calculate-sidebar-content") is the layout.
    if (reason.startsWith("class") && this.holdsMain(element)) return null;
    const contentNamed = reason.startsWith("class") && namedAsContent(nameWords(element));
    const body = own.chars >= BODY_CHARS && own.commas >= BODY_COMMAS;
    if (contentNamed && own.chars >= 200 && linkDensity(own) < 0.3 && (body || !headedByFurniture(element)))
      return null;
    if (reason.startsWith("class or id")) this.namedAside.push(element);
    return reason;
  }

  /** Whether `element` holds the page's `<main>` element, found once a page. */
  private holdsMain(element: HTMLElement): boolean {
    if (this.main === undefined) {
      let root = element;
      while (root.parentNode) root = root.parentNode;
      this.main = selectOne(root, "main");
    }
    return this.main !== null && this.main !== element && isInside(this.main, element);
  }

  /**
   * An `<aside>` (or a box with its role, or named an infobox) inside the article that holds a whole section
   * of it (paragraphs of prose, a boxed how-to) or a fact box of background told in prose, not a pull quote,
   * a promo or links (a wiki's infobox is a table of linked facts).
   */
  private holdsASection(aside: HTMLElement): boolean {
    const own = statsOf(this.stats, aside);
    if (own.chars >= SECTION_CHARS && own.paragraphs >= SECTION_PARAGRAPHS && linkDensity(own) < 0.2) return true;
    return own.chars >= FACT_BOX_CHARS && own.commas >= FACT_BOX_COMMAS && linkDensity(own) < FACT_BOX_LINKS;
  }

  /** An embed's wrapper holding the quoted post itself ("embed-twitter" around the tweet's words): the article quotes it. */
  private quotesAPost(embed: HTMLElement): boolean {
    const quote = selectOne(embed, "blockquote");
    return quote !== null && this.stats.has(quote) && statsOf(this.stats, quote).chars >= QUOTED_POST_CHARS;
  }

  /**
   * A `<header>` holding a paragraph of prose (the article's opening set with its headline), not a
   * one-line standfirst, nor a teaser that the body repeats word for word.
   */
  private opensWithParagraph(header: HTMLElement): boolean {
    return selectAll(header, "p").some((paragraph) => {
      if (!this.stats.has(paragraph)) return false;
      const own = statsOf(this.stats, paragraph);
      return own.chars >= OPENING_CHARS && linkDensity(own) < 0.1 && !repeatedOutside(paragraph, header, this.stats);
    });
  }

  /** A label of a few words ("Read more:") whose block, the next one, is left out: nothing is left to label. */
  private labelsLeftOut(line: HTMLElement): boolean {
    if (statsOf(this.stats, line).chars >= LABEL_CHARS) return false;
    const text = line.text;
    if (!LABEL_END.test(text) && !readsAsRelatedLabel(text) && !readsAsRelatedBoxLabel(text)) return false;
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
    return links.length > 0 && links.every((link) => showsAddress(link.text.trim()));
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
    const line = this.lines.reasonFor(element);
    if (line) return line;
    if (this.captions.besideTheStory(element, this.scopeChars)) return "a picture's caption";
    if (element.tagName === "DIV" && this.labelsLeftOut(element)) return "the label of what is left out";
    if (SUBHEADING_TAGS.has(element.tagName))
      return this.labelsLeftOut(element) ? "the label of what is left out" : null;
    // Lines that are a label and links ("One year ago: …", "See more: …"), however many, point elsewhere.
    if (element.tagName === "P") {
      if (linkDensity(own) > 0.6 && !this.showsAddresses(element) && !linksInASentence(element, own))
        return "a line of links";
      return this.labelsLeftOut(element) ? "the label of what is left out" : null;
    }
    // An embedded post the page never loaded is left a quote of its own link ("Tweet may have been deleted").
    if (element.tagName === "BLOCKQUOTE") {
      if (own.chars > 0 && own.linkChars === own.chars) return "an embed not loaded";
      return isPullQuote(element, this.stats) ? "a pull quote" : null;
    }
    if (!CLEANED_TAGS.has(element.tagName)) return null;
    if (own.chars === 0) return own.images === 0 ? "empty box" : null;
    if (this.onlyLabelLeft(element)) return "the label of what is left out";
    if (headedAsRelated(element, this.stats) || underRelatedHeading(element, this.stats))
      return "a box of other stories";
    if (headedAsAuthor(element, this.stats)) return "the writer's bio";
    if (headedAsComments(element, this.stats) || underCommentsHeading(element, this.stats)) return "readers' comments";
    if ((element.tagName === "UL" || element.tagName === "OL") && repeatsOneHeading(element, this.stats))
      return "a gallery's slides";
    if (own.commas >= 10 || own.chars > this.scopeChars * LAYOUT_SHARE) return null;
    const list = element.tagName === "UL" || element.tagName === "OL";
    if (list && (itemsSayMore(element, this.stats) || amidProse(element, this.stats))) return null;
    const density = linkDensity(own);
    // A list whose items each link a word of their own ("100 g of <a>sugar</a>") is mostly link text, yet no menu.
    if (density > 0.5 && (!list || linkItemShare(element, this.stats) >= 1 / 3)) return "mostly links";
    // Named as side content, unless it holds paragraphs of prose alone (a page builder's text "widget").
    const prose = own.paragraphs >= 2 && own.images === 0 && density < 0.1;
    if (nameWeight(element) < 0 && own.chars < 1_000 && !prose && !namesTextAsTags(element, density))
      return "class or id of side content";
    if (density > 0.35 && (list ? linkItemShare(element, this.stats) >= 1 / 2 : own.paragraphs === 0))
      return "a list of links";
    return null;
  }
}
