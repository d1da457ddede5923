import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";

/** The closed set of error codes a client can receive. */
export const ERROR_CODES = [
  "invalid_request",
  "unauthorized",
  "forbidden",
  "not_found",
  "method_not_allowed",
  "conflict",
  "unsupported_media_type",
  "payload_too_large",
  "no_data",
  "rate_limited",
  "quota_exceeded",
  "internal",
  "upstream_blocked",
  "unavailable",
  "upstream_timeout",
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export const codeToStatus: Record<ErrorCode, ContentfulStatusCode> = {
  invalid_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  unsupported_media_type: 415,
  payload_too_large: 413,
  no_data: 422,
  rate_limited: 429,
  quota_exceeded: 429,
  internal: 500,
  upstream_blocked: 502,
  unavailable: 503,
  upstream_timeout: 504,
};

/** One problem with one input, e.g. `{ parameter: "limit", message: "must be at most 100" }`. */
export interface ErrorDetail {
  parameter: string;
  in?: string;
  message: string;
}

/**
 * The only error type routes and services throw for an answer the client should see.
 * Anything else that escapes a handler becomes a bare `internal` error.
 */
export class ApiError extends HTTPException {
  readonly code: ErrorCode;
  readonly details: ErrorDetail[];
  /** Seconds after which a retry makes sense; becomes `Retry-After`. */
  readonly retryAfter?: number;
  /**
   * The error is itself the fact the caller asked for (the site says the product does not exist),
   * so its call is charged to the month like data; every other error is not (see charging.ts).
   */
  readonly charged: boolean;

  constructor(
    code: ErrorCode,
    message: string,
    options: { details?: ErrorDetail[]; retryAfter?: number; cause?: unknown; charged?: boolean } = {},
  ) {
    super(codeToStatus[code], { message, cause: options.cause });
    this.name = "ApiError";
    this.code = code;
    this.details = options.details ?? [];
    this.retryAfter = options.retryAfter;
    this.charged = options.charged ?? false;
  }
}

/** What error classification looks at: the message and the flags Cloudflare sets on platform errors. */
export interface ChainedError {
  message: string;
  retryable?: unknown;
  overloaded?: unknown;
}

/** An error and the errors it wraps through `cause`, outermost first (bounded, in case of a cycle). */
export function errorChain(err: unknown): ChainedError[] {
  const chain: ChainedError[] = [];
  for (
    let current = err;
    current instanceof Object && chain.length < 5;
    current = (current as { cause?: unknown }).cause
  ) {
    const { message, retryable, overloaded } = current as { message?: unknown } & Omit<ChainedError, "message">;
    chain.push({ message: typeof message === "string" ? message : "", retryable, overloaded });
  }
  return chain;
}

/**
 * Platform storage failures that are not a bug of ours: D1 restarting, unreachable or overloaded
 * (https://developers.cloudflare.com/d1/observability/debug-d1/#error-list), a failed KV operation
 * ("KV GET failed: 503"), and Durable Object errors, which Cloudflare flags `retryable` or
 * `overloaded`. SQL errors and anything else stay `internal`.
 */
const STORAGE_DOWN =
  /Network connection lost|reset because its code was updated|caused object to be reset|was reset|transient issue|overloaded|Too many requests queued|^KV \w+ failed/i;

export function isStorageUnavailable(err: unknown): boolean {
  return errorChain(err).some((e) => e.retryable === true || e.overloaded === true || STORAGE_DOWN.test(e.message));
}
