// Where node-html-parser reads an attribute's name in an element's attribute text, for readers that
// find a name by searching the text instead of reading every attribute: the library reads them with
// /([_a-zA-Z()[\]#@$.?:][a-zA-Z0-9-._:()[\]#]*)(?:\s*=\s*('[^']*'|"[^"]*"|\S+))?/g, a name starting at
// a character of its first class and running on through the second.
import { isSpaceCode } from "./whitespace";

const EQUALS = 0x3d;
const QUOTE = 0x22;
const APOSTROPHE = 0x27;

const NAME_START = /[_a-zA-Z()[\]#@$.?:]/;
const NAME_PART = /[a-zA-Z0-9\-._:()[\]#]/;
const DIGIT_OR_DASH = /[0-9-]/;

/**
 * Whether the library may read the `length` characters at `at` of attribute text starting at
 * `start` as an attribute's whole name: no name character follows them, and none before them
 * started a longer name (digits and dashes cannot start one: the library skips them). They may
 * still lie inside another attribute's value.
 */
export function mayBeName(text: string, start: number, at: number, length: number): boolean {
  const after = text[at + length];
  if (after !== undefined && NAME_PART.test(after)) return false;
  let before = at - 1;
  while (before >= start && DIGIT_OR_DASH.test(text[before]!)) before--;
  return before < start || !NAME_START.test(text[before]!);
}

/**
 * Whether the name at `at` of attribute text starting at `start` begins an attribute as the
 * library reads attributes: not inside a quoted value (`data-x='a class="b"'`) nor the unquoted
 * value after an `=` (`data-x= class=b`). A quote that opens no value (one not after an `=`) leaves
 * the reading unsure, so it answers false.
 */
export function startsAttribute(text: string, start: number, at: number): boolean {
  let last = 0; // the last character before `at` that is not a space, outside values
  for (let i = start; i < at; i++) {
    const code = text.charCodeAt(i);
    if (code === QUOTE || code === APOSTROPHE) {
      const close = text.indexOf(text[i]!, i + 1);
      if (last !== EQUALS || close < 0 || close >= at) return false;
      i = close;
      last = code;
    } else if (!isSpaceCode(code)) last = code;
  }
  return last !== EQUALS;
}
