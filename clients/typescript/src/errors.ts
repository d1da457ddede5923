// Every failure of a call as one class: an answer in the API's error envelope (its code, sentence,
// the parameters it names and the request id), or no usable answer at all (timeout, network).
import type { components } from "./schema.js";

export type ErrorEnvelope = components["schemas"]["Error"];
/** The API's error codes, plus the two a call can end with before any answer: `timeout` and `network_error`. */
export type ErrorCode = ErrorEnvelope["error"]["code"] | "timeout" | "network_error";

/** An answer in the error envelope: its code, the API's sentence, the parameters it names, and the request id. */
export class WebDataError extends Error {
  /** The HTTP status; 0 when no answer came (timeout, network error). */
  readonly status: number;
  readonly code: ErrorCode;
  readonly details: ErrorEnvelope["error"]["details"];
  /** The API's `meta.request_id` (`req_…`), to quote when asking about a call; "" without an answer. */
  readonly requestId: string;
  /** Seconds the API asked to wait (429, 503), if it said. */
  readonly retryAfter?: number;

  constructor(status: number, body: Partial<ErrorEnvelope> | undefined, retryAfter?: number, requestId?: string) {
    // Something between the client and the API (a proxy, a load balancer) may answer without the envelope.
    const error: Partial<ErrorEnvelope["error"]> = body?.error ?? {};
    super(error.message ?? `HTTP ${status} without the API's error envelope`);
    this.name = "WebDataError";
    this.status = status;
    this.code = error.code ?? (status >= 500 ? "internal" : "invalid_request");
    this.details = error.details ?? [];
    this.requestId = body?.meta?.request_id ?? requestId ?? "";
    this.retryAfter = retryAfter;
  }
}

/** The call's `timeout` passed before an answer (retries and their waits included). */
export class WebDataTimeoutError extends WebDataError {
  constructor(message: string) {
    super(0, { error: { code: "internal", message, details: [] } });
    this.name = "WebDataTimeoutError";
    (this as { code: ErrorCode }).code = "timeout";
  }
}

/** No HTTP answer: the connection was refused, reset or dropped, after the retries allowed. */
export class WebDataConnectionError extends WebDataError {
  constructor(message: string, cause: unknown) {
    super(0, { error: { code: "internal", message, details: [] } });
    this.name = "WebDataConnectionError";
    (this as { code: ErrorCode }).code = "network_error";
    (this as { cause?: unknown }).cause = cause;
  }
}
