// How fresh a scraped answer must be: the `max_age` and `fresh` query parameters every route that
// reads a site takes, declared once, and their conversion to what the cache reads (scrape/cache.ts).
import { z } from "@hono/zod-openapi";
import type { Freshness } from "../scrape/cache";

export const freshnessQuery = {
  max_age: z.coerce
    .number()
    .int()
    .min(0)
    .max(604_800)
    .optional()
    .openapi({ description: "Accept a cached result at most this many seconds old", example: 600 }),
  fresh: z.enum(["true", "false"]).optional().openapi({
    description:
      "`true` skips the cache and scrapes now; should the scrape fail, the error says how old the cached copy is instead of answering it",
    example: "false",
  }),
};

/** The cache's reading of a route's `max_age` and `fresh`. */
export function freshnessOf(query: { max_age?: number; fresh?: string }): Freshness {
  return { maxAge: query.max_age, fresh: query.fresh === "true" };
}
