// GET /v1/jobs/{id}/results: every item in order with its input, status, error and data, streamed
// as NDJSON or CSV (read from D1 and R2 a page at a time, so memory stays flat whatever the size),
// or one page of JSON.
import { z, type OpenAPIHono } from "@hono/zod-openapi";
import { apiKey, defineRoute } from "../define-route";
import { type ItemLine, itemLines } from "../../db/job-items";
import type { AppEnv } from "../../env";
import { csvLines } from "../../csv";
import { jsonResponse, openApiErrorResponses, successBody } from "../../envelope";
import { ApiError } from "../../errors";
import { MAX_ITEM_ANSWER_BYTES } from "../../jobs/limits";
import { resultKey } from "../../jobs/runner";
import { readJson, sizeText } from "../../net/read-body";
import { IdParam } from "../events/schemas";
import { ownJob } from "./read";
import { JOB_ID } from "./schemas";

const PAGE = 200;
const CSV_COLUMNS = ["index", "path", "status", "http_status", "error_code", "error_message", "data"] as const;

const ResultSchema = z
  .object({
    index: z.number().int(),
    path: z.string(),
    status: z.string().openapi({ description: "pending, queued, running, succeeded, failed or cancelled" }),
    http_status: z.number().int().nullable(),
    error: z.object({ code: z.string().nullable(), message: z.string().nullable() }).nullable(),
    data: z.unknown().openapi({ description: "The item's `data`, as the route answers it directly" }),
  })
  .openapi("JobResult");
type JobResult = z.infer<typeof ResultSchema>;

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
};

const route = defineRoute({
  access: apiKey("jobs:write"),
  method: "get",
  path: "/v1/jobs/{id}/results",
  tags: ["jobs"],
  summary: "Every item's outcome and data, as NDJSON, CSV or paged JSON",
  description:
    "`format=ndjson` (default) and `format=csv` stream all items in order; `format=json` answers one page (`page`, `limit` up to 1000). " +
    "Items still running show their status with no data yet.",
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
        ...jsonResponse(z.array(ResultSchema), "JobResultsEnvelope", "", [RESULT_EXAMPLE]).content,
        "application/x-ndjson": { schema: z.string(), example: `${JSON.stringify(RESULT_EXAMPLE)}\n` },
        "text/csv": {
          schema: z.string(),
          example: `index,path,status,http_status,error_code,error_message,data\r\n0,/v1/amazon?asin=B0YP4NUNPU,succeeded,200,,,"{""asin"":""B0YP4NUNPU""}"\r\n`,
        },
      },
    },
    ...openApiErrorResponses,
  },
});

/** Stored answers read at once, so a page of big answers is never in memory together. */
const READ_AT_ONCE = 10;
/** The stored answers one `format=json` page may hold; past it the page asks for a smaller limit. */
const MAX_JSON_PAGE_BYTES = 16 * 1024 * 1024;
const UNREADABLE = {
  code: "internal",
  message: "The stored answer of this item could not be read as JSON; run the item again.",
};

/**
 * The items with their answers' `data`, `READ_AT_ONCE` answers at a time, each read no further than
 * an item keeps. An answer that is not JSON is that item's error, never the page's. `budget` counts
 * the stored bytes the page may still read (a 400 past it).
 */
async function withAnswers(env: Env, jobId: string, rows: ItemLine[], budget = { bytes: Infinity }) {
  const answers: JobResult[] = [];
  for (let at = 0; at < rows.length; at += READ_AT_ONCE) {
    const slice = rows.slice(at, at + READ_AT_ONCE);
    const stored = await Promise.all(
      slice.map((item) => (item.status === "succeeded" ? env.RESULTS.get(resultKey(jobId, item.idx)) : null)),
    );
    budget.bytes -= stored.reduce((total, object) => total + (object?.size ?? 0), 0);
    if (budget.bytes < 0) {
      await Promise.all(stored.map((object) => object?.body.cancel()));
      throw new ApiError(
        "invalid_request",
        `This page's answers hold more than ${sizeText(MAX_JSON_PAGE_BYTES)}; ask for a smaller limit, or for every item at once with format=ndjson.`,
        { details: [{ parameter: "limit", in: "query", message: "too many bytes of answers for one page" }] },
      );
    }
    const read = await Promise.all(
      stored.map((object) =>
        object
          ? readJson<{ data?: unknown } | null>(object, MAX_ITEM_ANSWER_BYTES).then(
              (envelope) => ({ data: envelope?.data ?? null, unreadable: false }),
              () => ({ data: null, unreadable: true }),
            )
          : { data: null, unreadable: false },
      ),
    );
    slice.forEach((item, i) => {
      const { data, unreadable } = read[i]!;
      const recorded =
        item.error_code || item.error_message ? { code: item.error_code, message: item.error_message } : null;
      answers.push({
        index: item.idx,
        path: item.path,
        status: item.status,
        http_status: item.http_status,
        error: unreadable ? UNREADABLE : recorded,
        data,
      });
    });
  }
  return answers;
}

function csvLine(result: JobResult): string {
  const cells = [
    result.index,
    result.path,
    result.status,
    result.http_status,
    result.error?.code,
    result.error?.message,
    result.data,
  ];
  return csvLines([cells]);
}

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
        rows = await itemLines(env.DB, jobId, offset, PAGE);
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
      const rows = await itemLines(c.env.DB, job.id, (page - 1) * limit, limit);
      const results = await withAnswers(c.env, job.id, rows, { bytes: MAX_JSON_PAGE_BYTES });
      const pagination = { page, limit, total: job.total, total_pages: Math.ceil(job.total / limit) };
      return c.json(successBody(c, results, { pagination }), 200);
    }
    const csv = format === "csv";
    const body = csv
      ? streamResults(c.env, job.id, csvLine, csvLines([CSV_COLUMNS]))
      : streamResults(c.env, job.id, (result) => `${JSON.stringify(result)}\n`);
    return new Response(body, {
      headers: {
        "Content-Type": csv ? "text/csv; charset=utf-8" : "application/x-ndjson; charset=utf-8",
        "Content-Disposition": `inline; filename="${job.id}.${csv ? "csv" : "ndjson"}"`,
        "X-Request-Id": c.get("requestId"),
      },
    }) as never;
  });
}
