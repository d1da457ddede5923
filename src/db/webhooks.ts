// Webhook endpoints, their deliveries (an outbox: every event is a row before it is sent) and each
// delivery's attempts. Claims and results are conditional updates, so two senders never both win.
import { and, asc, desc, eq, gt, gte, inArray, lt, lte, not, or, sql } from "drizzle-orm";
import type { Db } from "./keys";
import {
  webhookAttempts,
  webhookDeliveries,
  webhookEndpoints,
  type WebhookDeliveryRow,
  type WebhookEndpointRow,
} from "./schema-events";
import { inTurnsByAccount } from "./turns";

/** What an attempt row holds until its result is written; left there when the Worker dies mid-attempt. */
export const ATTEMPT_IN_PROGRESS = "in progress";

export type DeliveryUpdate = Partial<typeof webhookDeliveries.$inferInsert>;

/** The account's endpoints, oldest first. */
export function listEndpoints(db: Db, accountId: string): Promise<WebhookEndpointRow[]> {
  return db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.accountId, accountId))
    .orderBy(asc(webhookEndpoints.createdAt));
}

/** An endpoint of the account; another account's is not found. */
export async function findEndpoint(db: Db, accountId: string, id: string): Promise<WebhookEndpointRow | null> {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.accountId, accountId)));
  return row ?? null;
}

export async function deleteEndpoint(db: Db, id: string): Promise<void> {
  await db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id));
}

/** Sets a new signing secret; the old one keeps signing until `previousUntil` (null: at once no more). */
export async function rotateEndpointSecret(
  db: Db,
  endpoint: WebhookEndpointRow,
  secret: string,
  previousUntil: Date | null,
): Promise<WebhookEndpointRow> {
  const [rotated] = await db
    .update(webhookEndpoints)
    .set({
      secret,
      previousSecret: previousUntil ? endpoint.secret : null,
      previousSecretExpiresAt: previousUntil,
    })
    .where(eq(webhookEndpoints.id, endpoint.id))
    .returning();
  return rotated!;
}

export async function disableEndpoint(db: Db, id: string, at: Date, reason: string): Promise<void> {
  await db.update(webhookEndpoints).set({ disabledAt: at, disabledReason: reason }).where(eq(webhookEndpoints.id, id));
}

export async function insertDelivery(db: Db, row: typeof webhookDeliveries.$inferInsert): Promise<void> {
  await db.insert(webhookDeliveries).values(row);
}

/** A delivery of the endpoint; another endpoint's is not found. */
export async function findDelivery(db: Db, endpointId: string, id: string): Promise<WebhookDeliveryRow | null> {
  const [row] = await db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.endpointId, endpointId)));
  return row ?? null;
}

export interface DeliveryClaim {
  /** The claimer's clock: what counts as due. */
  at: Date;
  /** Until when the claim holds; past it a sweep may claim the delivery again. */
  leaseUntil: Date;
  /** A user asked: take the delivery whatever its state, unless an attempt is in flight. */
  manual: boolean;
  /** A delivery whose lease ran out with this many attempts made is not claimed again. */
  maxAttempts: number;
}

/**
 * Claims a delivery's due attempt: one conditional update, so of two callers only one wins. The
 * claim counts the attempt and marks the delivery `sending` until `leaseUntil`; null if not won.
 */
export async function claimDelivery(db: Db, id: string, claim: DeliveryClaim): Promise<WebhookDeliveryRow | null> {
  const { status, nextAttemptAt, attempts } = webhookDeliveries;
  const due = claim.manual
    ? not(and(eq(status, "sending"), gt(nextAttemptAt, claim.at))!)
    : or(
        and(eq(status, "pending"), lte(nextAttemptAt, claim.at)),
        and(eq(status, "sending"), lte(nextAttemptAt, claim.at), lt(attempts, claim.maxAttempts)),
      );
  const [delivery] = await db
    .update(webhookDeliveries)
    .set({ status: "sending", attempts: sql`${attempts} + 1`, nextAttemptAt: claim.leaseUntil })
    .where(and(eq(webhookDeliveries.id, id), due))
    .returning();
  return delivery ?? null;
}

