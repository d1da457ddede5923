// How a browser reads an end tag that node-html-parser ignores (the HTML standard's "in body" end-tag
// steps, without the formatting elements' adoption agency or table fostering) or misses (a script's
// `</SCRIPT >`): page tree, tree.ts.
import type { Element } from "./tree-nodes";

/**
 * End tags the HTML standard closes when their element is anywhere in scope, through whatever is
 * open inside it (`</div>` closes a `<span>` left open in it): the block elements of its "in body"
 * end-tag steps.
 */
const CLOSES_IN_SCOPE = new Set(
  "address article aside blockquote button center details dialog dir div dl fieldset figcaption figure footer form header hgroup listing main menu nav ol pre search section summary ul li dd dt p h1 h2 h3 h4 h5 h6".split(
    " ",
  ),
);
/** The scope's edges: an end tag never closes an element outside the table cell or object it is in. */
const SCOPE_EDGE = new Set(["applet", "caption", "html", "table", "td", "th", "marquee", "object", "template"]);
/**
 * A table part's end tag closes through whatever is left open inside it up to the table (a cell's `</tr>`
 * closes the cell and the divs a menu left open in it): the standard's "in table", "in row" and "in cell"
 * steps look for the element in table scope, whose only edges are these.
 */
const TABLE_PARTS = new Set(["table", "caption", "tbody", "thead", "tfoot", "tr", "td", "th"]);
const TABLE_SCOPE_EDGE = new Set(["html", "table", "template"]);
/**
 * The standard's "special" elements: any other end tag (`</span>`, `</option>`, `</b>`) closes the
 * nearest open element of its name only when none of these is open inside it, else it is ignored.
 */
const SPECIAL = new Set(
  [...CLOSES_IN_SCOPE, ...SCOPE_EDGE].concat(
    "area base basefont bgsound body br col colgroup embed frame frameset head hr iframe img input keygen link meta noembed noframes noscript param plaintext script select source style tbody textarea tfoot thead title tr track wbr xmp".split(
      " ",
    ),
  ),
);

/**
 * How an end tag the library would ignore is read: `browser` closes the nearest open element of its
 * name as browsers do (the library leaves it open, and its repair at the end unwraps it, flattening
 * the page's sections into their parents); `library` ignores it, node-html-parser's own tree.
 */
export type EndTags = "browser" | "library";

/**
 * Where on the stack of open elements (the root at 0) the end tag `closing` (lower case) closes: the
 * nearest open element of that name, in any case, unless a scope edge (a table's for its parts, the
 * block scope's for block elements) or any special element (for the others) is open between; -1 when a
 * browser ignores the tag.
 */
export function openElementClosedBy(stack: Element[], closing: string): number {
  const stops = TABLE_PARTS.has(closing) ? TABLE_SCOPE_EDGE : CLOSES_IN_SCOPE.has(closing) ? SCOPE_EDGE : SPECIAL;
  for (let at = stack.length - 1; at > 0; at--) {
    const open = stack[at]!.rawTagName.toLowerCase();
    if (open === closing) return at;
    if (stops.has(open)) return -1;
  }
  return -1;
}

/** Raw-text elements, whose end tag a browser finds in any case and with spaces or attributes before its `>`. */
const RAW_TEXT = new Set(["script", "noscript", "style"]);
const isSpaceOrEnd = (code: number) =>
  code === 0x20 || (code >= 0x09 && code <= 0x0d) || code === 0x2f || code === 0x3e;

/**
 * Where a block-text element's end tag starts and ends (start -1 when there is none): a raw-text one's as a
 * browser finds it (`</noscript\n>`, `</SCRIPT >`, which the library's exact `</noscript>` misses), else the
 * library's first `</name>`. Raw text seldom holds `</`, so each one met is checked by hand.
 */
export function blockTextEnd(
  subject: string,
  name: string,
  from: number,
  endTags: EndTags,
): { start: number; end: number } {
  const lower = name.toLowerCase();
  if (endTags === "library" || !RAW_TEXT.has(lower)) {
    const start = subject.indexOf(`</${name}>`, from);
    return { start, end: start + name.length + 3 };
  }
  for (let start = subject.indexOf("</", from); start >= 0; start = subject.indexOf("</", start + 2)) {
    const after = start + 2 + lower.length;
    if (!isSpaceOrEnd(subject.charCodeAt(after)) || subject.slice(start + 2, after).toLowerCase() !== lower) continue;
    const close = subject.indexOf(">", after);
    return close < 0 ? { start: -1, end: -1 } : { start, end: close + 1 };
  }
  return { start: -1, end: -1 };
}
