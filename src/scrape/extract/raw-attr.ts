// Attribute reads that stay cheap over a whole card list: node-html-parser decodes all of an
// element's attributes on the first getAttribute, so a name its raw text never mentions is not asked.
import type { HTMLElement } from "node-html-parser";
import { isSpaceCode } from "./whitespace";

/** `element.getAttribute(name)`, skipped (undefined) when the raw attribute text does not mention `name`. */
export const rawAttr = (element: HTMLElement, name: string): string | undefined =>
  element.rawAttrs.includes(name) ? element.getAttribute(name) : undefined;

/**
 * `rawAttr` for readers that want a value: undefined unless the raw text has `name` before an `=`
 * (spaces allowed), since an attribute written without one reads as "".
 */
export function valuedAttr(element: HTMLElement, name: string): string | undefined {
  const raw = element.rawAttrs;
  for (let at = raw.indexOf(name); at >= 0; at = raw.indexOf(name, at + 1)) {
    let next = at + name.length;
    while (isSpaceCode(raw.charCodeAt(next))) next++;
    if (raw[next] === "=") return element.getAttribute(name);
  }
  return undefined;
}

/** The class tokens the parser pre-read, as one string. */
export const classText = (element: HTMLElement): string => element.classNames;
