// Result cards' links (src/scrape/extract/card-links.ts): each href resolved once against the page,
// and a link that leads nowhere a card could name (an anchor, a script, the page itself, an address
// that does not parse) is no item link.
import { describe, expect, it } from "vitest";
import { loadHtml } from "../../../../src/scrape/extract/dom";
import { linkResolver } from "../../../../src/scrape/extract/card-links";
import { readPage } from "../../../../src/scrape/extract/page";
import { readSearchResults } from "../../../../src/scrape/extract/results";
import { selectAll } from "../../../../src/scrape/extract/select";

const BASE = "https://shop.example/s?q=mug";

describe("linkResolver", () => {
  it("resolves item links against the page and refuses anchors, scripts, the page itself and broken addresses", () => {
    const root = loadHtml(`<div>
      <a href="/p/blue-mug/">a</a><a href="https://other.example/item/7#reviews">b</a><a href="#top">c</a>
      <a href="javascript:void(0)">d</a><a href="${BASE}#x">e</a><a href="http://[bad">f</a><a href="/">g</a>
    </div>`);
    const itemLink = linkResolver(BASE);
    expect(selectAll(root, "a").map((link) => itemLink(link))).toEqual([
      { url: "https://shop.example/p/blue-mug/", path: "/p/blue-mug" },
      { url: "https://other.example/item/7#reviews", path: "/item/7" },
      null,
      null,
      null,
      null,
      null,
    ]);
  });

  it("refuses a quick view, a preview opened over the list, and keeps the card's own name", () => {
    const root = loadHtml(
      `<div><a href="/quickView/698072/womier-keyboard">QUICK VIEW</a><a href="/product/698072/womier-keyboard">Womier</a></div>`,
    );
    const itemLink = linkResolver(BASE);
    expect(selectAll(root, "a").map((link) => itemLink(link)?.path ?? null)).toEqual([
      null,
      "/product/698072/womier-keyboard",
    ]);
    const card = (id: number, name: string, price: string) =>
      `<li class="product"><div class="image"><a href="/product/${id}/${name}"><img src="/i/${id}.jpg" alt=""></a><div class="quickview"><a class="btn-add quickView" href="/quickView/${id}/${name}">QUICK VIEW<span class="hide-text"> ${name} keyboard</span></a></div></div><h2><a href="/product/${id}/${name}">${name} keyboard</a></h2><span class="price">${price}</span></li>`;
    const html = `<html><body><ul>${card(1, "Womier S-K80", "$59.99")}${card(2, "Corsair Galleon", "$199.99")}</ul></body></html>`;
    const items = readSearchResults(readPage(html, BASE), BASE).items;
    expect(items.map((item) => item.title)).toEqual(["Womier S-K80 keyboard", "Corsair Galleon keyboard"]);
  });

  it("reads a result list whose cards include a link that does not parse", () => {
    const card = (name: string, href: string, price: string) =>
      `<li class="item"><a href="${href}">${name} coffee mug</a><span class="price">${price}</span></li>`;
    const cards = [
      card("Blue", "/p/blue", "$10.00"),
      card("Red", "/p/red", "$11.00"),
      card("Green", "/p/green", "$12.00"),
    ];
    const html = `<html><body><ul>${cards.join("")}${card("Broken", "http://[bad", "$9.00")}</ul></body></html>`;
    const items = readSearchResults(readPage(html, BASE), BASE).items;
    expect(items.map((item) => [item.title, item.url, item.price?.amount])).toEqual([
      ["Blue coffee mug", "https://shop.example/p/blue", 10],
      ["Red coffee mug", "https://shop.example/p/red", 11],
      ["Green coffee mug", "https://shop.example/p/green", 12],
    ]);
  });
});
