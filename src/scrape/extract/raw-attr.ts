// Attribute reads that stay cheap over a whole card list: node-html-parser decodes all of an
// element's attributes on the first getAttribute, so a name its raw text never mentions is not asked.
import type { HTMLElement } from "node-html-parser";

/** `element.getAttribute(name)`, skipped (undefined) when the raw attribute text does not mention `name`. */
export const rawAttr = (element: HTMLElement, name: string): string | undefined =>
  element.rawAttrs.includes(name) ? element.getAttribute(name) : undefined;

/** The class tokens the parser pre-read, as one string. */
export const classText = (element: HTMLElement): string => element.classNames;
