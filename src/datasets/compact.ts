// Compaction of a finished snapshot: a refresh writes a part per job item (a search page, a hotel
// list: tens of records each), and a read of a hundred records would open several of them. Before
// the snapshot becomes readable, consecutive parts are merged, in order, into parts of about
// RECORDS_PER_PART records, each with its records' byte offsets, so a page is one ranged read.
// Memory holds one merged part at a time.
import { database } from "../db/client";
import { firstFreePart, type PartRow, partRows, replaceParts } from "../db/dataset-parts";
import { linesOf, ndjsonPart } from "./parts";
import { datasetPartKey } from "../db/objects";
import type { RecipeKind } from "./recipe";
import { declaredOrder } from "./records";

const RECORDS_PER_PART = 1_000;
/** A merged part also stops growing past this many bytes (records with long texts, such as reviews). */
const BYTES_PER_PART = 2 * 1024 * 1024;
const ROWS_PER_QUERY = 500;

/** Merges the small parts of a snapshot that is still collecting; parts already large are kept as they are. */
export async function compactSnapshot(
  env: Env,
  snapshot: { id: string; datasetId: number; kind: RecipeKind },
): Promise<void> {
  const key = (part: number) => datasetPartKey(snapshot.datasetId, snapshot.id, part);
  const db = database(env.DB);
  let nextPart = await firstFreePart(db, snapshot.id);
  const removed: number[] = [];
  const added: { part: number; records: number; filled: Record<string, number>; lineOffsets: number[] }[] = [];
  let group: PartRow[] = [];
  let lines: string[] = [];
  let bytes = 0;

  const flush = async () => {
    const kept = group.length === 1 && group[0]!.hasOffsets;
    if (!kept && group.length > 0) {
      const filled: Record<string, number> = {};
      for (const row of group)
        for (const [name, count] of Object.entries(row.filled)) filled[name] = (filled[name] ?? 0) + count;
      const part = nextPart++;
      const { body, lineOffsets } = ndjsonPart(lines);
      await env.RESULTS.put(key(part), body, { httpMetadata: { contentType: "application/x-ndjson" } });
      added.push({ part, records: lines.length, filled, lineOffsets });
      removed.push(...group.map((row) => row.part));
    }
    group = [];
    lines = [];
    bytes = 0;
  };

  for (let after = -1; ; ) {
    const rows = await partRows(db, snapshot.id, after, ROWS_PER_QUERY);
    if (rows.length === 0) break;
    for (const row of rows) {
      if (row.records === 0) {
        removed.push(row.part);
        continue;
      }
      // A large part stays whole: merging it would only copy it.
      if (row.hasOffsets && row.records >= RECORDS_PER_PART / 2) {
        await flush();
        group = [row];
        await flush();
        continue;
      }
      const object = await env.RESULTS.get(key(row.part));
      const text = object ? await object.text() : "";
      group.push(row);
      for (const line of linesOf(text)) {
        if (!line) continue;
        // A part written before offsets were kept may hold its fields in another order; merged lines hold the declared one.
        lines.push(row.hasOffsets ? line : JSON.stringify(declaredOrder(snapshot.kind, JSON.parse(line))));
      }
      bytes += text.length;
      if (lines.length >= RECORDS_PER_PART || bytes >= BYTES_PER_PART) await flush();
    }
    after = rows.at(-1)!.part;
  }
  await flush();
  if (removed.length === 0) return;
  await replaceParts(db, snapshot.id, removed, added);
  for (let start = 0; start < removed.length; start += 1_000)
    await env.RESULTS.delete(removed.slice(start, start + 1_000).map(key));
}
