// What the service has learnt of a marketplace search's extent from the pages it read: the site's
// count, its page size and where the results end. It keeps `meta.pagination.total_pages` the same
// whichever page is asked, and answers a page past the end without loading it again (an empty page
// escalates to a browser render, which costs seconds for nothing).
import type { ScrapeMeta } from "../../scrape/scrape";
import { cacheKey } from "../../scrape/cache";
import type { SearchPage } from "../../scrape/types";
import type { Pagination } from "../../pagination";
import { log } from "../../log";

/** As long as a search's cached pages may be kept: a site's results move, so the extent is relearnt. */
const KEEP_SECONDS = 6 * 3600;

export interface SearchExtent {
  /** The site's own count, as the last page read showed it. */
  total: number | null;
  /** The most results a page held: the site's page size. */
  perPage: number;
  /** The last page that holds results, once a page without a next link was read. */
  lastPage: number | null;
  /** The first page found empty: no page from it on holds results. */
  emptyFrom: number | null;
  /** The scrape of the page that last taught it, for an answer given from it. */
  learntFrom: ScrapeMeta;
}

/** The key of a search's extent: its parameters but the page. */
export const extentKey = (platform: string, params: Record<string, unknown>) =>
  cacheKey(platform, "search-extent", { ...params, page: undefined, engine: undefined });

export async function knownExtent(kv: KVNamespace, key: string): Promise<SearchExtent | null> {
  return kv.get<SearchExtent>(key, "json").catch(() => null);
}

/** Whether `page` is known to hold no result. */
export function pastTheEnd(extent: SearchExtent | null, page: number): boolean {
  if (!extent) return false;
  return (
    (extent.lastPage !== null && page > extent.lastPage) || (extent.emptyFrom !== null && page >= extent.emptyFrom)
  );
}

/** The extent once `read` (page `page`) is taken in. */
export function learn(extent: SearchExtent | null, page: number, read: SearchPage, meta: ScrapeMeta): SearchExtent {
  const onPage = read.items.length;
  const next: SearchExtent = {
    total: onPage > 0 ? read.total_results : (extent?.total ?? null),
    perPage: Math.max(extent?.perPage ?? 0, onPage),
    lastPage: extent?.lastPage ?? null,
    emptyFrom: extent?.emptyFrom ?? null,
    learntFrom: meta,
  };
  if (onPage > 0 && !read.has_next_page) next.lastPage = page;
  if (onPage === 0 && page > 1) next.emptyFrom = Math.min(next.emptyFrom ?? page, page);
  // A later read can show more pages than an earlier one did (the site's results grew): the newest wins.
  if (next.lastPage !== null && next.emptyFrom !== null && next.emptyFrom <= next.lastPage) next.emptyFrom = null;
  return next;
}

/** Whether `learnt` says more than `known` did (a write only then: KV takes one write a second per key). */
export const changed = (known: SearchExtent | null, learnt: SearchExtent) =>
  !known ||
  known.total !== learnt.total ||
  known.perPage !== learnt.perPage ||
  known.lastPage !== learnt.lastPage ||
  known.emptyFrom !== learnt.emptyFrom;

export function rememberExtent(kv: KVNamespace, key: string, extent: SearchExtent): Promise<void> {
  return kv
    .put(key, JSON.stringify(extent), { expirationTtl: KEEP_SECONDS })
    .catch((err) => log.error("search extent put failed", { error: err }));
}

/**
 * `meta.pagination` of a marketplace search page, the same `total_pages` whichever page is asked:
 * the last page once known; else, while the site links a next page, its count over its page size
 * (at least one page more than this one); null when neither is known.
 */
export function searchPagination(page: number, onPage: number, extent: SearchExtent): Pagination {
  const total = onPage > 0 ? extent.total : null;
  if (extent.lastPage !== null) return { page, limit: onPage, total, total_pages: extent.lastPage };
  if (extent.emptyFrom !== null && page >= extent.emptyFrom)
    return { page, limit: 0, total, total_pages: extent.emptyFrom === 1 ? 0 : null };
  const counted = extent.total !== null && extent.perPage > 0 ? Math.ceil(extent.total / extent.perPage) : null;
  return { page, limit: onPage, total, total_pages: counted === null ? null : Math.max(counted, page + 1) };
}
