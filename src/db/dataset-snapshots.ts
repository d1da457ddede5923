// A dataset's snapshots in D1: the index of their R2 parts, each record's tracked values as last
// collected, and the changes of those values (a record's history).
import { and, asc, desc, eq, gte, inArray, lte, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { partUpsert } from "./dataset-parts";
import type { Db } from "./keys";
import { datasets } from "./schema";
import { datasetParts, datasetRecordChanges, datasetRecordState, datasetSnapshots } from "./schema-datasets";

export interface SnapshotRow {
  id: string;
  dataset_id: number;
  job_id: string | null;
  status: "collecting" | "complete" | "failed";
  started_at: number;
  finished_at: number | null;
  records: number;
  added: number;
  changed: number;
}

/** Epoch milliseconds as stored: the routes show them and hand them on as numbers. */
const stored = <T extends number | null>(column: (typeof datasetSnapshots)["startedAt" | "finishedAt"]) =>
  sql<T>`${column}`;

export const SNAPSHOT_COLUMNS = {
  id: datasetSnapshots.id,
  dataset_id: datasetSnapshots.datasetId,
  job_id: datasetSnapshots.jobId,
  status: datasetSnapshots.status,
  started_at: stored<number>(datasetSnapshots.startedAt),
  finished_at: stored<number | null>(datasetSnapshots.finishedAt),
  records: datasetSnapshots.records,
  added: datasetSnapshots.added,
  changed: datasetSnapshots.changed,
};

export async function insertSnapshot(db: Db, row: Pick<SnapshotRow, "id" | "dataset_id" | "job_id" | "started_at">) {
  await db.insert(datasetSnapshots).values({
    id: row.id,
    datasetId: row.dataset_id,
    jobId: row.job_id,
    status: "collecting",
    startedAt: new Date(row.started_at),
  });
}

/** The snapshot a batch job collects into, with its dataset's recipe; null for an ordinary job. */
export async function snapshotOfJob(db: Db, jobId: string) {
  const [row] = await db
    .select({ ...SNAPSHOT_COLUMNS, recipe: datasets.recipe, slug: datasets.slug, account_id: datasets.accountId })
    .from(datasetSnapshots)
    .innerJoin(datasets, eq(datasets.id, datasetSnapshots.datasetId))
    .where(eq(datasetSnapshots.jobId, jobId));
  return row ?? null;
}

/** The current tracked values of these records (at most 90 keys: D1 binds 100 values a statement). */
export async function recordStates(db: Db, datasetId: number, keys: string[]) {
  const rows = await db
    .select({
      record_key: datasetRecordState.recordKey,
      tracked_values: datasetRecordState.trackedValues,
      changed_at: sql<number>`${datasetRecordState.changedAt}`,
    })
    .from(datasetRecordState)
    .where(and(eq(datasetRecordState.datasetId, datasetId), inArray(datasetRecordState.recordKey, keys)));
  return new Map(rows.map((row) => [row.record_key, row]));
}

export interface Change {
  key: string;
  tracked: string;
  observedAt: number;
}

/** Records a part of a snapshot: its index row, the new values of changed records, the counters. */
export async function savePart(
  db: Db,
  snapshot: { id: string; datasetId: number },
  part: {
    part: number;
    records: number;
    filled: Record<string, number>;
    lineOffsets: number[];
    added: number;
    changed: Change[];
  },
) {
  const statements: BatchItem<"sqlite">[] = [
    partUpsert(db, snapshot.id, part),
    db
      .update(datasetSnapshots)
      .set({
        records: sql`${datasetSnapshots.records} + ${part.records}`,
        added: sql`${datasetSnapshots.added} + ${part.added}`,
        changed: sql`${datasetSnapshots.changed} + ${part.changed.length - part.added}`,
      })
      .where(eq(datasetSnapshots.id, snapshot.id)),
  ];
  for (const change of part.changed) {
    const observedAt = new Date(change.observedAt);
    statements.push(
      db
        .insert(datasetRecordState)
        .values({
          datasetId: snapshot.datasetId,
          recordKey: change.key,
          trackedValues: change.tracked,
          changedAt: observedAt,
        })
        .onConflictDoUpdate({
          target: [datasetRecordState.datasetId, datasetRecordState.recordKey],
          set: { trackedValues: change.tracked, changedAt: observedAt },
        }),
      db
        .insert(datasetRecordChanges)
        .values({
          datasetId: snapshot.datasetId,
          recordKey: change.key,
          observedAt,
          snapshotId: snapshot.id,
          trackedValues: change.tracked,
        })
        .onConflictDoUpdate({
          target: [datasetRecordChanges.datasetId, datasetRecordChanges.recordKey, datasetRecordChanges.observedAt],
          set: { snapshotId: snapshot.id, trackedValues: change.tracked },
        }),
    );
  }
  for (let start = 0; start < statements.length; start += 100) {
    const [first, ...rest] = statements.slice(start, start + 100);
    if (first) await db.batch([first, ...rest]);
  }
}

/** Sums of the parts: how often each field was filled over the whole snapshot. */
export async function snapshotFill(db: Db, snapshotId: string) {
  const rows = await db
    .select({ records: datasetParts.records, filled: datasetParts.filled })
    .from(datasetParts)
    .where(eq(datasetParts.snapshotId, snapshotId));
  const filled: Record<string, number> = {};
  let records = 0;
  for (const row of rows) {
    records += row.records;
    for (const [name, count] of Object.entries(JSON.parse(row.filled) as Record<string, number>))
      filled[name] = (filled[name] ?? 0) + count;
  }
  return { records, filled };
}

/** Closes a snapshot once; false when it was already closed. */
export async function closeSnapshot(db: Db, snapshotId: string, status: "complete" | "failed", now: number) {
  const result = await db
    .update(datasetSnapshots)
    .set({ status, finishedAt: new Date(now) })
    .where(and(eq(datasetSnapshots.id, snapshotId), eq(datasetSnapshots.status, "collecting")));
  return result.meta.changes === 1;
}

/** The complete snapshot a read sees: the latest, or the latest finished by `asOf`. */
export async function readableSnapshot(db: Db, datasetId: number, asOf?: number): Promise<SnapshotRow | null> {
  const [row] = await db
    .select(SNAPSHOT_COLUMNS)
    .from(datasetSnapshots)
    .where(
      and(
        eq(datasetSnapshots.datasetId, datasetId),
        eq(datasetSnapshots.status, "complete"),
        asOf === undefined ? undefined : lte(datasetSnapshots.finishedAt, new Date(asOf)),
      ),
    )
    .orderBy(desc(datasetSnapshots.finishedAt))
    .limit(1);
  return row ?? null;
}

export async function findSnapshot(db: Db, datasetId: number, snapshotId: string): Promise<SnapshotRow | null> {
  const [row] = await db
    .select(SNAPSHOT_COLUMNS)
    .from(datasetSnapshots)
    .where(and(eq(datasetSnapshots.datasetId, datasetId), eq(datasetSnapshots.id, snapshotId)));
  return row ?? null;
}

/** The parts of a snapshot from `fromPart` on, in order, with where each record starts (null for parts written before that was kept). */
export async function snapshotParts(db: Db, snapshotId: string, fromPart: number, limit: number) {
  const rows = await db
    .select({ part: datasetParts.part, records: datasetParts.records, lineOffsets: datasetParts.lineOffsets })
    .from(datasetParts)
    .where(and(eq(datasetParts.snapshotId, snapshotId), gte(datasetParts.part, fromPart)))
    .orderBy(asc(datasetParts.part))
    .limit(limit);
  return rows.map((row) => ({
    ...row,
    lineOffsets: row.lineOffsets === null ? null : (JSON.parse(row.lineOffsets) as number[]),
  }));
}

/** A dataset's snapshots, newest first. */
export function listSnapshots(db: Db, datasetId: number, limit: number): Promise<SnapshotRow[]> {
  return db
    .select(SNAPSHOT_COLUMNS)
    .from(datasetSnapshots)
    .where(eq(datasetSnapshots.datasetId, datasetId))
    .orderBy(desc(datasetSnapshots.startedAt))
    .limit(limit);
}

/** A record's values over time, oldest first, with the snapshot each was collected in. */
export function recordChanges(db: Db, datasetId: number, key: string, since: number, limit: number) {
  return db
    .select({
      observed_at: sql<number>`${datasetRecordChanges.observedAt}`,
      snapshot_id: datasetRecordChanges.snapshotId,
      tracked_values: datasetRecordChanges.trackedValues,
    })
    .from(datasetRecordChanges)
    .where(
      and(
        eq(datasetRecordChanges.datasetId, datasetId),
        eq(datasetRecordChanges.recordKey, key),
        gte(datasetRecordChanges.observedAt, new Date(since)),
      ),
    )
    .orderBy(asc(datasetRecordChanges.observedAt))
    .limit(limit);
}

/** Whether a refresh of the dataset is still collecting (refreshes never overlap). */
export async function isCollecting(db: Db, datasetId: number): Promise<boolean> {
  const rows = await db
    .select({ one: sql`1` })
    .from(datasetSnapshots)
    .where(and(eq(datasetSnapshots.datasetId, datasetId), eq(datasetSnapshots.status, "collecting")))
    .limit(1);
  return rows.length > 0;
}
