// How much text each element of a page shows, how much of it is link text, and how much sits in its
// own sentences (text not inside a nested block): counted once per page, children before parents.
import { NodeType, type HTMLElement } from "node-html-parser";
import { textOf } from "../extract/dom";
import { rawAttr } from "../extract/raw-attr";
import { BLOCK_TAGS, isElement, isUnshown } from "./elements";

export interface TextStats {
  /** Characters of shown text that are not whitespace. */
  chars: number;
  /** Of them, inside links. */
  linkChars: number;
  /** Commas of every script (, ، 、 ，): Readability's sign of prose. */
  commas: number;
  /** The same three counted only through inline children: the element's own sentences. */
  ownChars: number;
  ownLinkChars: number;
  ownCommas: number;
  /** Paragraph-like descendants (`p`, `pre`, `blockquote`) and images, for the cleaning rules. */
  paragraphs: number;
  images: number;
  listItems: number;
}

const EMPTY: TextStats = {
  chars: 0,
  linkChars: 0,
  commas: 0,
  ownChars: 0,
  ownLinkChars: 0,
  ownCommas: 0,
  paragraphs: 0,
  images: 0,
  listItems: 0,
};

const isDigitCode = (code: number) => code >= 0x30 && code <= 0x39;

/** Non-space characters and commas of a text, in one pass. */
function countText(text: string): [number, number] {
  let chars = 0;
  let commas = 0;
  for (let at = 0; at < text.length; at++) {
    const code = text.charCodeAt(at);
    if (code <= 32 || code === 0xa0 || code === 0x200b) continue;
    chars++;
    if (code === 0x2c || code === 0x60c || code === 0xff0c) commas++;
    // "1、" numbers a list's item; "、" elsewhere parts a sentence's items.
    else if (code === 0x3001 && !isDigitCode(text.charCodeAt(at - 1))) commas++;
  }
  return [chars, commas];
}

/** The parser keeps a `pre`'s body as written, markup and all (render.ts reads it): only its text counts. */
const shownText = (element: HTMLElement, text: string) =>
  element.tagName === "PRE" && text.includes("<") ? text.replace(MARKUP, "") : text;
const MARKUP = /<[^>]*>/g;

export type PageStats = Map<HTMLElement, TextStats>;

/** Stats of every shown element under `root` (unshown ones are absent: they count as nothing), and its shown links. */
export function countPage(root: HTMLElement): { stats: PageStats; anchors: HTMLElement[] } {
  const stats: PageStats = new Map();
  const anchors: HTMLElement[] = [];
  count(root, false, { stats, anchors }, 0);
  return { stats, anchors };
}

// Deeper than this, an element's descendants count as its own text without stats of their own:
// real pages nest a few dozen levels, and the walk must not exhaust the stack on a hostile one.
const MAX_DEPTH = 400;

interface Counting {
  stats: PageStats;
  anchors: HTMLElement[];
}

/**
 * A passage of prose a link runs the page's script on (`<a href="javascript:seq(1)">Nous étions à l'Étude, quand…`):
 * a site that makes each passage of its text clickable wraps it in such links, which lead nowhere; a menu's scripted
 * links are a few words each.
 */
const SCRIPTED_PROSE = 200;
const isScriptedProse = (element: HTMLElement, own: TextStats) =>
  own.chars >= SCRIPTED_PROSE && /^\s*javascript:/i.test(rawAttr(element, "href") ?? "");

function count(element: HTMLElement, inLink: boolean, counting: Counting, depth: number): TextStats {
  const own = { ...EMPTY };
  const link = inLink || element.tagName === "A";
  if (element.tagName === "A") counting.anchors.push(element);
  if (element.tagName === "IMG") own.images = 1;
  for (const child of element.childNodes) {
    if (child.nodeType === NodeType.TEXT_NODE) {
      const [chars, commas] = countText(shownText(element, textOf(child)));
      own.chars += chars;
      own.ownChars += chars;
      own.commas += commas;
      own.ownCommas += commas;
      if (link) {
        own.linkChars += chars;
        own.ownLinkChars += chars;
      }
      continue;
    }
    if (!isElement(child) || isUnshown(child) || depth > MAX_DEPTH) continue;
    const inner = count(child, link, counting, depth + 1);
    own.chars += inner.chars;
    own.linkChars += inner.linkChars;
    own.commas += inner.commas;
    own.paragraphs += inner.paragraphs;
    own.images += inner.images;
    own.listItems += inner.listItems;
    if (!BLOCK_TAGS.has(child.tagName) && child.tagName !== "BR") {
      own.ownChars += inner.ownChars;
      own.ownLinkChars += inner.ownLinkChars;
      own.ownCommas += inner.ownCommas;
    }
  }
  const tag = element.tagName;
  if (tag === "A" && !inLink && isScriptedProse(element, own)) Object.assign(own, { linkChars: 0, ownLinkChars: 0 });
  if (tag === "P" || tag === "PRE" || tag === "BLOCKQUOTE") own.paragraphs++;
  if (tag === "LI") own.listItems++;
  counting.stats.set(element, own);
  return own;
}

export const statsOf = (stats: PageStats, element: HTMLElement): TextStats => stats.get(element) ?? EMPTY;

export const linkDensity = (stats: TextStats): number => (stats.chars === 0 ? 0 : stats.linkChars / stats.chars);
