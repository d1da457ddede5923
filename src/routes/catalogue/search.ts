import { z, type OpenAPIHono } from "@hono/zod-openapi";
import { apiKey, defineRoute } from "../define-route";
import type { AppEnv } from "../../env";
import { catalogueCache } from "../../middleware/edge-cache";
import { csvResponse, wantsCsv } from "../../csv";
import { MetaSchema, openApiErrorResponses, successBody } from "../../envelope";
import { searchDatasets } from "../../db/catalogue";
import { DatasetSummarySchema, PaginationSchema, wholeNumber } from "./schemas";

const ResultSchema = DatasetSummarySchema.extend({
  score: z.number().openapi({ description: "bm25 relevance, higher is better" }),
  name_highlighted: z.string().openapi({ example: "Booking.com <mark>hotel</mark> <mark>prices</mark> — <mark>France</mark>" }),
  snippet: z.string().openapi({ description: "Best-matching passage with matches in <mark>" }),
}).openapi("SearchResult");

const route = defineRoute({
  access: apiKey("catalogue:read"),
  middleware: [catalogueCache],
  method: "get",
  path: "/v1/search",
  tags: ["catalogue"],
  summary: "Quick search across all datasets",
  description:
    "Ranked (bm25) over name, description, tags, field names, category and country names. Every word is a prefix " +
    "(`realest` finds real estate); all words must match, or any word when none matches all (`meta.matched`).",
  request: {
    query: z.object({
      q: z.string({ error: "q is required: the words to search for" }).trim().min(1, "q must not be empty").max(200).openapi({ example: "hotel prices france" }),
      page: wholeNumber("page", 1, 10_000, 1),
      limit: wholeNumber("limit", 1, 50, 10),
      format: z.enum(["json", "csv"]).optional(),
    }),
  },
  responses: {
    200: {
      description: "Matching datasets, best first",
      content: {
        "application/json": {
          schema: z.object({
            status: z.literal("success"),
            data: z.array(ResultSchema),
            meta: MetaSchema.extend({ pagination: PaginationSchema, query: z.string(), matched: z.enum(["all_words", "any_word"]).nullable() }),
          }).openapi("SearchEnvelope"),
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
    const { results, total, matched } = await searchDatasets(c.env.DB, q, page, limit);
    if (wantsCsv(c)) return csvResponse(c, results, "search.csv");
    const pagination = { page, limit, total, total_pages: Math.ceil(total / limit) };
    return c.json(successBody(c, results, { pagination, query: q, matched }), 200);
  });
}
