import { perPlan } from "../../db/plan-limits";
import { z, type OpenAPIHono } from "@hono/zod-openapi";
import { apiKey, defineRoute } from "../define-route";
import { type Db, newId } from "../../db/keys";
import { insertWithinCap } from "../../db/object-caps";
import type { WebhookEndpointRow } from "../../db/schema-events";
import { deleteEndpoint, findEndpoint, listEndpoints, rotateEndpointSecret } from "../../db/webhooks";
import type { AppEnv } from "../../env";
import { jsonBody, jsonResponse, openApiErrorResponses, successBody } from "../../envelope";
import { ApiError } from "../../errors";
import { newWebhookSecret } from "../../events/signing";
import { urlGuardOptions } from "../../net/guard-options";
import { guardUrl, UnsafeUrlError } from "../../net/url-guard";
import { refuseOverCap } from "./over-cap";
import { CreateWebhookBody, IdParam, RotateWebhookBody, WebhookSchema } from "./schemas";
import {
  CREATE_WEBHOOK_EXAMPLE,
  ROTATE_WEBHOOK_EXAMPLE,
  WEBHOOK_EXAMPLE,
  WEBHOOK_ID,
  WEBHOOK_SECRET_EXAMPLE,
} from "./examples";

const tags = ["events"];
export const Id = IdParam(WEBHOOK_ID);
const WithSecret = z.object({
  webhook: WebhookSchema,
  secret: z.string().openapi({ description: "`whsec_…`, shown once" }),
});
const createWebhookRoute = defineRoute({
  access: apiKey("events:write"),
  method: "post",
  path: "/v1/webhooks",
  tags,
  summary: "Add a webhook endpoint",
  description: `Events of the chosen \`event_types\` (all by default) are POSTed to \`url\`, signed per Standard Webhooks with the \`whsec_\` secret shown once in this answer. The URL must be public http(s). An account holds at most its plan's number of endpoints (${perPlan("maxWebhooks")}); one more answers 409.`,
  request: { body: jsonBody(CreateWebhookBody, true, CREATE_WEBHOOK_EXAMPLE) },
  responses: {
    201: jsonResponse(WithSecret, "WebhookCreatedEnvelope", "The endpoint and its signing secret, shown once", {
      webhook: WEBHOOK_EXAMPLE,
      secret: WEBHOOK_SECRET_EXAMPLE,
    }),
    ...openApiErrorResponses,
  },
});
const listRoute = defineRoute({
  access: apiKey("events:write"),
  method: "get",
  path: "/v1/webhooks",
  tags,
  summary: "List your webhook endpoints",
  description:
    "Your account's endpoints, oldest first, with the events each receives and whether it is enabled; never a secret.",
  responses: {
    200: jsonResponse(z.array(WebhookSchema), "WebhookListEnvelope", "Endpoints", [WEBHOOK_EXAMPLE]),
    ...openApiErrorResponses,
  },
});
const readRoute = defineRoute({
  access: apiKey("events:write"),
  method: "get",
  path: "/v1/webhooks/{id}",
  tags,
  summary: "One webhook endpoint",
  description:
    "An endpoint of your account: its URL, events, status (disabled after a 410 Gone, with the reason) and any secret-rotation overlap.",
  request: { params: Id },
  responses: {
    200: jsonResponse(WebhookSchema, "WebhookEnvelope", "The endpoint", WEBHOOK_EXAMPLE),
    ...openApiErrorResponses,
  },
});
const deleteRoute = defineRoute({
  access: apiKey("events:write"),
  method: "delete",
  path: "/v1/webhooks/{id}",
  tags,
  summary: "Remove a webhook endpoint",
  description:
    "Removes the endpoint with its delivery log, so pending retries stop too; answers the endpoint as it was.",
  request: { params: Id },
  responses: {
    200: jsonResponse(WebhookSchema, "WebhookDeletedEnvelope", "The removed endpoint", WEBHOOK_EXAMPLE),
    ...openApiErrorResponses,
  },
});
const rotateRoute = defineRoute({
  access: apiKey("events:write"),
  method: "post",
  path: "/v1/webhooks/{id}/rotate",
  tags,
  summary: "Rotate the signing secret",
  description:
    "During `overlap_seconds` every delivery carries two signatures, one per secret, so receivers can switch at their pace.",
  request: { params: Id, body: jsonBody(RotateWebhookBody, false, ROTATE_WEBHOOK_EXAMPLE) },
  responses: {
    200: jsonResponse(WithSecret, "WebhookRotatedEnvelope", "The endpoint and its new secret, shown once", {
      webhook: { ...WEBHOOK_EXAMPLE, previous_secret_expires_at: "2026-11-23T10:00:00.000Z" },
      secret: "whsec_Zp4Lw8Qe1Tn6Yc3Rk9Va2Hs7Bf5Jm0Xd",
    }),
    ...openApiErrorResponses,
  },
});
export function describeWebhook(row: WebhookEndpointRow, now = Date.now()): z.infer<typeof WebhookSchema> {
  const overlap = row.previousSecretExpiresAt && row.previousSecretExpiresAt.getTime() > now;
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    event_types: JSON.parse(row.eventTypes),
    status: row.disabledAt ? "disabled" : "enabled",
    disabled_reason: row.disabledReason,
    previous_secret_expires_at: overlap ? row.previousSecretExpiresAt!.toISOString() : null,
    created_at: row.createdAt.toISOString(),
  };
}

