// A dataset's snapshots in D1: the index of their R2 parts, each record's tracked values as last
// collected, and the changes of those values (a record's history).

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

export async function insertSnapshot(
  db: D1Database,
  row: Pick<SnapshotRow, "id" | "dataset_id" | "job_id" | "started_at">,
) {
  await db
    .prepare(
      "INSERT INTO dataset_snapshots (id, dataset_id, job_id, status, started_at) VALUES (?, ?, ?, 'collecting', ?)",
    )
    .bind(row.id, row.dataset_id, row.job_id, row.started_at)
    .run();
}

/** The snapshot a batch job collects into, with its dataset's recipe; null for an ordinary job. */
export async function snapshotOfJob(db: D1Database, jobId: string) {
  return db
    .prepare(
      "SELECT s.*, d.recipe, d.slug, d.account_id FROM dataset_snapshots s JOIN datasets d ON d.id = s.dataset_id WHERE s.job_id = ?",
    )
    .bind(jobId)
    .first<SnapshotRow & { recipe: string; slug: string; account_id: string | null }>();
}

/** The current tracked values of these records (at most 90 keys: D1 binds 100 values a statement). */
export async function recordStates(db: D1Database, datasetId: number, keys: string[]) {
  const rows = await db
    .prepare(
      `SELECT record_key, tracked_values, changed_at FROM dataset_record_state WHERE dataset_id = ? AND record_key IN (${keys.map(() => "?").join(", ")})`,
    )
    .bind(datasetId, ...keys)
    .all<{ record_key: string; tracked_values: string; changed_at: number }>();
  return new Map(rows.results.map((row) => [row.record_key, row]));
}

export interface Change {
  key: string;
  tracked: string;
  observedAt: number;
}

/** Records a part of a snapshot: its index row, the new values of changed records, the counters. */
export async function savePart(
  db: D1Database,
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
  const statements = [
    db
      .prepare(
        "INSERT OR REPLACE INTO dataset_parts (snapshot_id, part, records, filled, line_offsets) VALUES (?, ?, ?, ?, ?)",
      )
      .bind(snapshot.id, part.part, part.records, JSON.stringify(part.filled), JSON.stringify(part.lineOffsets)),
    db
      .prepare(
        "UPDATE dataset_snapshots SET records = records + ?, added = added + ?, changed = changed + ? WHERE id = ?",
      )
      .bind(part.records, part.added, part.changed.length - part.added, snapshot.id),
  ];
  for (const change of part.changed) {
    statements.push(
      db
        .prepare(
          `INSERT INTO dataset_record_state (dataset_id, record_key, tracked_values, changed_at) VALUES (?, ?, ?, ?)
           ON CONFLICT (dataset_id, record_key) DO UPDATE SET tracked_values = excluded.tracked_values, changed_at = excluded.changed_at`,
        )
        .bind(snapshot.datasetId, change.key, change.tracked, change.observedAt),
      db
        .prepare(
          "INSERT OR REPLACE INTO dataset_record_changes (dataset_id, record_key, observed_at, snapshot_id, tracked_values) VALUES (?, ?, ?, ?, ?)",
        )
        .bind(snapshot.datasetId, change.key, change.observedAt, snapshot.id, change.tracked),
    );
  }
  for (let start = 0; start < statements.length; start += 100) await db.batch(statements.slice(start, start + 100));
}

/** Sums of the parts: how often each field was filled over the whole snapshot. */
export async function snapshotFill(db: D1Database, snapshotId: string) {
  const rows = await db
    .prepare("SELECT records, filled FROM dataset_parts WHERE snapshot_id = ?")
    .bind(snapshotId)
    .all<{ records: number; filled: string }>();
  const filled: Record<string, number> = {};
  let records = 0;
  for (const row of rows.results) {
    records += row.records;
    for (const [name, count] of Object.entries(JSON.parse(row.filled) as Record<string, number>))
      filled[name] = (filled[name] ?? 0) + count;
  }
  return { records, filled };
}

/** Closes a snapshot once; false when it was already closed. */
export async function closeSnapshot(db: D1Database, snapshotId: string, status: "complete" | "failed", now: number) {
  const result = await db
    .prepare("UPDATE dataset_snapshots SET status = ?, finished_at = ? WHERE id = ? AND status = 'collecting'")
    .bind(status, now, snapshotId)
    .run();
  return result.meta.changes === 1;
}

/** The complete snapshot a read sees: the latest, or the latest finished by `asOf`. */
export async function readableSnapshot(db: D1Database, datasetId: number, asOf?: number) {
  return db
    .prepare(
      `SELECT * FROM dataset_snapshots WHERE dataset_id = ? AND status = 'complete' ${asOf === undefined ? "" : "AND finished_at <= ?"} ORDER BY finished_at DESC LIMIT 1`,
    )
    .bind(...(asOf === undefined ? [datasetId] : [datasetId, asOf]))
    .first<SnapshotRow>();
}

export async function findSnapshot(db: D1Database, datasetId: number, snapshotId: string) {
  return db
    .prepare("SELECT * FROM dataset_snapshots WHERE dataset_id = ? AND id = ?")
    .bind(datasetId, snapshotId)
    .first<SnapshotRow>();
}

/** The parts of a snapshot from `fromPart` on, in order, with where each record starts (null for parts written before that was kept). */
export async function snapshotParts(db: D1Database, snapshotId: string, fromPart: number, limit: number) {
  const rows = await db
    .prepare(
      "SELECT part, records, line_offsets FROM dataset_parts WHERE snapshot_id = ? AND part >= ? ORDER BY part LIMIT ?",
    )
    .bind(snapshotId, fromPart, limit)
    .all<{ part: number; records: number; line_offsets: string | null }>();
  return rows.results.map(({ line_offsets, ...row }) => ({
    ...row,
    lineOffsets: line_offsets === null ? null : (JSON.parse(line_offsets) as number[]),
  }));
}

/** A dataset's snapshots, newest first. */
export async function listSnapshots(db: D1Database, datasetId: number, limit: number) {
  const rows = await db
    .prepare("SELECT * FROM dataset_snapshots WHERE dataset_id = ? ORDER BY started_at DESC LIMIT ?")
    .bind(datasetId, limit)
    .all<SnapshotRow>();
  return rows.results;
}

/** A record's values over time, oldest first, with the snapshot each was collected in. */
export async function recordChanges(db: D1Database, datasetId: number, key: string, since: number, limit: number) {
  const rows = await db
    .prepare(
      `SELECT c.observed_at, c.snapshot_id, c.tracked_values FROM dataset_record_changes c
       WHERE c.dataset_id = ? AND c.record_key = ? AND c.observed_at >= ? ORDER BY c.observed_at LIMIT ?`,
    )
    .bind(datasetId, key, since, limit)
    .all<{ observed_at: number; snapshot_id: string; tracked_values: string }>();
  return rows.results;
}

/** Whether a refresh of the dataset is still collecting (refreshes never overlap). */
export async function isCollecting(db: D1Database, datasetId: number): Promise<boolean> {
  const row = await db
    .prepare("SELECT 1 FROM dataset_snapshots WHERE dataset_id = ? AND status = 'collecting' LIMIT 1")
    .bind(datasetId)
    .first();
  return row !== null;
}

/** The number the next part of a snapshot takes. */
export async function nextPart(db: D1Database, snapshotId: string): Promise<number> {
  const row = await db
    .prepare("SELECT coalesce(max(part) + 1, 0) AS next FROM dataset_parts WHERE snapshot_id = ?")
    .bind(snapshotId)
    .first<{ next: number }>();
  return row?.next ?? 0;
}
