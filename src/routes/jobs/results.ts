// GET /v1/jobs/{id}/results: every item in order with its input, status, error, data and meta,
// streamed as NDJSON or CSV (read from D1 and R2 a page at a time, so memory stays flat whatever
// the size), or one page of JSON.
import { z, type OpenAPIHono } from "@hono/zod-openapi";
import { apiKey, defineRoute } from "../define-route";
import { database } from "../../db/client";
import { type ItemLine, itemLines } from "../../db/job-items";
import type { AppEnv } from "../../env";
import { csvLines } from "../../csv";
import { exampleEnvelope, MetaSchema, openApiErrorResponses, successBody, successEnvelope } from "../../envelope";
import { CountedPaginationSchema, pagination } from "../../pagination";
import { IdParam } from "../events/schemas";
import { ownJob } from "./read";
import {
  type JobResult,
  MAX_JSON_PAGE_BYTES,
  PAGE,
  READ_AT_ONCE,
  resultCells,
  resultColumns,
  ResultSchema,
  withAnswers,
} from "./result-answers";
import { JOB_ID } from "./schemas";

const RESULT_EXAMPLE: JobResult = {
  index: 0,
  path: "/v1/amazon?asin=B0YP4NUNPU",
  status: "succeeded",
  http_status: 200,
  error: null,
  data: {
    id: "B0YP4NUNPU",
    asin: "B0YP4NUNPU",
    title: "Anker PowerCore 10000",
    price: { amount: 21.99, currency: "USD" },
  },
  meta: {
    request_id: "req_4f3c2a1b9d8e4f6a8b7c6d5e4f3a2b1c",
    timestamp: "2026-11-22T10:00:00.000Z",
    scrape: { engine: "fetch", cache: "miss", fetched_at: "2026-11-22T09:59:58.412Z" },
    completeness: { state: "partial", filled: ["title", "price"], missing: [], records: 1 },
  },
};

const route = defineRoute({
  access: apiKey("jobs:write"),
  method: "get",
  path: "/v1/jobs/{id}/results",
  tags: ["jobs"],
  summary: "Every item's outcome and data, as NDJSON, CSV or paged JSON",
  description:
    "`format=ndjson` (default) and `format=csv` stream all items in order; `format=json` answers one page (`page`, `limit` up to 1000) with `meta.pagination`. " +
    "In JSON and NDJSON each item carries its answer's `data` and `meta` (engine, cache, completeness) as the route gave them; " +
    "CSV has the item's columns, then the answers' `data` flattened as every CSV is (`price.amount`, lists of scalars joined with ` | `, `reviews.0.rating`). Items still running show their status with no data yet.",
  request: {
    params: IdParam(JOB_ID),
    query: z.object({
      format: z.enum(["ndjson", "csv", "json"]).default("ndjson").openapi({ example: "ndjson" }),
      page: z.coerce.number().int().min(1).default(1).openapi({ example: 1 }),
      limit: z.coerce.number().int().min(1).max(1000).default(100).openapi({ example: 100 }),
    }),
  },
  responses: {
    200: {
      description: "Every item (NDJSON, CSV) or one page of them (format=json)",
      content: {
        "application/json": {
          schema: successEnvelope(z.array(ResultSchema), "JobResultsEnvelope").extend({
            meta: MetaSchema.extend({ pagination: CountedPaginationSchema }),
          }),
          example: exampleEnvelope([RESULT_EXAMPLE], { pagination: { page: 1, limit: 100, total: 1, total_pages: 1 } }),
        },
        "application/x-ndjson": { schema: z.string(), example: `${JSON.stringify(RESULT_EXAMPLE)}\n` },
        "text/csv": {
          schema: z.string(),
          example: `index,path,status,http_status,error_code,error_message,id,asin,title,price.amount,price.currency\r\n0,/v1/amazon?asin=B0YP4NUNPU,succeeded,200,,,B0YP4NUNPU,B0YP4NUNPU,Anker PowerCore 10000,21.99,USD\r\n`,
        },
      },
    },
    ...openApiErrorResponses,
  },
});

/** All items, written as they are read: item rows a page at a time, answers `READ_AT_ONCE` per pull. */
function streamResults(env: Env, jobId: string, line: (result: JobResult) => string, header = ""): ReadableStream {
  const encoder = new TextEncoder();
  let offset = 0;
  let rows: ItemLine[] = [];
  let lastPage = false;
  return new ReadableStream({
    start(controller) {
      if (header) controller.enqueue(encoder.encode(header));
    },
    async pull(controller) {
      if (rows.length === 0 && !lastPage) {
        rows = await itemLines(database(env.DB), jobId, offset, PAGE);
        offset += rows.length;
        lastPage = rows.length < PAGE;
      }
      const slice = rows.splice(0, READ_AT_ONCE);
      if (slice.length > 0)
        controller.enqueue(encoder.encode((await withAnswers(env, jobId, slice)).map(line).join("")));
      if (rows.length === 0 && lastPage) controller.close();
    },
  });
}

export function registerJobResults(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => {
    const job = await ownJob(c, c.req.valid("param").id);
    const { format, page, limit } = c.req.valid("query");
    if (format === "json") {
      const rows = await itemLines(c.get("db"), job.id, (page - 1) * limit, limit);
      const results = await withAnswers(c.env, job.id, rows, { bytes: MAX_JSON_PAGE_BYTES });
      return c.json(successBody(c, results, { pagination: pagination(page, limit, job.total) }), 200);
    }
    const csv = format === "csv";
    let body: ReadableStream;
    if (csv) {
      const { header, paths } = await resultColumns(c.env, job.id);
      body = streamResults(c.env, job.id, (result) => csvLines([resultCells(result, paths)]), csvLines([header]));
    } else body = streamResults(c.env, job.id, (result) => `${JSON.stringify(result)}\n`);
    return new Response(body, {
      headers: {
        "Content-Type": csv ? "text/csv; charset=utf-8" : "application/x-ndjson; charset=utf-8",
        "Content-Disposition": `inline; filename="${job.id}.${csv ? "csv" : "ndjson"}"`,
        "X-Request-Id": c.get("requestId"),
      },
    }) as never;
  });
}
