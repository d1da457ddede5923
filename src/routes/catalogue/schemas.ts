import { z } from "@hono/zod-openapi";
import { SORTS } from "../../db/catalogue";
import { FormatQuery } from "../../envelope";

export const DatasetSummarySchema = z
  .object({
    slug: z.string().openapi({ example: "hotel-rates-paris" }),
    name: z.string().openapi({ example: "Booking.com hotel prices — France" }),
    description: z.string(),
    category: z.string().openapi({ example: "travel" }),
    countries: z.array(z.string()).openapi({ example: ["FR"] }),
    tags: z.array(z.string()),
    source_platforms: z.array(z.string()),
    record_count: z.number().int(),
    update_frequency: z.string().openapi({ example: "daily" }),
    last_updated: z
      .string()
      .nullable()
      .openapi({ description: "When the latest refresh finished; null before the first" }),
    formats: z.array(z.string()).openapi({ example: ["json", "ndjson", "csv"] }),
    visibility: z
      .enum(["public", "private"])
      .openapi({ description: "`private`: the account's own dataset, invisible to every other" }),
  })
  .openapi("DatasetSummary");

export const SlugParam = z.object({
  slug: z
    .string()
    .regex(/^[a-z0-9-]{1,100}$/, "slug is lower-case letters, digits and dashes")
    .openapi({ param: { name: "slug", in: "path" }, example: "hotel-rates-paris" }),
});

export const FieldSchema = z
  .object({
    name: z.string(),
    type: z.enum(["string", "integer", "number", "boolean", "date", "datetime", "url", "array"]),
    description: z.string(),
    nullable: z.boolean(),
    fill_rate: z.number().openapi({ description: "Share of records where the field has a value (0 to 1)" }),
  })
  .openapi("DatasetField");

export const DatasetDetailSchema = DatasetSummarySchema.extend({
  fields: z.array(FieldSchema),
  preview: z
    .array(z.record(z.string(), z.unknown()))
    .openapi({ description: "The first five records of the latest snapshot" }),
  recipe: z
    .record(z.string(), z.unknown())
    .openapi({ description: "What the dataset collects and when (see POST /v1/datasets)" }),
  snapshots: z
    .array(
      z.object({
        id: z.string(),
        status: z.enum(["collecting", "complete", "failed"]),
        started_at: z.string(),
        finished_at: z.string().nullable(),
        records: z.number().int(),
        added: z.number().int(),
        changed: z.number().int(),
      }),
    )
    .openapi({ description: "The latest refreshes, newest first (up to 10)" }),
}).openapi("DatasetDetail");

/** Positive whole numbers from the query string; "abc", "-1" and "1.5" are refused, never clamped. */
export const wholeNumber = (name: string, min: number, max: number, fallback: number) =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined) return fallback;
      const parsed = /^\d+$/.test(value) ? Number(value) : Number.NaN;
      if (!Number.isSafeInteger(parsed) || parsed < min || parsed > max) {
        ctx.addIssue({
          code: "custom",
          message: `${name} must be a whole number from ${min} to ${max} (got "${value}")`,
        });
        return z.NEVER;
      }
      return parsed;
    })
    .openapi({ type: "integer", minimum: min, maximum: max, default: fallback } as never);

export const ListQuerySchema = z.object({
  page: wholeNumber("page", 1, 100_000, 1).openapi({ example: 1 }),
  limit: wholeNumber("limit", 1, 100, 20).openapi({ example: 20 }),
  q: z.string().trim().min(1, "q must not be empty").max(200).optional().openapi({ example: "hotel prices" }),
  category: z
    .string()
    .regex(/^[a-z0-9-]{1,40}$/, "category must be a category slug such as `travel` (see /v1/categories)")
    .optional()
    .openapi({ example: "travel" }),
  country: z
    .string()
    .regex(/^[A-Za-z]{2}$/, "country must be an ISO 3166-1 alpha-2 code such as `FR`")
    .transform((code) => code.toUpperCase())
    .optional()
    .openapi({ example: "FR" }),
  sort: z.enum(SORTS).optional().openapi({
    description: "Default: `relevance` with `q`, else `name`. A leading `-` sorts descending.",
    example: "-record_count",
  }),
  format: FormatQuery,
});

/** A dataset as the catalogue describes it, for the examples in the reference. */
export const DATASET_EXAMPLE = {
  slug: "hotel-rates-paris",
  name: "Hotel rates — Paris",
  description:
    "Nightly and total prices, star ratings, guest scores and amenities of hotels in Paris on Booking.com, Expedia and Hotels.com, for two-night stays one and two months ahead.",
  category: "travel",
  countries: ["FR"],
  tags: ["hotels", "rates", "availability", "paris"],
  source_platforms: ["booking", "expedia", "hotels"],
  record_count: 57,
  update_frequency: "daily",
  last_updated: "2026-11-16T04:02:31.000Z",
  formats: ["json", "ndjson", "csv"],
  visibility: "public",
} satisfies z.infer<typeof DatasetSummarySchema>;
