// A job's items with their stored answers, read from D1 and R2 a few at a time so memory stays flat
// whatever the job's size: each item's `data` and `meta` as its route answered them, and the CSV
// columns those answers make (flattened as a single answer's CSV is).
import { z } from "@hono/zod-openapi";
import { database } from "../../db/client";
import { type ItemLine, itemLines } from "../../db/job-items";
import { type CsvCell, flattenRow } from "../../csv";
import { ApiError } from "../../errors";
import { MAX_ITEM_ANSWER_BYTES } from "../../jobs/limits";
import { jobAnswerKey } from "../../db/objects";
import { readJson, sizeText } from "../../net/read-body";

export const ResultSchema = z
  .object({
    index: z.number().int(),
    path: z.string(),
    status: z.string().openapi({ description: "pending, queued, running, succeeded, failed or cancelled" }),
    http_status: z.number().int().nullable(),
    error: z.object({ code: z.string().nullable(), message: z.string().nullable() }).nullable(),
    data: z.unknown().openapi({
      description:
        "The item's `data`, as the route answers it directly; null for a dataset refresh's items, whose answers are kept as the snapshot's records (`GET /v1/datasets/{slug}/records`)",
    }),
    meta: z.record(z.string(), z.unknown()).nullable().openapi({
      description:
        "The item's `meta`, as the route answers it directly: `scrape` (engine, cache, fetched_at, …), `completeness`, `pagination`, …; null without an answer",
    }),
  })
  .openapi("JobResult");
export type JobResult = z.infer<typeof ResultSchema>;

/** Item rows read from D1 at once. */
export const PAGE = 200;
/** Stored answers read at once, so a page of big answers is never in memory together. */
export const READ_AT_ONCE = 10;
/** The stored answers one `format=json` page may hold; past it the page asks for a smaller limit. */
export const MAX_JSON_PAGE_BYTES = 16 * 1024 * 1024;
const UNREADABLE = {
  code: "internal",
  message: "The stored answer of this item could not be read as JSON; run the item again.",
};

type Stored = { data?: unknown; meta?: Record<string, unknown> } | null;

/**
 * The items with their answers' `data` and `meta`, `READ_AT_ONCE` answers at a time, each read no
 * further than an item keeps. An answer that is not JSON is that item's error, never the page's.
 * `budget` counts the stored bytes the page may still read (a 400 past it).
 */
export async function withAnswers(env: Env, jobId: string, rows: ItemLine[], budget = { bytes: Infinity }) {
  const answers: JobResult[] = [];
  for (let at = 0; at < rows.length; at += READ_AT_ONCE) {
    const slice = rows.slice(at, at + READ_AT_ONCE);
    const stored = await Promise.all(
      slice.map((item) => (item.status === "succeeded" ? env.RESULTS.get(jobAnswerKey(jobId, item.idx)) : null)),
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
          ? readJson<Stored>(object, MAX_ITEM_ANSWER_BYTES).then(
              (envelope) => ({ data: envelope?.data ?? null, meta: envelope?.meta ?? null, unreadable: false }),
              () => ({ data: null, meta: null, unreadable: true }),
            )
          : { data: null, meta: null, unreadable: false },
      ),
    );
    slice.forEach((item, i) => {
      const { data, meta, unreadable } = read[i]!;
      const recorded =
        item.error_code || item.error_message ? { code: item.error_code, message: item.error_message } : null;
      answers.push({
        index: item.idx,
        path: item.path,
        status: item.status,
        http_status: item.http_status,
        error: unreadable ? UNREADABLE : recorded,
        data,
        meta,
      });
    });
  }
  return answers;
}

/** Every item with its answer, in order, `READ_AT_ONCE` answers per call of `each`. */
export async function forEachResult(env: Env, jobId: string, each: (results: JobResult[]) => void | Promise<void>) {
  for (let offset = 0; ; offset += PAGE) {
    const rows = await itemLines(database(env.DB), jobId, offset, PAGE);
    for (let at = 0; at < rows.length; at += READ_AT_ONCE)
      await each(await withAnswers(env, jobId, rows.slice(at, at + READ_AT_ONCE)));
    if (rows.length < PAGE) return;
  }
}

export const ITEM_COLUMNS = ["index", "path", "status", "http_status", "error_code", "error_message"] as const;

/** A data path's column: its own name, or `data.{path}` where its first part is an item column's name (or `data`). */
function columnOf(path: string): string {
  const first = path.split(".")[0]!;
  return [...ITEM_COLUMNS, "data"].includes(first) ? `data.${path}` : path;
}

/**
 * An answer's `data` flattened as every CSV is (`price.amount`, `images`, `reviews.0.rating`), keyed by
 * column; a `data` that is not an object (a list) goes under `data` (`data.0.title`).
 */
function flatData(data: unknown): Record<string, CsvCell> {
  if (data === null || data === undefined) return {};
  if (typeof data !== "object" || Array.isArray(data)) return flattenRow(data, "data");
  return Object.fromEntries(Object.entries(flattenRow(data)).map(([path, cell]) => [columnOf(path), cell]));
}

/**
 * The CSV columns of a job's results: the item's own, then one per flattened path of the answers'
 * `data` (the union, in the order first met). Reads every answer once more before the rows are
 * written, keeping only the names.
 */
export async function resultColumns(env: Env, jobId: string): Promise<{ header: string[]; paths: string[] }> {
  const paths = new Set<string>();
  await forEachResult(env, jobId, (results) => {
    for (const { data } of results) for (const path of Object.keys(flatData(data))) paths.add(path);
  });
  const named = [...paths];
  return { header: [...ITEM_COLUMNS, ...named], paths: named };
}

/** One result's CSV cells under the data `paths` that `resultColumns` found. */
export function resultCells(result: JobResult, paths: string[]): CsvCell[] {
  const flat = flatData(result.data);
  return [
    result.index,
    result.path,
    result.status,
    result.http_status,
    result.error?.code,
    result.error?.message,
    ...paths.map((path) => flat[path]),
  ];
}
