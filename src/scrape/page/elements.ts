// What an element of a page is to a reader of its main content: never shown (scripts, hidden
// elements), the page's furniture (navigation, footers, share bars, "related" rails, comments) or
// possibly content. Hand-written: the signals are tag names, ARIA roles and class/id words, the
// same ones every article extractor reads; no site is named.
import { NodeType, type HTMLElement, type Node } from "node-html-parser";
import { HIDDEN_TAGS } from "../extract/dom";
import { selectAll, selectOne } from "../extract/select";
import { attributeValue } from "../extract/tree-nodes";
import { LAYOUT_OF, nameWords, rawAttributes } from "./name-words";

/** Elements whose content no reader sees as text: scripts, styles, controls, embedded objects. */
const UNSHOWN_TAGS = new Set([
  ...HIDDEN_TAGS,
  "HEAD",
  "TITLE",
  "META",
  "LINK",
  "BASE",
  "BUTTON",
  "SELECT",
  "OPTION",
  "INPUT",
  "TEXTAREA",
  "CANVAS",
  "OBJECT",
  "EMBED",
  "MAP",
  "DIALOG",
  // Ruby annotations (readings above Japanese or Chinese characters): the base text is the text.
  "RT",
  "RP",
]);
/** The page's furniture by tag: navigation, header and footer bands, side content. */
const FURNITURE_TAGS = new Set(["NAV", "FOOTER", "ASIDE", "HEADER", "MENU"]);
const FURNITURE_ROLES = new Set([
  "navigation",
  "banner",
  "contentinfo",
  "complementary",
  "search",
  "dialog",
  "alertdialog",
  "menu",
  "menubar",
  "toolbar",
  // A control's choices drawn with ARIA (a code sample's languages, a tab bar): labels, not content.
  "listbox",
  "tablist",
]);
/**
 * Names of a box of readers' comments: in English and in the site's own language, the plurals only, as the
 * singular also names an opinion column; a manual's "usernotes" (readers' notes under its entry).
 */
export const COMMENTS_WORDS = new Set(
  (
    "comments commentlist disqus comentarios kommentare commentaires commenti komentarze reacties kommentarer yorumlar kommentit " +
    "comentaris comentarii komentare komentari kommentarii hozzaszolasok usernotes"
  ).split(" "),
);
/** Class or id words of furniture (matched as whole words of the names, split at case changes and punctuation). */
const FURNITURE_WORDS = new Set([
  ...COMMENTS_WORDS,
  ...(
    "comment share sharing sharebar sharethis social socials related relatedposts " +
    "recommended recommendations recirculation newsletter subscribe subscription signup cookie cookies consent gdpr " +
    "breadcrumb breadcrumbs sidebar rightside leftside navbar nav navigation menu footer advert advertisement advertising ads ad adsense " +
    "dfp sponsored sponsor promo promotion popup popover modal outbrain taboola skip masthead toolbar pagination pager " +
    "tagcloud tags byline author authors dateline timestamp trending popular login print banner " +
    "crumbs rating ratings reactions follow newsletters colophon disclaimer references reflist credit credits " +
    "vote votes voting likes infobox hatnote meta metadata postprofile userinfo postdate time bio copyright attribution signature avatar views " +
    "qty stock availability shipping delivery variations upsell tooltip overlay notice action embed audio player playlist excerpt vcard logo community disclaim optin nutrition noprint gallery disclosure keywords poll polls"
  ).split(" "),
]);
export const isFurnitureWord = (word: string): boolean => FURNITURE_WORDS.has(word);

/** A list named a gallery is a wiki's pictures with their captions, not a slideshow beside the story. */
const LIST_TAGS = new Set(["UL", "OL"]);

