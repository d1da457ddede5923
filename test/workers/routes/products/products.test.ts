// The product search answer inside workerd, the site stood in for by `fetch`: paging in
// meta.pagination as every list, and sponsored results by the rule hotels follow too.
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { call, newAccount, serveSite, withKey } from "../../helpers";

const card = (asin: string, title: string, sponsored = false) => `
  <div data-component-type="s-search-result" data-asin="${asin}" class="s-result-item${sponsored ? " AdHolder" : ""}">
    ${sponsored ? '<span class="puis-sponsored-label-text">Sponsored</span>' : ""}
    <h2 class="a-size-mini"><a class="a-link-normal" href="/Widget/dp/${asin}/ref=sr_1_1"><span>${title}</span></a></h2>
    <span class="a-price"><span class="a-offscreen">$19.99</span></span></div>`;

/** Page 2 of a search: an ad repeating an organic card further down, and an ad for a product no organic card shows. */
const SEARCH_PAGE = `<html><body><div data-component-type="s-result-info-bar"><h1><span>1-48 of over 2,000 results for</span></h1></div>
  ${card("B000000001", "USB Hub")}${card("B000000002", "Travel Hub", true)}${card("B000000002", "Travel Hub")}${card("B000000003", "Desk Hub", true)}
  <span class="s-pagination-item s-pagination-selected">2</span><a class="s-pagination-item s-pagination-next" href="/s?k=hub&page=3">Next</a>
  </body></html>`;

let secret: string;
beforeAll(async () => {
  ({ secret } = await newAccount({ plan: "enterprise" }));
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe("GET /v1/{platform}/search", () => {
  it("pages in meta.pagination: the site's count, the results on this page, the pages that makes", async () => {
    serveSite("www.amazon.com", SEARCH_PAGE);
    const response = await call("/v1/amazon/search?q=hub&page=2&engine=fetch&fresh=true", withKey(secret));
    const body = (await response.json()) as any;
    expect(response.status, JSON.stringify(body.error)).toBe(200);
    // Three results answered (an ad repeating an organic card is left out) of the site's four a page: 2,000 / 4 pages.
    expect(body.meta.pagination).toEqual({ page: 2, limit: 3, total: 2000, total_pages: 500 });
    expect(body.meta.page).toBeUndefined();
    expect(body.meta.total_results).toBeUndefined();
    expect(body.meta.has_next_page).toBeUndefined();
  });

  it("keeps sponsored results flagged, drops an ad repeating an organic result, and counts what it answers", async () => {
    serveSite("www.amazon.com", SEARCH_PAGE);
    const response = await call("/v1/amazon/search?q=hub&page=2&engine=fetch&fresh=true", withKey(secret));
    const body = (await response.json()) as any;
    expect(body.data.results.map((item: any) => [item.id, item.sponsored])).toEqual([
      ["B000000001", false],
      ["B000000002", false],
      ["B000000003", true],
    ]);
    expect(body.data.attributes.count).toBe(3);
    expect(body.meta.completeness.records).toBe(3);

    serveSite("www.amazon.com", SEARCH_PAGE);
    const csv = await call("/v1/amazon/search?q=hub&page=2&engine=fetch&fresh=true&format=csv", withKey(secret));
    const lines = (await csv.text()).trim().split("\r\n");
    expect(lines).toHaveLength(4);
    expect(lines.filter((line) => line.includes("B000000002"))).toHaveLength(1);
  });

  it("says the last page is this one when the site links no next page", async () => {
    serveSite(
      "www.amazon.com",
      SEARCH_PAGE.replace(/<a class="s-pagination-item s-pagination-next"[^>]*>Next<\/a>/, ""),
    );
    const response = await call("/v1/amazon/search?q=hub&page=2&engine=fetch&fresh=true", withKey(secret));
    const body = (await response.json()) as any;
    expect(body.meta.pagination).toEqual({ page: 2, limit: 3, total: 2000, total_pages: 2 });
  });
});
