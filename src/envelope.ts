import type { Context } from "hono";
import { z } from "@hono/zod-openapi";
import type { AppEnv } from "./env";
import { HTTPException } from "hono/http-exception";
import { type AnswerOutcome, chargesMonth } from "./charging";
import { ApiError, ERROR_CODES, codeToStatus, isStorageUnavailable, type ErrorCode, type ErrorDetail } from "./errors";
import { log } from "./log";

export type Meta = Record<string, unknown>;

/** `meta` present on every answer, success or error. */
export function baseMeta(c: Context<AppEnv>): { request_id: string; timestamp: string } {
  return { request_id: c.get("requestId") ?? "", timestamp: new Date().toISOString() };
}

/**
 * Records the answer's outcome for `settleCharge` (middleware/charge.ts), which settles the call's
 * month by the rule (charging.ts), and says by the same rule in the answer's own `meta.charged`
 * whether it is charged. Only an account's calls say it. A route that reads beside the limiter may answer before its
 * admission settles; a refusal then replaces that answer, so it stands only once admitted.
 */
function chargedMeta(c: Context<AppEnv>, outcome: AnswerOutcome): { charged?: boolean } {
  c.set("outcome", outcome);
  const chargeable = chargesMonth(outcome);
  if (!c.get("identity")) return {};
  const holdsCharge = c.get("charge") !== undefined || c.get("admission") !== undefined;
  return { charged: holdsCharge && chargeable };
}

export function successBody<T, M extends Meta = Meta>(c: Context<AppEnv>, data: T, meta: M = {} as M) {
  const charged = chargedMeta(c, { ok: true, completeness: meta.completeness });
  return { status: "success" as const, data, meta: { ...baseMeta(c), ...meta, ...charged } };
}

/** `successBody`'s envelope as text before and after its `data` (same keys, same order). */
function envelopeAround(c: Context<AppEnv>, meta: Meta): [head: string, tail: string] {
  const { status, meta: answerMeta } = successBody(c, null, meta);
  return [`{"status":${JSON.stringify(status)},"data":`, `,"meta":${JSON.stringify(answerMeta)}}`];
}

/** `successBody`'s envelope as text around `data` already serialised. */
export function envelopeText(c: Context<AppEnv>, dataJson: string, meta: Meta): string {
  const [head, tail] = envelopeAround(c, meta);
  return head + dataJson + tail;
}

/** `successBody`'s envelope as bytes around `data` already serialised as JSON bytes, never decoded. */
export function envelopeBytes(c: Context<AppEnv>, dataJson: Uint8Array, meta: Meta): Uint8Array<ArrayBuffer> {
  const [head, tail] = envelopeAround(c, meta).map((text) => new TextEncoder().encode(text)) as [
    Uint8Array,
    Uint8Array,
  ];
  const body = new Uint8Array(head.length + dataJson.length + tail.length);
  body.set(head);
  body.set(dataJson, head.length);
  body.set(tail, head.length + dataJson.length);
  return body;
}

export function errorBody(
  c: Context<AppEnv>,
  code: ErrorCode,
  message: string,
  details: ErrorDetail[] = [],
  charged = false,
) {
  const meta = { ...baseMeta(c), ...chargedMeta(c, { ok: false, charged }) };
  return { status: "error" as const, error: { code, message, details }, meta };
}

/**
 * Renders any thrown value as the error envelope; unknown errors never leak their message.
 * A storage failure that escapes a route (e.g. a D1 read after authentication) is a 503 with
 * `Retry-After`, not a 500: the request was fine and will likely work in a moment.
 */
export function errorResponse(c: Context<AppEnv>, err: unknown): Response {
  if (err instanceof ApiError) {
    if (err.retryAfter !== undefined) c.header("Retry-After", String(Math.max(1, Math.ceil(err.retryAfter))));
    return c.json(errorBody(c, err.code, err.message, err.details, err.charged), err.status);
  }
  if (err instanceof HTTPException && err.status < 500) {
    // Thrown by hono itself, e.g. a malformed JSON body: a client error with a safe message.
    const code =
      (Object.keys(codeToStatus) as ErrorCode[]).find((k) => codeToStatus[k] === err.status) ?? "invalid_request";
    return c.json(errorBody(c, code, err.message || "The request could not be read."), codeToStatus[code]);
  }
  log.error("unexpected error", { error: err, stack: (err as Error)?.stack });
  if (isStorageUnavailable(err)) {
    // D1, KV or a Durable Object is briefly down: the client may retry, which a 500 would not say.
    return errorResponse(
      c,
      new ApiError("unavailable", "Our storage is briefly unavailable; retry in a second.", { retryAfter: 1 }),
    );
  }
  return c.json(
    errorBody(c, "internal", "Something went wrong on our side; retry later or contact support with the request id."),
    500,
  );
}

// ---- OpenAPI schemas shared by every route ----

