// Price history of what the service has read: daily aggregates, no account identity. Sized in
// docs/products.md#price-history: one row of about 100 bytes per item, market and day.
import { integer, primaryKey, real, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * One row per platform + item (a product's id, a generic page's URL, a hotel's id) + market (a
 * country code, or "" where the platform has one site) + UTC day + currency. The time of each
 * observation is folded away; `observations` is kept for operators, never answered. The migration
 * (0016) makes it WITHOUT ROWID, which drizzle cannot declare.
 */
export const priceHistory = sqliteTable(
  "price_history",
  {
    platform: text("platform").notNull(),
    itemId: text("item_id").notNull(),
    market: text("market").notNull(),
    /** YYYY-MM-DD, UTC. */
    day: text("day").notNull(),
    /** ISO 4217, or "" when the page named none. */
    currency: text("currency").notNull(),
    low: real("low").notNull(),
    high: real("high").notNull(),
    last: real("last").notNull(),
    /** As the day's last observation gave it. */
    availability: text("availability"),
    observations: integer("observations").notNull().default(1),
  },
  (table) => [primaryKey({ columns: [table.platform, table.itemId, table.market, table.day, table.currency] })],
);
