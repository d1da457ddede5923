// A dataset of the catalogue: its latest refresh (a whole shop's counts of products added, removed
// and re-priced), its schema (every field with its type, meaning and fill rate) and its records as a table, a page at a time, with the fields and a filter chosen, and downloads of the
// same selection as CSV or NDJSON; all read through the API's catalogue routes as the account, so
// another account's private dataset is the API's 404.
import type { Context, Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import type { DashboardEnv } from "./env";
import { type ApiAnswer, apiAnswer, apiCall, apiErrorText, sessionIdentity } from "./internal-api";
import { ErrorMessage, Layout } from "./layout";
import { DOWNLOAD_TYPES, type RecordSelection, RecordsTable, selectionQuery } from "./records-table";
import { RefreshSummary } from "./refresh-summary";

const PAGE_SIZE = 25;
/** Fields shown before any are chosen: enough to read a record, few enough for a phone. */
const FIRST_FIELDS = 6;

interface Field {
  name: string;
  type: string;
  description: string;
  nullable: boolean;
  fill_rate: number;
}

const asAccount = (c: Context<DashboardEnv>, path: string) =>
  apiAnswer(c, sessionIdentity(c.get("signedIn")!), "GET", path);

/** The selection asked for: known fields only (in the schema's order), one filter, and a cursor to go on from. */
function selectionOf(c: Context<DashboardEnv>, fields: Field[]): RecordSelection {
  const asked = new Set(c.req.queries("fields") ?? []);
  const known = fields.map((field) => field.name);
  const chosen = known.filter((name) => asked.has(name));
  const cursor = c.req.query("cursor") ?? "";
  return {
    fields: chosen.length > 0 ? chosen : known.slice(0, FIRST_FIELDS),
    filter: (c.req.query("filter") ?? "").trim().slice(0, 300),
    cursor: /^[A-Za-z0-9_-]{1,120}$/.test(cursor) ? cursor : "",
  };
}

function notFoundOr(answer: ApiAnswer, status: number) {
  if (answer.status === status) return;
  throw new HTTPException(answer.status === 404 ? 404 : 502, { message: apiErrorText(answer) });
}

export function registerDatasetPage(app: Hono<DashboardEnv>) {
  app.get("/catalogue/:slug", async (c) => {
    const slug = encodeURIComponent(c.req.param("slug"));
    const detail = await asAccount(c, `/v1/datasets/${slug}`);
    notFoundOr(detail, 200);
    const dataset = detail.body.data as { slug: string; name: string; description: string; fields: Field[] };
    const selection = selectionOf(c, dataset.fields);
    const query = selectionQuery(selection);
    query.set("limit", String(PAGE_SIZE));
    const records = await asAccount(c, `/v1/datasets/${slug}/records?${query}`);
    if (records.status >= 500 || records.status === 404) notFoundOr(records, 200);
    // Before its first refresh a dataset has none to show (404).
    const refresh = await asAccount(c, `/v1/datasets/${slug}/refresh`);
    return c.html(
      <Layout
        title={dataset.name}
        csrfToken={c.get("csrfToken")}
        nonce={c.get("secureHeadersNonce")}
        email={c.get("signedIn")!.user.email}
        current="/dashboard/catalogue"
      >
        <p>
          <a href="/dashboard/catalogue">Back to the catalogue</a>
        </p>
        {refresh.status === 200 ? <RefreshSummary refresh={refresh.body.data} /> : null}
        <section id="records">
          <h2>Records</h2>
          <p class="help">{dataset.description}</p>
          {records.status === 200 ? (
            <RecordsTable
              slug={dataset.slug}
              fields={dataset.fields.map((field) => field.name)}
              selection={selection}
              records={records.body.data}
              nextCursor={records.body.meta.next_cursor}
              snapshot={records.body.meta.snapshot}
            />
          ) : (
            <>
              <ErrorMessage message={apiErrorText(records)} />
              <p>
                <a href={`/dashboard/catalogue/${dataset.slug}`}>Show every record</a>
              </p>
            </>
          )}
        </section>
        <section id="schema">
          <h2>Schema</h2>
          <table class="stack">
            <thead>
              <tr>
                <th scope="col">Field</th>
                <th scope="col">Type</th>
                <th scope="col">Meaning</th>
                <th scope="col">Filled</th>
              </tr>
            </thead>
            <tbody>
              {dataset.fields.map((field) => (
                <tr data-field={field.name}>
                  <td data-label="Field">
                    <code>{field.name}</code>
                  </td>
                  <td data-label="Type">
                    {field.type}
                    {field.nullable ? ", may be empty" : ""}
                  </td>
                  <td data-label="Meaning">{field.description}</td>
                  <td data-label="Filled">{`${Math.round(field.fill_rate * 1000) / 10}%`}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      </Layout>,
      records.status === 200 ? 200 : 400,
    );
  });

  for (const format of ["csv", "ndjson"] as const) {
    app.get(`/catalogue/:slug/records.${format}`, async (c) => {
      const slug = c.req.param("slug");
      const query = new URLSearchParams({ format });
      const fields = (c.req.queries("fields") ?? []).join(",");
      if (fields) query.set("fields", fields);
      const filter = c.req.query("filter");
      if (filter) query.set("filter", filter);
      const path = `/v1/datasets/${encodeURIComponent(slug)}/records?${query}`;
      const response = await apiCall(c, sessionIdentity(c.get("signedIn")!), "GET", path);
      if (response.status !== 200) {
        const answer = { status: response.status, body: await response.json().catch(() => null) };
        throw new HTTPException(response.status === 404 ? 404 : 400, { message: apiErrorText(answer) });
      }
      // The API's stream passed on unread, so a large dataset never sits in the dashboard's memory.
      return new Response(response.body, {
        headers: {
          "Content-Type": DOWNLOAD_TYPES[format],
          "Content-Disposition": `attachment; filename="${slug.replace(/[^a-z0-9-]/g, "")}.${format}"`,
        },
      });
    });
  }
}
