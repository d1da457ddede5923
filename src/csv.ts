import type { Context } from "hono";
import { stringify } from "csv-stringify/sync";

/**
 * Every CSV the service writes goes through these options.
 * - `escape_formulas`: scraped text must not run in a spreadsheet, so a text cell that starts with
 *   `=`, `+`, `-`, `@`, a tab or a carriage return (or their full-width forms) gets a leading `'`
 *   (OWASP's CSV-injection rule); a JSON number such as -5 is written as it is.
 * - `quote_record_delimiter`: a bare CR or LF inside a cell is quoted, so a spreadsheet cannot read it
 *   as a new row that starts with a formula (csv-stringify leaves them bare once `record_delimiter` is set).
 */
const CSV_OPTIONS = { record_delimiter: "\r\n", quote_record_delimiter: true, escape_formulas: true } as const;

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

/** Objects and arrays travel as JSON text in one cell; null and missing stay empty; numbers stay numbers. */
function csvCell(value: unknown): string | number {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return value;
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

/** CSV lines (RFC 4180, CRLF line ends) for rows of cells of any type; the one writer of every CSV. */
export function csvLines(rows: readonly (readonly unknown[])[]): string {
  return stringify(
    rows.map((row) => row.map(csvCell)),
    CSV_OPTIONS,
  );
}

/** CSV with a header line for rows of any shape. */
export function toCsv(rows: readonly object[], columns = csvColumns(rows)): string {
  return csvLines([columns, ...rows.map((row) => columns.map((column) => (row as Record<string, unknown>)[column]))]);
}

export function csvResponse(c: Context, rows: readonly object[], filename = "export.csv"): Response {
  c.header("Content-Type", "text/csv; charset=utf-8");
  c.header("Content-Disposition", `inline; filename="${filename}"`);
  return c.body(toCsv(rows));
}
