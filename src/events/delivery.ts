// Webhook delivery as an outbox: every event is a D1 row before anything is sent, so an attempt
// lost with its isolate is found again by the every-minute sweep.
import { database } from "../db/client";
import { newId } from "../db/keys";
import type { WebhookEndpointRow } from "../db/schema-events";
import { dueDeliveryIds, failExhaustedDeliveries, insertDelivery, listEndpoints } from "../db/webhooks";
import { attemptDelivery } from "./attempt";
import { cronBudgetMs, workInTurns } from "./turns";
import { MAX_ATTEMPTS, type EventType } from "./config";
import { log } from "../log";

type WaitUntil = (promise: Promise<unknown>) => void;

/**
 * Records an event for every enabled endpoint of the account subscribed to it, and sends it now.
 * `now` is the caller's clock (a cron run's), so the first attempt's lease is on the same clock the
 * sweep reads it with.
 */
export async function emitEvent(
  env: Env,
  waitUntil: WaitUntil,
  accountId: string,
  type: EventType,
  data: unknown,
  now = Date.now(),
  /** Tell this endpoint alone (a batch job names one), whatever it subscribed to. */
  onlyEndpointId?: string | null,
): Promise<string[]> {
  const endpoints = await listEndpoints(database(env.DB), accountId);
  const subscribed = endpoints.filter(
    (endpoint) =>
      !endpoint.disabledAt &&
      (onlyEndpointId ? endpoint.id === onlyEndpointId : (JSON.parse(endpoint.eventTypes) as string[]).includes(type)),
  );
  const ids: string[] = [];
  for (const endpoint of subscribed) {
    const id = await createDelivery(env, endpoint, type, data, now);
    // If this promise is lost (isolate evicted), the row is still pending and due: the sweep sends it.
    waitUntil(
      attemptDelivery(env, id, { now }).catch((err) => log.error("webhook attempt crashed", { id, error: err })),
    );
    ids.push(id);
  }
  return ids;
}

/** Writes an event for one endpoint; its first attempt is due at `dueAt` (at once unless said). */
export async function createDelivery(
  env: Env,
  endpoint: WebhookEndpointRow,
  type: string,
  data: unknown,
  now = Date.now(),
  dueAt = now,
): Promise<string> {
  const id = newId("msg");
  const payload = JSON.stringify({ type, timestamp: new Date(now).toISOString(), data });
  await insertDelivery(database(env.DB), {
    id,
    endpointId: endpoint.id,
    accountId: endpoint.accountId,
    eventType: type,
    payload,
    status: "pending",
    nextAttemptAt: new Date(dueAt),
    createdAt: new Date(now),
  });
  return id;
}

/** Concurrent webhook sends per sweep, under the Workers limit of 6 open connections. */
const PARALLEL_SENDS = 5;

/**
 * Sends attempts that have come due, run by the every-minute cron: retries after backoff, first
 * attempts that never started, and attempts whose Worker died (their lease has run out). Accounts
 * take turns, so one account's backlog delays only its own deliveries.
 */
export async function processDueDeliveries(env: Env, now = Date.now(), batch = 100): Promise<number> {
  const db = database(env.DB);
  const at = new Date(now);
  await failExhaustedDeliveries(
    db,
    at,
    MAX_ATTEMPTS,
    "no result recorded for the last attempt (the Worker stopped mid-attempt); no attempts left",
  );
  const due = await dueDeliveryIds(db, at, batch);
  // A Worker keeps at most 6 connections open and queues the rest, while each send's timeout is
  // already running: a few senders, each claiming just before it sends, keep hung receivers from
  // costing other deliveries an attempt.
  const sweepStarted = Date.now();
  return workInTurns(due, { budgetMs: cronBudgetMs(env), parallel: PARALLEL_SENDS }, async ({ id }) => {
    // Each lease starts when its claim is made, not when the sweep began. A crashed attempt's
    // row stays claimed and is attempted again when its lease runs out.
    const result = await attemptDelivery(env, id, { now: now + (Date.now() - sweepStarted) }).catch((err) =>
      log.error("webhook attempt crashed", { id, error: err }),
    );
    return Boolean(result);
  });
}
