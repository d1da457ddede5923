// Marketplace products: one product, a search (a page, or every result page after page), its
// reviews and its price history.
import { type Core, unwrap } from "./core.js";
import { type Options, splitCall, toQuery } from "./options.js";
import type { Query } from "./query-types.js";
import type { CallOptions } from "./transport.js";

export type ProductOptions = Options<Query<"/v1/{platform}">> & CallOptions;
export type SearchOptions = Options<Query<"/v1/{platform}/search">> & CallOptions;
export type ReviewsOptions = Options<Query<"/v1/{platform}/reviews">> & CallOptions;
export type ProductHistoryOptions = Options<Query<"/v1/{platform}/history">> & CallOptions;

/** The pages of a list to its end: `total_pages` when the site counts them, else while results come. */
function isLastPage(pagination: { page: number; total_pages: number | null }, itemsOnPage: number): boolean {
  return itemsOnPage === 0 || (pagination.total_pages !== null && pagination.page >= pagination.total_pages);
}

export function productMethods(core: Core) {
  const { api, fetchFor } = core;

  /** `GET /v1/{platform}`: one product by `url`, `asin`, `id` or `sku` (`country`, `fresh`, `maxAge`, `engine`). */
  async function product(platform: string, options: ProductOptions) {
    const [query, call] = splitCall(options);
    return unwrap(
      await api.GET("/v1/{platform}", { params: { path: { platform }, query: toQuery(query) }, fetch: fetchFor(call) }),
    );
  }

  /** `GET /v1/{platform}/search`: one page of results for `q` (`page`, `sort`, `minPrice`, `maxPrice`). */
  async function search(platform: string, options: SearchOptions) {
    const [query, call] = splitCall(options);
    return unwrap(
      await api.GET("/v1/{platform}/search", {
        params: { path: { platform }, query: toQuery(query) },
        fetch: fetchFor(call),
      }),
    );
  }

  /** Each search result from `page` (default 1) to the last page, or `maxPages` pages. */
  async function* searchAll(platform: string, options: SearchOptions & { maxPages?: number }) {
    const { maxPages = Number.POSITIVE_INFINITY, ...rest } = options;
    for (let page = rest.page ?? 1, read = 0; read < maxPages; page++, read++) {
      const answer = await search(platform, { ...rest, page });
      yield* answer.data.results;
      if (isLastPage(answer.meta.pagination, answer.data.results.length)) return;
    }
  }

  /** `GET /v1/{platform}/reviews`: one page of a product's reviews. */
  async function reviews(platform: string, options: ReviewsOptions) {
    const [query, call] = splitCall(options);
    return unwrap(
      await api.GET("/v1/{platform}/reviews", {
        params: { path: { platform }, query: toQuery(query) },
        fetch: fetchFor(call),
      }),
    );
  }

  /** `GET /v1/{platform}/history`: the prices the API has read for a product, oldest first. */
  async function history(platform: string, options: ProductHistoryOptions) {
    const [query, call] = splitCall(options);
    return unwrap(
      await api.GET("/v1/{platform}/history", {
        params: { path: { platform }, query: toQuery(query) },
        fetch: fetchFor(call),
      }),
    );
  }

  return { product, search, searchAll, reviews, history };
}
