import type { z } from "@hono/zod-openapi";
import type { Context, Hono } from "hono";
import type { ScheduleSchema, WatchSchema, WebhookSchema } from "../routes/events/schemas";
import { listKeys } from "../db/keys";
import { previewRuns } from "./cron-preview";
import type { DashboardEnv } from "./env";
import { ActionButton } from "./action-button";
import { CRON_PREVIEW_SCRIPT, type FormValues, ScheduleForm, WatchForm, WebhookForm } from "./events-forms";
import { apiAnswer, sessionIdentity } from "./internal-api";
import { CsrfField, Layout } from "./layout";
import { when, WatchItem } from "./watch-view";

type Webhook = z.infer<typeof WebhookSchema>;
type Watch = z.infer<typeof WatchSchema>;
type Schedule = z.infer<typeof ScheduleSchema>;

export type EventsSection = "webhooks" | "watches" | "schedules";
export interface EventsExtra {
  notice?: string;
  /** A secret shown once, after creating an endpoint or rotating its secret. */
  secret?: { endpointId: string; value: string };
  error?: { section: EventsSection; message: string };
  values?: FormValues;
}

/** The events page; every list is read through the API's own routes, as the account. */
export async function renderEvents(
  c: Context<DashboardEnv>,
  extra: EventsExtra = {},
  status: 200 | 400 | 409 | 429 = 200,
) {
  const signedIn = c.get("signedIn")!;
  const identity = sessionIdentity(signedIn);
  const [hooks, watchList, scheduleList, keys] = await Promise.all([
    apiAnswer(c, identity, "GET", "/v1/webhooks"),
    apiAnswer(c, identity, "GET", "/v1/watches"),
    apiAnswer(c, identity, "GET", "/v1/schedules"),
    listKeys(c.get("db"), signedIn.account.id),
  ]);
  const liveKeys = keys.filter((key) => !key.revokedAt);
  const csrf = c.get("csrfToken");
  const values = extra.values ?? {};
  const errorFor = (section: EventsSection) => (extra.error?.section === section ? extra.error.message : undefined);
  const noKey = (
    <p>
      Watches and schedules run as one of your keys: <a href="/dashboard/keys">create a key</a> first.
    </p>
  );
  return c.html(
    <Layout
      title="Webhooks, watches and schedules"
      csrfToken={csrf}
      nonce={c.get("secureHeadersNonce")}
      email={signedIn.user.email}
      current="/dashboard/events"
      script={CRON_PREVIEW_SCRIPT}
    >
      {extra.notice ? (
        <p class="notice" role="status" id="events-notice">
          {extra.notice}
        </p>
      ) : null}
      {extra.secret ? (
        <section class="notice" id="new-secret">
          <p>
            <strong>Signing secret</strong> — copy it now: it is shown only this once.
          </p>
          <code class="secret" id="secret-value" data-endpoint-id={extra.secret.endpointId}>
            {extra.secret.value}
          </code>
          <button type="button" class="secondary" data-copy="secret-value">
            Copy
          </button>
        </section>
      ) : null}
      <section id="webhooks">
        <h2>Webhook endpoints</h2>
        {hooks.body.data.length === 0 ? <p>None yet.</p> : null}
        {(hooks.body.data as Webhook[]).map((hook) => (
          <div class="item" data-webhook-id={hook.id}>
            <p>
              <code>{hook.url}</code> {hook.description ? `— ${hook.description}` : ""}
              <br />
              Events: {hook.event_types.join(", ")}.{" "}
              {hook.status === "disabled" ? <span class="warning">Disabled: {hook.disabled_reason}</span> : "Enabled."}
              {hook.previous_secret_expires_at
                ? ` Old secret signs too until ${when(hook.previous_secret_expires_at)}.`
                : ""}
            </p>
            <div class="actions">
              <a class="button" href={`/dashboard/events/webhooks/${hook.id}`}>
                Delivery log
              </a>
              <ActionButton action={`/dashboard/events/webhooks/${hook.id}/test`} label="Send test ping" csrf={csrf} />
              <form method="post" action={`/dashboard/events/webhooks/${hook.id}/rotate`}>
                <CsrfField token={csrf} />
                <label for={`overlap-${hook.id}`}>Old secret keeps signing for</label>
                <select id={`overlap-${hook.id}`} name="overlap_seconds">
                  <option value="0">0 (stops at once)</option>
                  <option value="86400" selected>
                    1 day
                  </option>
                  <option value="604800">7 days</option>
                </select>
                <button type="submit" class="secondary">
                  Rotate secret
                </button>
              </form>
              <ActionButton action={`/dashboard/events/webhooks/${hook.id}/delete`} label="Delete" csrf={csrf} danger />
            </div>
          </div>
        ))}
        <WebhookForm csrf={csrf} values={values} error={errorFor("webhooks")} />
      </section>
      <section id="watches">
        <h2>Price watches</h2>
        {watchList.body.data.length === 0 ? <p>None yet.</p> : null}
        {(watchList.body.data as Watch[]).map((watch) => (
          <WatchItem watch={watch} csrf={csrf} />
        ))}
        {liveKeys.length > 0 ? (
          <WatchForm csrf={csrf} keys={liveKeys} values={values} error={errorFor("watches")} />
        ) : (
          noKey
        )}
      </section>
      <section id="schedules">
        <h2>Schedules</h2>
        {scheduleList.body.data.length === 0 ? <p>None yet.</p> : null}
        {(scheduleList.body.data as Schedule[]).map((schedule) => (
          <div class="item" data-schedule-id={schedule.id}>
            <p>
              <code>{schedule.cron}</code> → <code>{schedule.path}</code>
            </p>
            <p class="help">Next runs: {previewRuns(schedule.cron, 3).runs.join("; ")}</p>
            <div class="actions">
              <a class="button" href={`/dashboard/events/schedules/${schedule.id}`}>
                Runs
              </a>
              <ActionButton
                action={`/dashboard/events/schedules/${schedule.id}/delete`}
                label="Delete"
                csrf={csrf}
                danger
              />
            </div>
          </div>
        ))}
        {liveKeys.length > 0 ? (
          <ScheduleForm csrf={csrf} keys={liveKeys} values={values} error={errorFor("schedules")} />
        ) : (
          noKey
        )}
      </section>
    </Layout>,
    status,
  );
}

export function registerEvents(app: Hono<DashboardEnv>) {
  app.get("/events", (c) => renderEvents(c, { values: { kind: c.req.query("watch") ?? "hotel" } }));
  // What the schedule form's script shows while a cron expression is typed.
  app.get("/events/cron-preview", (c) => c.json(previewRuns(c.req.query("cron") ?? "")));
}
