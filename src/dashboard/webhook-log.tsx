import type { z } from "@hono/zod-openapi";
import type { Context, Hono } from "hono";
import type { DeliverySchema } from "../routes/events/schemas";
import { HTTPException } from "hono/http-exception";
import type { DashboardEnv } from "./env";
import { ActionButton } from "./action-button";
import { apiErrorText, apiAnswer, refusalStatus, sessionIdentity } from "./internal-api";
import { ErrorMessage, Layout } from "./layout";

const when = (iso: string | null) => (iso ? `${iso.replace("T", " ").slice(0, 19)} UTC` : "—");

/** One endpoint's delivery log with every attempt, read through the API's deliveries route. */
async function renderLog(
  c: Context<DashboardEnv>,
  extra: { notice?: string; error?: string } = {},
  status: 200 | 400 | 409 | 429 = 200,
) {
  const id = encodeURIComponent(c.req.param("id") ?? "");
  const identity = sessionIdentity(c.get("signedIn")!);
  const [hook, deliveries] = await Promise.all([
    apiAnswer(c, identity, "GET", `/v1/webhooks/${id}`),
    apiAnswer(c, identity, "GET", `/v1/webhooks/${id}/deliveries?limit=50`),
  ]);
  // Another account's endpoint answers like one that does not exist.
  if (hook.status !== 200) throw new HTTPException(404, { message: apiErrorText(hook) });
  const csrf = c.get("csrfToken");
  return c.html(
    <Layout
      title="Webhook delivery log"
      csrfToken={csrf}
      nonce={c.get("secureHeadersNonce")}
      email={c.get("signedIn")!.user.email}
      current="/dashboard/events"
    >
      <p>
        <a href="/dashboard/events">← Webhooks, watches and schedules</a>
      </p>
      {extra.notice ? (
        <p class="notice" role="status">
          {extra.notice}
        </p>
      ) : null}
      <ErrorMessage message={extra.error} />
      <section>
        <h2>
          <code>{hook.body.data.url}</code>
        </h2>
        <ActionButton action={`/dashboard/events/webhooks/${id}/test`} label="Send test ping" csrf={csrf} />
        {deliveries.body.data.length === 0 ? <p>No deliveries yet.</p> : null}
        <div class="table">
          <table id="deliveries" class="stack">
            <caption class="help">
              Newest first; each delivery with the payload it sends, and each attempt with its time, the receiver's
              answer and latency.
            </caption>
            <thead>
              <tr>
                <th scope="col">Event</th>
                <th scope="col">Status</th>
                <th scope="col">Attempts</th>
                <th scope="col">Action</th>
              </tr>
            </thead>
            <tbody>
              {(deliveries.body.data as z.infer<typeof DeliverySchema>[]).map((delivery) => (
                <tr data-delivery-id={delivery.id}>
                  <td data-label="Event">
                    {delivery.event_type}
                    <br />
                    <code class="help">{delivery.id}</code>
                    <details class="payload">
                      <summary>Payload</summary>
                      <pre>{JSON.stringify(delivery.payload, null, 2)}</pre>
                    </details>
                  </td>
                  <td class="delivery-status" data-label="Status">
                    {delivery.status}
                    {delivery.next_attempt_at ? <div class="help">next {when(delivery.next_attempt_at)}</div> : null}
                  </td>
                  <td data-label="Attempts">
                    <ol>
                      {delivery.attempts.map((attempt) => (
                        <li>
                          {when(attempt.at)}: {attempt.status_code ?? "no answer"}, {attempt.latency_ms} ms
                          {attempt.error ? ` — ${attempt.error}` : ""}
                        </li>
                      ))}
                    </ol>
                  </td>
                  <td data-label="Action">
                    <ActionButton
                      action={`/dashboard/events/webhooks/${id}/deliveries/${delivery.id}/redeliver`}
                      label="Redeliver"
                      name={delivery.id}
                      csrf={csrf}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </Layout>,
    status,
  );
}

export function registerWebhookLog(app: Hono<DashboardEnv>) {
  app.get("/events/webhooks/:id", (c) => renderLog(c));

  app.post("/events/webhooks/:id/deliveries/:deliveryId/redeliver", async (c) => {
    const id = encodeURIComponent(c.req.param("id"));
    const deliveryId = encodeURIComponent(c.req.param("deliveryId"));
    const answer = await apiAnswer(
      c,
      sessionIdentity(c.get("signedIn")!),
      "POST",
      `/v1/webhooks/${id}/deliveries/${deliveryId}/redeliver`,
    );
    if (answer.status === 404) throw new HTTPException(404, { message: apiErrorText(answer) });
    if (answer.status !== 200) return renderLog(c, { error: apiErrorText(answer) }, refusalStatus(c, answer));
    const result = answer.body.data;
    return renderLog(c, {
      notice: result.delivered
        ? `Redelivered: the receiver answered ${result.status_code} in ${result.latency_ms} ms.`
        : `Redelivery failed: ${result.error ?? `the receiver answered ${result.status_code}`}.`,
    });
  });
}
