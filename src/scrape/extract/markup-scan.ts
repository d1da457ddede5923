// node-html-parser's markup pattern (`kMarkupPattern` and `kMarkupPatternWithCDATA`, 9.0.7) as a
// scan: the same comments, CDATA sections and start and end tags, found at the same places. The
// pattern's lazy attribute part backtracks at every character of every tag, which was 40% of
// building a page's tree; here each character is looked at about once, and a found tag is a few
// numbers instead of a match array and five strings. Written by hand: no library scans markup the
// way this library's pattern does; test/fixtures/markup-scan.test.ts compares the two.
import { isSpaceCode } from "./whitespace";

// The pattern's tag name: a letter, then any of these, its own list as written (`\x37F-\u1FFF`
// reads as `7` and `F-\u1FFF`, so the name takes most of Latin-1 and more).
const NAME =
  /[a-zA-Z][-.:0-9_a-zA-Z@\xB7\xC0-\xD6\xD8-\xF6\u00F8-\u03A1\u03A3-\u03D9\u03DB-\u03EF\u03F7-\u03FF\u0400-\u04FF\u0500-\u052F\u1D00-\u1D2B\u1D6B-\u1D77\u1D79-\u1D9A\u1E00-\u1E9B\u1F00-\u1F15\u1F18-\u1F1D\u1F20-\u1F45\u1F48-\u1F4D\u1F50-\u1F57\u1F59\u1F5B\u1F5D\u1F5F-\u1F7D\u1F80-\u1FB4\u1FB6-\u1FBC\u1FBE\u1FC2-\u1FC4\u1FC6-\u1FCC\u1FD0-\u1FD3\u1FD6-\u1FDB\u1FE0-\u1FEC\u1FF2-\u1FF4\u1FF6-\u1FFC\u2126\u212A-\u212B\u2132\u214E\u2160-\u2188\u2C60-\u2C7F\uA722-\uA787\uA78B-\uA78E\uA790-\uA7AD\uA7B0-\uA7B7\uA7F7-\uA7FF\uAB30-\uAB5A\uAB5C-\uAB5F\uAB64-\uAB65\uFB00-\uFB06\uFB13-\uFB17\uFF21-\uFF3A\uFF41-\uFF5A\x37F-\u1FFF\u200C-\u200D\u203F-\u2040\u2070-\u218F\u2C00-\u2FEF\u3001-\uD7FF\uF900-\uFDCF\uFDF0-\uFFFD]*/uy;
const GT = 0x3e;
const SLASH = 0x2f;
const QUOTE = 0x22;
const APOSTROPHE = 0x27;

/**
 * A tag, a comment, a whole `<![CDATA[ … ]]>` section (in CDATA mode), or `<![CDATA[` met before
 * CDATA mode: the library would have read the whole page in that mode.
 */
export type MarkupKind = "tag" | "comment" | "cdata" | "cdata-start";

/**
 * The next markup of `text` at or after a position, as the library's pattern finds it: `find`
 * fills the fields. For a tag, `<` `/`? name attributes `/`? `>`, the attributes running from
 * `nameEnd` to `attributesEnd` (with the space before them).
 */
export class MarkupScan {
  kind: MarkupKind = "tag";
  start = 0;
  end = 0;
  endTag = false;
  nameStart = 0;
  nameEnd = 0;
  attributesEnd = 0;
  selfClosing = false;
  /** Whether CDATA sections are markup (the library's pattern for pages holding one). */
  cdata = false;
  readonly #text: string;
  /** Where the text's last `>` is: no tag can end after it. */
  readonly #lastGt: number;

  constructor(text: string) {
    this.#text = text;
    this.#lastGt = text.lastIndexOf(">");
  }

  /** The found tag's name as written. */
  name(): string {
    return this.#text.slice(this.nameStart, this.nameEnd);
  }

  /** Finds the first markup starting at or after `from`; false when there is none. */
  find(from: number): boolean {
    const text = this.#text;
    for (let at = text.indexOf("<", from); at >= 0; at = text.indexOf("<", at + 1)) {
      if (this.#markupAt(at)) {
        this.start = at;
        return true;
      }
    }
    return false;
  }

  #markupAt(at: number): boolean {
    const text = this.#text;
    if (text.startsWith("<!--", at)) {
      const close = text.indexOf("-->", at + 4);
      this.kind = "comment";
      this.end = close + 3;
      return close >= 0;
    }
    if (text.startsWith("<![CDATA[", at)) {
      if (!this.cdata) {
        this.kind = "cdata-start";
        this.end = at + 9;
        return true;
      }
      const close = text.indexOf("]]>", at + 9);
      this.kind = "cdata";
      this.end = close + 3;
      return close >= 0;
    }
    this.kind = "tag";
    this.endTag = text.charCodeAt(at + 1) === SLASH;
    this.nameStart = at + (this.endTag ? 2 : 1);
    NAME.lastIndex = this.nameStart;
    if (!NAME.test(text)) return false;
    // The name is greedy, but gives back up to a character that is both a name character and a
    // space (U+00A0, U+1680, U+FEFF) when what follows only fits after a shorter name.
    const greedyEnd = NAME.lastIndex;
    for (let end = greedyEnd; end > this.nameStart; end--) {
      if (end < greedyEnd && !isSpaceCode(text.charCodeAt(end))) continue;
      if (this.#attributesFrom(end)) {
        this.nameEnd = end;
        return true;
      }
    }
    return false;
  }

  /**
   * The pattern's `((?:\s+[^>]*?(?:'[^']*'|"[^"]*")?)*)\s*(\/?)>` from `from`, as its backtracking
   * settles: each run of spaces starts an attribute; at each later character a quoted value is tried
   * first, then the characters up to it are taken one by one, until a `>` (or `/>`) ends the tag.
   * From a space with a `>` somewhere after it the pattern always matches, which makes every choice
   * below final: a quoted value is kept when a space with a later `>`, or the tag's end, follows it.
   */
  #attributesFrom(from: number): boolean {
    const text = this.#text;
    const lastGt = this.#lastGt;
    let boundary = from;
    attribute: for (;;) {
      if (!isSpaceCode(text.charCodeAt(boundary))) return this.#endAt(boundary);
      if (lastGt <= boundary) return false;
      let at = boundary + 1;
      while (isSpaceCode(text.charCodeAt(at))) at++;
      for (; at < text.length; at++) {
        const code = text.charCodeAt(at);
        if (code === QUOTE || code === APOSTROPHE) {
          const close = text.indexOf(code === QUOTE ? '"' : "'", at + 1);
          if (close >= 0) {
            const after = close + 1;
            if (isSpaceCode(text.charCodeAt(after)) && lastGt > after) {
              boundary = after;
              continue attribute;
            }
            if (this.#endAt(after)) return true;
          }
        }
        if (isSpaceCode(code)) {
          if (lastGt > at) {
            boundary = at;
            continue attribute;
          }
        } else if ((code === GT || code === SLASH) && this.#endAt(at)) return true;
      }
      return false;
    }
  }

  /** The pattern's `\s*(\/?)>` at `at`, the attributes ending there. */
  #endAt(at: number): boolean {
    const text = this.#text;
    let end = at;
    while (isSpaceCode(text.charCodeAt(end))) end++;
    this.selfClosing = text.charCodeAt(end) === SLASH && text.charCodeAt(end + 1) === GT;
    if (this.selfClosing) end++;
    else if (text.charCodeAt(end) !== GT) return false;
    this.attributesEnd = at;
    this.end = end + 1;
    return true;
  }
}
