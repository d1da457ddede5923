// What a dataset collected. Records live in R2 (NDJSON, one object per part); D1 holds the index
// of snapshots and parts, each record's current tracked values, and the changes of those values
// over time, so that D1 grows with what changes rather than with every record of every refresh.
import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { datasets } from "./schema";

const ms = (name: string) => integer(name, { mode: "timestamp_ms" });

export const SNAPSHOT_STATUSES = ["collecting", "complete", "failed"] as const;

/** One refresh of a dataset: the batch job that collected it and what it holds. */
export const datasetSnapshots = sqliteTable(
  "dataset_snapshots",
  {
    id: text("id").primaryKey(),
    datasetId: integer("dataset_id")
      .notNull()
      .references(() => datasets.id, { onDelete: "cascade" }),
    /** The batch job whose items' answers became this snapshot's records (null for an import). */
    jobId: text("job_id"),
    status: text("status", { enum: SNAPSHOT_STATUSES }).notNull(),
    startedAt: ms("started_at").notNull(),
    finishedAt: ms("finished_at"),
    records: integer("records").notNull().default(0),
    /** Records first seen in this snapshot. */
    added: integer("added").notNull().default(0),
    /** Records whose tracked values differ from the snapshot before. */
    changed: integer("changed").notNull().default(0),
  },
  (table) => [
    index("dataset_snapshots_dataset_idx").on(table.datasetId, table.finishedAt),
    index("dataset_snapshots_job_idx").on(table.jobId),
  ],
);

/** One NDJSON object of a snapshot in R2: its records in order, and how often each field was filled. */
export const datasetParts = sqliteTable(
  "dataset_parts",
  {
    snapshotId: text("snapshot_id")
      .notNull()
      .references(() => datasetSnapshots.id, { onDelete: "cascade" }),
    part: integer("part").notNull(),
    records: integer("records").notNull(),
    /** JSON: field name → records of this part where it has a value. */
    filled: text("filled").notNull(),
    /** JSON: byte offset of each record's line in the object, its length last; null for parts written before. */
    lineOffsets: text("line_offsets"),
  },
  (table) => [primaryKey({ columns: [table.snapshotId, table.part] })],
);

/** A record's tracked values as last collected, to tell a change from a repeat. */
export const datasetRecordState = sqliteTable(
  "dataset_record_state",
  {
    datasetId: integer("dataset_id")
      .notNull()
      .references(() => datasets.id, { onDelete: "cascade" }),
    recordKey: text("record_key").notNull(),
    trackedValues: text("tracked_values").notNull(),
    changedAt: ms("changed_at").notNull(),
  },
  (table) => [primaryKey({ columns: [table.datasetId, table.recordKey] })],
);

/** A record's tracked values each time they changed (and when first seen): its history. */
export const datasetRecordChanges = sqliteTable(
  "dataset_record_changes",
  {
    datasetId: integer("dataset_id")
      .notNull()
      .references(() => datasets.id, { onDelete: "cascade" }),
    recordKey: text("record_key").notNull(),
    observedAt: ms("observed_at").notNull(),
    snapshotId: text("snapshot_id").notNull(),
    trackedValues: text("tracked_values").notNull(),
  },
  (table) => [primaryKey({ columns: [table.datasetId, table.recordKey, table.observedAt] })],
);