/** The endpoint a claimed delivery goes to, whichever account's. */
export async function endpointOf(db: Db, delivery: WebhookDeliveryRow): Promise<WebhookEndpointRow | null> {
  const [endpoint] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, delivery.endpointId));
  return endpoint ?? null;
}

/** Fails a claimed delivery that cannot be sent, taking back the attempt its claim counted. */
export async function failClaimedDelivery(db: Db, delivery: WebhookDeliveryRow, reason: string): Promise<void> {
  await db
    .update(webhookDeliveries)
    .set({ status: "failed", attempts: delivery.attempts - 1, nextAttemptAt: null, lastError: reason })
    .where(eq(webhookDeliveries.id, delivery.id));
}

/** Logs an attempt before it is sent (its error says it is in progress); the attempt row's id. */
export async function openAttempt(db: Db, deliveryId: string, attempt: number, at: Date): Promise<number> {
  const [row] = await db
    .insert(webhookAttempts)
    .values({ deliveryId, attempt, at, statusCode: null, latencyMs: 0, error: ATTEMPT_IN_PROGRESS })
    .returning({ id: webhookAttempts.id });
  return row!.id;
}

export interface AttemptRecord {
  statusCode: number | null;
  latencyMs: number;
  error: string | null;
}

/**
 * Writes an attempt's result and, in the same batch, what comes next for its delivery, unless a
 * later claim has taken the delivery over (it is no longer `sending` with this attempt's count).
 */
export async function recordAttempt(
  db: Db,
  claimed: { deliveryId: string; attempt: number; attemptRowId: number },
  result: AttemptRecord,
  next: DeliveryUpdate,
): Promise<void> {
  const stillOurs = and(
    eq(webhookDeliveries.id, claimed.deliveryId),
    eq(webhookDeliveries.status, "sending"),
    eq(webhookDeliveries.attempts, claimed.attempt),
  );
  await db.batch([
    db.update(webhookAttempts).set(result).where(eq(webhookAttempts.id, claimed.attemptRowId)),
    db.update(webhookDeliveries).set(next).where(stillOurs),
  ]);
}

/** Fails the deliveries whose last claim's lease ran out with no attempt left. */
export async function failExhaustedDeliveries(db: Db, at: Date, maxAttempts: number, reason: string): Promise<void> {
  const { status, nextAttemptAt, attempts } = webhookDeliveries;
  await db
    .update(webhookDeliveries)
    .set({ status: "failed", nextAttemptAt: null, lastError: reason })
    .where(and(eq(status, "sending"), lte(nextAttemptAt, at), gte(attempts, maxAttempts)));
}

/** Deliveries with an attempt due at `at` (pending, or a claim whose lease ran out), accounts taking turns. */
export function dueDeliveryIds(db: Db, at: Date, limit: number): Promise<{ id: string }[]> {
  const { status, nextAttemptAt } = webhookDeliveries;
  return db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(and(inArray(status, ["pending", "sending"]), lte(nextAttemptAt, at)))
    .orderBy(...inTurnsByAccount(webhookDeliveries.accountId, nextAttemptAt))
    .limit(limit);
}

/** The endpoint's newest `limit` deliveries and their attempts, read in one batch so both show the same state. */
export async function deliveryLog(db: Db, endpointId: string, limit: number) {
  const newest = db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, endpointId))
    .orderBy(desc(webhookDeliveries.createdAt))
    .limit(limit);
  // Read apart, an attempt recorded in between would show a result beside its delivery's old schedule.
  const [deliveries, attempts] = await db.batch([
    db
      .select()
      .from(webhookDeliveries)
      .where(inArray(webhookDeliveries.id, newest))
      .orderBy(desc(webhookDeliveries.createdAt)),
    db
      .select()
      .from(webhookAttempts)
      .where(inArray(webhookAttempts.deliveryId, newest))
      .orderBy(asc(webhookAttempts.attempt), asc(webhookAttempts.id)),
  ]);
  return { deliveries, attempts };
}
