// One record's values over time: its tracked values (price, availability, rating, counts) each time
// a refresh found them changed, and when it was first seen, with the snapshot of each.
import { z, type OpenAPIHono } from "@hono/zod-openapi";
import { apiKey, defineRoute } from "../define-route";
import type { AppEnv } from "../../env";
import { jsonResponse, openApiErrorResponses, successBody } from "../../envelope";
import { ApiError } from "../../errors";
import { recordChanges } from "../../db/dataset-snapshots";
import { findVisibleDataset } from "../../db/datasets";
import type { Recipe } from "../../datasets/recipe";
import { TRACKED_FIELDS } from "../../datasets/records";
import { SlugParam, wholeNumber } from "./schemas";
import { assertMayUseDataset } from "./dataset-access";

const HistorySchema = z.object({
  dataset: z.string(),
  key: z.string(),
  tracked_fields: z.array(z.string()),
  points: z.array(
    z.object({
      observed_at: z.string(),
      snapshot: z.string(),
      values: z.record(z.string(), z.unknown()),
    }),
  ),
});

const route = defineRoute({
  access: apiKey("catalogue:read"),
  method: "get",
  path: "/v1/datasets/{slug}/records/{key}/history",
  tags: ["catalogue"],
  summary: "A record's values over time",
  description:
    "The record's tracked values when it was first seen and at every refresh that found them changed, oldest first, with the snapshot of each; " +
    "a value holds until the next point. `since` (ISO 8601) and `limit` (default 100, max 1000) narrow it. Keys hold `/` for some hotel ids: encode it as `%2F`.",
  request: {
    params: z.object({
      slug: SlugParam.shape.slug.openapi({ example: "amazon-electronics-prices-us" }),
      key: z
        .string()
        .min(1)
        .max(300)
        .openapi({ param: { name: "key", in: "path" }, example: "amazon:us:B0YP4NUNPU" }),
    }),
    query: z.object({
      since: z
        .string()
        .refine((value) => Number.isFinite(Date.parse(value)), "since must be an ISO 8601 date or date-time")
        .optional()
        .openapi({ example: "2026-11-01" }),
      limit: wholeNumber("limit", 1, 1_000, 100).openapi({ example: 100 }),
    }),
  },
  responses: {
    200: jsonResponse(HistorySchema, "RecordHistoryEnvelope", "The record's history", {
      dataset: "hotel-rates-paris",
      key: "booking:fr/hotel-lumiere:2n+30d",
      tracked_fields: ["price_per_night", "total_price", "currency", "rooms_available", "review_score", "review_count"],
      points: [
        {
          observed_at: "2026-11-15T04:01:12.000Z",
          snapshot: "snap_2ab8",
          values: {
            price_per_night: 189,
            total_price: 378,
            currency: "EUR",
            rooms_available: 3,
            review_score: 8.6,
            review_count: 1204,
          },
        },
        {
          observed_at: "2026-11-16T04:01:40.000Z",
          snapshot: "snap_3kq9",
          values: {
            price_per_night: 179.41,
            total_price: 358.82,
            currency: "EUR",
            rooms_available: 2,
            review_score: 8.6,
            review_count: 1207,
          },
        },
      ],
    }),
    ...openApiErrorResponses,
  },
});

export function registerRecordHistory(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => {
    const { slug, key } = c.req.valid("param");
    const { since, limit } = c.req.valid("query");
    const dataset = await findVisibleDataset(c.get("db"), slug, c.get("identity").accountId);
    if (!dataset) throw new ApiError("not_found", `No dataset \`${slug}\`; GET /v1/datasets lists them.`);
    assertMayUseDataset(c, dataset);
    const rows = await recordChanges(c.get("db"), dataset.id, key, since ? Date.parse(since) : 0, limit);
    if (rows.length === 0)
      throw new ApiError(
        "not_found",
        `\`${slug}\` has no record \`${key}\`${since ? ` changed since ${since}` : ""}; keys are the records' \`key\` field.`,
      );
    const { kind } = JSON.parse(dataset.recipe) as Recipe;
    const points = rows.map((row) => ({
      observed_at: new Date(row.observed_at).toISOString(),
      snapshot: row.snapshot_id,
      values: JSON.parse(row.tracked_values) as Record<string, unknown>,
    }));
    return c.json(successBody(c, { dataset: slug, key, tracked_fields: TRACKED_FIELDS[kind], points }), 200);
  });
}
