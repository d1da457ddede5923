// src/routes/products/search-extent.ts through GET /v1/{platform}/search: total_pages stays the
// same whichever page is asked, and a page past the known end is answered without loading it.
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { call, newAccount, serveSite, withKey } from "../../helpers";

const card = (asin: string) => `
  <div data-component-type="s-search-result" data-asin="${asin}" class="s-result-item">
    <h2 class="a-size-mini"><a class="a-link-normal" href="/Widget/dp/${asin}/ref=sr_1_1"><span>Hub ${asin}</span></a></h2>
    <span class="a-price"><span class="a-offscreen">$19.99</span></span></div>`;
const page = (selected: number, next: boolean) => `<html><body>
  <div data-component-type="s-result-info-bar"><h1><span>1-4 of 14 results for</span></h1></div>
  ${["B000000001", "B000000002", "B000000003", "B000000004"].map(card).join("")}
  <span class="s-pagination-item s-pagination-selected">${selected}</span>
  ${next ? `<a class="s-pagination-item s-pagination-next" href="/s?k=hub&page=${selected + 1}">Next</a>` : ""}
  </body></html>`;

let secret: string;
beforeAll(async () => {
  ({ secret } = await newAccount({ plan: "enterprise" }));
});
afterEach(() => vi.restoreAllMocks());

async function search(q: string, pageNumber: number) {
  const response = await call(`/v1/amazon/search?q=${q}&page=${pageNumber}&engine=fetch`, withKey(secret));
  const body = (await response.json()) as any;
  expect(response.status, JSON.stringify(body.error)).toBe(200);
  return body;
}

describe("marketplace search paging", () => {
  it("keeps total_pages the same on every page asked: the site's count over its page size", async () => {
    serveSite("www.amazon.com", page(2, true));
    const second = await search("stable-hub", 2);
    serveSite("www.amazon.com", page(3, true));
    const third = await search("stable-hub", 3);
    expect(second.meta.pagination).toEqual({ page: 2, limit: 4, total: 14, total_pages: 4 });
    expect(third.meta.pagination).toEqual({ page: 3, limit: 4, total: 14, total_pages: 4 });
  });

  it("answers a page past the known last page without loading it, with the same total_pages", async () => {
    serveSite("www.amazon.com", page(4, false));
    const last = await search("last-hub", 4);
    expect(last.meta.pagination).toMatchObject({ page: 4, total_pages: 4 });
    vi.restoreAllMocks();
    const fetched = vi.spyOn(globalThis, "fetch");
    const beyond = await search("last-hub", 9);
    expect(fetched).not.toHaveBeenCalled();
    expect(beyond.data.results).toEqual([]);
    expect(beyond.meta.pagination).toEqual({ page: 9, limit: 0, total: null, total_pages: 4 });
    expect(beyond.meta.scrape).toMatchObject({ cache: "hit", source_url: expect.stringContaining("page=9") });
    expect(beyond.meta.charged).toBe(false);
  });

  it("says nothing of the end from an empty page past it, then answers later pages from it without a load", async () => {
    serveSite("www.amazon.com", "<html><body><p>No results.</p></body></html>");
    const empty = await search("empty-hub", 6);
    expect(empty.meta.pagination.total_pages).toBeNull();
    vi.restoreAllMocks();
    const fetched = vi.spyOn(globalThis, "fetch");
    await search("empty-hub", 7);
    expect(fetched).not.toHaveBeenCalled();
  });
});
