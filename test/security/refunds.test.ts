// A call given back holds no data (docs/charging.md): an empty search keeps no total the site
// gave, an empty review page neither the product's name, rating nor count. Otherwise the figures a
// site shows beside an empty list could be read for free.
import { afterEach, describe, expect, it, vi } from "vitest";
import { describeReviews } from "../../src/routes/products/answers";
import { call, newAccount, serveSite, withKey } from "../workers/helpers";

afterEach(() => vi.restoreAllMocks());

/** A search page that counts its results but shows none of them (a sold-out query, a changed layout). */
const EMPTY_SEARCH = `<html><body><div data-component-type="s-result-info-bar"><h1><span>1-48 of over 2,000 results for</span></h1></div>
  <div class="s-main-slot"></div></body></html>`;

describe("7. an answer given back holds no data", () => {
  it("an empty search is not charged and keeps no total of the site's", async () => {
    const { secret } = await newAccount({ plan: "pro" });
    serveSite("www.amazon.com", EMPTY_SEARCH);
    const response = await call("/v1/amazon/search?q=hub&engine=fetch&fresh=true", withKey(secret));
    const body = (await response.json()) as any;
    expect(response.status, JSON.stringify(body.error)).toBe(200);
    expect(body.meta.charged).toBe(false);
    expect(body.data.results).toEqual([]);
    expect(body.meta.pagination.total).toBeNull();
  });

  it("an empty review page keeps neither the product's name", () => {
    const answer = describeReviews(
      { id: "B000000001" },
      { product_title: "USB Hub", rating: 4.4, review_count: 812, reviews: [], page: 1, has_next_page: false },
      "2026-11-28T00:00:00Z",
    );
    expect(answer.completeness.state).toBe("empty");
    expect(answer.data.name).toBeNull();
  });
});
