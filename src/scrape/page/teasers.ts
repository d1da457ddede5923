// Teasers of other pages set in a run of sibling blocks ("Popular stories", "More from the site"):
// each opens with a linked headline over a date or a snippet. Part of the page's furniture (furniture.ts).
import type { HTMLElement, Node } from "node-html-parser";
import { selectOne } from "../extract/select";
import { BLOCK_TAGS, isElement, SUBHEADING_TAGS } from "./elements";
import { classNameOf } from "./name-words";
import { type PageStats, statsOf } from "./text-stats";

/** Blocks that may be a teaser of another page, and a teaser's length (a headline and a snippet). */
const TEASER_TAGS = new Set(["DIV", "LI", "DT", "ARTICLE", "SECTION", "P"]);
const TEASER_MIN_CHARS = 40;
const TEASER_MAX_CHARS = 1_000;
/** Characters of a headline, longer than a poster's name over a post. */
const HEADLINE_MIN_CHARS = 20;
/** Characters of a teaser's snippet under its headline: its story's first lines cut short, a date, a count of comments. */
const SNIPPET_MAX_CHARS = 600;
/** Characters of a kicker over a teaser's headline: its source or section in a word or two. */
const KICKER_MAX_CHARS = 30;

const SUBHEADINGS = [...SUBHEADING_TAGS].join(", ").toLowerCase();

/** A block's kind among its siblings: its class, or for the items of a list with none, being one of its items. */
const kindOf = (block: HTMLElement): string =>
  classNameOf(block) || (block.tagName === "LI" || block.tagName === "DT" ? `<${block.tagName.toLowerCase()}>` : "");
/** A kicker that is the time a story was filed ("10:17"): a news feed's line, not a poster's name. */
const FILED_AT = /^\s*\d{1,2}[:.]\d{2}\s*$/;

/** A link or box showing only a number beside its icon (comments, photos): a count, not words a teaser opens with. */
const isCount = (element: HTMLElement) => /^[\d\s]+$/.test(element.text);

export class Teasers {
  /** Whether each block looked at opens like a teaser, as each is asked about by its neighbours too. */
  private readonly shapes = new Map<HTMLElement, boolean>();

  constructor(private readonly stats: PageStats) {}

  /**
   * One of a run of sibling blocks of one class, each opening with a linked headline over a date or a
   * snippet ("Popular stories", "More from the site"): a list of other pages.
   */
  isTeaser(block: HTMLElement): boolean {
    // A feed set as a definition list: each term a linked headline, its description the snippet under it.
    if (block.tagName === "DD") {
      const term = this.shownSibling(block, "previousElementSibling");
      return term?.tagName === "DT" && this.isTeaser(term);
    }
    if (!TEASER_TAGS.has(block.tagName)) return false;
    const kind = kindOf(block);
    if (kind === "") return false;
    const before = this.shownSibling(block, "previousElementSibling");
    const after = this.shownSibling(block, "nextElementSibling");
    const hasKin =
      (before !== null && kindOf(before) === kind && this.teaserShaped(before)) ||
      (after !== null && kindOf(after) === kind && this.teaserShaped(after));
    return hasKin && this.teaserShaped(block);
  }

  /**
   * The nearest sibling on one side that shows text: an empty ad slot between two teasers does not part them, nor
   * does a term's description part two terms.
   */
  private shownSibling(block: HTMLElement, side: "previousElementSibling" | "nextElementSibling"): HTMLElement | null {
    const passed = (sibling: HTMLElement) =>
      statsOf(this.stats, sibling).chars === 0 || (block.tagName === "DT" && sibling.tagName === "DD");
    let sibling = block[side];
    while (sibling && passed(sibling)) sibling = sibling[side];
    return sibling;
  }

  private teaserShaped(block: HTMLElement): boolean {
    let shaped = this.shapes.get(block);
    if (shaped === undefined) {
      shaped = this.opensWithHeadline(block);
      this.shapes.set(block, shaped);
    }
    return shaped;
  }