/** Class words that mark even a text-level element (a `span`, a `small`) as furniture: a photo's rights line. */
const RIGHTS_WORDS = new Set(["copyright", "attribution"]);
/** The class word of a picture's control to show it larger ("[+] Enlarge", "View Images"), set inline like the rights line. */
const ENLARGE_WORD = "enlarge";
const INLINE_NAME = /copyright|attribution|enlarge/i;
/** Class words of a link drawn as a button. */
const BUTTON_NAME = /^(?:button|btn|cta)$/;
/** A forum or Q&A poster's card ("user-info", "message-userExtras", "member-details"): name, join date, post count. */
const POSTER = /^(?:user|member|poster)$/;
const CARD = /^(?:info|details|extras|card|profile|stats)$/;
/** Headings below the page's headline: a section's, or a box's label. */
export const SUBHEADING_TAGS = new Set(["H2", "H3", "H4", "H5", "H6"]);
export const BLOCK_TAGS = new Set([
  "ADDRESS",
  "ARTICLE",
  "BLOCKQUOTE",
  "BODY",
  "CENTER",
  "DD",
  "DETAILS",
  "DIV",
  "DL",
  "DT",
  "FIELDSET",
  "FIGCAPTION",
  "FIGURE",
  "FORM",
  "H1",
  "H2",
  "H3",
  "H4",
  "H5",
  "H6",
  "HR",
  "LI",
  "MAIN",
  "OL",
  "P",
  "PRE",
  "SECTION",
  "SUMMARY",
  "TABLE",
  "TBODY",
  "TD",
  "TFOOT",
  "TH",
  "THEAD",
  "TR",
  "UL",
  "HTML",
  ...FURNITURE_TAGS,
]);

const DISPLAY_NONE = /display\s*:\s*none|visibility\s*:\s*hidden/i;

