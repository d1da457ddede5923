// Webhook delivery: sign, send once without following redirects, log the attempt, decide what next.
import { and, asc, eq, lte } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { newId } from "../db/keys";
import { webhookAttempts, webhookDeliveries, webhookEndpoints, type WebhookEndpointRow } from "../db/schema-events";
import { scrapeConfig } from "../scrape/config";
import { assertSafeUrl } from "../scrape/ssrf";
import { deliveryTimeoutMs, MAX_ATTEMPTS, retryDelayMs, type EventType } from "./config";
import { signedHeaders, signingSecrets } from "./signing";

type WaitUntil = (promise: Promise<unknown>) => void;

export interface AttemptResult {
  status_code: number | null;
  latency_ms: number;
  error: string | null;
}

/** Records an event for every enabled endpoint of the account subscribed to it, and sends it now. */
export async function emitEvent(env: Env, waitUntil: WaitUntil, accountId: string, type: EventType, data: unknown): Promise<string[]> {
  const db = drizzle(env.DB);
  const endpoints = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.accountId, accountId));
  const subscribed = endpoints.filter((endpoint) => !endpoint.disabledAt && (JSON.parse(endpoint.eventTypes) as string[]).includes(type));
  const ids: string[] = [];
  for (const endpoint of subscribed) {
    const id = await createDelivery(env, endpoint, type, data);
    waitUntil(attemptDelivery(env, id).catch((err) => console.error(JSON.stringify({ event: "webhook attempt crashed", id, error: String(err) }))));
    ids.push(id);
  }
  return ids;
}

export async function createDelivery(env: Env, endpoint: WebhookEndpointRow, type: string, data: unknown, now = Date.now()): Promise<string> {
  const id = newId("msg");
  const payload = JSON.stringify({ type, timestamp: new Date(now).toISOString(), data });
  await drizzle(env.DB).insert(webhookDeliveries).values({
    id, endpointId: endpoint.id, accountId: endpoint.accountId, eventType: type, payload, status: "pending", nextAttemptAt: new Date(now), createdAt: new Date(now),
  });
  return id;
}

/**
 * Makes the attempt that is due for a delivery, if this caller wins the claim on it (two cron
 * runs never send the same attempt twice). `retry: false` is for test pings: one attempt only.
 */
export async function attemptDelivery(env: Env, deliveryId: string, options: { retry?: boolean } = {}): Promise<AttemptResult | null> {
  const db = drizzle(env.DB);
  const now = Date.now();
  const lease = new Date(now + deliveryTimeoutMs(env) + 30_000);
  const [delivery] = await db
    .update(webhookDeliveries)
    .set({ nextAttemptAt: lease })
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.status, "pending"), lte(webhookDeliveries.nextAttemptAt, new Date(now))))
    .returning();
  if (!delivery) return null;
  const [endpoint] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, delivery.endpointId));
  if (!endpoint || endpoint.disabledAt) {
    await db.update(webhookDeliveries).set({ status: "failed", nextAttemptAt: null, lastError: "endpoint disabled" }).where(eq(webhookDeliveries.id, deliveryId));
    return null;
  }

  const attempt = delivery.attempts + 1;
  const result = await send(env, endpoint, delivery.id, delivery.payload);
  await db.insert(webhookAttempts).values({ deliveryId, attempt, at: new Date(now), statusCode: result.status_code, latencyMs: result.latency_ms, error: result.error });

  const code = result.status_code;
  const update: Partial<typeof webhookDeliveries.$inferInsert> = { attempts: attempt, lastStatusCode: code, lastError: result.error, nextAttemptAt: null };
  if (code !== null && code >= 200 && code < 300) {
    Object.assign(update, { status: "delivered", deliveredAt: new Date() });
  } else if (code === 410) {
    // 410 Gone: the receiver says the endpoint no longer exists (Standard Webhooks).
    Object.assign(update, { status: "failed" });
    await db.update(webhookEndpoints).set({ disabledAt: new Date(), disabledReason: "receiver answered 410 Gone" }).where(eq(webhookEndpoints.id, endpoint.id));
  } else {
    // Retry what may pass later (5xx, 429, timeouts, network errors); a 3xx or other 4xx will not.
    const transient = code === null || code >= 500 || code === 429;
    const delay = transient && options.retry !== false && attempt < MAX_ATTEMPTS ? retryDelayMs(env, attempt) : null;
    Object.assign(update, delay === null ? { status: "failed" } : { status: "pending", nextAttemptAt: new Date(Date.now() + delay) });
  }
  await db.update(webhookDeliveries).set(update).where(eq(webhookDeliveries.id, deliveryId));
  return result;
}

/** One POST with a fresh timestamp and signature; redirects are reported, never followed. */
async function send(env: Env, endpoint: WebhookEndpointRow, messageId: string, payload: string): Promise<AttemptResult> {
  const started = Date.now();
  try {
    // Re-checked on every attempt: the allow-list may have changed since the endpoint was made.
    const url = assertSafeUrl(endpoint.url, scrapeConfig(env).ssrf);
    const response = await fetch(url.toString(), {
      method: "POST",
      headers: { "Content-Type": "application/json", "User-Agent": "webdata-api-webhooks/1", ...signedHeaders(signingSecrets(endpoint), messageId, payload) },
      body: payload,
      redirect: "manual",
      signal: AbortSignal.timeout(deliveryTimeoutMs(env)),
    });
    await response.body?.cancel();
    const redirect = response.status >= 300 && response.status < 400 ? `redirect to ${response.headers.get("Location") ?? "?"} not followed` : null;
    return { status_code: response.status, latency_ms: Date.now() - started, error: redirect };
  } catch (err) {
    const timedOut = err instanceof Error && (err.name === "TimeoutError" || err.name === "AbortError");
    return { status_code: null, latency_ms: Date.now() - started, error: timedOut ? "timeout" : String(err).slice(0, 300) };
  }
}

/** Sends every attempt that has come due; run by the every-minute cron. */
export async function processDueDeliveries(env: Env, now = Date.now(), batch = 100): Promise<number> {
  const due = await drizzle(env.DB)
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.status, "pending"), lte(webhookDeliveries.nextAttemptAt, new Date(now))))
    .orderBy(asc(webhookDeliveries.nextAttemptAt))
    .limit(batch);
  await Promise.allSettled(due.map(({ id }) => attemptDelivery(env, id)));
  return due.length;
}

/** Puts a finished delivery back in line for one more attempt now (same `webhook-id`). */
export async function requeueDelivery(env: Env, deliveryId: string): Promise<void> {
  await drizzle(env.DB)
    .update(webhookDeliveries)
    .set({ status: "pending", nextAttemptAt: new Date() })
    .where(eq(webhookDeliveries.id, deliveryId));
}
