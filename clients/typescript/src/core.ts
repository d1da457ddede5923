// What every named method shares: the typed openapi-fetch client, the retry policy and deadline of
// a call, and the answer unwrapped (its data, or its error envelope thrown as a WebDataError).
import createClient, { type Client } from "openapi-fetch";
import { type ErrorEnvelope, WebDataError } from "./errors.js";
import type { paths as GeneratedPaths } from "./schema.js";
import { type CallOptions, callFetch, type Fetch, type RetryPolicy, retryAfterSeconds } from "./transport.js";

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

export type Api = Client<paths, "application/json">;

export interface Core {
  api: Api;
  /** The fetch for one call: the client's retry policy under the call's deadline. */
  fetchFor(call?: CallOptions): Fetch;
}

export function createCore(
  baseUrl: string,
  headers: Record<string, string>,
  send: Fetch,
  policy: RetryPolicy,
  timeout?: number,
): Core {
  const fetchFor = (call: CallOptions = {}) =>
    callFetch(send, policy, { timeout: call.timeout ?? timeout, signal: call.signal });
  // JSON answers only: the CSV and NDJSON forms are asked for explicitly (streamed methods).
  const api = createClient<paths, "application/json">({ baseUrl, headers, fetch: fetchFor() });
  return { api, fetchFor };
}

/** The data of an openapi-fetch result, or the error envelope thrown as a `WebDataError`. */
export function unwrap<T>(result: { data?: T; error?: unknown; response: Response }): T {
  if (result.error !== undefined || result.data === undefined) {
    throw new WebDataError(
      result.response.status,
      result.error as Partial<ErrorEnvelope> | undefined,
      retryAfterSeconds(result.response),
      result.response.headers.get("X-Request-Id") ?? undefined,
    );
  }
  return result.data;
}

/** The answer of a streamed (`parseAs: "stream"`) call, or its error envelope thrown. */
export async function streamed(result: { error?: unknown; response: Response }): Promise<Response> {
  if (!result.response.ok) {
    // parseAs "stream" leaves an error's body unread: read the envelope from it.
    const body = result.error ?? (await result.response.json().catch(() => undefined));
    unwrap({ data: undefined, error: body ?? {}, response: result.response });
  }
  return result.response;
}
