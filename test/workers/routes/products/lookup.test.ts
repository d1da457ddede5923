// src/routes/products/lookup.ts: an id that cannot name a page of the platform is refused before
// anything is fetched, with what that platform's ids look like and an example.
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { call, newAccount, withKey } from "../../helpers";

let secret: string;
beforeAll(async () => {
  ({ secret } = await newAccount({ plan: "enterprise" }));
});
afterEach(() => vi.restoreAllMocks());

describe("a malformed platform id", () => {
  it.each([
    ["/v1/ebay?id=abc", "id", /ebay's id is the item number: 9 to 15 digits .* e\.g\. 256348110321/],
    ["/v1/ebay/reviews?id=12345", "id", /ebay's id is the item number: 9 to 15 digits/],
    ["/v1/bestbuy?sku=abc", "sku", /bestbuy's sku is the SKU: 5 to 9 digits, .* e\.g\. 6501087/],
  ])("%s says what a valid one looks like, before any fetch", async (path, parameter, shape) => {
    const fetched = vi.spyOn(globalThis, "fetch");
    const response = await call(path, withKey(secret));
    const body = (await response.json()) as any;
    expect(response.status).toBe(400);
    expect(body.error.message).toMatch(shape);
    expect(body.error.message).toContain("url=");
    expect(body.error.details).toEqual([{ parameter, in: "query", message: expect.stringMatching(shape) }]);
    expect(fetched).not.toHaveBeenCalled();
  });
});
