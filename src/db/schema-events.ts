// Webhook endpoints and deliveries, price watches and scheduled calls (DESIGN 2.6).
import { index, integer, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { accounts } from "./schema";

const ms = (name: string) => integer(name, { mode: "timestamp_ms" });

/** Where an account wants its events; the secret is kept to sign (it cannot be hashed). */
export const webhookEndpoints = sqliteTable(
  "webhook_endpoints",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id),
    url: text("url").notNull(),
    description: text("description"),
    /** JSON array of event types. */
    eventTypes: text("event_types").notNull(),
    secret: text("secret").notNull(),
    /** After a rotation the old secret signs too, until `previousSecretExpiresAt`. */
    previousSecret: text("previous_secret"),
    previousSecretExpiresAt: ms("previous_secret_expires_at"),
    disabledAt: ms("disabled_at"),
    disabledReason: text("disabled_reason"),
    createdAt: ms("created_at").notNull(),
  },
  (table) => [index("webhook_endpoints_account_idx").on(table.accountId)],
);

/** One event for one endpoint; `id` is the `webhook-id`, the same on every attempt. */
export const webhookDeliveries = sqliteTable(
  "webhook_deliveries",
  {
    id: text("id").primaryKey(),
    endpointId: text("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    accountId: text("account_id").notNull(),
    eventType: text("event_type").notNull(),
    payload: text("payload").notNull(),
    /**
     * pending (an attempt is due at `nextAttemptAt`), sending (claimed; `nextAttemptAt` is when the
     * claim lapses if the Worker dies mid-attempt), delivered, failed. SQLite does not enforce it.
     */
    status: text("status", { enum: ["pending", "sending", "delivered", "failed"] }).notNull(),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: ms("next_attempt_at"),
    lastStatusCode: integer("last_status_code"),
    lastError: text("last_error"),
    createdAt: ms("created_at").notNull(),
    deliveredAt: ms("delivered_at"),
  },
  (table) => [
    index("webhook_deliveries_endpoint_idx").on(table.endpointId, table.createdAt),
    index("webhook_deliveries_due_idx").on(table.status, table.nextAttemptAt),
  ],
);

export const webhookAttempts = sqliteTable(
  "webhook_attempts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    deliveryId: text("delivery_id")
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: "cascade" }),
    attempt: integer("attempt").notNull(),
    at: ms("at").notNull(),
    statusCode: integer("status_code"),
    latencyMs: integer("latency_ms").notNull(),
    error: text("error"),
  },
  (table) => [index("webhook_attempts_delivery_idx").on(table.deliveryId)],
);

/** A hotel rate or product price checked every `intervalSeconds` through the API itself. */
export const watches = sqliteTable(
  "watches",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id),
    /** The key whose quota the checks count against. */
    keyId: text("key_id").notNull(),
    kind: text("kind", { enum: ["hotel", "product", "dataset"] }).notNull(),
    /** The platform watched; for a dataset watch, the dataset's slug. */
    platform: text("platform").notNull(),
    /** JSON: destination, check_in, check_out, hotel_id, hotel_name (hotel), id (product) or dataset (dataset). */
    target: text("target").notNull(),
    condition: text("condition", { enum: ["below", "drop_percent", "added", "removed"] }).notNull(),
    threshold: real("threshold").notNull(),
    currency: text("currency").notNull(),
    intervalSeconds: integer("interval_seconds").notNull(),
    alertAfterFailures: integer("alert_after_failures"),
    nextCheckAt: ms("next_check_at").notNull(),
    lastPrice: real("last_price"),
    lastCheckedAt: ms("last_checked_at"),
    lastFiredAt: ms("last_fired_at"),
    consecutiveFailures: integer("consecutive_failures").notNull().default(0),
    lastError: text("last_error"),
    createdAt: ms("created_at").notNull(),
  },
  (table) => [
    index("watches_account_idx").on(table.accountId),
    index("watches_due_idx").on(table.nextCheckAt),
    index("watches_followed_idx").on(table.kind, table.platform),
  ],
);

/** A v1 GET request run on a cron expression. */
export const schedules = sqliteTable(
  "schedules",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id),
    keyId: text("key_id").notNull(),
    cron: text("cron").notNull(),
    /** Path and query, e.g. `/v1/amazon?asin=B0057OC5O8`. */
    path: text("path").notNull(),
    nextRunAt: ms("next_run_at").notNull(),
    createdAt: ms("created_at").notNull(),
  },
  (table) => [index("schedules_account_idx").on(table.accountId), index("schedules_due_idx").on(table.nextRunAt)],
);

/** One run per (schedule, scheduled time): the unique index is what stops a double run. */
export const scheduleRuns = sqliteTable(
  "schedule_runs",
  {
    id: text("id").primaryKey(),
    scheduleId: text("schedule_id")
      .notNull()
      .references(() => schedules.id, { onDelete: "cascade" }),
    scheduledFor: ms("scheduled_for").notNull(),
    status: text("status", { enum: ["running", "succeeded", "failed"] }).notNull(),
    httpStatus: integer("http_status"),
    contentType: text("content_type"),
    /** The answer's body, kept for download. */
    result: text("result"),
    startedAt: ms("started_at").notNull(),
    finishedAt: ms("finished_at"),
  },
  (table) => [uniqueIndex("schedule_runs_slot_idx").on(table.scheduleId, table.scheduledFor)],
);

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
export type WatchRow = typeof watches.$inferSelect;
export type ScheduleRow = typeof schedules.$inferSelect;