export const MetaSchema = z
  .object({
    request_id: z.string().openapi({ example: "req_4f3c2a1b9d8e4f6a8b7c6d5e4f3a2b1c" }),
    timestamp: z.string().openapi({ example: "2026-11-22T10:00:00.000Z" }),
    charged: z.boolean().optional().openapi({
      description:
        "On every answer to a call made with a key: whether it took a unit of the month. Only answers with data do (and a site's own 404 for a product or page that does not exist); errors and `empty` answers give their unit back, and the `RateLimit` headers already show it returned. See docs/charging.md.",
      example: true,
    }),
  })
  .passthrough()
  .openapi("Meta");

export const ErrorEnvelopeSchema = z
  .object({
    status: z.literal("error"),
    error: z.object({
      code: z.enum(ERROR_CODES),
      message: z.string(),
      details: z.array(z.object({ parameter: z.string(), in: z.string().optional(), message: z.string() })),
    }),
    meta: MetaSchema,
  })
  .openapi("Error");

/** `format=csv` answers a list as CSV instead of the JSON envelope; for a route's query schema. */
export const FormatQuery = z
  .enum(["json", "csv"])
  .optional()
  .openapi({ description: "`csv` answers the list as CSV (as does `Accept: text/csv`)", example: "json" });

export function successEnvelope<T extends z.ZodType>(data: T, name: string) {
  return z.object({ status: z.literal("success"), data, meta: MetaSchema }).openapi(name);
}

/** The `meta` every example answer in the reference carries. */
const EXAMPLE_META = { request_id: "req_4f3c2a1b9d8e4f6a8b7c6d5e4f3a2b1c", timestamp: "2026-11-22T10:00:00.000Z" };

/** An example success envelope around `data`, with a route's own `meta` fields added; shown by /docs. */
export function exampleEnvelope<T>(data: T, meta: Meta = {}) {
  return { status: "success" as const, data, meta: { ...EXAMPLE_META, ...meta } };
}

/**
 * A 200/201 response whose body is the success envelope around `schema`; for `createRoute({ responses })`.
 * `example` is the `data` of a typical answer, shown in the reference inside the envelope.
 */
export function jsonResponse<T extends z.ZodType>(schema: T, name: string, description: string, example?: z.output<T>) {
  const envelope = successEnvelope(schema, name);
  return {
    description,
    content: {
      "application/json":
        example === undefined ? { schema: envelope } : { schema: envelope, example: exampleEnvelope(example) },
    },
  };
}

/** A JSON request body for `createRoute({ request })`; optional bodies arrive as `{}`. `example` is shown in the reference. */
export function jsonBody<T extends z.ZodType>(schema: T, required = true, example?: z.input<T>) {
  return { required, content: { "application/json": example === undefined ? { schema } : { schema, example } } };
}

/**
 * An error answer for `createRoute({ responses })`: the envelope's schema and, for the reference, an
 * example body with the code and a sentence such an answer really carries.
 */
export function errorAnswer(description: string, code: ErrorCode, message: string, details: ErrorDetail[] = []) {
  const example = { status: "error", error: { code, message, details }, meta: EXAMPLE_META };
  return { description, content: { "application/json": { schema: ErrorEnvelopeSchema, example } } };
}

/**
 * Error answers every route can give; spread into `createRoute({ responses })`. The answers that
 * depend on what a route is (its access, body, whether it reads sites or creates) are added by
 * defineRoute (routes/error-responses.ts).
 */
export const openApiErrorResponses = {
  400: errorAnswer(
    "A parameter is missing or malformed; `error.details` names each one.",
    "invalid_request",
    "Invalid value for `limit`: must be at most 100.",
    [{ parameter: "limit", in: "query", message: "must be at most 100" }],
  ),
  404: errorAnswer(
    "Nothing at this path.",
    "not_found",
    "No dataset `hotel-rates-lisbon`; GET /v1/datasets or /v1/search?q= to find one.",
  ),
  429: errorAnswer(
    "Per-minute limit or monthly quota reached (`rate_limited` or `quota_exceeded`); see `Retry-After`.",
    "rate_limited",
    "Rate limit of 10 requests per minute reached for this account (all its keys count together); retry after 23 s.",
  ),
  500: errorAnswer(
    "Unexpected failure; no internals are exposed.",
    "internal",
    "Something went wrong on our side; retry later or contact support with the request id.",
  ),
  503: errorAnswer(
    "Storage or the rate limiter is briefly unavailable; retry after `Retry-After` seconds.",
    "unavailable",
    "Our storage is briefly unavailable; retry in a second.",
  ),
} as const;

/** The answer of a route that reads a body to one past its limit (defineRoute adds it). */
export const payloadTooLargeResponse = errorAnswer(
  "The body is larger than this route reads (docs/reliability.md); it was not read past the limit.",
  "payload_too_large",
  "The body is larger than 64 KB, the most this route reads; send less at a time.",
);
