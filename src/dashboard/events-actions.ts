// What the events page's forms do: each one calls the API's own route as the account (or, to
// create a watch or schedule, as the key it will run as), so validation and messages are the API's.
import type { Context, Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { confirmPage, isConfirmed } from "./confirm";
import type { DashboardEnv } from "./env";
import { type EventsSection, renderEvents } from "./events";
import type { FormValues } from "./events-forms";
import {
  type ApiAnswer,
  apiErrorText,
  apiAnswer,
  ownKeyIdentity,
  refusalStatus,
  sessionIdentity,
} from "./internal-api";

const NUMBER_FIELDS = new Set(["threshold", "interval_seconds", "alert_after_failures", "overlap_seconds"]);

/** The form as the API's JSON body: empty fields left out, numbers as numbers (else sent as typed, for the API to refuse). */
export function formToJson(form: FormValues, fields: string[]): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of fields) {
    const raw = form[field];
    if (Array.isArray(raw)) {
      if (raw.length > 0) body[field] = raw;
      continue;
    }
    const text = raw?.trim() ?? "";
    if (text === "") continue;
    body[field] = NUMBER_FIELDS.has(field) && Number.isFinite(Number(text)) ? Number(text) : text;
  }
  return body;
}

async function readForm(c: Context<DashboardEnv>): Promise<FormValues> {
  const parsed = await c.req.parseBody({ all: true });
  const form: FormValues = {};
  for (const [name, value] of Object.entries(parsed)) {
    if (typeof value === "string") form[name] = name === "event_types" ? [value] : value;
    else if (Array.isArray(value)) form[name] = value.filter((v): v is string => typeof v === "string");
  }
  return form;
}

const call = (c: Context<DashboardEnv>, method: string, path: string, body?: unknown) =>
  apiAnswer(c, sessionIdentity(c.get("signedIn")!), method, path, body);

/** A refused action on one object: 404 for another account's (the API's answer), else the page with the reason. */
function refused(c: Context<DashboardEnv>, answer: ApiAnswer, section: EventsSection, values: FormValues = {}) {
  if (answer.status === 404) throw new HTTPException(404, { message: apiErrorText(answer) });
  return renderEvents(c, { error: { section, message: apiErrorText(answer) }, values }, refusalStatus(c, answer));
}

/** Creates a watch or schedule as the chosen key of this account. */
async function createAsKey(c: Context<DashboardEnv>, section: "watches" | "schedules", fields: string[]) {
  const form = await readForm(c);
  const keyId = typeof form.key_id === "string" ? form.key_id : "";
  const identity = await ownKeyIdentity(c.get("db"), keyId, c.get("signedIn")!.account.id);
  if (!identity)
    return renderEvents(c, { error: { section, message: "Choose one of your live keys." }, values: form }, 400);
  const answer = await apiAnswer(c, identity, "POST", `/v1/${section}`, formToJson(form, fields));
  if (answer.status !== 201) return refused(c, answer, section, form);
  const what = section === "watches" ? "Watch" : "Schedule";
  return renderEvents(c, { notice: `${what} added; it runs as key “${identity.keyName}”.` });
}

