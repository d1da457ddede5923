// robots.txt as the shop crawler reads it (src/datasets/shop/robots.ts): the group for every
// crawler, wildcards, Crawl-delay and Sitemap lines, read relative to a replica shop's prefix.
import { describe, expect, it } from "vitest";
import { DEFAULT_DELAY_MS, parseRobots, siteRootOf } from "../../../../src/datasets/shop/robots";

const ROBOTS = `User-agent: *
Disallow: /cart
Disallow: /account
Disallow: /*sort_by*
Allow: /account/help
Crawl-delay: 0.05

User-agent: AdsBot-Google
Disallow: /

Sitemap: https://shop.example/sitemap.xml
Sitemap: https://shop.example/sitemap-extra.xml.gz
`;

describe("parseRobots", () => {
  const rules = parseRobots("https://shop.example", ROBOTS);

  it("reads the rules of the group for every crawler, wildcards and Allow included", () => {
    expect(rules.allows("https://shop.example/products/tent")).toBe(true);
    expect(rules.allows("https://shop.example/cart")).toBe(false);
    expect(rules.allows("https://shop.example/cart/add?id=1")).toBe(false);
    expect(rules.allows("https://shop.example/collections/tents?sort_by=price")).toBe(false);
    expect(rules.allows("https://shop.example/collections/tents?page=2")).toBe(true);
    expect(rules.allows("https://shop.example/account/login")).toBe(false);
    expect(rules.allows("https://shop.example/account/help")).toBe(true);
  });

  it("reads Crawl-delay in milliseconds and every Sitemap line", () => {
    expect(rules.delayMs).toBe(50);
    expect(rules.sitemaps).toEqual(["https://shop.example/sitemap.xml", "https://shop.example/sitemap-extra.xml.gz"]);
  });

  it("allows everything at the default pace when there is no robots.txt", () => {
    const none = parseRobots("https://shop.example", null);
    expect(none.allows("https://shop.example/cart")).toBe(true);
    expect(none.delayMs).toBe(DEFAULT_DELAY_MS);
  });

  it("matches a replica shop's rules below its prefix", () => {
    const root = "http://127.0.0.1:8790/trailhead";
    const replica = parseRobots(root, ROBOTS);
    expect(replica.allows(`${root}/cart`)).toBe(false);
    expect(replica.allows(`${root}/products/tent`)).toBe(true);
  });
});

describe("siteRootOf", () => {
  it("is the origin, or in development a replica shop's first path segment", () => {
    expect(siteRootOf("https://shop.example/a/b?c=1", null)).toBe("https://shop.example");
    expect(siteRootOf("http://127.0.0.1:8790/trailhead/products/x", "http://127.0.0.1:8790")).toBe(
      "http://127.0.0.1:8790/trailhead",
    );
    expect(siteRootOf("https://shop.example/a/b", "http://127.0.0.1:8790")).toBe("https://shop.example");
  });
});
