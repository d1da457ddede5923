import { z, type OpenAPIHono } from "@hono/zod-openapi";
import { apiKey, defineRoute } from "../define-route";
import type { Context } from "hono";
import type { AppEnv } from "../../env";
import { cellOf, csvLines } from "../../csv";
import { envelopeBytes, exampleEnvelope, MetaSchema, openApiErrorResponses, successBody } from "../../envelope";
import { ApiError } from "../../errors";
import { log } from "../../log";
import { type Condition, matches, snapshotRecords, storedPage } from "../../datasets/read";
import { chosenFields, conditionsOf, decodeCursor, encodeCursor, RecordsQuery, snapshotToRead } from "./record-query";
import { SlugParam } from "./schemas";

const MAX_PAGE = 1_000;
/** Records a JSON page looks at before it answers with what it found and a cursor to go on. */
const MAX_SCANNED = 20_000;
/** Records written to a stream per write: small enough to keep memory flat, big enough to be fast. */
const STREAM_BATCH = 500;

const FORMATS = ["json", "ndjson", "csv"] as const;
type Format = (typeof FORMATS)[number];

const route = defineRoute({
  access: apiKey("catalogue:read"),
  method: "get",
  path: "/v1/datasets/{slug}/records",
  tags: ["catalogue"],
  summary: "All records of a dataset",
  description:
    "The records of the dataset's latest snapshot (or of the one `as_of` names). `format=json` (default) answers one page (`limit` up to 1000, default 100) with `meta.next_cursor`; " +
    "`format=ndjson` and `format=csv` stream every record from `cursor` on (or `limit` of them) in constant memory. " +
    "`changed_since` keeps records whose tracked values (price, availability, rating, counts) changed after that time; `filter=field<op>value` (repeatable; `=`, `!=`, `<`, `<=`, `>`, `>=`) and `country` / `platform` filter on declared fields. " +
    "`fields=a,b` keeps only those fields, in that order. `Accept: text/csv` or `application/x-ndjson` also choose the format.",
  request: {
    params: z.object({ slug: SlugParam.shape.slug.openapi({ example: "amazon-electronics-prices-us" }) }),
    query: RecordsQuery.extend({ format: z.enum(FORMATS).optional().openapi({ example: "json" }) }),
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
                snapshot: z
                  .object({ id: z.string(), finished_at: z.string(), records: z.number().int() })
                  .nullable()
                  .openapi({ description: "The snapshot read; null before the first refresh finished" }),
                fields: z.array(z.string()),
                limit: z.number().int(),
                next_cursor: z.string().nullable(),
              }),
            })
            .openapi("RecordPageEnvelope"),
          example: exampleEnvelope(
            [
              { key: "amazon:us:B0C1GHS4GF", title: "Anker Power Bank 20000mAh", price: 39.99 },
              { key: "amazon:us:B08DF9F814", title: "Soundcore Wireless Earbuds", price: 59.99 },
            ],
            {
              dataset: "amazon-electronics-prices-us",
              snapshot: { id: "snap_8f2c", finished_at: "2026-11-25T03:04:12.000Z", records: 240 },
              fields: ["key", "title", "price"],
              limit: 2,
              next_cursor: "c25hcF84ZjJjLjAuMg",
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

function chooseFormat(c: Context, format: Format | undefined): Format {
  if (format) return format;
  const accept = (c.req.header("Accept") ?? "").toLowerCase();
  if (accept.includes("text/csv")) return "csv";
  if (accept.includes("ndjson")) return "ndjson";
  return "json";
}

const pick = (record: Record<string, unknown>, fields: string[]) =>
  Object.fromEntries(fields.map((f) => [f, record[f] ?? null]));

export function registerRecords(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => {
    const { slug } = c.req.valid("param");
    const query = c.req.valid("query");
    const cursor = decodeCursor(query.cursor);
    const { snapshot, declared } = await snapshotToRead(c, slug, query.as_of, cursor?.snapshotId);
    const known = declared.map((field) => field.name);
    const fields = chosenFields(query.fields, known);
    const conditions: Condition[] = conditionsOf(query, declared);
    const format = chooseFormat(c, query.format);
    const from = cursor ?? { part: 0, line: 0 };

    if (format === "json") {
      const limit = query.limit || 100;
      if (limit > MAX_PAGE) {
        throw new ApiError(
          "invalid_request",
          `limit must be at most ${MAX_PAGE} for JSON pages; use format=ndjson or csv to stream everything.`,
          { details: [{ parameter: "limit", in: "query", message: `at most ${MAX_PAGE}` }] },
        );
      }
      const pageMeta = (nextCursor: string | null) => ({
        dataset: slug,
        snapshot: snapshot
          ? { id: snapshot.id, finished_at: new Date(snapshot.finished_at!).toISOString(), records: snapshot.records }
          : null,
        fields,
        limit,
        next_cursor: nextCursor,
      });
      const everyField = fields.length === known.length && fields.every((field, index) => field === known[index]);
      // Every field in its declared order is each record as stored: the lines go out as they were read.
      const stored =
        snapshot && conditions.length === 0 && everyField && (await storedPage(c.env, snapshot, from, limit));
      if (stored) {
        const meta = pageMeta(stored.more ? encodeCursor(snapshot.id, stored.last) : null);
        return c.body(envelopeBytes(c, stored.json, meta), 200, { "Content-Type": "application/json" });
      }
      const records: Record<string, unknown>[] = [];
      let nextCursor: string | null = null;
      if (snapshot) {
        let scanned = 0;
        let lastPosition = from;
        for await (const { record, next } of snapshotRecords(c.env, snapshot, from)) {
          scanned += 1;
          if (records.length === limit || scanned > MAX_SCANNED) {
            // Resume at this record, which is not yet answered.
            nextCursor = encodeCursor(snapshot.id, lastPosition);
            break;
          }
          if (matches(record, conditions)) records.push(pick(record, fields));
          lastPosition = next;
        }
      }
      return c.json(successBody(c, records, pageMeta(nextCursor)), 200);
    }

    const allFields = fields.length === known.length;
    const encode = (batch: { line: string; record: Record<string, unknown> }[]) =>
      format === "csv"
        ? // Declared fields are scalars or lists of scalars, so each is one cell by the flattening every CSV uses.
          csvLines(batch.map(({ record }) => fields.map((f) => cellOf(record[f]))))
        : `${batch.map(({ line, record }) => (allFields ? line : JSON.stringify(pick(record, fields)))).join("\n")}\n`;
    const header = format === "csv" ? csvLines([fields]) : "";
    const total = query.limit || Number.MAX_SAFE_INTEGER;

    const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
    const writer = writable.getWriter();
    const encoder = new TextEncoder();
    const env = c.env;
    const pump = async () => {
      try {
        if (header) await writer.write(encoder.encode(header));
        let batch: { line: string; record: Record<string, unknown> }[] = [];
        let sent = 0;
        if (snapshot) {
          for await (const item of snapshotRecords(env, snapshot, from)) {
            if (sent + batch.length >= total) break;
            if (!matches(item.record, conditions)) continue;
            batch.push(item);
            if (batch.length === STREAM_BATCH) {
              // Each write waits for the reader, so at most one part and one batch are held in memory.
              await writer.write(encoder.encode(encode(batch)));
              sent += batch.length;
              batch = [];
            }
          }
        }
        if (batch.length > 0) await writer.write(encoder.encode(encode(batch)));
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
