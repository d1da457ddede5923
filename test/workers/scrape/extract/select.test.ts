// Selector queries from the page index (src/scrape/extract/select.ts) answer what node-html-parser's
// own querySelectorAll answers, on markup where attributes are decoded, cased or written oddly.
import { describe, expect, it } from "vitest";
import { loadHtml } from "../../../../src/scrape/extract/dom";
import { selectAll } from "../../../../src/scrape/extract/select";

const PAGE = `<main id="top">
  <div class="card sale" data-hook="review" data-note="Tom &amp; Jerry">a</div>
  <div class="card" DATA-HOOK="review-title" data-note='x "y"'>b</div>
  <div class="card  card old" id="c&#49;" data-hook = "review">c</div>
  <div class="&#99;ard" data-hook="">d</div>
  <section><p class="price" title="$1 &lt; $2">e</p><p class="price old" data-note="sale">f</p></section>
  <a href="/p/1?a=1&amp;b=2" rel="nofollow">g</a><a HREF="/p/2">h</a>
  <span CLASS="card">i</span><span class="old" class="card">j</span><span id = "top2" class = "card">k</span>
  <span data-x=" class=card" class="sale">l</span><span class>m</span><span class="card" id="">n</span>
  <span data-x='a class="card"'>o</span><span title='x id="top2"'>p</span><span title="x class=sale">q</span>
  <span data-y= class="old">r</span><span data-z='"' title="a class=card">s</span>
</main>`;

const SELECTORS = [
  "div.card",
  ".old",
  "#c1",
  "[data-hook]",
  '[data-hook="review"]',
  '[data-hook^="review"]',
  '[data-hook$="title"]',
  '[data-hook*="view-t"]',
  '[data-hook=""]',
  '[data-note="Tom & Jerry"]',
  '[data-note*="&"]',
  '[title="$1 < $2"]',
  'a[href*="b=2"]',
  "a[href]",
  "[DATA-HOOK]",
  "section p.price:not(.old)",
  "main > div[data-hook]",
  'div:not([data-hook="review"])',
  ".card",
  "span.card",
  "span.sale",
  "#top2",
  "span:not(.card)",
  "main > .old",
  '[class*="ar"]',
  '[class^="card"]',
  '[class$="old"]',
  '[class="card"]',
  '[class*="card sa"]',
  'span[class*="ca"]',
  '[class=""]',
  '[class*="&"]',
  '[id^="top"]',
  '[id*="1"]',
  '[id=""]',
  'span:not([class*="card"])',
];

describe("selectAll", () => {
  const root = loadHtml(PAGE);

  it("finds what the library's querySelectorAll finds, for every selector, in page order", () => {
    const texts = (elements: { text: string }[]) => elements.map((element) => element.text);
    for (const selector of SELECTORS) {
      expect([selector, texts(selectAll(root, selector))]).toEqual([selector, texts(root.querySelectorAll(selector))]);
    }
  });

  it("finds what the library finds inside an element too, for every selector", () => {
    const texts = (elements: { text: string }[]) => elements.map((element) => element.text);
    for (const scope of [root.querySelector("main")!, root.querySelector("section")!]) {
      for (const selector of SELECTORS) {
        expect([selector, texts(selectAll(scope, selector))]).toEqual([
          selector,
          texts(scope.querySelectorAll(selector)),
        ]);
      }
    }
  });

  it("decodes attribute values before testing them", () => {
    expect(selectAll(root, '[data-note="Tom & Jerry"]').map((element) => element.text)).toEqual(["a"]);
    expect(selectAll(root, "#c1").map((element) => element.text)).toEqual(["c"]);
  });
});
