// The fields recipes of every kind share: platform slugs, countries, words, addresses, and when
// and how freshly a dataset is refreshed.
import { z } from "@hono/zod-openapi";
import { CronExpressionParser } from "cron-parser";

export const Slug = z.string().regex(/^[a-z0-9-]{1,40}$/, "a platform slug such as `amazon` (see /v1/platforms)");
export const Country = z
  .string()
  .regex(/^[A-Za-z]{2}$/, "an ISO 3166-1 alpha-2 code such as `us`")
  .transform((code) => code.toLowerCase());
export const Words = z.string().trim().min(1).max(200);
export const HttpUrl = z
  .string()
  .url()
  .max(2000)
  .regex(/^https?:\/\//i, "an http(s) address");

export const common = {
  /** When refreshes run (five-field cron, UTC); daily at 03:00 by default. */
  schedule: z
    .string()
    .max(100)
    .refine((value) => nextRun(value, 0) !== null, "schedule must be a five-field cron expression such as `0 3 * * *`")
    .default("0 3 * * *")
    .openapi({ example: "0 3 * * *" }),
  /** A cached answer younger than this (seconds) stands in for a scrape, as `max_age` on a direct call. */
  max_age: z.number().int().min(0).max(86_400).default(3_600).openapi({ example: 3600 }),
};

/** The next time after `after` (ms) a cron expression fires, or null when it is not one. */
export function nextRun(cron: string, after: number): number | null {
  try {
    return CronExpressionParser.parse(cron, { currentDate: new Date(after), tz: "UTC" })
      .next()
      .getTime();
  } catch {
    return null;
  }
}
