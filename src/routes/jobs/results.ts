// GET /v1/jobs/{id}/results: every item in order with its input, status, error and data, streamed
// as NDJSON or CSV (read from D1 and R2 a page at a time, so memory stays flat whatever the size),
// or one page of JSON.
import { z, type OpenAPIHono } from "@hono/zod-openapi";
import { apiKey, defineRoute } from "../define-route";
import type { AppEnv } from "../../env";
import { csvLines } from "../../csv";
import { jsonResponse, openApiErrorResponses, successBody } from "../../envelope";
import { resultKey } from "../../jobs/runner";
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

interface ItemLine {
  idx: number;
  path: string;
  status: string;
  http_status: number | null;
  error_code: string | null;
  error_message: string | null;
}

async function itemsPage(env: Env, jobId: string, offset: number, limit: number): Promise<JobResult[]> {
  const { results } = await env.DB.prepare(
    `SELECT idx, path, status, http_status, error_code, error_message FROM job_items WHERE job_id = ? ORDER BY idx LIMIT ? OFFSET ?`,
  )
    .bind(jobId, limit, offset)
    .all<ItemLine>();
  return Promise.all(
    results.map(async (item) => {
      const stored = item.status === "succeeded" ? await env.RESULTS.get(resultKey(jobId, item.idx)) : null;
      const envelope = stored ? ((await stored.json()) as { data?: unknown }) : null;
      return {
        index: item.idx,
        path: item.path,
        status: item.status,
        http_status: item.http_status,
        error: item.error_code || item.error_message ? { code: item.error_code, message: item.error_message } : null,
        data: envelope?.data ?? null,
      };
    }),
  );
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

/** All items, a page at a time, written as they are read. */
function streamResults(env: Env, jobId: string, line: (result: JobResult) => string, header = ""): ReadableStream {
  const encoder = new TextEncoder();
  let offset = 0;
  return new ReadableStream({
    start(controller) {
      if (header) controller.enqueue(encoder.encode(header));
    },
    async pull(controller) {
      const page = await itemsPage(env, jobId, offset, PAGE);
      offset += page.length;
      if (page.length > 0) controller.enqueue(encoder.encode(page.map(line).join("")));
      if (page.length < PAGE) controller.close();
    },
  });
}

export function registerJobResults(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => {
    const job = await ownJob(c.env, c.var.identity, c.req.valid("param").id);
    const { format, page, limit } = c.req.valid("query");
    if (format === "json")
      return c.json(
        successBody(c, await itemsPage(c.env, job.id, (page - 1) * limit, limit), {
          pagination: { page, limit, total: job.total, total_pages: Math.ceil(job.total / limit) },
        }),
        200,
      );
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
