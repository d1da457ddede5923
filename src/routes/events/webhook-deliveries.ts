// A webhook endpoint's deliveries: a test ping, the delivery log with every attempt, and redelivery.
import { z, type OpenAPIHono } from "@hono/zod-openapi";
import { deliveryLog, findDelivery } from "../../db/webhooks";
import type { AppEnv } from "../../env";
import { jsonResponse, openApiErrorResponses, successBody } from "../../envelope";
import { ApiError } from "../../errors";
import { attemptDelivery, describeAttemptError, leaseMs } from "../../events/attempt";
import { createDelivery } from "../../events/delivery";
import { apiKey, defineRoute } from "../define-route";
import { ATTEMPT_RESULT_EXAMPLE, DELIVERY_EXAMPLE, DELIVERY_ID } from "./examples";
import { AttemptSchema, DeliverySchema } from "./schemas";
import { Id, ownEndpoint } from "./webhooks";

const tags = ["events"];
const AttemptResult = AttemptSchema.omit({ attempt: true, at: true }).extend({
  delivery_id: z.string(),
  delivered: z.boolean(),
});

const testRoute = defineRoute({
  access: apiKey("events:write"),
  method: "post",
  path: "/v1/webhooks/{id}/test",
  conflict: "The endpoint is disabled (it answered 410, or failed for days); create a new one.",
  tags,
  summary: "Send a signed `webhook.test` ping now",
  description:
    "Signs and sends one `webhook.test` event to the endpoint while you wait, and reports the receiver's status code and latency; it appears in the delivery log.",
  request: { params: Id },
  responses: {
    200: jsonResponse(AttemptResult, "WebhookTestEnvelope", "What the receiver answered", ATTEMPT_RESULT_EXAMPLE),
    ...openApiErrorResponses,
  },
});
const deliveriesRoute = defineRoute({
  access: apiKey("events:write"),
  method: "get",
  path: "/v1/webhooks/{id}/deliveries",
  tags,
  summary: "Delivery log, newest first",
  description:
    "The endpoint's last `limit` deliveries, each with the payload it sends and every attempt (time, status code, latency, error) and, while pending, when the next attempt is due.",
  request: {
    params: Id,
    query: z.object({ limit: z.coerce.number().int().min(1).max(100).default(50).openapi({ example: 50 }) }),
  },
  responses: {
    200: jsonResponse(z.array(DeliverySchema), "WebhookDeliveriesEnvelope", "Deliveries with every attempt", [
      DELIVERY_EXAMPLE,
    ]),
    ...openApiErrorResponses,
  },
});
const redeliverRoute = defineRoute({
  access: apiKey("events:write"),
  method: "post",
  path: "/v1/webhooks/{id}/deliveries/{deliveryId}/redeliver",
  conflict: "The endpoint is disabled, or the delivery is still being tried.",
  tags,
  summary: "Send a delivery again now (same `webhook-id`)",
  description:
    "One more attempt of a delivery from the log, made while you wait; a delivery still pending keeps its retry schedule if this attempt fails too.",
  request: {
    params: Id.extend({
      deliveryId: z.string().openapi({ param: { name: "deliveryId", in: "path" }, example: DELIVERY_ID }),
    }),
  },
  responses: {
    200: jsonResponse(AttemptResult, "WebhookRedeliverEnvelope", "What the receiver answered", ATTEMPT_RESULT_EXAMPLE),
    ...openApiErrorResponses,
  },
});

export function registerWebhookDeliveries(app: OpenAPIHono<AppEnv>) {
  app.openapi(testRoute, async (c) => {
    const row = await ownEndpoint(c.get("db"), c.req.valid("param").id, c.get("identity").accountId);
    if (row.disabledAt)
      throw new ApiError("conflict", `Endpoint \`${row.id}\` is disabled (${row.disabledReason}); create a new one.`);
    // Due only once a lease would have run out: the minute cron leaves the ping to this request,
    // and sends it itself if this Worker dies before claiming it.
    const now = Date.now();
    const deliveryId = await createDelivery(
      c.env,
      row,
      "webhook.test",
      { webhook_id: row.id, message: "Test ping from the Web Data API" },
      now,
      now + leaseMs(c.env),
    );
    const result = await attemptDelivery(c.env, deliveryId, { manual: true, retry: false });
    if (!result)
      throw new ApiError("conflict", `Endpoint \`${row.id}\` was disabled while the test ping was prepared.`);
    return c.json(
      successBody(c, {
        delivery_id: deliveryId,
        delivered: result.status_code !== null && result.status_code < 300 && result.status_code >= 200,
        ...result,
      }),
      200,
    );
  });

  app.openapi(deliveriesRoute, async (c) => {
    const row = await ownEndpoint(c.get("db"), c.req.valid("param").id, c.get("identity").accountId);
    const { deliveries, attempts } = await deliveryLog(c.get("db"), row.id, c.req.valid("query").limit);
    const now = Date.now();
    return c.json(
      successBody(
        c,
        deliveries.map((d) => ({
          // An attempt in flight is still pending to the user; its attempt row says "in progress".
          id: d.id,
          event_type: d.eventType,
          payload: JSON.parse(d.payload) as Record<string, unknown>,
          status: d.status === "sending" ? "pending" : d.status,
          next_attempt_at:
            d.status === "pending" || d.status === "sending" ? (d.nextAttemptAt?.toISOString() ?? null) : null,
          created_at: d.createdAt.toISOString(),
          delivered_at: d.deliveredAt?.toISOString() ?? null,
          attempts: attempts
            .filter((a) => a.deliveryId === d.id)
            .map((a) => ({
              attempt: a.attempt,
              at: a.at.toISOString(),
              status_code: a.statusCode,
              latency_ms: a.latencyMs,
              error: describeAttemptError(a, d, now),
            })),
        })),
      ),
      200,
    );
  });

  app.openapi(redeliverRoute, async (c) => {
    const { id, deliveryId } = c.req.valid("param");
    const row = await ownEndpoint(c.get("db"), id, c.get("identity").accountId);
    const delivery = await findDelivery(c.get("db"), row.id, deliveryId);
    if (!delivery) throw new ApiError("not_found", `No delivery \`${deliveryId}\` for endpoint \`${id}\`.`);
    if (row.disabledAt) throw new ApiError("conflict", `Endpoint \`${row.id}\` is disabled (${row.disabledReason}).`);
    // An unfinished delivery keeps its retry schedule if this attempt fails too; a finished one gets one attempt.
    const result = await attemptDelivery(c.env, delivery.id, {
      manual: true,
      retry: delivery.status === "pending" || delivery.status === "sending",
    });
    if (!result)
      throw new ApiError(
        "conflict",
        `Delivery \`${deliveryId}\` is being attempted right now; look at the log in a moment.`,
      );
    return c.json(
      successBody(c, {
        delivery_id: delivery.id,
        delivered: result.status_code !== null && result.status_code >= 200 && result.status_code < 300,
        ...result,
      }),
      200,
    );
  });
}
