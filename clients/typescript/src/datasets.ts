// Datasets: the catalogue (a page, or every dataset), one dataset's fields, its records (page
// after page by cursor, or one NDJSON stream), a record's history, and the account's own datasets.
import { type Core, streamed, unwrap } from "./core.js";
import { ndjsonLines } from "./ndjson.js";
import { type Options, splitCall, toQuery } from "./options.js";
import type { Body, Query } from "./query-types.js";
import type { CallOptions } from "./transport.js";
import type { components } from "./schema.js";

export type DatasetListOptions = Options<Query<"/v1/datasets">> & CallOptions;
export type RecordsOptions = Options<Query<"/v1/datasets/{slug}/records">> & CallOptions;
export type RecordHistoryOptions = Options<Query<"/v1/datasets/{slug}/records/{key}/history">> & CallOptions;
export type DatasetRecord = components["schemas"]["RecordPageEnvelope"]["data"][number];

export function datasetMethods(core: Core) {
  const { api, fetchFor } = core;

  /** `GET /v1/datasets`: one page of the catalogue and the account's own datasets (`q`, `category`, `sort`, …). */
  async function list(options: DatasetListOptions = {}) {
    const [query, call] = splitCall(options);
    return unwrap(await api.GET("/v1/datasets", { params: { query: toQuery(query) }, fetch: fetchFor(call) }));
  }

  /** Each dataset of the list, page after page until the last. */
  async function* all(options: DatasetListOptions = {}) {
    for (let page = options.page ?? 1; ; page++) {
      const answer = await list({ ...options, page });
      yield* answer.data;
      if (answer.data.length === 0 || page >= answer.meta.pagination.total_pages) return;
    }
  }

  /** `GET /v1/datasets/{slug}`: one dataset with its fields. */
  async function get(slug: string, call: CallOptions = {}) {
    return unwrap(await api.GET("/v1/datasets/{slug}", { params: { path: { slug } }, fetch: fetchFor(call) }));
  }

  /** `GET /v1/datasets/{slug}/records` as JSON: one page of records and `meta.next_cursor`. */
  async function recordsPage(slug: string, options: RecordsOptions = {}) {
    const [query, call] = splitCall(options);
    return unwrap(
      await api.GET("/v1/datasets/{slug}/records", {
        params: { path: { slug }, query: toQuery({ ...query, format: "json" }) },
        fetch: fetchFor(call),
      }),
    );
  }

  /**
   * Each record, page after page following `meta.next_cursor` (`limit` records a page, 1000 at
   * most). Every page is its own GET, so a failure is retried for that page alone.
   */
  async function* records(slug: string, options: RecordsOptions & { maxRecords?: number } = {}) {
    const { maxRecords = Number.POSITIVE_INFINITY, ...rest } = options;
    let cursor = rest.cursor;
    for (let yielded = 0; ; ) {
      const answer = await recordsPage(slug, { ...rest, cursor });
      for (const record of answer.data) {
        if (yielded++ >= maxRecords) return;
        yield record as DatasetRecord;
      }
      cursor = answer.meta.next_cursor ?? undefined;
      if (!cursor || answer.data.length === 0) return;
    }
  }

  /** Every record (from `cursor`, at most `limit`) in one NDJSON answer, read as it streams in constant memory. */
  async function* stream(slug: string, options: RecordsOptions = {}) {
    const [query, call] = splitCall(options);
    const result = await api.GET("/v1/datasets/{slug}/records", {
      params: { path: { slug }, query: toQuery({ ...query, format: "ndjson" }) },
      headers: { Accept: "application/x-ndjson" },
      parseAs: "stream",
      fetch: fetchFor(call),
    });
    yield* ndjsonLines<DatasetRecord>(await streamed(result));
  }

  /** `GET /v1/datasets/{slug}/records/{key}/history`: one record's values over the dataset's snapshots. */
  async function history(slug: string, key: string, options: RecordHistoryOptions = {}) {
    const [query, call] = splitCall(options);
    return unwrap(
      await api.GET("/v1/datasets/{slug}/records/{key}/history", {
        params: { path: { slug, key }, query: toQuery(query) },
        fetch: fetchFor(call),
      }),
    );
  }

  /** `POST /v1/datasets`: a dataset of the account's own, from a recipe. */
  async function create(recipe: Body<"/v1/datasets">, call: CallOptions = {}) {
    return unwrap(await api.POST("/v1/datasets", { body: recipe, fetch: fetchFor(call) }));
  }

  /** `DELETE /v1/datasets/{slug}`: one of the account's own datasets. */
  async function remove(slug: string, call: CallOptions = {}) {
    return unwrap(await api.DELETE("/v1/datasets/{slug}", { params: { path: { slug } }, fetch: fetchFor(call) }));
  }

  return { list, all, get, recordsPage, records, stream, history, create, delete: remove };
}
