// Attribute reads that stay cheap over a whole card list: node-html-parser decodes all of an
// element's attributes on the first getAttribute, so a name its raw text never mentions is not asked,
// and the one asked is decoded alone (`attributeValue`). Names are given in lower case.
import type { HTMLElement } from "node-html-parser";
import { attributeValue } from "./tree-nodes";
import { isSpaceCode } from "./whitespace";

/** `element.getAttribute(name)`, skipped (undefined) when the raw attribute text does not mention `name`. */
export const rawAttr = (element: HTMLElement, name: string): string | undefined =>
  element.rawAttrs.includes(name) ? attributeValue(element, name) : undefined;

/**
 * `rawAttr` for readers that want a value: undefined unless the raw text has `name` before an `=`
 * (spaces allowed), since an attribute written without one reads as "".
 */
export function valuedAttr(element: HTMLElement, name: string): string | undefined {
  const raw = element.rawAttrs;
  for (let at = raw.indexOf(name); at >= 0; at = raw.indexOf(name, at + 1)) {
    let next = at + name.length;
    while (isSpaceCode(raw.charCodeAt(next))) next++;
    if (raw[next] === "=") return attributeValue(element, name);
  }
  return undefined;
}

/**
 * The class tokens the parser pre-read, as one string: `element.classNames` without making the
 * element a class list to keep (a Set and a callback each) when none was made yet.
 */
export function classText(element: HTMLElement): string {
  const own = element as unknown as { _classList?: unknown; _class?: string };
  // Only the parser's elements (tree-nodes.ts) keep the pre-read as `_class`; a made list answers for itself.
  if (!("_class" in own) || own._classList !== undefined) return element.classNames;
  const pre = own._class;
  if (!pre) return "";
  // The class list is the pre-read split at whitespace, each token once, joined by single spaces.
  return /\s/.test(pre) ? [...new Set(pre.split(/\s+/))].join(" ") : pre;
}

/** Whether the element's own style hides it (`display: none`, as ad blockers and decoys set it). */
export const hiddenByStyle = (element: HTMLElement) => /display:\s*none/i.test(rawAttr(element, "style") ?? "");
