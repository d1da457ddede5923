import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/** Request allowances; `enterprise` limits are set per account. */
export const plans = sqliteTable("plans", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  requestsPerMinute: integer("requests_per_minute").notNull(),
  requestsPerMonth: integer("requests_per_month").notNull(),
});

export const accounts = sqliteTable("accounts", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").unique(),
  planId: text("plan_id").notNull().references(() => plans.id),
  /** Overrides the plan's per-minute limit (enterprise). */
  customRequestsPerMinute: integer("custom_requests_per_minute"),
  /** Overrides the plan's monthly volume (enterprise). */
  customRequestsPerMonth: integer("custom_requests_per_month"),
  createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull().default(sql`(unixepoch('subsec') * 1000)`),
});

/** API keys: only the SHA-256 of a secret is stored, never the secret itself. */
export const apiKeys = sqliteTable(
  "api_keys",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull().references(() => accounts.id),
    name: text("name").notNull(),
    /** First characters of the secret, shown so people can tell keys apart. */
    start: text("start").notNull(),
    secretHash: text("secret_hash").notNull().unique(),
    /** After a rotation the old secret keeps working until `previousExpiresAt`. */
    previousSecretHash: text("previous_secret_hash").unique(),
    previousExpiresAt: integer("previous_expires_at", { mode: "timestamp_ms" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    rotatedAt: integer("rotated_at", { mode: "timestamp_ms" }),
    lastUsedAt: integer("last_used_at", { mode: "timestamp_ms" }),
    revokedAt: integer("revoked_at", { mode: "timestamp_ms" }),
  },
  (table) => [index("api_keys_account_idx").on(table.accountId)],
);
