// A page of a dataset's records as a table: the fields chosen (checkboxes), one filter, the next
// page by the API's cursor, and download links for the same selection.
import type { Child } from "hono/jsx";

export const DOWNLOAD_TYPES = {
  csv: "text/csv; charset=utf-8",
  ndjson: "application/x-ndjson; charset=utf-8",
} as const;

export interface RecordSelection {
  fields: string[];
  filter: string;
  cursor: string;
}

/** The selection as the records route and the page's own links read it. */
export function selectionQuery(selection: RecordSelection) {
  const query = new URLSearchParams();
  if (selection.fields.length > 0) query.set("fields", selection.fields.join(","));
  if (selection.filter) query.set("filter", selection.filter);
  if (selection.cursor) query.set("cursor", selection.cursor);
  return query;
}

/** The page's own query: one `fields` per field, as the checkboxes send them. */
function pageQuery(selection: RecordSelection, cursor: string) {
  const query = new URLSearchParams(selection.fields.map((field) => ["fields", field]));
  if (selection.filter) query.set("filter", selection.filter);
  if (cursor) query.set("cursor", cursor);
  return query.toString();
}

/** A value as one cell: text as is, numbers and truth values as written, anything else as compact JSON. */
function cell(value: unknown): Child {
  if (value === null || value === undefined || value === "") return <span class="help">—</span>;
  if (typeof value === "string" && /^https?:\/\//.test(value)) return <code>{value}</code>;
  return typeof value === "object" ? <code>{JSON.stringify(value)}</code> : String(value);
}

export function RecordsTable(props: {
  slug: string;
  fields: string[];
  selection: RecordSelection;
  records: Record<string, unknown>[];
  nextCursor: string | null;
  snapshot: { finished_at: string; records: number } | null;
}) {
  const { slug, fields, selection, records, nextCursor, snapshot } = props;
  const base = `/dashboard/catalogue/${slug}`;
  const downloads = pageQuery({ ...selection, cursor: "" }, "");
  return (
    <>
      <form method="get" action={base}>
        <fieldset>
          <legend>Fields shown</legend>
          {fields.map((field) => (
            <label class="check">
              <input type="checkbox" name="fields" value={field} checked={selection.fields.includes(field)} />
              {field}
            </label>
          ))}
        </fieldset>
        <label for="records-filter">Filter</label>
        <input id="records-filter" name="filter" value={selection.filter} aria-describedby="records-filter-help" />
        <p class="help" id="records-filter-help">
          One condition on a field, such as <code>price&lt;=50</code> or <code>platform=amazon</code> (<code>=</code>,{" "}
          <code>!=</code>, <code>&lt;</code>, <code>&lt;=</code>, <code>&gt;</code>, <code>&gt;=</code>).
        </p>
        <button type="submit">Show records</button>
      </form>
      <p id="records-summary">
        {snapshot
          ? `${snapshot.records.toLocaleString("en")} records in the snapshot of ${snapshot.finished_at.replace("T", " ").slice(0, 16)} UTC; ${records.length} on this page.`
          : "No refresh has finished yet, so there are no records to show."}{" "}
        Download these fields{selection.filter ? " and filter" : ""}:{" "}
        <a href={`${base}/records.csv?${downloads}`} download>
          CSV
        </a>{" "}
        ·{" "}
        <a href={`${base}/records.ndjson?${downloads}`} download>
          NDJSON
        </a>
      </p>
      <div class="table">
        <table class="stack" id="records-table">
          <thead>
            <tr>
              {selection.fields.map((field) => (
                <th scope="col">{field}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {records.map((record) => (
              <tr>
                {selection.fields.map((field) => (
                  <td data-label={field}>{cell(record[field])}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <nav aria-label="Pages of records" class="tabs">
        {selection.cursor ? <a href={`${base}?${pageQuery(selection, "")}`}>First page</a> : null}
        {nextCursor ? (
          <a href={`${base}?${pageQuery(selection, nextCursor)}`} rel="next">
            Next page
          </a>
        ) : null}
      </nav>
    </>
  );
}