/** Text that ends a sentence, quotes and brackets after the stop aside. */
export const SENTENCE_END = /[.!?。！？]["'”’)]?\s*$/;

export const isElement = (node: Node): node is HTMLElement => node.nodeType === NodeType.ELEMENT_NODE;

/** Whether `ancestor` holds `element` (at any depth). */
export function isInside(element: HTMLElement, ancestor: HTMLElement): boolean {
  for (let current = element.parentNode; current; current = current.parentNode) if (current === ancestor) return true;
  return false;
}

const MAY_HIDE = /hidden|style|sr-only|screen-reader|none|hide|invisible|off-?screen/i;
/**
 * Class names the page's CSS hides by: text kept for screen readers only, drawn off-screen, and the
 * utility classes of `display: none` (Bootstrap's `d-none`, `hidden`, `hide`, `is-hidden`, `invisible`).
 */
const HIDING_CLASSES = [
  ...["sr-only", "screen-reader-text", "screen-reader-only", "visually-hidden", "visuallyhidden", "u-visually-hidden"],
  ...["off-screen", "offscreen"],
  ...["hidden", "d-none", "hide", "is-hidden", "invisible"],
  // Text replaced by an image (Bootstrap's `text-hide`, `hide-text`): a magnifier's "Vergrößern" shown as an icon.
  ...["text-hide", "hide-text"],
];
const HIDING_CLASS = new RegExp(`(?:^|\\s)(?:${HIDING_CLASSES.join("|")})(?:\\s|$)`, "i");

/**
 * A part React streams into the page after its shell (`<div hidden id="S:1">`), which its script moves
 * into the shell's `<template id="B:1">` at once: shown, though sent hidden.
 */
const STREAMED_PART = /^S:\d+$/;

/** Never shown as text: a script, a control, an element the page hides. */
export function isUnshown(element: HTMLElement): boolean {
  if (UNSHOWN_TAGS.has(element.tagName)) return true;
  if (!MAY_HIDE.test(rawAttributes(element))) return false;
  if (attributeValue(element, "hidden") !== undefined) return !STREAMED_PART.test(element.id);
  // A paragraph hidden from screen readers alone (a paywall's gated text) is still on the screen.
  if (attributeValue(element, "aria-hidden") === "true") return element.tagName !== "P";
  if (HIDING_CLASS.test(attributeValue(element, "class") ?? "")) return true;
  const style = attributeValue(element, "style");
  return style !== undefined && DISPLAY_NONE.test(style) && !isTabPanel(element);
}

/** Class or id words of a tab's panel ("tabs__panel", "tab-pane", "tab_content"). */
const TAB_WORD = /^tabs?$/;
const PANEL_WORD = /^(?:panel|pane|content)$/;

/** A tab's panel, hidden until its tab is chosen ("tabs__panel--description"): the page's text, one click away. */
function isTabPanel(element: HTMLElement): boolean {
  if (attributeValue(element, "role") === "tabpanel") return true;
  const words = nameWords(element);
  return words.some((word) => TAB_WORD.test(word)) && words.some((word) => PANEL_WORD.test(word));
}

/** Why an element is page furniture (its tag, role or a word of its names), or null when it may be content. */
export function furnitureReason(element: HTMLElement): string | null {
  if (FURNITURE_TAGS.has(element.tagName)) return `<${element.tagName.toLowerCase()}>`;
  // The site's header band of a page written before `<header>`: the one box of the page with that id.
  if (element.id === "header" && element.tagName === "DIV") return 'class or id "header"';
  if (element.tagName === "FORM") return asksTheReader(element) ? FORM_ASKING : null;
  const role = rawAttributes(element).length < 6 ? undefined : attributeValue(element, "role");
  if (role && FURNITURE_ROLES.has(role)) return `role=${role}`;
  // A link dressed as a button ("Try it now", "Learn more", "Next") is a control, like a `<button>`.
  if (element.tagName === "A" && (role === "button" || nameWords(element).some((word) => BUTTON_NAME.test(word))))
    return "a link set as a button";
  // schema.org's counter of likes, shares or views ("8 Likes").
  if (
    rawAttributes(element).includes("interactionStatistic") &&
    attributeValue(element, "itemprop") === "interactionStatistic"
  )
    return "a counter of interactions";
  // A copyright or attribution set inline ("<span class=copyright>© AP</span>") is no word of the sentence it
  // sits in, nor is a picture's control to enlarge it.
  if (!BLOCK_TAGS.has(element.tagName)) {
    if (!INLINE_NAME.test(rawAttributes(element))) return null;
    const words = nameWords(element);
    if (words.some((word) => RIGHTS_WORDS.has(word))) return "a copyright line";
    return words.includes(ENLARGE_WORD) ? "a picture's control" : null;
  }
  const words = nameWords(element);
  const word = words.find(
    (candidate, at) =>
      FURNITURE_WORDS.has(candidate) &&
      !LAYOUT_OF.has(words[at - 1] ?? "") &&
      !(candidate === "gallery" && LIST_TAGS.has(element.tagName)),
  );
  if (word) return `class or id "${word}"`;
  return words.some((name) => POSTER.test(name)) && words.some((name) => CARD.test(name)) ? "a poster's card" : null;
}

/**
 * Class and id words that raise or lower an element's chance of being the article: Readability's lists,
 * as words, and a product's description over its customers' reviews (which, like comments, are not the page's own text).
 */
const POSITIVE =
  /^(?:article|body|content|entry|hentry|h-entry|main|page|post|text|blog|story|prose|markdown|articlebody|description|abstract|question)$/;
const NEGATIVE =
  /^(?:hidden|banner|combx|comment|com|contact|foot|footer|footnote|gdpr|masthead|media|meta|outbrain|promo|related|scroll|share|shoutbox|sidebar|skyscraper|sponsor|shopping|tags|tool|widget|nav|menu|ad|ads|comments|review|reviews|author|button)$/;

const PIECE = /^(?:article|post|entry|story|news|blog)$/;
const BODY = /^(?:body|content|text|inner)$/;

/** ±25 by the element's names, as Readability weighs a candidate's class and id. */
export function nameWeight(element: HTMLElement): number {
  let weight = 0;
  const words = nameWords(element);
  if (words.some((word) => NEGATIVE.test(word))) weight -= 25;
  if (words.some((word) => POSITIVE.test(word))) weight += 25;
  // "article-body", "post-content", "entry-text": the body of the piece, named as such.
  if (words.some((word) => PIECE.test(word)) && words.some((word) => BODY.test(word))) weight += 25;
  // schema.org's own mark of an article's text.
  if (attributeValue(element, "itemprop") === "articleBody") weight += 50;
  return weight;
}

/** The furniture reason of a form that asks the reader to write. */
export const FORM_ASKING = "a form asking the reader";

/** Fields a form asks the reader to fill: a comment, a sign-in, a newsletter's address, a search. */
const READER_FIELDS = 'textarea, input[type="email"], input[type="password"], input[type="search"]';

/**
 * Whether a form asks the reader to write (a comment box, a sign-in, a newsletter, a search): such a
 * form is furniture; one that only offers choices (a shop's buy box: sizes, quantity, add to cart) is
 * part of what the page shows.
 */
function asksTheReader(form: HTMLElement): boolean {
  // Two lines of text to type (a name and an address to send the article to), not a quantity beside the options.
  if (selectOne(form, READER_FIELDS) !== null) return true;
  const typed = selectAll(form, "input").filter((input) => (attributeValue(input, "type") ?? "text") === "text");
  return typed.length >= 2;
}
