// The words of an element's class and id names ("relatedPosts post-tags" → related, posts, post, tags), split at
// case changes and punctuation, as the page reader's rules read them (elements.ts, content-names.ts).
import type { HTMLElement } from "node-html-parser";

/** Words that make the next one a layout's ("has-sidebar", "with-comments", "no-ads", Drupal's "one-sidebar"), not the element's kind. */
export const LAYOUT_OF = new Set(["has", "with", "no", "without", "one", "two"]);
const CAMEL = /([a-z])([A-Z])/g;
const SEPARATORS = /[^a-z0-9]+/;
/** The element's attributes as written; most elements have none, which answers every question about them at once. */
export const rawAttributes = (element: HTMLElement): string => (element as unknown as { rawAttrs: string }).rawAttrs;

/** The element's class attribute as written, read by the tree's parser as it built the element (extract/tree.ts). */
export const classNameOf = (element: HTMLElement): string => (element as unknown as { _class?: string })._class ?? "";

/**
 * A comments box named in one glued word ("commentdisplay", "commentbox", "commentlist"), read as "comments";
 * not a commentary, a commentator or the French "commentaire".
 */
const GLUED_COMMENTS = /^comments?(?!ar|at)[a-z]{3,}$/;

/** A number glued to the end of a word of three letters or more ("popover2", "sidebar1"): the box's count, not its kind. */
const COUNTED = /(?<=[a-z]{3})\d+$/;

/** The words of a class or id name ("relatedPosts" → related, posts; "popover2" → popover). */
export const wordsOf = (names: string): string[] =>
  names
    .replace(CAMEL, "$1 $2")
    .toLowerCase()
    .split(SEPARATORS)
    .filter(Boolean)
    .map((word) => word.replace(COUNTED, ""))
    .map((word) => (GLUED_COMMENTS.test(word) ? "comments" : word));

/**
 * The words of one class or id name that say what the element is: those after a layout word ("wrapper-with-sticky-ad",
 * "has-sidebar") say how the layout around it is, and the layout word itself is kept so `namedAs` still reads it.
 */
function kindWords(name: string): string[] {
  const words = wordsOf(name).map((word, at, all) => (isViewsModule(word, all[at + 1]) ? "view" : word));
  const layout = words.findIndex((word) => LAYOUT_OF.has(word));
  return layout < 0 ? words : words.slice(0, layout + 2);
}

/** Words after "views" in one name that make it a counter of views ("views-count"), not Drupal's Views markup. */
const COUNT_WORDS = new Set(["count", "counter", "counts", "num", "number", "total"]);

/**
 * "views" opening more words of one name is Drupal's Views module ("views-row", "views-field-body", "pane-views-panes"),
 * which lists a site's content; only at a name's end ("post-views") or before a count ("views-count") does it count views.
 */
const isViewsModule = (word: string, next: string | undefined) =>
  word === "views" && next !== undefined && !COUNT_WORDS.has(next);

/** An id a program made, ending in a number or a hash ("sf_comment_form_container_624c6b1b…"), not a heading's words. */
const GENERATED_ID = /[-_](?=[a-z]*\d)[a-z0-9]{4,}$/i;

// Pages repeat a few hundred class names over thousands of elements: each is split once.
const wordsOfNames = new Map<string, string[]>();

/** The words of an element's class and id ("relatedPosts post-tags" → related, posts, post, tags). */
export function nameWords(element: HTMLElement): string[] {
  if (rawAttributes(element).length < 4) return [];
  const id = element.id;
  // An id of many words is a heading made into an anchor ("sharing-with-a-single-developer"), which
  // says what the section is about, not what part of the page it is; unless a program made it.
  const names = `${classNameOf(element)} ${id && (id.split(/[-_]/).length <= 3 || GENERATED_ID.test(id)) ? id : ""}`;
  if (names.length < 2) return [];
  let words = wordsOfNames.get(names);
  if (!words) {
    if (wordsOfNames.size > 10_000) wordsOfNames.clear();
    words = names.split(/\s+/).flatMap(kindWords);
    wordsOfNames.set(names, words);
  }
  return words;
}

/** Whether a word of the element's names says what it is ("wp-caption"), not how the layout around it is ("no_caption"). */
export const namedAs = (element: HTMLElement, kind: string): boolean =>
  nameWords(element).some((word, at, words) => word === kind && !LAYOUT_OF.has(words[at - 1] ?? ""));

/** `element` is of the kind a class names: its class words hold all of the kind's ("detail-body first-paragraph" of "detail-body"). */
export function ofKind(element: HTMLElement, kind: string): boolean {
  const own = element.getAttribute("class");
  if (own === kind) return true;
  if (!own || !kind) return false;
  const words = new Set(own.split(/\s+/));
  return kind.split(/\s+/).every((word) => word === "" || words.has(word));
}
