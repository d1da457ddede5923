import { describe, expect, it } from "vitest";
import { pagination, sitePagination } from "../../src/pagination";

describe("pagination", () => {
  it("counts the pages of a list we count ourselves", () => {
    expect(pagination(1, 20, 38)).toEqual({ page: 1, limit: 20, total: 38, total_pages: 2 });
    expect(pagination(1, 20, 0)).toEqual({ page: 1, limit: 20, total: 0, total_pages: 0 });
  });
});

describe("sitePagination", () => {
  it("makes the pages from the site's count and page size while it links a next page", () => {
    expect(sitePagination(1, 48, 91, true)).toEqual({ page: 1, limit: 48, total: 91, total_pages: 2 });
    // A count smaller than the pages already seen (sites round "over 2,000") never ends the list early.
    expect(sitePagination(5, 48, 100, true)).toEqual({ page: 5, limit: 48, total: 100, total_pages: 6 });
  });

  it("says the pages are unknown when the site links a next page without a count", () => {
    expect(sitePagination(2, 10, null, true)).toEqual({ page: 2, limit: 10, total: null, total_pages: null });
  });

  it("ends at this page when the site links no next page", () => {
    expect(sitePagination(3, 7, 2000, false)).toEqual({ page: 3, limit: 7, total: 2000, total_pages: 3 });
  });
});
