// The elements of a page part whose own text holds a digit, where a price may be read: what a shopper is shown,
// leaving out the figures of form controls (a drop-down's choices, a box to tick's label).
import { HIDDEN_TAGS, pageText, type HTMLElement } from "./dom";
import { pageIndex } from "./page-index";
import { rawAttr } from "./raw-attr";
import { positionOf } from "./tree-nodes";

// What a shopper is not shown, but an iframe: the page's digit flags keep its digits (dom.ts), read here as a
// price.
const HIDDEN_SUBTREES = new Set([...HIDDEN_TAGS].filter((tag) => tag !== "IFRAME"));

/**
 * Subtrees whose figures are no price on show: a drop-down's choices ("Min ₹20000 ₹40000" of a price filter)
 * and a box to tick's label ("Rosette - extra 16 ₪"), an extra's and not the item's. A radio button's label
 * is no such thing: it offers the item itself ("Neuf 22,50 €" or "Occasion").
 */
const unpriced = (element: HTMLElement) =>
  HIDDEN_SUBTREES.has(element.tagName) || element.tagName === "SELECT" || labelsTickBox(element);

function labelsTickBox(element: HTMLElement): boolean {
  if (element.tagName !== "LABEL") return false;
  const inside = element.childNodes.find((child) => child.nodeType === 1 && (child as HTMLElement).tagName === "INPUT");
  const control = (inside as HTMLElement | undefined) ?? element.previousElementSibling;
  return control?.tagName === "INPUT" && rawAttr(control, "type")?.toLowerCase() === "checkbox";
}

/**
 * Elements under `scope` with a text of their own that holds a digit, children before parents (the
 * page's digit flags, counted with its ink), read off the page index: in its document order a parent
 * comes before its subtree, so it is listed once the subtree's last element has passed. `scope`
 * itself is left out: `priceTexts` stops there.
 */
export function elementsWithDigits(scope: HTMLElement): HTMLElement[] {
  const out: HTMLElement[] = [];
  if (unpriced(scope)) return out;
  const { ownDigit } = pageText(scope);
  const { elements, ends } = pageIndex(scope);
  const list = (at: number) => {
    if (ownDigit[at] === 1) out.push(elements[at]!);
  };
  const open: number[] = [];
  const last = scope.parentNode ? ends[positionOf(scope)]! : elements.length - 1;
  for (let at = scope.parentNode ? positionOf(scope) + 1 : 0; at <= last; at++) {
    while (open.length > 0 && ends[open[open.length - 1]!]! < at) list(open.pop()!);
    if (unpriced(elements[at]!)) at = ends[at]!;
    else open.push(at);
  }
  while (open.length > 0) list(open.pop()!);
  return out;
}
