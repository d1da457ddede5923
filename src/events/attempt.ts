// One webhook attempt: claim it under a lease, log it before sending, send once, record the result.
import { database } from "../db/client";
import type { WebhookDeliveryRow, WebhookEndpointRow } from "../db/schema-events";
import {
  ATTEMPT_IN_PROGRESS,
  claimDelivery,
  type DeliveryUpdate,
  disableEndpoint,
  endpointOf,
  failClaimedDelivery,
  openAttempt,
  recordAttempt,
} from "../db/webhooks";
import { urlGuardOptions } from "../net/guard-options";
import { guardUrl, UnsafeUrlError } from "../net/url-guard";
import { log } from "../log";
import { deliveryTimeoutMs, MAX_ATTEMPTS, retryDelayMs } from "./config";
import { signedHeaders, signingSecrets } from "./signing";

export interface AttemptResult {
  status_code: number | null;
  latency_ms: number;
  error: string | null;
}

export interface AttemptOptions {
  /** false for test pings and redeliveries of finished deliveries: one attempt, no retry after it. */
  retry?: boolean;
  /** A user asked for this attempt: take the delivery whatever its state, unless an attempt is in flight. */
  manual?: boolean;
  /** The caller's clock (the cron's scheduled time); claims and the next attempt time follow it. */
  now?: number;
}

export interface ClaimedAttempt {
  delivery: WebhookDeliveryRow;
  endpoint: WebhookEndpointRow;
  attempt: number;
  attemptRowId: number;
  startedAt: number;
}

/** How long a claim holds: the send's timeout plus room for the D1 writes around it. */
export const leaseMs = (env: Env) => deliveryTimeoutMs(env) + 30_000;

/**
 * Claims the attempt that is due for a delivery: one conditional update, so of two callers only
 * one wins, and the row stays `sending` under a lease. If the Worker dies before recording a
 * result, the lease runs out and the next sweep claims the delivery again. Claiming counts the
 * attempt, so a delivery that kills its Worker every time still stops after MAX_ATTEMPTS.
 */
export async function claimAttempt(
  env: Env,
  deliveryId: string,
  options: AttemptOptions = {},
): Promise<ClaimedAttempt | null> {
  const db = database(env.DB);
  const now = options.now ?? Date.now();
  const at = new Date(now);
  const delivery = await claimDelivery(db, deliveryId, {
    at,
    leaseUntil: new Date(now + leaseMs(env)),
    manual: options.manual ?? false,
    maxAttempts: MAX_ATTEMPTS,
  });
  if (!delivery) return null;
  const endpoint = await endpointOf(db, delivery);
  if (!endpoint || endpoint.disabledAt) {
    await failClaimedDelivery(db, delivery, "endpoint disabled");
    return null;
  }
  const attemptRowId = await openAttempt(db, deliveryId, delivery.attempts, at);
  return { delivery, endpoint, attempt: delivery.attempts, attemptRowId, startedAt: now };
}

/** Makes the attempt that is due for a delivery if this caller wins the claim on it; null if not. */
export async function attemptDelivery(
  env: Env,
  deliveryId: string,
  options: AttemptOptions = {},
): Promise<AttemptResult | null> {
  const claimed = await claimAttempt(env, deliveryId, options);
  if (!claimed) return null;
  const result = await send(env, claimed.endpoint, deliveryId, claimed.delivery.payload);
  await recordResult(env, claimed, result, options.retry !== false);
  return result;
}

/** One POST with a fresh timestamp and signature; redirects are reported, never followed. */
async function send(
  env: Env,
  endpoint: WebhookEndpointRow,
  messageId: string,
  payload: string,
): Promise<AttemptResult> {
  const started = Date.now();
  const timeoutMs = deliveryTimeoutMs(env);
  try {
    // Re-checked on every attempt: the allow-list may have changed since the endpoint was made.
    const url = await guardUrl(endpoint.url, urlGuardOptions(env));
    const response = await fetch(url.toString(), {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "User-Agent": "webdata-api-webhooks/1",
        ...signedHeaders(signingSecrets(endpoint), messageId, payload),
      },
      body: payload,
      redirect: "manual",
      signal: AbortSignal.timeout(timeoutMs),
    });
    await response.body?.cancel();
    const redirect =
      response.status >= 300 && response.status < 400
        ? `redirect to ${response.headers.get("Location") ?? "?"} not followed`
        : null;
    return { status_code: response.status, latency_ms: Date.now() - started, error: redirect };
  } catch (err) {
    const timedOut = err instanceof Error && (err.name === "TimeoutError" || err.name === "AbortError");
    return {
      status_code: null,
      latency_ms: Date.now() - started,
      error: timedOut ? `timed out after ${timeoutMs / 1000} s without an answer` : attemptError(endpoint, err),
    };
  }
}

/**
 * A failed attempt in the delivery log's words. The runtime's own ("internal error; reference = …"
 * for a name it cannot resolve, "Network connection lost.") go to our log only.
 */
function attemptError(endpoint: WebhookEndpointRow, err: unknown): string {
  if (err instanceof UnsafeUrlError) return `the URL ${err.message}`;
  log.info("webhook attempt failed", { endpoint: endpoint.id, error: err });
  return "the receiver could not be reached (its name did not resolve or it refused the connection)";
}

/** Writes the attempt's result and what comes next, unless a later claim has taken the delivery over. */
async function recordResult(env: Env, claimed: ClaimedAttempt, result: AttemptResult, retry: boolean): Promise<void> {
  const db = database(env.DB);
  const code = result.status_code;
  const finishedAt = claimed.startedAt + result.latency_ms;
  const update: DeliveryUpdate = { lastStatusCode: code, lastError: result.error, nextAttemptAt: null };
  if (code !== null && code >= 200 && code < 300) {
    Object.assign(update, { status: "delivered", deliveredAt: new Date(finishedAt) });
  } else if (code === 410) {
    // 410 Gone: the receiver says the endpoint no longer exists (Standard Webhooks).
    Object.assign(update, { status: "failed" });
    await disableEndpoint(db, claimed.endpoint.id, new Date(finishedAt), "receiver answered 410 Gone");
  } else {
    // Retry what may pass later (5xx, 429, timeouts, network errors); a 3xx or other 4xx will not.
    const transient = code === null || code >= 500 || code === 429;
    const delay = transient && retry && claimed.attempt < MAX_ATTEMPTS ? retryDelayMs(env, claimed.attempt) : null;
    Object.assign(
      update,
      delay === null ? { status: "failed" } : { status: "pending", nextAttemptAt: new Date(finishedAt + delay) },
    );
  }
  await recordAttempt(
    db,
    { deliveryId: claimed.delivery.id, attempt: claimed.attempt, attemptRowId: claimed.attemptRowId },
    { statusCode: code, latencyMs: result.latency_ms, error: result.error },
    update,
  );
}

/** An attempt's error as the delivery log shows it: an open attempt row is either running or was cut off. */
export function describeAttemptError(
  attempt: { attempt: number; error: string | null },
  delivery: WebhookDeliveryRow,
  now = Date.now(),
): string | null {
  if (attempt.error !== ATTEMPT_IN_PROGRESS) return attempt.error;
  const running =
    delivery.status === "sending" &&
    delivery.attempts === attempt.attempt &&
    (delivery.nextAttemptAt?.getTime() ?? 0) > now;
  return running ? ATTEMPT_IN_PROGRESS : "interrupted: the Worker stopped before a result was recorded";
}
