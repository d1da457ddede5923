import { describe, expect, it } from "vitest";
import { cacheKey } from "../../src/scrape/cache";

describe("scrape cache keys", () => {
  it("ignore parameter order and the case of search words, but keep ids and URLs exact", async () => {
    expect(await cacheKey("amazon", "search", { q: "Power Bank", page: 1 })).toBe(await cacheKey("amazon", "search", { page: 1, q: " power bank " }));
    expect(await cacheKey("generic", "product", { url: "https://shop.example/P/1" })).not.toBe(await cacheKey("generic", "product", { url: "https://shop.example/p/1" }));
    expect(await cacheKey("etsy", "product", { id: "AbC" })).not.toBe(await cacheKey("etsy", "product", { id: "abc" }));
    expect(await cacheKey("amazon", "product", { id: "B0057OC5O8" })).not.toBe(await cacheKey("amazon", "reviews", { id: "B0057OC5O8" }));
  });
});
