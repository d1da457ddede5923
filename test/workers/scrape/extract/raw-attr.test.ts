// Cheap attribute reads (src/scrape/extract/raw-attr.ts): `valuedAttr` answers what getAttribute
// answers whenever that is a value, and skips elements that only mention the name elsewhere;
// `classText` is what `classNames` gives, without a class list made for each element.
import { describe, expect, it } from "vitest";
import { loadHtml } from "../../../../src/scrape/extract/dom";
import { classText, valuedAttr } from "../../../../src/scrape/extract/raw-attr";
import { selectAll } from "../../../../src/scrape/extract/select";

const PAGE = `<ul>
  <li class="card-title" title="Blue mug">a</li>
  <li title = 'Spaced &amp; quoted'>b</li>
  <li title
      =plain>c</li>
  <li data-title="Not the title">d</li>
  <li class="title" title>e</li>
  <li class="item-title">f</li>
</ul>`;

describe("valuedAttr", () => {
  const items = selectAll(loadHtml(PAGE), "li");

  it("reads the value wherever the name comes before an =, decoded as getAttribute decodes it", () => {
    expect(items.map((item) => valuedAttr(item, "title"))).toEqual([
      "Blue mug",
      "Spaced & quoted",
      "plain",
      undefined,
      undefined,
      undefined,
    ]);
  });

  it("differs from getAttribute only where that has no value to give", () => {
    for (const item of items) {
      const value = valuedAttr(item, "title");
      if (value !== undefined) expect(value).toBe(item.getAttribute("title"));
      else expect(item.getAttribute("title") ?? "").toBe("");
    }
  });
});

describe("classText", () => {
  const CLASSES = `<div>
    <p class="price">a</p><p class="price  price old	big">b</p><p class=" lead trail ">c</p>
    <p class="">d</p><p>e</p><p class='x  '>f</p><p class=&quot;q&quot;>g</p><p CLASS="upper">h</p>
  </div>`;

  it("gives each element the classNames of the library's class list: tokens once, single spaces", () => {
    const read = selectAll(loadHtml(CLASSES), "p").map(classText);
    const listed = selectAll(loadHtml(CLASSES), "p").map((element) => element.classNames);
    expect(read).toEqual(listed);
    expect(read.slice(0, 3)).toEqual(["price", "price old big", " lead trail"]);
  });

  it("follows a class list once one was made and changed", () => {
    const [first] = selectAll(loadHtml(CLASSES), "p");
    first!.classList.add("sale");
    expect(classText(first!)).toBe("price sale");
  });
});
