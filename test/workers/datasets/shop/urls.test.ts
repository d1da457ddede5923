// One address per page (src/datasets/shop/urls.ts) and the page's links (links.ts): tracking and
// variant parameters dropped, rel=canonical preferred, pagination told from other links, and the
// recipe's include and exclude patterns.
import { describe, expect, it } from "vitest";
import { pageLinks } from "../../../../src/datasets/shop/links";
import { canonicalUrl, isAnotherPage, matchesPattern, patternsAllow } from "../../../../src/datasets/shop/urls";

describe("canonicalUrl", () => {
  it("drops tracking and variant parameters and the fragment, and sorts what is left", () => {
    expect(canonicalUrl("https://shop.example/products/tent?utm_source=grid&variant=12&gclid=x#reviews")).toBe(
      "https://shop.example/products/tent",
    );
    expect(canonicalUrl("https://shop.example/c?page=2&brand=acme&fbclid=1")).toBe(
      "https://shop.example/c?brand=acme&page=2",
    );
  });

  it("files the same product linked three ways under one address", () => {
    const links = [
      "https://shop.example/products/tent?utm_medium=grid",
      "https://shop.example/products/tent#top",
      "https://shop.example/products/tent?ref=home&variant=4",
    ];
    expect(new Set(links.map(canonicalUrl))).toEqual(new Set(["https://shop.example/products/tent"]));
  });
});

describe("isAnotherPage", () => {
  it("is true for the same listing with another page number only", () => {
    expect(isAnotherPage("https://s.example/c/tents", "https://s.example/c/tents?page=2")).toBe(true);
    expect(isAnotherPage("https://s.example/c/tents?p=2&brand=a", "https://s.example/c/tents?brand=a&p=3")).toBe(true);
    expect(isAnotherPage("https://s.example/c/tents", "https://s.example/c/stoves?page=2")).toBe(false);
    expect(isAnotherPage("https://s.example/c/tents", "https://s.example/c/tents?brand=a")).toBe(false);
  });
});

describe("patterns", () => {
  it("match the path and query with * for any run of characters, and a plain pattern as a prefix", () => {
    expect(matchesPattern("https://s.example/products/tent", "/products/*")).toBe(true);
    expect(matchesPattern("https://s.example/products/tent", "/products")).toBe(true);
    expect(matchesPattern("https://s.example/collections/sale-tents?page=2", "*sale*")).toBe(true);
    expect(matchesPattern("https://s.example/blog/tents", "/products/*")).toBe(false);
    expect(matchesPattern("https://s.example/a.html", "*.html")).toBe(true);
    expect(matchesPattern("https://s.example/a.htm", "*.html")).toBe(false);
  });

  it("allow an address any include names and no exclude does", () => {
    expect(patternsAllow("https://s.example/products/gift-card", ["/products/*"], ["*gift-card*"])).toBe(false);
    expect(patternsAllow("https://s.example/products/tent", ["/products/*"], ["*gift-card*"])).toBe(true);
    expect(patternsAllow("https://s.example/anything", [], [])).toBe(true);
  });
});

describe("pageLinks", () => {
  const root = "https://shop.example";
  const html = `<html><head><link rel="canonical" href="/collections/tents?page=2&utm_source=x">
    <link rel="next" href="/collections/tents?page=3"></head><body>
    <a href="/products/tent?variant=3&utm_source=grid">Tent</a><a href="/products/tent">Tent</a>
    <a href="/collections/tents?page=1">1</a><a href="https://other.example/x">elsewhere</a>
    <a href="/cart" rel="nofollow">cart</a><a href="/img/a.png">img</a><a href="mailto:a@b.c">mail</a></body></html>`;
  const links = pageLinks(html, "https://shop.example/collections/tents?page=2", root);

  it("keeps each link on the site once, canonical, and leaves nofollow, files and other sites out", () => {
    expect(links.links.sort()).toEqual([
      "https://shop.example/collections/tents?page=1",
      "https://shop.example/collections/tents?page=3",
      "https://shop.example/products/tent",
    ]);
  });

  it("tells the listing's other pages from the rest and reads its canonical address", () => {
    expect([...links.pagination].sort()).toEqual([
      "https://shop.example/collections/tents?page=1",
      "https://shop.example/collections/tents?page=3",
    ]);
    expect(links.canonical).toBe("https://shop.example/collections/tents?page=2");
  });
});

describe("pageLinks on a listing that loads more results", () => {
  const root = "https://shop.example";
  const listing = `<ul><li><a href="/products/a">A</a></li></ul>
    <div class="load-more"><button data-url="/collections/tents/more?page=2">Mehr laden</button></div>
    <button class="js-more" hx-get="/api/listing?offset=24">Show more products</button>
    <button class="add-to-cart" data-url="/cart/add?id=7">Add to cart</button>`;
  const links = pageLinks(listing, "https://shop.example/collections/tents", root);

  it("follows the control's endpoint as the listing's next page, in any of several languages, and no other button", () => {
    expect([...links.pagination].sort()).toEqual([
      "https://shop.example/api/listing?offset=24",
      "https://shop.example/collections/tents/more?page=2",
    ]);
    expect(links.links).not.toContain("https://shop.example/cart/add?id=7");
    expect(links.links).toContain("https://shop.example/products/a");
  });

  it("reads an endpoint's JSON answer: the cards of its HTML, and its next address as the next page", () => {
    const answer = JSON.stringify({
      page: 2,
      html: '<li><a href="/products/b">B</a></li><li><a href="https://shop.example/products/c?utm_source=more">C</a></li>',
      next_url: "/collections/tents/more?page=3",
      image: "/img/b.png",
    });
    const more = pageLinks(answer, "https://shop.example/collections/tents/more?page=2", root);
    expect(more.links.sort()).toEqual([
      "https://shop.example/collections/tents/more?page=3",
      "https://shop.example/products/b",
      "https://shop.example/products/c",
    ]);
    expect([...more.pagination]).toEqual(["https://shop.example/collections/tents/more?page=3"]);
    expect(more.canonical).toBeNull();
  });
});
