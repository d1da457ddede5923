// A typed client for the Web Data API: openapi-fetch over the types openapi-typescript generates
// from /v1/openapi.json (src/schema.d.ts), plus what the document cannot say: the key on every
// request, retries after 429/503 as `Retry-After` asks, errors as one typed class, and async
// iteration over paged lists and streamed records. Built by `npm run build` to dist/ (ESM and
// declarations); the `.js` in the import below is what Node's own ESM resolution (`nodenext`) needs.
import createClient, { type Client } from "openapi-fetch";
import type { components, paths as GeneratedPaths } from "./schema.js";

export type { components };

/** A route's header parameters also under their lower-case names (HTTP ignores a header's case). */
type AnyCase<Header> = [Header] extends [Record<string, unknown>]
  ? Header & { [Name in keyof Header as Lowercase<Name & string>]?: Header[Name] }
  : Header;

type WithAnyCaseHeaders<Operation> = Operation extends { parameters: infer Parameters }
  ? Omit<Operation, "parameters"> & {
      parameters: Parameters extends { header?: infer Header }
        ? Omit<Parameters, "header"> & { header?: AnyCase<Header> }
        : Parameters;
    }
  : Operation;

/** Every route of /v1/openapi.json; header parameters as the docs spell them (`X-Currency`) or in lower case. */
export type paths = {
  [Path in keyof GeneratedPaths]: {
    [Method in keyof GeneratedPaths[Path]]: WithAnyCaseHeaders<GeneratedPaths[Path][Method]>;
  };
};
export type ErrorEnvelope = components["schemas"]["Error"];
export type ErrorCode = ErrorEnvelope["error"]["code"];
export type DatasetSummary = components["schemas"]["DatasetSummary"];
export type JobResult = components["schemas"]["JobResult"];

export interface WebDataClientOptions {
  /** The API's origin, e.g. `https://api.example.com` or `http://127.0.0.1:8787`. */
  baseUrl: string;
  apiKey: string;
  /** Send the key as `X-API-KEY` (default) or as `Authorization: Bearer`. */
  auth?: "header" | "bearer";
  /** Retries of a 429 or 503 answer; 0 turns retrying off. Default 3. */
  maxRetries?: number;
  /** Longest wait for one retry, in seconds; a longer `Retry-After` (a monthly quota) is returned as the error instead. Default 60. */
  maxRetryAfterSeconds?: number;
  /** Fetch to use (tests, proxies); default `globalThis.fetch`. */
  fetch?: (request: Request) => Promise<Response>;
}

/** An answer in the error envelope: its code, the API's sentence, the parameters it names, and the request id. */
export class WebDataError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly details: ErrorEnvelope["error"]["details"];
  readonly requestId: string;
  /** Seconds the API asked to wait (429, 503), if it said. */
  readonly retryAfter?: number;

  constructor(status: number, body: Partial<ErrorEnvelope> | undefined, retryAfter?: number) {
    // Something between the client and the API (a proxy, a load balancer) may answer without the envelope.
    const error: Partial<ErrorEnvelope["error"]> = body?.error ?? {};
    super(error.message ?? `HTTP ${status} without the API's error envelope`);
    this.name = "WebDataError";
    this.status = status;
    this.code = error.code ?? (status >= 500 ? "internal" : "invalid_request");
    this.details = error.details ?? [];
    this.requestId = body?.meta?.request_id ?? "";
    this.retryAfter = retryAfter;
  }
}

const RETRYABLE = new Set([429, 503]);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `Retry-After` in seconds (RFC 9110 §10.2.3: seconds or an HTTP date), if the answer has it. */
function retryAfterSeconds(response: Response): number | undefined {
  const header = response.headers.get("Retry-After");
  if (header === null) return undefined;
  return /^\d+$/.test(header) ? Number(header) : Math.max(0, (Date.parse(header) - Date.now()) / 1000);
}

/** Fetch that waits out `Retry-After` and tries again. */
export function retryingFetch(
  send: (request: Request) => Promise<Response>,
  maxRetries: number,
  maxRetryAfterSeconds: number,
): (request: Request) => Promise<Response> {
  return async function fetchWithRetries(request) {
    for (let attempt = 0; ; attempt++) {
      const response = await send(request.clone());
      if (!RETRYABLE.has(response.status) || attempt >= maxRetries) return response;
      const seconds = retryAfterSeconds(response) ?? 1;
      if (!(seconds <= maxRetryAfterSeconds)) return response;
      await response.body?.cancel();
      await sleep(Math.max(0, seconds) * 1000);
    }
  };
}

