// The per-request log of each account, read by the dashboard; bounded by src/db/request-log.ts.
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

export const requestLog = sqliteTable(
  "request_log",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    accountId: text("account_id").notNull(),
    /** The key the call was made with; "" for the signed-in owner acting in the dashboard. */
    keyId: text("key_id").notNull(),
    at: integer("at", { mode: "timestamp_ms" }).notNull(),
    method: text("method").notNull(),
    /** The endpoint as the usage page names it (`GET /v1/amazon`), never the caller's raw text. */
    route: text("route").notNull(),
    /** The path and query asked, cut to 300 characters (secrets never travel in it: keys go in a header). */
    path: text("path").notNull(),
    status: integer("status").notNull(),
    /** Units of the month the call kept: 0 for errors and empty answers (docs/charging.md). */
    units: integer("units").notNull(),
    latencyMs: integer("latency_ms").notNull(),
    requestId: text("request_id").notNull(),
  },
  (table) => [index("request_log_account_idx").on(table.accountId, table.id)],
);
