import type { Context } from "hono";
import { z } from "@hono/zod-openapi";
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

/** What a CSV cell holds once a value is flattened: one scalar, or nothing. */
export type CsvCell = string | number | boolean | null | undefined;

/** Between the items of a list of scalars in one cell (`images`, `amenities`, `breadcrumbs`). */
export const LIST_SEPARATOR = " | ";

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const isScalar = (value: unknown): value is CsvCell => value === null || typeof value !== "object";

/**
 * One cell for a value that is not an object: a scalar as it is, a list of scalars joined with
 * `LIST_SEPARATOR` (null items left out). Anything else has no single cell: `flattenRow` spreads it.
 */
export function cellOf(value: unknown): CsvCell {
  if (Array.isArray(value) && value.every(isScalar))
    return value.filter((item) => item !== null && item !== undefined).join(LIST_SEPARATOR);
  if (isScalar(value)) return value;
  return undefined;
}

/**
 * The one flattening of every CSV the service writes, so that each cell holds one value and never JSON:
 * an object's fields become columns named by their path (`price.amount`, `price.currency`); a list of
 * scalars is one cell, joined with `LIST_SEPARATOR`; a list holding objects or lists spreads into numbered
 * columns (`reviews.0.rating`, `offers.1.platform`); an empty object or list is one empty cell.
 */
export function flattenRow(value: unknown, path = "", into: Record<string, CsvCell> = {}): Record<string, CsvCell> {
  const at = (key: string | number) => (path ? `${path}.${key}` : String(key));
  if (isPlainObject(value)) {
    const entries = Object.entries(value);
    if (entries.length === 0 && path) into[path] = "";
    for (const [key, inner] of entries) flattenRow(inner, at(key), into);
  } else if (Array.isArray(value) && !value.every(isScalar)) {
    for (const [index, item] of value.entries()) flattenRow(item, at(index), into);
  } else into[path || "value"] = cellOf(value);
  return into;
}

/** Column order: paths in the order they first appear across all rows. */
export function csvColumns(rows: readonly Record<string, CsvCell>[]): string[] {
  const columns = new Set<string>();
  for (const row of rows) for (const key of Object.keys(row)) columns.add(key);
  return [...columns];
}

/**
 * The columns a row of `schema` flattens to as far as the schema alone says (an object's fields by
 * path; a list as one column, its items unknown): the header of an answer with no row.
 */
export function schemaColumns(schema: z.ZodType, path = ""): string[] {
  let inner: z.ZodType = schema;
  while (inner instanceof z.ZodOptional || inner instanceof z.ZodNullable || inner instanceof z.ZodDefault)
    inner = inner.unwrap() as z.ZodType;
  if (!(inner instanceof z.ZodObject)) return [path || "value"];
  return Object.entries(inner.shape as Record<string, z.ZodType>).flatMap(([key, field]) =>
    schemaColumns(field, path ? `${path}.${key}` : key),
  );
}

/** Null and missing stay empty; numbers stay numbers; a boolean is `true` / `false`. */
function csvCell(value: CsvCell): string | number {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return value;
  return String(value);
}

/** CSV lines (RFC 4180, CRLF line ends) for rows of flat cells; the one writer of every CSV. */
export function csvLines(rows: readonly (readonly CsvCell[])[]): string {
  return stringify(
    rows.map((row) => row.map(csvCell)),
    CSV_OPTIONS,
  );
}

/**
 * CSV with a header line for rows of any shape, flattened by `flattenRow`. `emptyColumns` is the
 * header when there is no row, so an empty answer still says what its columns would be.
 */
export function toCsv(rows: readonly object[], emptyColumns: readonly string[] = []): string {
  const flat = rows.map((row) => flattenRow(row));
  const columns = flat.length > 0 ? csvColumns(flat) : [...emptyColumns];
  if (columns.length === 0) return "";
  return csvLines([columns, ...flat.map((row) => columns.map((column) => row[column]))]);
}

export function csvResponse(
  c: Context,
  rows: readonly object[],
  filename = "export.csv",
  emptyColumns: readonly string[] = [],
): Response {
  c.header("Content-Type", "text/csv; charset=utf-8");
  c.header("Content-Disposition", `inline; filename="${filename}"`);
  return c.body(toCsv(rows, emptyColumns));
}
