// One schedule's run history (its last 50 runs, read through the API's schedule route as the
// account) and each run's stored answer, streamed through the session as the API gives it.
import type { z } from "@hono/zod-openapi";
import type { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ScheduleSchema } from "../routes/events/schemas";
import { previewRuns } from "./cron-preview";
import type { DashboardEnv } from "./env";
import { apiAnswer, apiCall, apiErrorText, sessionIdentity } from "./internal-api";
import { Layout } from "./layout";

type Run = NonNullable<z.infer<typeof ScheduleSchema>["runs"]>[number];

const when = (iso: string) => `${iso.replace("T", " ").slice(0, 16)} UTC`;

export function registerScheduleRuns(app: Hono<DashboardEnv>) {
  app.get("/events/schedules/:id", async (c) => {
    const id = encodeURIComponent(c.req.param("id"));
    const answer = await apiAnswer(c, sessionIdentity(c.get("signedIn")!), "GET", `/v1/schedules/${id}`);
    // Another account's schedule answers like one that does not exist.
    if (answer.status !== 200) throw new HTTPException(404, { message: apiErrorText(answer) });
    const schedule = answer.body.data as z.infer<typeof ScheduleSchema>;
    const runs: Run[] = schedule.runs ?? [];
    return c.html(
      <Layout
        title="Schedule runs"
        csrfToken={c.get("csrfToken")}
        nonce={c.get("secureHeadersNonce")}
        email={c.get("signedIn")!.user.email}
        current="/dashboard/events"
      >
        <p>
          <a href="/dashboard/events#schedules">← Webhooks, watches and schedules</a>
        </p>
        <section>
          <h2>
            <code>{schedule.cron}</code> → <code>{schedule.path}</code>
          </h2>
          <p class="help">Next runs: {previewRuns(schedule.cron, 3).runs.join("; ")}</p>
          {runs.length === 0 ? <p>No runs yet.</p> : null}
          <div class="table">
            <table id="runs" class="stack">
              <caption class="help">The last 50 runs, newest first, each with the answer it stored.</caption>
              <thead>
                <tr>
                  <th scope="col">Due</th>
                  <th scope="col">Status</th>
                  <th scope="col">HTTP status</th>
                  <th scope="col">Answer</th>
                </tr>
              </thead>
              <tbody>
                {runs.map((run) => (
                  <tr data-run-id={run.id}>
                    <td data-label="Due">{when(run.scheduled_for)}</td>
                    <td data-label="Status" class="run-status">
                      {run.status}
                    </td>
                    <td data-label="HTTP status">{run.http_status ?? "—"}</td>
                    <td data-label="Answer">
                      {run.http_status === null ? (
                        "—"
                      ) : (
                        <a href={`/dashboard/events/schedules/${id}/runs/${run.id}`}>Stored answer</a>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      </Layout>,
    );
  });

  app.get("/events/schedules/:id/runs/:runId", async (c) => {
    const path = `/v1/schedules/${encodeURIComponent(c.req.param("id"))}/runs/${encodeURIComponent(c.req.param("runId"))}`;
    const response = await apiCall(c, sessionIdentity(c.get("signedIn")!), "GET", path);
    if (response.status !== 200) {
      const answer = { status: response.status, body: await response.json().catch(() => null) };
      throw new HTTPException(404, { message: apiErrorText(answer) });
    }
    // The stored answer passed on unread, as the API gives it.
    return new Response(response.body, {
      headers: { "Content-Type": response.headers.get("Content-Type") ?? "application/json" },
    });
  });
}
