import { z, type OpenAPIHono } from "@hono/zod-openapi";
import { apiKey, defineRoute } from "../define-route";
import type { AppEnv } from "../../env";
import { catalogueCache } from "../../middleware/edge-cache";
import { csvResponse, schemaColumns, wantsCsv } from "../../csv";
import { exampleEnvelope, FormatQuery, MetaSchema, openApiErrorResponses, successBody } from "../../envelope";
import { searchDatasets } from "../../db/catalogue";
import { CountedPaginationSchema } from "../../pagination";
import { DATASET_EXAMPLE, DatasetSummarySchema, wholeNumber } from "./schemas";

const ResultSchema = DatasetSummarySchema.extend({
  name_highlighted: z
    .string()
    .openapi({ example: "Booking.com <mark>hotel</mark> <mark>prices</mark> — <mark>France</mark>" }),
  snippet: z.string().openapi({ description: "Best-matching passage with matches in <mark>" }),
}).openapi("SearchResult");

const route = defineRoute({
  access: apiKey("catalogue:read"),
  middleware: [catalogueCache],
  readsBesideLimiter: true,
  method: "get",
  path: "/v1/search",
  tags: ["catalogue"],
  summary: "Quick search across all datasets",
  description:
    "Your own datasets that hold the words first, then public datasets ranked (bm25) over name, description, tags, field " +
    "names, category and country names. Every word is a prefix (`realest` finds real estate); all words must match, or any " +
    "word when none matches all (`meta.matched`). The public ranking is computed over public datasets only, so no " +
    "account's private datasets shape another's answer.",
  request: {
    query: z.object({
      q: z
        .string({ error: "q is required: the words to search for" })
        .trim()
        .min(1, "q must not be empty")
        .max(200)
        .openapi({ example: "hotel prices france" }),
      page: wholeNumber("page", 1, 10_000, 1).openapi({ example: 1 }),
      limit: wholeNumber("limit", 1, 50, 10).openapi({ example: 10 }),
      format: FormatQuery,
    }),
  },
  responses: {
    200: {
      description: "Matching datasets, best first",
      content: {
        "application/json": {
          schema: z
            .object({
              status: z.literal("success"),
              data: z.array(ResultSchema),
              meta: MetaSchema.extend({
                pagination: CountedPaginationSchema,
                query: z.string(),
                matched: z.enum(["all_words", "any_word"]).nullable(),
              }),
            })
            .openapi("SearchEnvelope"),
          example: exampleEnvelope(
            [
              {
                ...DATASET_EXAMPLE,
                name_highlighted: "Booking.com <mark>hotel</mark> <mark>prices</mark> — <mark>France</mark>",
                snippet:
                  "Nightly <mark>hotel</mark> rates, star ratings and guest review scores in <mark>France</mark>, captured from Booking.com.",
              } satisfies z.infer<typeof ResultSchema>,
            ],
            {
              pagination: { page: 1, limit: 10, total: 1, total_pages: 1 },
              query: "hotel prices france",
              matched: "all_words",
            },
          ),
        },
        "text/csv": { schema: z.string() },
      },
    },
    ...openApiErrorResponses,
  },
});

export function registerSearch(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => {
    const { q, page, limit } = c.req.valid("query");
    const { results, total, matched } = await searchDatasets(c.get("db"), q, page, limit, c.get("identity").accountId);
    if (wantsCsv(c)) return csvResponse(c, results, "search.csv", schemaColumns(ResultSchema));
    const pagination = { page, limit, total, total_pages: Math.ceil(total / limit) };
    return c.json(successBody(c, results, { pagination, query: q, matched }), 200);
  });
}
