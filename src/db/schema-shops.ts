// Whole-shop datasets (migrations 0019 and 0022): each refresh's counters, its crawl frontier, and
// one row per product the dataset ever held with when it was first and last seen and removed.
import { index, integer, primaryKey, real, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { jobs } from "./schema-jobs";

export const shopRefreshes = sqliteTable("shop_refreshes", {
  jobId: text("job_id")
    .primaryKey()
    .references(() => jobs.id, { onDelete: "cascade" }),
  datasetId: integer("dataset_id").notNull(),
  phase: text("phase").notNull().default("crawl"),
  pages: integer("pages").notNull().default(0),
  products: integer("products").notNull().default(0),
  /** What the refresh found, kept when it closed; null while it runs. */
  added: integer("added"),
  removed: integer("removed"),
  priceChanged: integer("price_changed"),
  held: integer("held"),
});

export const shopFrontier = sqliteTable(
  "shop_frontier",
  {
    jobId: text("job_id")
      .notNull()
      .references(() => jobs.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    kind: text("kind").notNull(),
    depth: integer("depth").notNull(),
    status: text("status").notNull().default("pending"),
    item: integer("item"),
    recheck: integer("recheck").notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.jobId, table.url] }),
    index("shop_frontier_status_idx").on(table.jobId, table.status),
    index("shop_frontier_item_idx").on(table.jobId, table.item),
  ],
);

export const shopProducts = sqliteTable(
  "shop_products",
  {
    datasetId: integer("dataset_id").notNull(),
    key: text("key").notNull(),
    url: text("url").notNull(),
    firstSeen: integer("first_seen").notNull(),
    lastSeen: integer("last_seen").notNull(),
    firstJob: text("first_job").notNull(),
    seenJob: text("seen_job").notNull(),
    pricedJob: text("priced_job"),
    removedJob: text("removed_job"),
    missed: integer("missed").notNull().default(0),
    removedAt: integer("removed_at"),
    price: real("price"),
    /** Its last record, JSON. */
    record: text("record").notNull(),
    /** The price before its last re-pricing (what a dataset watch's `drop_percent` compares). */
    previousPrice: real("previous_price"),
  },
  (table) => [
    primaryKey({ columns: [table.datasetId, table.key] }),
    index("shop_products_url_idx").on(table.datasetId, table.url),
  ],
);
