// The datasets page: the account's own datasets read through the API's catalogue (as the account),
// each with its last refresh and record count, and a form to refresh one now through the API's
// refresh route (charged like the calls it makes).
import type { Context, Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import type { DashboardEnv } from "./env";
import { type ApiAnswer, apiCall, apiErrorText, refusalStatus, sessionIdentity } from "./internal-api";
import { CsrfField, ErrorMessage, Layout } from "./layout";

interface DatasetSummary {
  slug: string;
  name: string;
  record_count: number;
  last_updated: string | null;
  update_frequency: string;
  visibility: "public" | "private";
}

const when = (iso: string | null) => (iso ? `${iso.replace("T", " ").slice(0, 19)} UTC` : "not yet");
const asAccount = (c: Context<DashboardEnv>, method: string, path: string) =>
  apiCall(c, sessionIdentity(c.get("signedIn")!), method, path);

async function ownDatasets(c: Context<DashboardEnv>): Promise<DatasetSummary[]> {
  const response = await asAccount(c, "GET", "/v1/datasets?limit=100&sort=-last_updated");
  if (response.status !== 200) throw new HTTPException(502, { message: "The datasets could not be read; try again." });
  const list = ((await response.json()) as { data: DatasetSummary[] }).data;
  return list.filter((dataset) => dataset.visibility === "private");
}

async function renderDatasets(
  c: Context<DashboardEnv>,
  extra: { notice?: string; error?: string; created?: string } = {},
  status: 200 | 400 | 409 | 429 = 200,
) {
  const datasets = await ownDatasets(c);
  const csrf = c.get("csrfToken");
  return c.html(
    <Layout
      title="Datasets"
      csrfToken={csrf}
      nonce={c.get("secureHeadersNonce")}
      email={c.get("signedIn")!.user.email}
      current="/dashboard/datasets"
    >
      {extra.notice ? (
        <p class="notice" role="status">
          {extra.notice}
        </p>
      ) : null}
      {extra.created ? (
        <p class="notice" role="status" id="created-notice">
          Dataset <a href={`/dashboard/catalogue/${extra.created}`}>{extra.created}</a> created; its first refresh runs
          now (Jobs lists its progress). The list below may take a minute to show it.
        </p>
      ) : null}
      <ErrorMessage message={extra.error} />
      <section id="datasets">
        <h2>Your datasets</h2>
        <p class="help">
          Datasets you created with <code>POST /v1/datasets</code> (see the docs' catalogue page). Each refreshes on its
          schedule; a refresh runs as a batch job and is charged like the calls it makes. The list may be up to a minute
          old. <a href="/dashboard/datasets/new">Create a dataset from a recipe</a>.
        </p>
        {datasets.length === 0 ? <p>None yet.</p> : null}
        <table class="stack">
          <thead>
            <tr>
              <th scope="col">Dataset</th>
              <th scope="col">Records</th>
              <th scope="col">Last refresh</th>
              <th scope="col">Schedule</th>
              <th scope="col">Refresh</th>
            </tr>
          </thead>
          <tbody>
            {datasets.map((dataset) => (
              <tr data-dataset={dataset.slug}>
                <td>
                  <a href={`/dashboard/catalogue/${dataset.slug}`}>{dataset.name}</a> <code>{dataset.slug}</code>
                </td>
                <td>{dataset.record_count}</td>
                <td>{when(dataset.last_updated)}</td>
                <td>{dataset.update_frequency}</td>
                <td>
                  <form method="post" action={`/dashboard/datasets/${dataset.slug}/refresh`}>
                    <CsrfField token={csrf} />
                    <button type="submit">Refresh now</button>
                  </form>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </Layout>,
    status,
  );
}

export function registerDatasetsPage(app: Hono<DashboardEnv>) {
  app.get("/datasets", (c) => {
    const slug = /^[a-z0-9-]{1,100}$/;
    const [started, created] = [c.req.query("refreshing") ?? "", c.req.query("created") ?? ""];
    const notice = slug.test(started)
      ? `A refresh of ${started} started; its records show when it finishes (Jobs lists its progress).`
      : undefined;
    return renderDatasets(c, { notice, created: slug.test(created) ? created : undefined });
  });

  app.post("/datasets/:slug/refresh", async (c) => {
    const slug = c.req.param("slug");
    const response = await asAccount(c, "POST", `/v1/datasets/${encodeURIComponent(slug)}/refresh`);
    const answer: ApiAnswer = {
      status: response.status,
      body: await response.json(),
      retryAfter: response.headers.get("Retry-After") ?? undefined,
    };
    if (answer.status === 404) throw new HTTPException(404, { message: apiErrorText(answer) });
    if (answer.status !== 202) return renderDatasets(c, { error: apiErrorText(answer) }, refusalStatus(c, answer));
    return c.redirect(`/dashboard/datasets?refreshing=${encodeURIComponent(slug)}`, 303);
  });
}
