// Batch jobs: one row per job and one per item (the index; each item's answer lives in R2).
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { accounts } from "./schema";

const ms = (name: string) => integer(name, { mode: "timestamp_ms" });

export const JOB_STATUSES = ["queued", "running", "completed", "failed", "cancelled"] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/**
 * An item's life: `pending` (waiting for a slot in the job's window), `queued` (a message is on
 * the queue), `running` (a consumer holds it until `lease_until`), then one of the outcomes.
 */
export const ITEM_STATUSES = ["pending", "queued", "running", "succeeded", "failed", "cancelled"] as const;
export type ItemStatus = (typeof ITEM_STATUSES)[number];

export const jobs = sqliteTable(
  "jobs",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id),
    /** The key that created the job: its identity (plan, scopes) runs the items. */
    keyId: text("key_id").notNull(),
    status: text("status", { enum: JOB_STATUSES }).notNull(),
    total: integer("total").notNull(),
    /** A webhook endpoint id to tell alone, or null for every endpoint subscribed to job events. */
    webhookEndpointId: text("webhook_endpoint_id"),
    idempotencyKey: text("idempotency_key"),
    /** SHA-256 of what the request asked for, to tell a retried request from another one with the same key. */
    requestHash: text("request_hash"),
    createdAt: ms("created_at").notNull(),
    startedAt: ms("started_at"),
    finishedAt: ms("finished_at"),
    /** Results are deleted after this. */
    expiresAt: ms("expires_at").notNull(),
    /** False for a dataset refresh's job: its items' answers are kept as the snapshot's records only. */
    keepsAnswers: integer("keeps_answers", { mode: "boolean" }).notNull().default(true),
  },
  (table) => [
    index("jobs_account_idx").on(table.accountId, table.createdAt),
    index("jobs_status_idx").on(table.status),
    uniqueIndex("jobs_idempotency_idx").on(table.accountId, table.idempotencyKey),
  ],
);

export const jobItems = sqliteTable(
  "job_items",
  {
    jobId: text("job_id")
      .notNull()
      .references(() => jobs.id, { onDelete: "cascade" }),
    idx: integer("idx").notNull(),
    /** The `/v1/...` GET the item runs. */
    path: text("path").notNull(),
    status: text("status", { enum: ITEM_STATUSES }).notNull(),
    attempts: integer("attempts").notNull().default(0),
    /** 1 once the item produced data and so counts against the month (the rate-limiter object holds the unit). */
    charged: integer("charged").notNull().default(0),
    queuedAt: ms("queued_at"),
    leaseUntil: ms("lease_until"),
    httpStatus: integer("http_status"),
    errorCode: text("error_code"),
    errorMessage: text("error_message"),
    finishedAt: ms("finished_at"),
  },
  (table) => [
    primaryKey({ columns: [table.jobId, table.idx] }),
    index("job_items_status_idx").on(table.jobId, table.status),
  ],
);

export type JobRow = typeof jobs.$inferSelect;
export type JobItemRow = typeof jobItems.$inferSelect;
