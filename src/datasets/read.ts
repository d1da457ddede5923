// Reading a snapshot's records in order, part by part from R2, with filters on declared fields
// applied as they stream: memory holds one part (one job item's answer) at a time.
import { database } from "../db/client";
import { snapshotParts } from "../db/dataset-snapshots";
import type { FieldSpec } from "./records";
import { linesOf } from "./parts";
import { datasetPartKey } from "../db/objects";

/** Where a read stands: the part and the line within it of the next record. */
export interface Position {
  part: number;
  line: number;
}

export type Comparison = "=" | "!=" | "<" | "<=" | ">" | ">=";
export interface Condition {
  field: string;
  op: Comparison;
  value: string | number | boolean | null;
}

const PARTS_PER_QUERY = 100;

/** Parses `field<op>value` against the declared fields; a string saying what to fix when it is not one. */
export function parseCondition(text: string, fields: FieldSpec[]): Condition | string {
  const match = /^([a-z_]+)\s*(<=|>=|!=|=|<|>)\s*(.*)$/.exec(text.trim());
  if (!match) return `\`${text}\` is not \`field=value\` (or !=, <, <=, >, >=)`;
  const [, name, op, raw] = match as unknown as [string, string, Comparison, string];
  const field = fields.find((candidate) => candidate.name === name);
  if (!field) return `\`${name}\` is not a field of this dataset; it has ${fields.map((f) => f.name).join(", ")}`;
  if (field.type === "number" || field.type === "integer") {
    const value = raw === "null" ? null : Number(raw);
    if (value !== null && (raw.trim() === "" || !Number.isFinite(value)))
      return `${name} is a number; \`${raw}\` is not`;
    return { field: name, op, value };
  }
  if (op !== "=" && op !== "!=") {
    if (field.type !== "date" && field.type !== "datetime") return `${name} is compared with = or != only`;
    return { field: name, op, value: raw };
  }
  if (field.type === "boolean") {
    if (raw !== "true" && raw !== "false") return `${name} is true or false`;
    return { field: name, op, value: raw === "true" };
  }
  return { field: name, op, value: raw === "null" ? null : raw };
}

function holds(record: Record<string, unknown>, condition: Condition): boolean {
  const actual = record[condition.field] ?? null;
  const { value, op } = condition;
  if (op === "=" || op === "!=") {
    // Codes and countries are matched without regard to case.
    const same =
      typeof actual === "string" && typeof value === "string"
        ? actual.toLowerCase() === value.toLowerCase()
        : actual === value;
    return op === "=" ? same : !same;
  }
  if (actual === null || value === null) return false;
  const [a, b] = typeof value === "number" ? [Number(actual), value] : [String(actual), String(value)];
  if (op === "<") return a < b;
  if (op === "<=") return a <= b;
  if (op === ">") return a > b;
  return a >= b;
}

export const matches = (record: Record<string, unknown>, conditions: Condition[]) =>
  conditions.every((condition) => holds(record, condition));

type Part = Awaited<ReturnType<typeof snapshotParts>>[number];

/**
 * The lines of one part from line `first` on (at most `count` of them where the part's offsets are
 * known: one ranged read), each with its line number. A part written before offsets were kept is
 * read whole.
 */
async function partLines(env: Env, snapshot: Snapshot, part: Part, first: number, count: number) {
  const key = datasetPartKey(snapshot.dataset_id, snapshot.id, part.part);
  const offsets = part.lineOffsets;
  if (offsets) {
    const end = Math.min(part.records, first + count);
    if (end <= first) return [];
    const object = await env.RESULTS.get(key, {
      range: { offset: offsets[first]!, length: offsets[end]! - offsets[first]! },
    });
    if (!object) return [];
    return linesOf(await object.text()).map((text, index) => ({ text, line: first + index }));
  }
  const object = await env.RESULTS.get(key);
  if (!object) return [];
  return (await object.text())
    .split("\n")
    .map((text, line) => ({ text, line }))
    .slice(first)
    .filter(({ text }) => text !== "");
}

type Snapshot = { id: string; dataset_id: number };

/**
 * The records of a snapshot from `from` on, each with the position after it, as raw NDJSON lines
 * and parsed. Stops at the end of the snapshot.
 */
export async function* snapshotRecords(
  env: Env,
  snapshot: Snapshot,
  from: Position,
): AsyncGenerator<{ line: string; record: Record<string, unknown>; next: Position }> {
  let part = from.part;
  for (;;) {
    const parts = await snapshotParts(database(env.DB), snapshot.id, part, PARTS_PER_QUERY);
    if (parts.length === 0) return;
    for (const row of parts) {
      if (row.records === 0) continue;
      const first = row.part === from.part ? from.line : 0;
      for (const { text, line } of await partLines(env, snapshot, row, first, Number.MAX_SAFE_INTEGER))
        yield { line: text, record: JSON.parse(text), next: { part: row.part, line: line + 1 } };
    }
    part = parts.at(-1)!.part + 1;
  }
}

