// The page's text counts (src/scrape/extract/dom.ts): each element's ink is what `visibleText` keeps
// of it besides spaces, and its digit flag says whether a text node of its own shows a digit, read
// from the page where the parser left the text, decoded where it holds an entity.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Node } from "node-html-parser";
import { cleanText, loadHtml, namePartsText, pageText, visibleText } from "../../../../src/scrape/extract/dom";
import { selectAll } from "../../../../src/scrape/extract/select";
import { positionOf } from "../../../../src/scrape/extract/tree-nodes";

const PAGE = `<html><body>
  <div class="card">
    <h2>Blue&nbsp;mug&#8203;</h2>
    <p>Price: <b>&#49;2&#x2c;50 &euro;</b> <s>15</s></p>
    <span>\u200e&#xfeff; </span>
    <script>var price = 99;</script>
    <iframe>7</iframe><br>
    <p>Tom &amp; Jerry</p>
    <div hidden><a href="/ad">ad link</a></div><i class="hidden-xs">shown</i><em title="no hidden fees">fees</em>
  </div>
  <div id="edited">none</div>
</body></html>`;

const inkOfText = (text: string | null) => (text ?? "").replace(/[\s\u200b-\u200f\u202a-\u202e]/g, "").length;

describe("pageText", () => {
  const root = loadHtml(PAGE);
  // A text replaced through the library's setter is read from its new value, not from the page.
  const edited = selectAll(root, "#edited")[0]!;
  (edited.childNodes[0] as Node & { rawText: string }).rawText = "item 42";
  const { ink, ownDigit } = pageText(root);
  const shown = selectAll(root, "*").filter((element) => !/^(SCRIPT|IFRAME)$/.test(element.tagName));

  it("counts for each element the characters visibleText keeps, spaces and direction marks left out", () => {
    const counts = shown.map((element) => [element.tagName, ink[positionOf(element)]]);
    expect(counts).toEqual(shown.map((element) => [element.tagName, inkOfText(visibleText(element))]));
    expect(Object.fromEntries(counts.filter(([tag]) => tag === "H2" || tag === "B" || tag === "SPAN"))).toEqual({
      H2: 7,
      B: 6,
      SPAN: 0,
    });
  });

  it("reads nothing of an element the hidden attribute keeps from being rendered, and reads one whose class or title says hidden", () => {
    const card = selectAll(root, "div.card")[0]!;
    expect(visibleText(card)).not.toContain("ad link");
    expect(visibleText(card)).toContain("shown");
    expect(visibleText(card)).toContain("fees");
    expect(ink[positionOf(selectAll(root, "div[hidden]")[0]!)]).toBe(0);
  });

  it("flags the elements whose own text shows a digit, entities decoded and scripts left out", () => {
    const flagged = selectAll(root, "*")
      .filter((element) => ownDigit[positionOf(element)] === 1)
      .map((element) => visibleText(element) ?? element.tagName);
    expect(flagged).toEqual(["12,50 €", "15", "IFRAME", "item 42"]);
  });
});

describe("cleanText", () => {
  // What cleanText means: marks dropped, every run of `\s` one space, the ends trimmed, empty as null.
  const reference = (text: string) =>
    text
      .replace(/[\u200b\u200e\u200f\u202a-\u202e\ufeff]/g, "")
      .replace(/\s+/g, " ")
      .trim() || null;

  it("cleans texts with and without marks, tabs, breaks and runs of spaces as the full cleaning does", () => {
    const pieces = [
      " ",
      "  ",
      "\n",
      "\t",
      "\u00a0",
      "\u200e",
      "\ufeff",
      "a",
      "b c",
      "\u2028",
      "\u3000",
      ".",
      "\u200b",
      "\u200c",
    ];
    const texts = fc.array(fc.constantFrom(...pieces), { maxLength: 12 }).map((parts) => parts.join(""));
    fc.assert(
      fc.property(texts, (text) => cleanText(text) === reference(text)),
      { seed: 20261127, numRuns: 20_000 },
    );
    expect([cleanText(" Blue  mug\u200e "), cleanText("a b"), cleanText(" \u200b "), cleanText(null)]).toEqual([
      "Blue mug",
      "a b",
      null,
      null,
    ]);
  });

  it("keeps the zero-width non-joiner and joiner that shape Persian words and join emoji", () => {
    expect(cleanText(" گوشی\u200cموبایل \u200e")).toBe("گوشی\u200cموبایل");
    expect(cleanText("👨\u200d👩\u200d👧 family")).toBe("👨\u200d👩\u200d👧 family");
  });
});

describe("visibleText and namePartsText", () => {
  const element = (html: string) => loadHtml(`<html><body>${html}</body></html>`).querySelector("h1")!;

  it("adds no space around text-level elements a browser draws inside the line (font, wbr, code)", () => {
    expect(visibleText(element("<h1><em><font>索尼</font>（SONY） 入耳式<font>耳机</font>,佩戴</em></h1>"))).toBe(
      "索尼（SONY） 入耳式耳机,佩戴",
    );
    expect(visibleText(element("<h1>CARDIOFREQUENZ<wbr/>IMETRO 64<wbr>/128 <code>x</code>s</h1>"))).toBe(
      "CARDIOFREQUENZIMETRO 64/128 xs",
    );
  });

  it("reads a name's parts abutting in the markup as words, and leaves out a part marked as the item's id", () => {
    const heading = element(
      '<h1><span itemprop="brand"><a href="/b">Stuart Weitzman</a></span><span itemprop="name">Combat Boot</span><sup>®</sup></h1>',
    );
    expect(visibleText(heading)).toBe("Stuart WeitzmanCombat Boot®");
    expect(namePartsText(heading)).toBe("Stuart Weitzman Combat Boot®");
    const numbered = element('<h1><span itemprop="name">Gas BBQ</span><small itemProp="sku">345/0925</small></h1>');
    expect(namePartsText(numbered)).toBe("Gas BBQ");
    // A word split by inline markup with text between stays one word.
    expect(namePartsText(element("<h1><b>Super</b>Mario <i>Bros</i>.</h1>"))).toBe("SuperMario Bros.");
  });
});