/** Another account's endpoint answers exactly like one that does not exist. */
export async function ownEndpoint(db: Db, id: string, accountId: string) {
  const row = await findEndpoint(db, accountId, id);
  if (!row) throw new ApiError("not_found", `No webhook endpoint with id \`${id}\`.`);
  return row;
}

async function safeUrl(env: Env, url: string): Promise<string> {
  try {
    return (await guardUrl(url, urlGuardOptions(env))).toString();
  } catch (err) {
    if (!(err instanceof UnsafeUrlError)) throw err;
    throw new ApiError("invalid_request", `The webhook URL ${err.message}.`, {
      details: [{ parameter: "url", in: "json", message: err.message }],
    });
  }
}

export function registerWebhooks(app: OpenAPIHono<AppEnv>) {
  app.openapi(createWebhookRoute, async (c) => {
    const body = c.req.valid("json");
    const secret = newWebhookSecret();
    const row = await insertWithinCap(c.get("db"), "webhooks", {
      id: newId("wh"),
      accountId: c.get("identity").accountId,
      url: await safeUrl(c.env, body.url),
      description: body.description ?? null,
      eventTypes: JSON.stringify([...new Set(body.event_types)]),
      secret,
      createdAt: new Date(),
    }).catch(refuseOverCap);
    return c.json(successBody(c, { webhook: describeWebhook(row), secret }), 201);
  });

  app.openapi(listRoute, async (c) => {
    const rows = await listEndpoints(c.get("db"), c.get("identity").accountId);
    return c.json(
      successBody(
        c,
        rows.map((row) => describeWebhook(row)),
      ),
      200,
    );
  });

  app.openapi(readRoute, async (c) =>
    c.json(
      successBody(
        c,
        describeWebhook(await ownEndpoint(c.get("db"), c.req.valid("param").id, c.get("identity").accountId)),
      ),
      200,
    ),
  );

  app.openapi(deleteRoute, async (c) => {
    const row = await ownEndpoint(c.get("db"), c.req.valid("param").id, c.get("identity").accountId);
    await deleteEndpoint(c.get("db"), row.id);
    return c.json(successBody(c, describeWebhook(row)), 200);
  });

  app.openapi(rotateRoute, async (c) => {
    const row = await ownEndpoint(c.get("db"), c.req.valid("param").id, c.get("identity").accountId);
    const { overlap_seconds } = RotateWebhookBody.parse(c.req.valid("json") ?? {});
    const secret = newWebhookSecret();
    const previousUntil = overlap_seconds > 0 ? new Date(Date.now() + overlap_seconds * 1000) : null;
    const rotated = await rotateEndpointSecret(c.get("db"), row, secret, previousUntil);
    return c.json(successBody(c, { webhook: describeWebhook(rotated), secret }), 200);
  });
}
