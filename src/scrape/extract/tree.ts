// node-html-parser's tree at a fraction of the allocations. The library's `parse` is most of the
// CPU of reading a 1–3 MB page, and more than half of that is the garbage collector copying the
// objects each node carries (a `range` set with defineProperty, a DOMTokenList with its own Set and
// closure, an attribute object, an empty child list per text node). This is the library's own parse
// loop (its markup, found by markup-scan.ts, its closing rules and unclosed-tag repair,
// node-html-parser 9.0.7), so the tree, its ranges and every reader's answer stay the same; it makes
// the same classes' nodes with only the fields they read (tree-nodes.ts), the class list when first
// asked for. One rule differs: an end tag the library ignores closes the nearest open element of its
// name as browsers do (end-tags.ts), as the library's repair of elements left open flattens whole
// sections. Written by hand as no library builds this library's tree; test/fixtures/tree.test.ts
// compares the two on every saved page (the library's own rule) and a browser's on end tags.
import { blockTextEnd, type EndTags, openElementClosedBy } from "./end-tags";
import { MarkupScan } from "./markup-scan";
import { adopt, append, type Element, LIBRARY, PageElement, text } from "./tree-nodes";

const UNQUOTED_VALUE_AT_END = /(?:^|\s)[^\s"'<>=/]+\s*=\s*[^\s"'<>`]+$/;
// The pattern's last character; most self-closing tags end with a quote, ruled out without trying
// the pattern at every position of their attributes.
const NOT_UNQUOTED_END = /[\s"'<>`]/;
const endsUnquoted = (attributes: string) =>
  attributes.length > 0 &&
  !NOT_UNQUOTED_END.test(attributes[attributes.length - 1]!) &&
  UNQUOTED_VALUE_AT_END.test(attributes);
// The library's key pattern starts `(?:^|\s)`; attribute text always starts with a space, so `\s` alone.
const KEY_ATTRIBUTE = /\s(id|class)\s*=\s*((?:'[^']*')|(?:"[^"]*")|\S+)/gi;
// Elements whose body is one text node, found by their end tag (blockTextEnd).
const BLOCK_TEXT = new Set(["script", "noscript", "style", "pre"]);
const FRAME = "documentfragmentcontainer";
const FRAME_OFFSET = FRAME.length + 2;

type Table = Record<string, Record<string, boolean> | undefined>;
/** A tag name as written, and what the parser does with such a tag. */
type TagName = { name: string; blockText: boolean; isVoid: boolean };

/**
 * The library's closing tables: each key and name in lower and in upper case, never mixed. Plain
 * objects looked up as the library does, so that even a tag named like an Object method acts alike.
 */
function bothCases(table: Record<string, string>): Table {
  const out: Table = {};
  for (const [tag, names] of Object.entries(table)) {
    const closers = Object.fromEntries(
      names.split(" ").flatMap((name) => [
        [name, true],
        [name.toUpperCase(), true],
      ]),
    );
    out[tag] = closers;
    out[tag.toUpperCase()] = closers;
  }
  return out;
}
/** An open element (key) closed by a new start tag (value). */
const CLOSED_BY_OPENING = bothCases({
  li: "li",
  p: "p div",
  b: "div",
  td: "td th tr tbody tfoot",
  th: "td th tr tbody tfoot",
  tr: "tr tbody tfoot",
  thead: "tbody tfoot",
  tbody: "tbody tfoot",
  h1: "h1",
  h2: "h2",
  h3: "h3",
  h4: "h4",
  h5: "h5",
  h6: "h6",
  dt: "dt dd",
  dd: "dt dd",
});
/** An open element (key) closed by an end tag of an enclosing one (value). */
const CLOSED_BY_CLOSING = bothCases({
  li: "ul ol",
  a: "div",
  b: "div",
  i: "div",
  p: "div",
  td: "tr table thead tbody tfoot",
  th: "tr table thead tbody tfoot",
  tr: "table thead tbody tfoot",
  tbody: "table",
  tfoot: "table",
  dt: "dl body html",
  dd: "dl body html",
});
/** A `<p>` (key, lower case) is closed by any end tag of its parent but these. */
const CLOSED_BY_CLOSING_EXCEPT: Table = {
  p: Object.fromEntries(["a", "audio", "del", "ins", "map", "noscript", "video"].map((name) => [name, true])),
};

/** What the parser knows of a page it built, for the selector index (page-index.ts). */
export interface Parsed {
  /**
   * The elements in document order (the root excluded), as the parser made them: every new element
   * is the last in document order when made, and the repair of unclosed elements only removes some.
   */
  elements: Element[];
  /** The page, where each element's `rawAttrs` starts two characters after `<` and its tag name. */
  html: string;
}
const parsed = new WeakMap<Element, Parsed>();

export const parsedPage = (root: Element): Parsed | undefined => parsed.get(root);

/** node-html-parser's `parse(html, { comment: false })`, the same tree built with fewer objects. */
export function parseTree(html: string, endTags: EndTags = "browser"): Element {
  const { voidTag } = LIBRARY;
  // The library knows a void element by its name in lower or upper case; a browser in any case ("<Br>").
  const isVoid = (tag: string) => voidTag.isVoidElement(endTags === "browser" ? tag.toLowerCase() : tag);
  // The library parses the page inside a frame tag. Scanning the page itself is several times
  // faster (no joined string), and finds the same tags unless a tag left open at the very end could
  // run into the frame's end tag: only then is the joined string scanned (`risky`).
  const lastGt = html.lastIndexOf(">");
  const risky = html.indexOf("<", lastGt + 1) >= 0 || Math.max(html.lastIndexOf('"'), html.lastIndexOf("'")) > lastGt;
  const subject = risky ? `<${FRAME}>${html}</${FRAME}>` : html;
  // Positions below are the library's: in the joined string, `base` ahead of the subject's.
  const base = risky ? 0 : FRAME_OFFSET;
  const htmlEnd = FRAME_OFFSET + html.length;
  const sub = (start: number, end: number) => subject.substring(start - base, end - base);
  // A text node at positions of the library's joined string: always within the page itself.
  const addText = (parent: Element, start: number, end: number) =>
    text(html, parent, start - FRAME_OFFSET, end - FRAME_OFFSET);
  const root = new PageElement(null, "", undefined, "", 0, html.length);
  const stack: Element[] = [root];
  const created: Element[] = [];
  let parent = root;
  let lastTextPos = risky ? -1 : FRAME_OFFSET;
  let unclosedBlock = false;
  const xml = endTags === "browser" && /^\s*<\?xml/.test(html);
  // The library takes its CDATA pattern for the whole page when `<![CDATA[` is anywhere in it. Both
  // patterns find the same markup until a CDATA start (only there can they differ), so the scan
  // turns to CDATA mode where it meets one: no search of the whole page first.
  const scan = new MarkupScan(subject);
  // Each tag name once per page, the tree keeping one string per name rather than per element. The
  // found tag's name is looked up by a number made from its characters, so no copy of it is made
  // per tag; two names with one number are told apart by the string.
  const tagNames = new Map<string, TagName>();
  const byCode = new Map<number, TagName>();
  const foundTag = (): TagName => {
    const { nameStart, nameEnd } = scan;
    let code = nameEnd - nameStart;
    for (let at = nameStart; at < nameEnd; at++) code = (code * 31 + subject.charCodeAt(at)) | 0;
    const known = byCode.get(code);
    if (known && known.name.length === nameEnd - nameStart && subject.startsWith(known.name, nameStart)) return known;
    const written = scan.name();
    let named = tagNames.get(written);
    if (!named) {
      named = { name: written, blockText: BLOCK_TEXT.has(written.toLowerCase()), isVoid: isVoid(written) };
      tagNames.set(written, named);
    }
    byCode.set(code, named);
    return named;
  };
  for (let from = 0; scan.find(from); ) {
    from = scan.end;
    if (scan.kind === "cdata-start") {
      scan.cdata = true;
      from = scan.start;
      continue;
    }
    const tagEnd = scan.end + base;
    const tagStart = scan.start + base;
    if (lastTextPos > -1 && lastTextPos < tagStart) addText(parent, lastTextPos, tagStart);
    lastTextPos = tagEnd;
    if (scan.kind === "cdata") {
      addText(parent, tagStart, tagEnd);
      continue;
    }
    if (scan.kind === "comment") continue;
    let endTag = scan.endTag;
    const { name, blockText, isVoid: voidTag } = foundTag();
    if (name === FRAME) continue;
    let closingSlash = scan.selfClosing;
    if (!endTag) {
      let attributes = subject.slice(scan.nameEnd, scan.attributesEnd);
      if (closingSlash && endsUnquoted(attributes) && !voidTag) {
        attributes += "/";
        closingSlash = false;
      }
      let id = "";
      let className: string | undefined;
      if (attributes.length > 0) {
        for (let key = KEY_ATTRIBUTE.exec(attributes); key; key = KEY_ATTRIBUTE.exec(attributes)) {
          const value = key[2]!;
          const unquoted = value[0] === "'" || value[0] === '"' ? value.slice(1, -1) : value;
          // The key is `id` or `class` in any case: its first letter tells which.
          if (key[1]![0] === "i" || key[1]![0] === "I") id = unquoted;
          else className = unquoted;
        }
      }
      if (!closingSlash) {
        while (CLOSED_BY_OPENING[parent.rawTagName]?.[name]) {
          stack.pop();
          parent = stack[stack.length - 1]!;
        }
      }
      parent = append(
        parent,
        new PageElement(name, id, className, attributes.slice(1), tagStart - FRAME_OFFSET, tagEnd - FRAME_OFFSET),
      );
      created.push(parent);
      stack.push(parent);
      // An XML page closes `<script src=… />` where it is written; in HTML the script would run to its end tag.
      if (blockText && !(closingSlash && xml)) {
        const close = blockTextEnd(subject, name, tagEnd - base, endTags);
        const closeIndex = close.start === -1 ? -1 : close.start + base;
        const textEnd = closeIndex === -1 ? htmlEnd : closeIndex;
        const body = sub(tagEnd, textEnd);
        if (body.length > 0 && /\S/.test(body)) addText(parent, tagEnd, textEnd);
        if (closeIndex === -1) {
          // The rest of the page is its text: nothing more to find.
          unclosedBlock = true;
          lastTextPos = htmlEnd + FRAME_OFFSET + 2;
          from = subject.length + 1;
        } else {
          lastTextPos = close.end + base;
          from = lastTextPos - base;
          endTag = true;
        }
      }
    }
    if (endTag || closingSlash || voidTag) closeUpTo(name, Math.max(lastTextPos, tagEnd) - FRAME_OFFSET);
  }
  // The frame's end tag, which the library meets last: the text after the page's last tag.
  if (!risky && !unclosedBlock && lastTextPos < htmlEnd) addText(parent, lastTextPos, htmlEnd);
  const removed = repairUnclosed(stack);
  parsed.set(root, {
    elements: removed.size === 0 ? created : created.filter((element) => !removed.has(element)),
    html,
  });
  return root;

  /** The library's end-tag handling: close `name`, or the open elements an end tag implies. */
  function closeUpTo(name: string, end: number) {
    for (;;) {
      if (parent.rawTagName === name) {
        (parent as unknown as { _end: number })._end = end;
        stack.pop();
        parent = stack[stack.length - 1]!;
        return;
      }
      if (CLOSED_BY_CLOSING[parent.tagName]?.[name]) {
        stack.pop();
        parent = stack[stack.length - 1]!;
        continue;
      }
      const kept = CLOSED_BY_CLOSING_EXCEPT[parent.rawTagName ? parent.rawTagName.toLowerCase() : ""];
      const container = stack.length > 1 ? stack[stack.length - 2] : undefined;
      const closing = name.toLowerCase();
      if (kept && container?.rawTagName?.toLowerCase() === closing && !kept[closing]) {
        (parent as unknown as { _end: number })._end = end;
        stack.pop();
        parent = stack[stack.length - 1]!;
        continue;
      }
      if (endTags === "browser") closeOpen(closing, end);
      return;
    }
  }

  /** An end tag the library ignores, read as a browser does (end-tags.ts). */
  function closeOpen(closing: string, end: number) {
    const at = openElementClosedBy(stack, closing);
    if (at < 1) return;
    (stack[at] as unknown as { _end: number })._end = end;
    stack.length = at;
    parent = stack[at - 1]!;
  }
}

/** The library's repair of elements left open at the end: their children move up a level. */
function repairUnclosed(stack: Element[]): Set<Element> {
  const removed = new Set<Element>();
  while (stack.length > 1) {
    const last = stack.pop()!;
    const oneBefore = stack[stack.length - 1]!;
    if (!last.parentNode?.parentNode) continue;
    if (last.parentNode === oneBefore) removed.add(last);
    if (last.parentNode === oneBefore && last.tagName === oneBefore.tagName) {
      oneBefore.removeChild(last);
      reparent(last, oneBefore.parentNode!);
      stack.pop();
    } else {
      oneBefore.removeChild(last);
      reparent(last, oneBefore);
    }
  }
  return removed;
}

function reparent(source: Element, parent: Element) {
  const children = source.childNodes;
  source.childNodes = [];
  for (const child of children) {
    child.parentNode = parent;
    adopt(parent, child);
  }
}
