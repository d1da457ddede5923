// A typed client for the Web Data API: named methods per area (products, pages, hotels, datasets, jobs,
// keys, webhooks, watches) over openapi-fetch and the types openapi-typescript generates from
// /v1/openapi.json (src/schema.d.ts); `api` still reaches every route by path. Built by
// `npm run build` to dist/ (ESM and declarations); the `.js` in the imports is what Node's own ESM
// resolution (`nodenext`) needs.
import { accountMethods } from "./account.js";
import { type Api, createCore } from "./core.js";
import { datasetMethods } from "./datasets.js";
import { shopMethods } from "./shop.js";
import { hotelMethods } from "./hotels.js";
import { jobMethods } from "./jobs.js";
import { pageMethods } from "./page.js";
import { productMethods } from "./products.js";
import type { Fetch, RetryPolicy } from "./transport.js";

export type { components } from "./schema.js";
export type { paths } from "./core.js";
export { unwrap } from "./core.js";
export {
  type ErrorCode,
  type ErrorEnvelope,
  WebDataConnectionError,
  WebDataError,
  WebDataTimeoutError,
} from "./errors.js";
export type { DatasetListOptions, DatasetRecord, RecordHistoryOptions, RecordsOptions } from "./datasets.js";
export type { DatasetRefreshState, ShopRecipe, ShopRefreshCounts } from "./shop.js";
export type { HotelHistoryOptions, HotelOptions, HotelSearchOptions } from "./hotels.js";
export type { CreateJob, Job, JobResult, WaitOptions } from "./jobs.js";
export type { PageOptions } from "./page.js";
export type { ProductHistoryOptions, ProductOptions, ReviewsOptions, SearchOptions } from "./products.js";
export type { CallOptions, RetryPolicy } from "./transport.js";
export type {
  DatasetSummary,
  Hotel,
  Product,
  ProductSearchResult,
  Watch,
  Webhook,
} from "./types.js";

export interface WebDataClientOptions {
  /** The API's origin, e.g. `https://api.example.com` or `http://127.0.0.1:8787`. */
  baseUrl: string;
  apiKey: string;
  /** Send the key as `X-API-KEY` (default) or as `Authorization: Bearer`. */
  auth?: "header" | "bearer";
  /** Retries after the first attempt (429, 502, 503, 504, network errors; GETs and keyed POSTs); 0 turns them off. Default 3. */
  maxRetries?: number;
  /** Longest wait for one retry, in seconds; a longer `Retry-After` (a monthly quota) is returned as the error instead. Default 60. */
  maxRetryAfterSeconds?: number;
  /** The first backoff when an answer names no `Retry-After`, in ms, doubling each retry up to 8 s, with jitter. Default 500. */
  retryBaseDelayMs?: number;
  /** Default deadline of every call in ms, retries and their waits included; a method's `timeout` overrides it. Default none. */
  timeout?: number;
  /** Fetch to use (tests, proxies); default `globalThis.fetch`. */
  fetch?: Fetch;
}

export function createWebDataClient(options: WebDataClientOptions) {
  const send = options.fetch ?? ((request: Request) => globalThis.fetch(request));
  const policy: RetryPolicy = {
    maxRetries: options.maxRetries ?? 3,
    maxRetryAfterSeconds: options.maxRetryAfterSeconds ?? 60,
    baseDelayMs: options.retryBaseDelayMs ?? 500,
    maxDelayMs: 8_000,
  };
  const headers: Record<string, string> =
    options.auth === "bearer" ? { Authorization: `Bearer ${options.apiKey}` } : { "X-API-KEY": options.apiKey };
  const core = createCore(options.baseUrl, headers, send, policy, options.timeout);
  const jobs = jobMethods(core);
  const account = accountMethods(core);
  return {
    /** Every route, typed from the OpenAPI document: `api.GET("/v1/{platform}", { params: … })`, then `unwrap`. */
    api: core.api as Api,
    ...productMethods(core),
    ...pageMethods(core),
    hotels: hotelMethods(core),
    datasets: datasetMethods(core),
    shops: shopMethods(core),
    jobs,
    /** The same as `jobs.waitForJob`. */
    waitForJob: jobs.waitForJob,
    keys: account.keys,
    webhooks: account.webhooks,
    watches: account.watches,
    usage: account.usage,
  };
}

export type WebDataClient = ReturnType<typeof createWebDataClient>;
