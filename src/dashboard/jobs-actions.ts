// What the jobs page's forms and links do, each through the API's own jobs route: starting a job
// as the chosen key, cancelling and downloading as the account (another account's job is a 404,
// as the API answers it).
import type { Context, Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { confirmPage, isConfirmed } from "./confirm";
import type { DashboardEnv } from "./env";
import { type ApiAnswer, apiErrorText, apiCall, ownKeyIdentity, refusalStatus, sessionIdentity } from "./internal-api";
import { renderJobs } from "./jobs-page";

const asAccount = (c: Context<DashboardEnv>, method: string, path: string) =>
  apiCall(c, sessionIdentity(c.get("signedIn")!), method, path);

async function answerOf(response: Response): Promise<ApiAnswer> {
  return {
    status: response.status,
    body: await response.json(),
    retryAfter: response.headers.get("Retry-After") ?? undefined,
  };
}

const FORMATS = { csv: "text/csv; charset=utf-8", ndjson: "application/x-ndjson; charset=utf-8" } as const;

export function registerJobActions(app: Hono<DashboardEnv>) {
  app.post("/jobs", async (c) => {
    const form = await c.req.parseBody();
    const values: Record<string, string> = {};
    for (const name of ["key_id", "platform", "kind", "inputs"])
      values[name] = typeof form[name] === "string" ? form[name] : "";
    const identity = await ownKeyIdentity(c.get("db"), values.key_id!, c.get("signedIn")!.account.id);
    if (!identity) return renderJobs(c, { error: "Choose one of your live keys.", values }, 400);
    const inputs = values
      .inputs!.split(/\r?\n/)
      .map((line) => line.trim())
      .filter(Boolean);
    const body = { platform: values.platform, kind: values.kind, inputs };
    const answer = await answerOf(await apiCall(c, identity, "POST", "/v1/jobs", body));
    if (answer.status !== 202) return renderJobs(c, { error: apiErrorText(answer), values }, refusalStatus(c, answer));
    // Post/redirect/get: reloading the page to follow the job must not start it again.
    return c.redirect(`/dashboard/jobs?started=${encodeURIComponent(answer.body.data.id)}`, 303);
  });

  app.post("/jobs/:id/cancel", async (c) => {
    const id = c.req.param("id");
    if (!(await isConfirmed(c))) {
      const job = await answerOf(await asAccount(c, "GET", `/v1/jobs/${encodeURIComponent(id)}`));
      if (job.status !== 200) throw new HTTPException(job.status === 404 ? 404 : 400, { message: apiErrorText(job) });
      return confirmPage(c, {
        question: `Cancel job \`${job.body.data.id}\`?`,
        consequence: "Its items not yet started will not run; those running finish, and the results so far stay.",
        label: "Cancel the job",
        back: "/dashboard/jobs",
      });
    }
    const answer = await answerOf(await asAccount(c, "POST", `/v1/jobs/${encodeURIComponent(id)}/cancel`));
    if (answer.status === 404) throw new HTTPException(404, { message: apiErrorText(answer) });
    if (answer.status !== 200) return renderJobs(c, { error: apiErrorText(answer) }, refusalStatus(c, answer));
    return c.redirect(`/dashboard/jobs?cancelled=${encodeURIComponent(answer.body.data.id)}`, 303);
  });

  for (const format of ["csv", "ndjson"] as const) {
    app.get(`/jobs/:id/results.${format}`, async (c) => {
      const id = c.req.param("id");
      const response = await asAccount(c, "GET", `/v1/jobs/${encodeURIComponent(id)}/results?format=${format}`);
      if (response.status !== 200)
        throw new HTTPException(response.status === 404 ? 404 : 502, {
          message: apiErrorText(await answerOf(response)),
        });
      // The API's stream passed on unread, so a large job never sits in the dashboard's memory.
      return new Response(response.body, {
        headers: {
          "Content-Type": FORMATS[format],
          "Content-Disposition": `attachment; filename="${id}.${format}"`,
        },
      });
    });
  }
}