export function registerEventActions(app: Hono<DashboardEnv>) {
  app.post("/events/webhooks", async (c) => {
    const form = await readForm(c);
    const answer = await call(c, "POST", "/v1/webhooks", formToJson(form, ["url", "description", "event_types"]));
    if (answer.status !== 201) return refused(c, answer, "webhooks", form);
    const { webhook, secret } = answer.body.data;
    return renderEvents(c, {
      notice: `Endpoint ${webhook.url} added.`,
      secret: { endpointId: webhook.id, value: secret },
    });
  });

  app.post("/events/webhooks/:id/test", async (c) => {
    const answer = await call(c, "POST", `/v1/webhooks/${encodeURIComponent(c.req.param("id"))}/test`);
    if (answer.status !== 200) return refused(c, answer, "webhooks");
    const result = answer.body.data;
    const outcome = result.delivered
      ? `delivered: the receiver answered ${result.status_code} in ${result.latency_ms} ms`
      : `not delivered: ${result.error ?? `the receiver answered ${result.status_code}`}`;
    return renderEvents(c, { notice: `Test ping ${outcome}. It is in the delivery log.` });
  });

  app.post("/events/webhooks/:id/rotate", async (c) => {
    const form = await readForm(c);
    const id = encodeURIComponent(c.req.param("id"));
    const answer = await call(c, "POST", `/v1/webhooks/${id}/rotate`, formToJson(form, ["overlap_seconds"]));
    if (answer.status !== 200) return refused(c, answer, "webhooks");
    const { webhook, secret } = answer.body.data;
    const overlap = webhook.previous_secret_expires_at
      ? ` The old secret signs too until ${webhook.previous_secret_expires_at.replace("T", " ").slice(0, 16)} UTC.`
      : " The old secret no longer signs.";
    return renderEvents(c, {
      notice: `Secret of ${webhook.url} rotated.${overlap}`,
      secret: { endpointId: webhook.id, value: secret },
    });
  });

  app.post("/events/webhooks/:id/delete", async (c) => {
    const path = `/v1/webhooks/${encodeURIComponent(c.req.param("id"))}`;
    if (!(await isConfirmed(c))) {
      const hook = await call(c, "GET", path);
      if (hook.status !== 200) return refused(c, hook, "webhooks");
      return confirmPage(c, {
        question: `Delete the endpoint \`${hook.body.data.url}\`?`,
        consequence: "No more events are sent to it, and its delivery log is deleted with it.",
        label: "Delete the endpoint",
        back: "/dashboard/events#webhooks",
      });
    }
    const answer = await call(c, "DELETE", path);
    if (answer.status !== 200) return refused(c, answer, "webhooks");
    return renderEvents(c, { notice: `Endpoint ${answer.body.data.url} deleted with its delivery log.` });
  });

  app.post("/events/watches", (c) =>
    createAsKey(c, "watches", [
      "kind",
      "platform",
      "destination",
      "check_in",
      "check_out",
      "hotel_id",
      "id",
      "country",
      "condition",
      "threshold",
      "currency",
      "interval_seconds",
      "alert_after_failures",
    ]),
  );

  app.post("/events/watches/:id/check", async (c) => {
    const answer = await call(c, "POST", `/v1/watches/${encodeURIComponent(c.req.param("id"))}/check`);
    if (answer.status !== 200) return refused(c, answer, "watches");
    return renderEvents(c, { notice: "Watch checked now; its last price and check time are updated below." });
  });

  app.post("/events/watches/:id/delete", async (c) => {
    const path = `/v1/watches/${encodeURIComponent(c.req.param("id"))}`;
    if (!(await isConfirmed(c))) {
      const watch = await call(c, "GET", path);
      if (watch.status !== 200) return refused(c, watch, "watches");
      const { kind, platform, target } = watch.body.data;
      return confirmPage(c, {
        question:
          kind === "dataset"
            ? `Delete the watch of dataset \`${platform}\`?`
            : `Delete the watch of ${kind === "hotel" ? `hotels in ${target.destination}` : `product \`${target.id}\``} on ${platform}?`,
        consequence: "Its checks stop, and what it last saw is deleted with it.",
        label: "Delete the watch",
        back: "/dashboard/events#watches",
      });
    }
    const answer = await call(c, "DELETE", path);
    if (answer.status !== 200) return refused(c, answer, "watches");
    return renderEvents(c, { notice: "Watch deleted." });
  });

  app.post("/events/schedules", (c) => createAsKey(c, "schedules", ["cron", "path"]));

  app.post("/events/schedules/:id/delete", async (c) => {
    const path = `/v1/schedules/${encodeURIComponent(c.req.param("id"))}`;
    if (!(await isConfirmed(c))) {
      const schedule = await call(c, "GET", path);
      if (schedule.status !== 200) return refused(c, schedule, "schedules");
      return confirmPage(c, {
        question: `Delete the schedule \`${schedule.body.data.cron}\` → \`${schedule.body.data.path}\`?`,
        consequence: "No further runs start, and the stored answers of its past runs are deleted with it.",
        label: "Delete the schedule",
        back: "/dashboard/events#schedules",
      });
    }
    const answer = await call(c, "DELETE", path);
    if (answer.status !== 200) return refused(c, answer, "schedules");
    return renderEvents(c, { notice: `Schedule ${answer.body.data.cron} → ${answer.body.data.path} deleted.` });
  });
}
