import { z, type OpenAPIHono } from "@hono/zod-openapi";
import { apiKey, defineRoute } from "../define-route";
import type { AppEnv } from "../../env";
import { jsonBody, jsonResponse, openApiErrorResponses, successBody } from "../../envelope";
import { ApiError } from "../../errors";
import { forgetCachedKeys } from "../../db/key-cache";
import {
  countLiveKeys,
  createKey,
  describeKey,
  type Db,
  findKeyById,
  listKeys,
  MAX_KEYS_PER_ACCOUNT,
  revokeKey,
  rotateKey,
} from "../../db/keys";
import { API_KEY_DEFAULT_SCOPES, type Scope } from "../../scopes";
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
  access: apiKey(null),
  method: "get",
  path: "/v1/keys",
  tags,
  summary: "List the keys of your account",
  description:
    "Every key of the calling key's account, revoked ones included, with its scopes, age and last use; never a secret.",
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
  tags,
  summary: "Rotate a key's secret",
  description: "The key keeps its id and counters. The old secret keeps working for `grace_seconds` (0 to 7 days).",
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
  tags,
  summary: "Revoke a key",
  description:
    "Revokes a key of your account for good: it is refused everywhere within 5 seconds. A revoked key cannot be rotated; create a new one instead.",
  request: { params: KeyIdParamSchema },
  responses: {
    200: jsonResponse(KeySchema, "KeyRevokedEnvelope", "The revoked key", {
      ...KEY_EXAMPLE,
      revoked_at: "2026-11-22T10:00:00.000Z",
    }),
    ...openApiErrorResponses,
  },
});

/** Self-service key management: a key manages the keys of its own account, never another's. */
export function registerKeys(app: OpenAPIHono<AppEnv>) {
  app.openapi(listRoute, async (c) => {
    const keys = await listKeys(c.var.db, c.var.identity.accountId);
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
    const granted = grantableScopes(c.var.identity.scopes, scopes);
    const db = c.var.db;
    await assertRoomForKey(db, c.var.identity.accountId);
    const { key, secret } = await createKey(db, c.var.identity.accountId, name, granted);
    return c.json(successBody(c, { key: describeKey(key), secret }), 201);
  });

  app.openapi(rotateRoute, async (c) => {
    const db = c.var.db;
    const key = await ownLiveKey(db, c.req.valid("param").id, c.var.identity.accountId);
    const { grace_seconds } = RotateKeyBodySchema.parse(c.req.valid("json"));
    const rotated = await rotateKey(db, key, grace_seconds);
    forgetCachedKeys({ keyId: key.id });
    return c.json(successBody(c, { key: describeKey(rotated.key), secret: rotated.secret }), 200);
  });

  app.openapi(revokeRoute, async (c) => {
    const db = c.var.db;
    const key = await ownLiveKey(db, c.req.valid("param").id, c.var.identity.accountId);
    const revoked = await revokeKey(db, key);
    forgetCachedKeys({ keyId: key.id });
    return c.json(successBody(c, describeKey(revoked)), 200);
  });
}

/** The scopes a new key gets: those asked for, each held by the creating key; by default its own minus `keys:write`. */
function grantableScopes(held: readonly Scope[], asked: readonly Scope[] | undefined): Scope[] {
  if (!asked) return held.filter((scope) => API_KEY_DEFAULT_SCOPES.includes(scope));
  const missing = asked.filter((scope) => !held.includes(scope));
  if (missing.length > 0) {
    throw new ApiError(
      "forbidden",
      `A key can only grant scopes it holds; this key lacks ${missing.map((scope) => `\`${scope}\``).join(", ")}.`,
      {
        details: missing.map((scope) => ({
          parameter: "scopes",
          in: "body",
          message: `${scope} is not held by the calling key`,
        })),
      },
    );
  }
  return [...new Set(asked)];
}

/** Keys per account are capped: more keys never buy more rate, and a leak stays countable. */
export async function assertRoomForKey(db: Db, accountId: string) {
  if ((await countLiveKeys(db, accountId)) >= MAX_KEYS_PER_ACCOUNT) {
    throw new ApiError(
      "conflict",
      `This account already has ${MAX_KEYS_PER_ACCOUNT} live keys, the most it may hold; revoke one first.`,
    );
  }
}

/** Another account's key answers exactly like a key that does not exist. */
export async function ownLiveKey(db: Db, id: string, accountId?: string) {
  const key = await findKeyById(db, id, accountId);
  if (!key) throw new ApiError("not_found", `No key with id \`${id}\`.`);
  if (key.revokedAt) throw new ApiError("conflict", `Key \`${id}\` is revoked; create a new one instead.`);
  return key;
}
