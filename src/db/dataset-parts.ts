// Compacting a snapshot's parts in D1: the index rows of many small parts give way, in one
// transaction, to the rows of the larger parts that hold the same records in the same order.

export interface PartRow {
  part: number;
  records: number;
  filled: Record<string, number>;
  hasOffsets: boolean;
}

/** A page of a snapshot's part rows after `afterPart`, in order. */
export async function partRows(db: D1Database, snapshotId: string, afterPart: number, limit: number) {
  const { results } = await db
    .prepare(
      "SELECT part, records, filled, line_offsets IS NOT NULL AS has_offsets FROM dataset_parts WHERE snapshot_id = ? AND part > ? ORDER BY part LIMIT ?",
    )
    .bind(snapshotId, afterPart, limit)
    .all<{ part: number; records: number; filled: string; has_offsets: number }>();
  return results.map(
    (row): PartRow => ({
      part: row.part,
      records: row.records,
      filled: JSON.parse(row.filled) as Record<string, number>,
      hasOffsets: row.has_offsets === 1,
    }),
  );
}

/** Parts numbered past every existing one start here. */
export async function firstFreePart(db: D1Database, snapshotId: string): Promise<number> {
  const row = await db
    .prepare("SELECT coalesce(max(part) + 1, 0) AS next FROM dataset_parts WHERE snapshot_id = ?")
    .bind(snapshotId)
    .first<{ next: number }>();
  return row?.next ?? 0;
}

/** Swaps the rows of `removed` parts for those of `added` ones, all or nothing. */
export async function replaceParts(
  db: D1Database,
  snapshotId: string,
  removed: number[],
  added: { part: number; records: number; filled: Record<string, number>; lineOffsets: number[] }[],
) {
  const statements: D1PreparedStatement[] = [];
  for (let start = 0; start < removed.length; start += 90) {
    const chunk = removed.slice(start, start + 90);
    statements.push(
      db
        .prepare(`DELETE FROM dataset_parts WHERE snapshot_id = ? AND part IN (${chunk.map(() => "?").join(", ")})`)
        .bind(snapshotId, ...chunk),
    );
  }
  for (const part of added)
    statements.push(
      db
        .prepare(
          "INSERT OR REPLACE INTO dataset_parts (snapshot_id, part, records, filled, line_offsets) VALUES (?, ?, ?, ?, ?)",
        )
        .bind(snapshotId, part.part, part.records, JSON.stringify(part.filled), JSON.stringify(part.lineOffsets)),
    );
  // One batch is one transaction: a crash leaves the old index whole.
  if (statements.length > 0) await db.batch(statements);
}
