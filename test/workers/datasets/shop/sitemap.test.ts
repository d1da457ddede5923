// Sitemaps (src/datasets/shop/sitemap.ts): an index and a URL set with lastmod, entities and
// CDATA decoded, gzip children inflated, and anything else refused.
import { describe, expect, it } from "vitest";
import { parseSitemap, sitemapText } from "../../../../src/datasets/shop/sitemap";

const INDEX = `<?xml version="1.0" encoding="UTF-8"?>
<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <sitemap><loc>https://shop.example/sitemaps/products-1.xml.gz</loc><lastmod>2026-11-01</lastmod></sitemap>
  <sitemap><loc>https://shop.example/sitemaps/categories.xml.gz</loc></sitemap>
</sitemapindex>`;

const URLSET = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">
  <url><loc>https://shop.example/p?id=1&amp;color=red</loc><lastmod>2026-11-02T10:00:00Z</lastmod>
    <image:image><image:loc>https://cdn.example/1.png</image:loc></image:image></url>
  <url><loc><![CDATA[https://shop.example/p/two]]></loc></url>
  <url><loc>not a url</loc></url>
</urlset>`;

async function gzip(text: string): Promise<Uint8Array> {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

describe("parseSitemap", () => {
  it("reads an index's sitemaps with their lastmod", () => {
    expect(parseSitemap(INDEX)).toEqual({
      kind: "index",
      entries: [
        { loc: "https://shop.example/sitemaps/products-1.xml.gz", lastmod: "2026-11-01" },
        { loc: "https://shop.example/sitemaps/categories.xml.gz", lastmod: null },
      ],
    });
  });

  it("reads a URL set's pages, not its images, decoding entities and CDATA and dropping what is no address", () => {
    expect(parseSitemap(URLSET)).toEqual({
      kind: "urlset",
      entries: [
        { loc: "https://shop.example/p?id=1&color=red", lastmod: "2026-11-02T10:00:00Z" },
        { loc: "https://shop.example/p/two", lastmod: null },
      ],
    });
  });

  it("stops at the limit and refuses a page that is no sitemap", () => {
    expect(parseSitemap(URLSET, 1)!.entries).toHaveLength(1);
    expect(parseSitemap("<!doctype html><html><body>Not found</body></html>")).toBeNull();
  });
});

describe("sitemapText", () => {
  it("inflates a gzip sitemap and passes plain XML through", async () => {
    expect(await sitemapText(await gzip(URLSET), 1_000_000)).toBe(URLSET);
    expect(await sitemapText(new TextEncoder().encode(INDEX), 1_000_000)).toBe(INDEX);
  });

  it("reads no further than the cap once inflated", async () => {
    const text = await sitemapText(await gzip("x".repeat(200_000)), 1_000);
    expect(text).toHaveLength(1_000);
  });
});
