// A dataset's latest refresh as its readers follow it: running (with its job's progress) or
// finished, and for a whole shop what it found — products added, removed and re-priced, and how
// many the dataset holds.
import { z, type OpenAPIHono } from "@hono/zod-openapi";
import { apiKey, defineRoute } from "../define-route";
import type { AppEnv } from "../../env";
import { jsonResponse, openApiErrorResponses, successBody } from "../../envelope";
import { ApiError } from "../../errors";
import { findVisibleDataset } from "../../db/datasets";
import { type LatestRefreshRow, latestRefresh } from "../../db/shop-refreshes";
import { assertMayUseDataset } from "./dataset-access";
import { SlugParam } from "./schemas";

const count = z.number().int();

const ShopCountsSchema = z
  .object({
    pages: count.openapi({ description: "Pages fetched so far" }),
    products_read: count.openapi({ description: "Product pages read so far" }),
    added: count.nullable().openapi({ description: "Products seen for the first time; null while running" }),
    removed: count.nullable().openapi({ description: "Products marked removed by this refresh; null while running" }),
    price_changed: count.nullable().openapi({ description: "Products whose price changed; null while running" }),
    products: count.openapi({ description: "Products the dataset holds (not removed), now or once it closed" }),
  })
  .openapi("ShopRefreshCounts");

export const RefreshStateSchema = z
  .object({
    dataset: z.string(),
    snapshot_id: z.string(),
    job_id: z.string().nullable().openapi({ description: "The batch job that runs it (GET /v1/jobs/{id})" }),
    status: z.enum(["running", "complete", "failed"]),
    started_at: z.string(),
    finished_at: z.string().nullable(),
    items_done: count.openapi({ description: "The job's items finished so far" }),
    items_total: count
      .nullable()
      .openapi({ description: "The job's items (a shop refresh adds items as it finds pages)" }),
    records: count.openapi({ description: "Records in the snapshot so far" }),
    shop: ShopCountsSchema.nullable().openapi({ description: "What a whole-shop refresh found; null for other kinds" }),
  })
  .openapi("DatasetRefreshState");

export const REFRESH_STATE_EXAMPLE = {
  dataset: "trailhead-catalogue-4k2x9q",
  snapshot_id: "snap_7hx3",
  job_id: "job_7hx2",
  status: "complete" as const,
  started_at: "2026-11-22T06:00:00.000Z",
  finished_at: "2026-11-22T06:41:12.000Z",
  items_done: 31,
  items_total: 31,
  records: 2418,
  shop: { pages: 2690, products_read: 2400, added: 18, removed: 6, price_changed: 42, products: 2412 },
};

const route = defineRoute({
  access: apiKey("catalogue:read"),
  method: "get",
  path: "/v1/datasets/{slug}/refresh",
  tags: ["catalogue"],
  summary: "A dataset's latest refresh",
  description:
    "The refresh collecting now, else the last one: its status and progress, and for a `shop` dataset the products it added, removed and re-priced and how many the dataset holds. " +
    "Records it changed are read with `GET /v1/datasets/{slug}/records?changed_since=` its `started_at`. The key needs the scopes of the dataset's calls, as its records do.",
  request: { params: z.object({ slug: SlugParam.shape.slug.openapi({ example: "earbud-prices-4k2x9q" }) }) },
  responses: {
    200: jsonResponse(RefreshStateSchema, "DatasetRefreshStateEnvelope", "The latest refresh", REFRESH_STATE_EXAMPLE),
    ...openApiErrorResponses,
  },
});

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export function describeRefresh(slug: string, row: LatestRefreshRow): z.infer<typeof RefreshStateSchema> {
  return {
    dataset: slug,
    snapshot_id: row.snapshot_id,
    job_id: row.job_id,
    status: row.status === "collecting" ? "running" : row.status,
    started_at: iso(row.started_at)!,
    finished_at: iso(row.finished_at),
    items_done: row.items_done,
    items_total: row.items_total,
    records: row.records,
    shop:
      row.pages === null
        ? null
        : {
            pages: row.pages,
            products_read: row.products_read ?? 0,
            added: row.added,
            removed: row.removed,
            price_changed: row.price_changed,
            products: row.held ?? 0,
          },
  };
}

export function registerRefreshState(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => {
    const { slug } = c.req.valid("param");
    const dataset = await findVisibleDataset(c.get("db"), slug, c.get("identity").accountId);
    if (!dataset) throw new ApiError("not_found", `No dataset \`${slug}\`; GET /v1/datasets lists them.`);
    assertMayUseDataset(c, dataset);
    const row = await latestRefresh(c.get("db"), dataset.id);
    if (!row)
      throw new ApiError(
        "not_found",
        `\`${slug}\` has not been refreshed yet; POST /v1/datasets/${slug}/refresh starts one.`,
      );
    return c.json(successBody(c, describeRefresh(slug, row)), 200);
  });
}
