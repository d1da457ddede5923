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

  constructor(
    code: ErrorCode,
    message: string,
    options: { details?: ErrorDetail[]; retryAfter?: number; cause?: unknown } = {},
  ) {
    super(codeToStatus[code], { message, cause: options.cause });
    this.name = "ApiError";
    this.code = code;
    this.details = options.details ?? [];
    this.retryAfter = options.retryAfter;
  }
}
