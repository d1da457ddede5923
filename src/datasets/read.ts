// Reading a snapshot's records in order, part by part from R2, with filters on declared fields
// applied as they stream: memory holds one part (one job item's answer) at a time.
import { snapshotParts } from "../db/dataset-snapshots";
import type { FieldSpec } from "./records";
import { partKey } from "./snapshot";

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

/**
 * The records of a snapshot from `from` on, each with the position after it, as raw NDJSON lines
 * and parsed. Stops at the end of the snapshot.
 */
export async function* snapshotRecords(
  env: Env,
  snapshot: { id: string; dataset_id: number },
  from: Position,
): AsyncGenerator<{ line: string; record: Record<string, unknown>; next: Position }> {
  let part = from.part;
  for (;;) {
    const parts = await snapshotParts(env.DB, snapshot.id, part, PARTS_PER_QUERY);
    if (parts.length === 0) return;
    for (const { part: number, records } of parts) {
      if (records === 0) continue;
      const object = await env.RESULTS.get(partKey(snapshot.dataset_id, snapshot.id, number));
      if (!object) continue;
      const lines = (await object.text()).split("\n");
      const first = number === from.part ? from.line : 0;
      for (let line = first; line < lines.length; line++) {
        const text = lines[line]!;
        if (!text) continue;
        yield { line: text, record: JSON.parse(text), next: { part: number, line: line + 1 } };
      }
    }
    part = parts.at(-1)!.part + 1;
  }
}
