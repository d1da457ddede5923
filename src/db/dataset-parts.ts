// A snapshot's part rows in D1: written as its records arrive, and compacted: the index rows of
// many small parts give way, in one transaction, to the rows of the larger parts that hold the
// same records in the same order.
import { and, asc, eq, gt, inArray, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "./keys";
import { datasetParts } from "./schema-datasets";

export interface PartRow {
  part: number;
  records: number;
  filled: Record<string, number>;
  hasOffsets: boolean;
}

/** A page of a snapshot's part rows after `afterPart`, in order. */
export async function partRows(db: Db, snapshotId: string, afterPart: number, limit: number) {
  const rows = await db
    .select({
      part: datasetParts.part,
      records: datasetParts.records,
      filled: datasetParts.filled,
      hasOffsets: sql<number>`${datasetParts.lineOffsets} IS NOT NULL`,
    })
    .from(datasetParts)
    .where(and(eq(datasetParts.snapshotId, snapshotId), gt(datasetParts.part, afterPart)))
    .orderBy(asc(datasetParts.part))
    .limit(limit);
  return rows.map(
    (row): PartRow => ({
      part: row.part,
      records: row.records,
      filled: JSON.parse(row.filled) as Record<string, number>,
      hasOffsets: row.hasOffsets === 1,
    }),
  );
}

/** Parts numbered past every existing one start here. */
export async function firstFreePart(db: Db, snapshotId: string): Promise<number> {
  const [row] = await db
    .select({ next: sql<number>`coalesce(max(${datasetParts.part}) + 1, 0)` })
    .from(datasetParts)
    .where(eq(datasetParts.snapshotId, snapshotId));
  return row?.next ?? 0;
}

/** Writes a part's index row, over the one of the same number if there is one. */
export function partUpsert(
  db: Db,
  snapshotId: string,
  part: { part: number; records: number; filled: Record<string, number>; lineOffsets: number[] },
) {
  const row = {
    records: part.records,
    filled: JSON.stringify(part.filled),
    lineOffsets: JSON.stringify(part.lineOffsets),
  };
  return db
    .insert(datasetParts)
    .values({ snapshotId, part: part.part, ...row })
    .onConflictDoUpdate({ target: [datasetParts.snapshotId, datasetParts.part], set: row });
}

/** Swaps the rows of `removed` parts for those of `added` ones, all or nothing. */
export async function replaceParts(
  db: Db,
  snapshotId: string,
  removed: number[],
  added: { part: number; records: number; filled: Record<string, number>; lineOffsets: number[] }[],
) {
  const statements: BatchItem<"sqlite">[] = [];
  for (let start = 0; start < removed.length; start += 90) {
    const chunk = removed.slice(start, start + 90);
    statements.push(
      db.delete(datasetParts).where(and(eq(datasetParts.snapshotId, snapshotId), inArray(datasetParts.part, chunk))),
    );
  }
  for (const part of added) statements.push(partUpsert(db, snapshotId, part));
  // One batch is one transaction: a crash leaves the old index whole.
  const [first, ...rest] = statements;
  if (first) await db.batch([first, ...rest]);
}
