import { z, type OpenAPIHono } from "@hono/zod-openapi";
import { apiKey, defineRoute } from "../define-route";
import type { Context } from "hono";
import type { AppEnv } from "../../env";
import { csvLines } from "../../csv";
import { exampleEnvelope, MetaSchema, openApiErrorResponses, successBody } from "../../envelope";
import { ApiError } from "../../errors";
import { datasetFieldNames, recordBatch } from "../../db/catalogue";
import { wholeNumber } from "./schemas";
import { log } from "../../log";

/** Rows read from D1 per step of a stream: memory stays at one batch whatever the dataset size. */
const STREAM_BATCH = 1_000;
const MAX_PAGE = 1_000;

const FORMATS = ["json", "ndjson", "csv"] as const;
type Format = (typeof FORMATS)[number];

const route = defineRoute({
  access: apiKey("catalogue:read"),
  method: "get",
  path: "/v1/datasets/{slug}/records",
  tags: ["catalogue"],
  summary: "All records of a dataset",
  description:
    "`format=json` (default) answers one page (`limit` up to 1000, default 100) with `meta.next_cursor`. " +
    "`format=ndjson` and `format=csv` stream every record from `cursor` on (or `limit` of them) in constant memory. " +
    "`fields=a,b` keeps only those fields, in that order (each once; at most 100 names). `Accept: text/csv` or `application/x-ndjson` also choose the format.",
  request: {
    params: z.object({
      slug: z
        .string()
        .regex(/^[a-z0-9-]{1,100}$/)
        .openapi({ param: { name: "slug", in: "path" }, example: "amazon-product-prices-us" }),
    }),
    query: z.object({
      format: z.enum(FORMATS).optional().openapi({ example: "json" }),
      fields: z.string().max(2_000).optional().openapi({ example: "asin,title,price" }),
      cursor: z
        .string()
        .regex(/^[A-Za-z0-9_-]{1,40}$/, "cursor must be a value from meta.next_cursor")
        .optional()
        .openapi({ description: "`meta.next_cursor` of the previous page", example: "czEwMA" }),
      limit: wholeNumber("limit", 1, 10_000_000, 0).openapi({ example: 100 }),
    }),
  },
  responses: {
    200: {
      description: "Records",
      content: {
        "application/json": {
          schema: z
            .object({
              status: z.literal("success"),
              data: z.array(z.record(z.string(), z.unknown())),
              meta: MetaSchema.extend({
                dataset: z.string(),
                fields: z.array(z.string()),
                limit: z.number().int(),
                next_cursor: z.string().nullable(),
              }),
            })
            .openapi("RecordPageEnvelope"),
          example: exampleEnvelope(
            [
              { asin: "B09E3779B1", title: "Sony Portable SSD 1TB", price: 10.36 },
              { asin: "B03C6EF362", title: "Logitech Bluetooth speaker", price: 10.73 },
            ],
            {
              dataset: "amazon-product-prices-us",
              fields: ["asin", "title", "price"],
              limit: 2,
              next_cursor: "czEwMg",
            },
          ),
        },
        "application/x-ndjson": { schema: z.string() },
        "text/csv": { schema: z.string() },
      },
    },
    ...openApiErrorResponses,
  },
});

const encodeCursor = (seq: number) => btoa(`s${seq}`).replaceAll("=", "").replaceAll("+", "-").replaceAll("/", "_");

function decodeCursor(cursor: string | undefined): number {
  if (cursor === undefined) return 0;
  let decoded = "";
  try {
    decoded = atob(cursor.replaceAll("-", "+").replaceAll("_", "/"));
  } catch {
    // Falls through to the error below.
  }
  const match = /^s(\d{1,12})$/.exec(decoded);
  if (!match)
    throw new ApiError("invalid_request", "cursor is not one this API gave out; pass meta.next_cursor unchanged.", {
      details: [{ parameter: "cursor", in: "query", message: "unknown cursor" }],
    });
  return Number(match[1]);
}

function chooseFormat(c: Context, format: Format | undefined): Format {
  if (format) return format;
  const accept = (c.req.header("Accept") ?? "").toLowerCase();
  if (accept.includes("text/csv")) return "csv";
  if (accept.includes("ndjson")) return "ndjson";
  return "json";
}

/** Names one `fields=` may list; no dataset has nearly as many fields. */
const MAX_FIELD_NAMES = 100;

