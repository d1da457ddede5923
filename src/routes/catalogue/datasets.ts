import { z, type OpenAPIHono } from "@hono/zod-openapi";
import { apiKey, defineRoute } from "../define-route";
import type { AppEnv } from "../../env";
import { catalogueCache } from "../../middleware/edge-cache";
import { csvResponse, schemaColumns, wantsCsv } from "../../csv";
import { exampleEnvelope, openApiErrorResponses, successBody, MetaSchema } from "../../envelope";
import { ApiError } from "../../errors";
import { listDatasets } from "../../db/catalogue";
import { categoryExists, countryExists, getDataset } from "../../db/catalogue-lookups";
import { describeDetail } from "./detail";
import { assertMayUseDataset } from "./dataset-access";
import { DATASET_EXAMPLE, DatasetDetailSchema, DatasetSummarySchema, ListQuerySchema, SlugParam } from "./schemas";
import { CountedPaginationSchema } from "../../pagination";

const FacetsSchema = z.object({
  categories: z.array(z.object({ slug: z.string(), name: z.string(), count: z.number().int() })),
  countries: z.array(z.object({ code: z.string(), name: z.string(), count: z.number().int() })),
});

const listRoute = defineRoute({
  access: apiKey("catalogue:read"),
  middleware: [catalogueCache],
  readsBesideLimiter: true,
  method: "get",
  path: "/v1/datasets",
  tags: ["catalogue"],
  summary: "List datasets",
  description:
    "Filter by text, category and country; paginated, with facet counts over the filtered set. `format=csv` for CSV.",
  request: { query: ListQuerySchema },
  responses: {
    200: {
      description: "A page of datasets",
      content: {
        "application/json": {
          schema: z
            .object({
              status: z.literal("success"),
              data: z.array(DatasetSummarySchema),
              meta: MetaSchema.extend({ pagination: CountedPaginationSchema, facets: FacetsSchema }),
            })
            .openapi("DatasetListEnvelope"),
          example: exampleEnvelope([DATASET_EXAMPLE], {
            pagination: { page: 1, limit: 20, total: 1, total_pages: 1 },
            facets: {
              categories: [{ slug: "travel", name: "Travel", count: 1 }],
              countries: [{ code: "FR", name: "France", count: 1 }],
            },
          }),
        },
        "text/csv": { schema: z.string() },
      },
    },
    ...openApiErrorResponses,
  },
});

export const DATASET_DETAIL_EXAMPLE = {
  ...DATASET_EXAMPLE,
  fields: [
    {
      name: "key",
      type: "string",
      description: "The record's identity across refreshes",
      nullable: false,
      fill_rate: 1,
    },
    { name: "name", type: "string", description: "Property name", nullable: false, fill_rate: 1 },
    { name: "price_per_night", type: "number", description: "Nightly price", nullable: true, fill_rate: 0.982 },
    { name: "currency", type: "string", description: "ISO 4217 code of the prices", nullable: true, fill_rate: 0.982 },
  ],
  preview: [
    {
      key: "booking:fr/hotel-lumiere:2n+30d",
      name: "Hôtel Lumière",
      price_per_night: 179.41,
      currency: "EUR",
    },
  ],
  recipe: {
    kind: "hotels",
    platforms: ["booking", "expedia", "hotels"],
    destinations: ["Paris"],
    check_in_days: [30, 60],
    nights: 2,
    adults: 2,
    schedule: "0 4 * * *",
    max_age: 3600,
  },
  snapshots: [
    {
      id: "snap_3kq9",
      status: "complete",
      started_at: "2026-11-16T04:00:00.000Z",
      finished_at: "2026-11-16T04:02:31.000Z",
      records: 57,
      added: 2,
      changed: 11,
    },
  ],
} satisfies z.infer<typeof DatasetDetailSchema>;

const detailRoute = defineRoute({
  access: apiKey("catalogue:read"),
  middleware: [catalogueCache],
  readsBesideLimiter: true,
  method: "get",
  path: "/v1/datasets/{slug}",
  tags: ["catalogue"],
  summary: "A dataset's schema and preview rows",
  description:
    "One dataset by slug: its description and recipe, every field with its type, meaning, nullability and fill rate measured on the latest snapshot, its first five records and its latest refreshes.",
  request: { params: SlugParam },
  responses: {
    200: {
      description: "The dataset",
      content: {
        "application/json": {
          schema: z
            .object({ status: z.literal("success"), data: DatasetDetailSchema, meta: MetaSchema })
            .openapi("DatasetEnvelope"),
          example: exampleEnvelope(DATASET_DETAIL_EXAMPLE),
        },
      },
    },
    ...openApiErrorResponses,
  },
});

export function registerDatasets(app: OpenAPIHono<AppEnv>) {
  app.openapi(listRoute, async (c) => {
    const { page, limit, q, category, country, sort } = c.req.valid("query");
    const result = await listDatasets(
      c.get("db"),
      { q, category, country, accountId: c.get("identity").accountId },
      sort ?? (q ? "relevance" : "name"),
      page,
      limit,
    );
    // Only an empty answer needs to know whether a filter named something that does not exist.
    if (result.total === 0) {
      if (category && !(await categoryExists(c.get("db"), category))) {
        throw new ApiError("invalid_request", `Unknown category \`${category}\`; GET /v1/categories lists them.`, {
          details: [{ parameter: "category", in: "query", message: "unknown category" }],
        });
      }
      if (country && !(await countryExists(c.get("db"), country))) {
        throw new ApiError("invalid_request", `\`${country}\` is not an ISO 3166-1 alpha-2 country code.`, {
          details: [{ parameter: "country", in: "query", message: "unknown country code" }],
        });
      }
    }
    if (wantsCsv(c)) return csvResponse(c, result.datasets, "datasets.csv", schemaColumns(DatasetSummarySchema));
    const pagination = { page, limit, total: result.total, total_pages: Math.ceil(result.total / limit) };
    return c.json(successBody(c, result.datasets, { pagination, facets: result.facets }), 200);
  });

  app.openapi(detailRoute, async (c) => {
    const { slug } = c.req.valid("param");
    const dataset = await getDataset(c.get("db"), slug, c.get("identity").accountId);
    if (!dataset)
      throw new ApiError("not_found", `No dataset \`${slug}\`; GET /v1/datasets or /v1/search?q= to find one.`);
    assertMayUseDataset(c, dataset.row);
    const data = await describeDetail(c.env, dataset);
    return c.json(successBody(c, data as z.infer<typeof DatasetDetailSchema>), 200);
  });
}
