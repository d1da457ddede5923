import { z, type OpenAPIHono } from "@hono/zod-openapi";
import { apiKey, defineRoute } from "../define-route";
import type { AppEnv } from "../../env";
import { jsonBody, jsonResponse, openApiErrorResponses, successBody } from "../../envelope";
import { createAccountKey, liveKeyOf, revokeAccountKey, rotateAccountKey } from "../../db/key-management";
import { describeKey, listKeys } from "../../db/keys";
import { API_KEY_DEFAULT_SCOPES } from "../../scopes";
import {
  CREATE_KEY_EXAMPLE,
  CreateKeyBodySchema,
  KEY_EXAMPLE,
  KEY_ROTATED_EXAMPLE,
  KEY_WITH_SECRET_EXAMPLE,
  KeyIdParamSchema,
  KeySchema,
  KeyWithSecretSchema,
  ROTATE_KEY_EXAMPLE,
  RotateKeyBodySchema,
} from "./key-schemas";

const tags = ["keys"];

const listRoute = defineRoute({
  // Never charged to the month (charging.ts); the minute window counts it.
  monthFree: true,
  access: apiKey(null),
  method: "get",
  path: "/v1/keys",
  tags,
  summary: "List the keys of your account",
  description:
    "Every key of the calling key's account, revoked ones included, with its scopes, age and last use; never a secret. Never charged to the month; the minute window counts it.",
  responses: {
    200: jsonResponse(z.array(KeySchema), "KeyListEnvelope", "Keys, newest last; secrets are never shown again", [
      KEY_EXAMPLE,
    ]),
    ...openApiErrorResponses,
  },
});

const createKeyRoute = defineRoute({
  access: apiKey("keys:write"),
  method: "post",
  path: "/v1/keys",
  tags,
  summary: "Create a key for your account",
  description:
    "The new key holds the `scopes` asked for, each of which the calling key must hold (by default its own without `keys:write`). The secret is in this answer only; an account holds at most 50 live keys.",
  request: { body: jsonBody(CreateKeyBodySchema, false, CREATE_KEY_EXAMPLE) },
  responses: {
    201: jsonResponse(
      KeyWithSecretSchema,
      "KeyCreatedEnvelope",
      "The new key and its secret, shown once",
      KEY_WITH_SECRET_EXAMPLE,
    ),
    ...openApiErrorResponses,
  },
});

const rotateRoute = defineRoute({
  access: apiKey("keys:write"),
  method: "post",
  path: "/v1/keys/{id}/rotate",
  conflict: "The key is revoked; create a new one instead.",
  tags,
  summary: "Rotate a key's secret",
  description:
    "The key keeps its id and counters. The old secret keeps reading data for `grace_seconds` (0 to 7 days). A key rotates only keys no stronger than itself: each scope of the rotated key must be one it holds.",
  request: { params: KeyIdParamSchema, body: jsonBody(RotateKeyBodySchema, false, ROTATE_KEY_EXAMPLE) },
  responses: {
    200: jsonResponse(
      KeyWithSecretSchema,
      "KeyRotatedEnvelope",
      "The key and its new secret, shown once",
      KEY_ROTATED_EXAMPLE,
    ),
    ...openApiErrorResponses,
  },
});

const revokeRoute = defineRoute({
  access: apiKey("keys:write"),
  method: "delete",
  path: "/v1/keys/{id}",
  conflict: "The key is already revoked.",
  tags,
  summary: "Revoke a key",
  description:
    "Revokes a key of your account for good: it is refused everywhere within 5 seconds. A key revokes only keys no stronger than itself (each scope of the revoked key is one it holds). A revoked key cannot be rotated; create a new one instead.",
  request: { params: KeyIdParamSchema },
  responses: {
    200: jsonResponse(KeySchema, "KeyRevokedEnvelope", "The revoked key", {
      ...KEY_EXAMPLE,
      revoked_at: "2026-11-22T10:00:00.000Z",
    }),
    ...openApiErrorResponses,
  },
});

/** Self-service key management: a key manages its own account's keys that are no stronger than itself. */
export function registerKeys(app: OpenAPIHono<AppEnv>) {
  app.openapi(listRoute, async (c) => {
    const keys = await listKeys(c.get("db"), c.get("identity").accountId);
    return c.json(
      successBody(
        c,
        keys.map((key) => describeKey(key)),
      ),
      200,
    );
  });

  app.openapi(createKeyRoute, async (c) => {
    const { name, scopes } = CreateKeyBodySchema.parse(c.req.valid("json"));
    const { accountId, scopes: held } = c.get("identity");
    // Managing keys is opt-in: by default a new key holds the caller's scopes without `keys:write`.
    const granted = scopes ? [...new Set(scopes)] : held.filter((scope) => API_KEY_DEFAULT_SCOPES.includes(scope));
    const { key, secret } = await createAccountKey(c.get("db"), held, accountId, name, granted);
    return c.json(successBody(c, { key: describeKey(key), secret }), 201);
  });

  app.openapi(rotateRoute, async (c) => {
    const [db, identity] = [c.get("db"), c.get("identity")];
    const key = await liveKeyOf(db, c.req.valid("param").id, identity.accountId);
    const { grace_seconds } = RotateKeyBodySchema.parse(c.req.valid("json"));
    const rotated = await rotateAccountKey(db, identity.scopes, key, grace_seconds);
    return c.json(successBody(c, { key: describeKey(rotated.key), secret: rotated.secret }), 200);
  });

  app.openapi(revokeRoute, async (c) => {
    const [db, identity] = [c.get("db"), c.get("identity")];
    const key = await liveKeyOf(db, c.req.valid("param").id, identity.accountId);
    const revoked = await revokeAccountKey(db, identity.scopes, key);
    return c.json(successBody(c, describeKey(revoked)), 200);
  });
}
