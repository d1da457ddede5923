// How every paged list answers: `meta.pagination`, one shape for the catalogue, product search and
// reviews, hotel search and job results (docs/api.md#paging). Only zod here: the Node-side tests
// load the schemas that use it.
import { z } from "@hono/zod-openapi";

const PageField = z.number().int().min(1).openapi({ description: "This page, from 1" });

export const PaginationSchema = z
  .object({
    page: PageField,
    limit: z.number().int().min(0).openapi({
      description:
        "Results a page holds: the `limit` asked for, or on a marketplace's search and reviews the results the site put on this page",
    }),
    total: z.number().int().min(0).nullable().openapi({
      description: "Results over every page; on a marketplace, the site's own count (null when it shows none)",
    }),
    total_pages: z.number().int().min(0).nullable().openapi({
      description: "Pages in all; null when the site shows a next page but no count",
    }),
  })
  .openapi("Pagination");

export type Pagination = z.infer<typeof PaginationSchema>;

/**
 * A list the API counts itself (the catalogue, hotel search, job results): `total` and
 * `total_pages` are always numbers, so typed clients need no null check to page to the end.
 */
export const CountedPaginationSchema = z
  .object({
    page: PageField,
    limit: z.number().int().min(0).openapi({ description: "Results a page holds: the `limit` asked for" }),
    total: z.number().int().min(0).openapi({ description: "Results over every page" }),
    total_pages: z.number().int().min(0).openapi({ description: "Pages in all (0 when nothing matches)" }),
  })
  .openapi("CountedPagination");

/** A list we count ourselves: `total` results, `limit` a page. */
export function pagination(page: number, limit: number, total: number): z.infer<typeof CountedPaginationSchema> {
  return { page, limit, total, total_pages: Math.ceil(total / limit) };
}

/**
 * A list a site pages: its own count when it shows one, the results it put on this page, and
 * whether it links a next page (the last page is this one when it does not and holds results).
 */
export function sitePagination(page: number, onPage: number, total: number | null, hasNext: boolean): Pagination {
  // Past the end (an empty page after the first) says nothing of where the end is.
  if (!hasNext) return { page, limit: onPage, total, total_pages: onPage > 0 ? page : page === 1 ? 0 : null };
  const counted = total !== null && onPage > 0 ? Math.ceil(total / onPage) : null;
  return { page, limit: onPage, total, total_pages: counted === null ? null : Math.max(counted, page + 1) };
}
