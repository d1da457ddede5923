import type { Context } from "hono";
import { stringify } from "csv-stringify/sync";

/** True when the client asked for CSV with `format=csv` or `Accept: text/csv`. */
export function wantsCsv(c: Context): boolean {
  const format = c.req.query("format");
  if (format) return format.toLowerCase() === "csv";
  return (c.req.header("Accept") ?? "").toLowerCase().includes("text/csv");
}

/** Column order: keys in the order they first appear across all rows. */
export function csvColumns(rows: readonly object[]): string[] {
  const columns = new Set<string>();
  for (const row of rows) for (const key of Object.keys(row)) columns.add(key);
  return [...columns];
}

/** Objects and arrays travel as JSON text in one cell; null and missing stay empty. */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

/** RFC 4180 CSV (CRLF line ends, quotes where needed) for rows of any shape, with a header line. */
export function toCsv(rows: readonly object[], columns = csvColumns(rows)): string {
  const records = rows.map((row) => columns.map((column) => csvCell((row as Record<string, unknown>)[column])));
  return stringify([columns, ...records], { record_delimiter: "\r\n" });
}

export function csvResponse(c: Context, rows: readonly object[], filename = "export.csv"): Response {
  c.header("Content-Type", "text/csv; charset=utf-8");
  c.header("Content-Disposition", `inline; filename="${filename}"`);
  return c.body(toCsv(rows));
}
