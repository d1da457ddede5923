// The most of a request body a route reads: refused from its Content-Length unread, or cut off as
// it streams in, before anything parses it (JSON, a form, the CSRF token in a form).
import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { ApiError } from "../errors";

/** What a route declaring a JSON body reads unless it says otherwise (keys, webhooks, watches…). */
export const MAX_JSON_BODY_BYTES = 64 * 1024;

const inWords = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${bytes / (1024 * 1024)} MB` : `${Math.round(bytes / 1024)} KB`;

/**
 * Refuses a body over `maxBytes` with 413 `payload_too_large`, having read at most that much.
 *
 * @example
 * app.post("/v1/jobs", requireAccess(access), limitBody(8 * 1024 * 1024), handler)
 */
export function limitBody(maxBytes: number): MiddlewareHandler {
  return bodyLimit({
    maxSize: maxBytes,
    onError: () => {
      throw new ApiError(
        "payload_too_large",
        `The body is larger than ${inWords(maxBytes)}, the most this route reads; send less at a time.`,
      );
    },
  });
}