/** The data of an openapi-fetch result, or the error envelope thrown as a `WebDataError`. */
export function unwrap<T>(result: { data?: T; error?: unknown; response: Response }): T {
  if (result.error !== undefined || result.data === undefined) {
    throw new WebDataError(
      result.response.status,
      result.error as Partial<ErrorEnvelope> | undefined,
      retryAfterSeconds(result.response),
    );
  }
  return result.data;
}

type DatasetQuery = NonNullable<paths["/v1/datasets"]["get"]["parameters"]["query"]>;
type RecordsQuery = Omit<NonNullable<paths["/v1/datasets/{slug}/records"]["get"]["parameters"]["query"]>, "format">;
type PageQuery = Omit<paths["/v1/page"]["get"]["parameters"]["query"], "url">;
type PageAnswer = paths["/v1/page"]["get"]["responses"][200]["content"]["application/json"];

export interface WebDataClient {
  /** Every route, typed from the OpenAPI document: `api.GET("/v1/{platform}", { params: … })`. */
  api: Client<paths, "application/json">;
  /** Each dataset of the list, page after page until the last. */
  datasets(query?: Omit<DatasetQuery, "page" | "format">): AsyncGenerator<DatasetSummary>;
  /** Each record of a dataset, streamed as NDJSON in constant memory (from `cursor`, at most `limit`). */
  records(slug: string, query?: RecordsQuery): AsyncGenerator<Record<string, unknown>>;
  /** Each item of a batch job in order (`index`, `path`, `status`, `error`, `data`), streamed as NDJSON. */
  jobResults(id: string): AsyncGenerator<JobResult>;
  /** Any page's main content as Markdown (and, by `formats`, clean HTML, text, links, metadata): GET /v1/page. */
  page(url: string, query?: PageQuery): Promise<PageAnswer>;
}

/** The JSON lines of an NDJSON answer, one at a time as they arrive. */
async function* ndjsonLines<T>(response: Response): AsyncGenerator<T> {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = "";
  try {
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      buffered += chunk.value;
      const lines = buffered.split("\n");
      buffered = lines.pop()!;
      for (const line of lines) if (line.trim()) yield JSON.parse(line) as T;
    }
    if (buffered.trim()) yield JSON.parse(buffered) as T;
  } finally {
    // A loop left early (`break`) closes the connection instead of leaving the rest unread.
    await reader.cancel().catch(() => {});
  }
}

/** The answer of a streamed (`parseAs: "stream"`) call, or its error envelope thrown. */
function streamed(result: { error?: unknown; response: Response }): Response {
  if (!result.response.ok) unwrap({ data: undefined, error: result.error, response: result.response });
  return result.response;
}

export function createWebDataClient(options: WebDataClientOptions): WebDataClient {
  const send = options.fetch ?? ((request: Request) => globalThis.fetch(request));
  const fetch = retryingFetch(send, options.maxRetries ?? 3, options.maxRetryAfterSeconds ?? 60);
  const headers: Record<string, string> =
    options.auth === "bearer" ? { Authorization: `Bearer ${options.apiKey}` } : { "X-API-KEY": options.apiKey };
  // JSON answers only: the CSV and NDJSON forms are asked for explicitly (`records` streams NDJSON).
  const api = createClient<paths, "application/json">({ baseUrl: options.baseUrl, headers, fetch });

  async function* datasets(query: Omit<DatasetQuery, "page" | "format"> = {}) {
    for (let page = 1, pages = 1; page <= pages; page++) {
      const answer = unwrap(await api.GET("/v1/datasets", { params: { query: { ...query, page } } }));
      pages = answer.meta.pagination.total_pages;
      yield* answer.data;
    }
  }

  async function* records(slug: string, query: RecordsQuery = {}) {
    const result = await api.GET("/v1/datasets/{slug}/records", {
      params: { path: { slug }, query: { ...query, format: "ndjson" } },
      parseAs: "stream",
    });
    yield* ndjsonLines<Record<string, unknown>>(streamed(result));
  }

  async function* jobResults(id: string) {
    const result = await api.GET("/v1/jobs/{id}/results", {
      params: { path: { id }, query: { format: "ndjson" } },
      parseAs: "stream",
    });
    yield* ndjsonLines<JobResult>(streamed(result));
  }

  async function page(url: string, query: PageQuery = {}) {
    return unwrap(await api.GET("/v1/page", { params: { query: { ...query, url } } }));
  }

  return { api, datasets, records, jobResults, page };
}