/** The fields `fields=` asks for, each once (a repeated name would repeat a column in every record), in its order. */
function chosenFields(requested: string | undefined, known: string[]): string[] {
  if (!requested) return known;
  const names = requested
    .split(",")
    .map((f) => f.trim())
    .filter(Boolean);
  if (names.length > MAX_FIELD_NAMES) {
    throw new ApiError(
      "invalid_request",
      `\`fields\` lists at most ${MAX_FIELD_NAMES} names; it lists ${names.length}.`,
      {
        details: [{ parameter: "fields", in: "query", message: `at most ${MAX_FIELD_NAMES} names` }],
      },
    );
  }
  const fields = [...new Set(names)];
  const unknown = fields.filter((f) => !known.includes(f));
  if (unknown.length > 0 || fields.length === 0) {
    throw new ApiError(
      "invalid_request",
      `Unknown field(s) ${unknown.map((f) => `\`${f}\``).join(", ") || "(none given)"}; this dataset has: ${known.join(", ")}.`,
      { details: [{ parameter: "fields", in: "query", message: `unknown: ${unknown.join(", ")}` }] },
    );
  }
  return fields;
}

const pick = (record: Record<string, unknown>, fields: string[]) =>
  Object.fromEntries(fields.map((f) => [f, record[f] ?? null]));

export function registerRecords(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => {
    const { slug } = c.req.valid("param");
    const query = c.req.valid("query");
    const dataset = await datasetFieldNames(c.env.DB, slug);
    if (!dataset) throw new ApiError("not_found", `No dataset \`${slug}\`; GET /v1/datasets lists them.`);

    const known = dataset.fields;
    const fields = chosenFields(query.fields, known);
    const afterSeq = decodeCursor(query.cursor);
    const format = chooseFormat(c, query.format);

    if (format === "json") {
      const limit = query.limit || 100;
      if (limit > MAX_PAGE) {
        throw new ApiError(
          "invalid_request",
          `limit must be at most ${MAX_PAGE} for JSON pages; use format=ndjson or csv to stream everything.`,
          { details: [{ parameter: "limit", in: "query", message: `at most ${MAX_PAGE}` }] },
        );
      }
      const rows = await recordBatch(c.env.DB, dataset.id, afterSeq, limit + 1);
      const page = rows.slice(0, limit);
      const nextCursor = rows.length > limit ? encodeCursor(page.at(-1)!.seq) : null;
      const records = page.map((row) => pick(JSON.parse(row.data), fields));
      return c.json(successBody(c, records, { dataset: slug, fields, limit, next_cursor: nextCursor }), 200);
    }

    // Stored records already hold every field in schema order: without `fields=` NDJSON passes them through unparsed.
    const allFields = fields.length === known.length && fields.every((f, i) => f === known[i]);
    const encode =
      format === "csv"
        ? (rows: { data: string }[]) =>
            csvLines(
              rows.map((row) => {
                const r = JSON.parse(row.data);
                return fields.map((f) => r[f]);
              }),
            )
        : allFields
          ? (rows: { data: string }[]) => `${rows.map((row) => row.data).join("\n")}\n`
          : (rows: { data: string }[]) =>
              `${rows.map((row) => JSON.stringify(pick(JSON.parse(row.data), fields))).join("\n")}\n`;
    const header = format === "csv" ? csvLines([fields]) : "";
    const total = query.limit || Number.MAX_SAFE_INTEGER;

    const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
    const writer = writable.getWriter();
    const encoder = new TextEncoder();
    const db = c.env.DB;
    const pump = async () => {
      try {
        if (header) await writer.write(encoder.encode(header));
        let after = afterSeq;
        let sent = 0;
        while (sent < total) {
          const batch = await recordBatch(db, dataset.id, after, Math.min(STREAM_BATCH, total - sent));
          if (batch.length === 0) break;
          // Each write waits for the reader, so at most one batch is held in memory.
          await writer.write(encoder.encode(encode(batch)));
          sent += batch.length;
          after = batch.at(-1)!.seq;
        }
        await writer.close();
      } catch (err) {
        log.error("record stream failed", { dataset: slug, error: err });
        await writer.abort(err).catch(() => {});
      }
    };
    c.executionCtx.waitUntil(pump());

    c.header("Content-Type", format === "csv" ? "text/csv; charset=utf-8" : "application/x-ndjson; charset=utf-8");
    c.header("Content-Disposition", `inline; filename="${slug}.${format}"`);
    return c.body(readable, 200);
  });
}