/** Part rows a page reads at once: a page of up to a thousand records spans one or two parts. */
const PARTS_PER_PAGE_QUERY = 3;

/** Part lookups of complete snapshots kept per isolate (each up to three parts' offsets, about 24 KB). */
const PAGE_PARTS_KEPT = 64;
const pageParts = new Map<string, Part[]>();

/**
 * The part rows a page from `fromPart` on reads. A complete snapshot's parts never change, so the
 * rows are kept once read (newest use last, the least recently used dropped) and a page costs one
 * R2 read. Only rows already read are kept, never a query in flight: a request's promise cannot
 * be shared with others, which would wait forever should that request be cancelled.
 */
async function partsOfPage(env: Env, snapshotId: string, fromPart: number): Promise<Part[]> {
  const key = `${snapshotId}/${fromPart}`;
  const kept = pageParts.get(key);
  pageParts.delete(key);
  const rows = kept ?? (await snapshotParts(database(env.DB), snapshotId, fromPart, PARTS_PER_PAGE_QUERY));
  pageParts.set(key, rows);
  if (pageParts.size > PAGE_PARTS_KEPT) pageParts.delete(pageParts.keys().next().value!);
  return rows;
}

/** Bytes of whole parts of complete snapshots kept per isolate (newest use last), and their total. */
const PART_BYTES_KEPT = 16 * 1024 * 1024;
const keptParts = new Map<string, Uint8Array>();
let keptBytes = 0;

/**
 * A complete snapshot's part, whole: kept once read, like its rows, so the pages of a part (ten of
 * 100 records) and every repeated read of a popular page cost one R2 read between them, not one
 * each. The least recently used parts go first past PART_BYTES_KEPT.
 */
async function wholePart(env: Env, key: string): Promise<Uint8Array | null> {
  const kept = keptParts.get(key);
  if (kept) {
    keptParts.delete(key);
    keptParts.set(key, kept);
    return kept;
  }
  const object = await env.RESULTS.get(key);
  if (!object) return null;
  const bytes = new Uint8Array(await object.arrayBuffer());
  if (!keptParts.has(key)) {
    keptParts.set(key, bytes);
    keptBytes += bytes.length;
  }
  for (const [oldest, part] of keptParts) {
    if (keptBytes <= PART_BYTES_KEPT) break;
    keptParts.delete(oldest);
    keptBytes -= part.length;
  }
  return bytes;
}

/**
 * A page of `limit` records from `from` on of a complete snapshot as one JSON array of its stored
 * lines (nothing decoded or parsed: each line's newline becomes the array's comma), the position
 * after the last and whether any record follows: what a page answering every field in order
 * needs. Null when the page meets a part written before line offsets were kept.
 */
export async function storedPage(
  env: Env,
  snapshot: Snapshot,
  from: Position,
  limit: number,
): Promise<{ json: Uint8Array; last: Position; more: boolean } | null> {
  const chunks: Uint8Array[] = [];
  let count = 0;
  let last = from;
  let part = from.part;
  const page = (more: boolean) => ({ json: jsonArrayOf(chunks), last, more });
  for (;;) {
    const parts = await partsOfPage(env, snapshot.id, part);
    if (parts.length === 0) return page(false);
    for (const row of parts) {
      const offsets = row.lineOffsets;
      if (!offsets) return null;
      const first = row.part === from.part ? from.line : 0;
      if (first >= row.records) continue;
      // Past the page, whether one more record follows is all that is asked: the index knows.
      if (count === limit) return page(true);
      const end = Math.min(row.records, first + limit - count);
      const part = await wholePart(env, datasetPartKey(snapshot.dataset_id, snapshot.id, row.part));
      if (!part) continue;
      const bytes = part.slice(offsets[first]!, offsets[end]!);
      // The newline ending each line but the part's last becomes a comma here; the last one, in jsonArrayOf.
      for (let line = first + 1; line < end; line += 1) bytes[offsets[line]! - offsets[first]! - 1] = COMMA;
      chunks.push(bytes);
      count += end - first;
      last = { part: row.part, line: end };
      if (count === limit && end < row.records) return page(true);
    }
    part = parts.at(-1)!.part + 1;
  }
}

const COMMA = 0x2c;
const [OPEN, CLOSE] = [0x5b, 0x5d];

/** `[` + chunks of comma-joined lines, each ending in its last line's newline, joined by commas + `]`. */
function jsonArrayOf(chunks: Uint8Array[]): Uint8Array {
  if (chunks.length === 0) return new Uint8Array([OPEN, CLOSE]);
  const json = new Uint8Array(1 + chunks.reduce((total, chunk) => total + chunk.length, 0));
  json[0] = OPEN;
  let at = 1;
  for (const chunk of chunks) {
    json.set(chunk, at);
    at += chunk.length;
    json[at - 1] = COMMA;
  }
  json[at - 1] = CLOSE;
  return json;
}