  /** The block's text opens with a headline linking another page, over a short snippet or a date. */
  private opensWithHeadline(block: HTMLElement): boolean {
    // A term's description (`<dt>` headline, `<dd>` snippet) is the rest of its teaser.
    const description = block.tagName === "DT" ? block.nextElementSibling : null;
    const described = description?.tagName === "DD" ? statsOf(this.stats, description).chars : 0;
    const shown = statsOf(this.stats, block).chars + described;
    if (shown < TEASER_MIN_CHARS || shown >= TEASER_MAX_CHARS) return false;
    const kicker = { passed: false, time: false };
    const link = this.openingLink(block, kicker);
    if (!link) return false;
    // Under a kicker the headline is set as a heading (a poster's name over a linked "See the posts" is no kicker).
    if (kicker.passed && !kicker.time && !this.inHeading(link, block)) return false;
    const chars = statsOf(this.stats, link).chars;
    // A link to an anchor of the page is a section's permalink, not another page.
    const target = link.getAttribute("href") ?? "";
    if (chars < HEADLINE_MIN_CHARS || target === "" || target.startsWith("#")) return false;
    // A headline after the time it was filed ("10:17 Новый город…") is a feed's line, whatever follows it.
    return chars < shown && shown - chars <= SNIPPET_MAX_CHARS && (kicker.time || this.standsApart(link, block));
  }

  /**
   * The link is set as a headline: holding or inside a heading, or ending its line (a `<br>` or a block
   * follows), not a linked phrase that a sentence runs on from.
   */
  private standsApart(link: HTMLElement, block: HTMLElement): boolean {
    if (selectOne(link, SUBHEADINGS) !== null) return true;
    for (let at = link; at !== block; at = at.parentNode as HTMLElement) {
      if (SUBHEADING_TAGS.has(at.tagName)) return true;
      const next = this.nextShown(at);
      if (next) return isElement(next) && (next.tagName === "BR" || BLOCK_TAGS.has(next.tagName));
      if (BLOCK_TAGS.has((at.parentNode as HTMLElement).tagName) && at.parentNode !== block) return true;
    }
    return false;
  }

  /** The link holds a heading or sits in one inside the block. */
  private inHeading(link: HTMLElement, block: HTMLElement): boolean {
    if (selectOne(link, SUBHEADINGS) !== null) return true;
    for (let at = link.parentNode as HTMLElement; at && at !== block; at = at.parentNode as HTMLElement)
      if (SUBHEADING_TAGS.has(at.tagName)) return true;
    return false;
  }

  /** The node after `node` among its siblings that shows something (a word, an element with text, a `<br>`). */
  private nextShown(node: HTMLElement): Node | null {
    const siblings = node.parentNode?.childNodes ?? [];
    for (let at = siblings.indexOf(node) + 1; at < siblings.length; at++) {
      const sibling = siblings[at]!;
      if (!isElement(sibling)) {
        if (sibling.rawText.trim() !== "") return sibling;
      } else if (sibling.tagName === "BR" || statsOf(this.stats, sibling).chars > 0) return sibling;
    }
    return null;
  }

  /**
   * The link the element's shown text opens with (inside a heading or a bold line), or null when it opens with words;
   * a kicker above the headline (its source or section, "SETHLUI.COM", "AKTUALIZOVÁNO", the time it was filed) is
   * passed over once.
   */
  private openingLink(element: HTMLElement, kicker: { passed: boolean; time: boolean }): HTMLElement | null {
    for (const child of element.childNodes) {
      if (!isElement(child)) {
        if (child.rawText.trim() !== "") return null;
        continue;
      }
      const own = statsOf(this.stats, child);
      if (own.chars === 0 || isCount(child)) continue;
      if (child.tagName === "A") return child;
      if (kicker.passed || own.chars > KICKER_MAX_CHARS || own.linkChars > 0) return this.openingLink(child, kicker);
      kicker.passed = true;
      kicker.time = FILED_AT.test(child.text);
    }
    return null;
  }
}
