// Cheap attribute reads (src/scrape/extract/raw-attr.ts): `valuedAttr` answers what getAttribute
// answers whenever that is a value, and skips elements that only mention the name elsewhere.
import { describe, expect, it } from "vitest";
import { loadHtml } from "../../src/scrape/extract/dom";
import { valuedAttr } from "../../src/scrape/extract/raw-attr";
import { selectAll } from "../../src/scrape/extract/select";

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
