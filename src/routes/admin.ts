import { z, type OpenAPIHono } from "@hono/zod-openapi";
import { ADMIN, defineRoute } from "./define-route";
import type { AppEnv } from "../env";
import { jsonBody, jsonResponse, openApiErrorResponses, successBody } from "../envelope";
import { ApiError } from "../errors";
import { forgetCachedKeys } from "../db/key-cache";
import { createAccount, describeAccount, findAccount, planExists, updateAccount } from "../db/accounts";
import { createKey, describeKey, listKeys, revokeKey, rotateKey, type Db } from "../db/keys";
import { CreateKeyBodySchema, KeyIdParamSchema, KeySchema, KeyWithSecretSchema, RotateKeyBodySchema } from "./account/key-schemas";
import { assertRoomForKey, ownLiveKey } from "./account/keys";

const tags = ["admin"];

const PlanSchema = z.enum(["free", "pro", "enterprise"]);
const limitsFields = {
  requests_per_minute: z.number().int().min(1).max(1_000_000).nullable().optional().openapi({ description: "Custom per-minute limit (enterprise); null restores the plan's" }),
  requests_per_month: z.number().int().min(1).max(1_000_000_000).nullable().optional().openapi({ description: "Custom monthly volume; null restores the plan's" }),
};

const AccountSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    email: z.string().nullable(),
    plan: z.string(),
    limits: z.object({ requests_per_minute: z.number().int(), requests_per_month: z.number().int() }),
    created_at: z.string(),
  })
  .openapi("Account");

const CreateAccountSchema = z.object({
  name: z.string().trim().min(1).max(200).openapi({ example: "Acme travel" }),
  email: z.email().optional(),
  plan: PlanSchema.default("free"),
  key_name: z.string().trim().min(1).max(100).default("default"),
  ...limitsFields,
});

const AccountIdParam = z.object({ id: z.string().min(1).openapi({ param: { name: "id", in: "path" }, example: "acc_1a2b3c4d5e6f7a8b9c0d" }) });

const createAccountRoute = defineRoute({ access: ADMIN, 
  method: "post", path: "/v1/admin/accounts", tags, summary: "Create an account with its first key",
  request: { body: jsonBody(CreateAccountSchema) },
  responses: { 201: jsonResponse(z.object({ account: AccountSchema, key: KeySchema, secret: z.string() }), "AdminAccountCreatedEnvelope", "The account, its first key and that key's secret (shown once)"), ...openApiErrorResponses },
});

const getAccountRoute = defineRoute({ access: ADMIN, 
  method: "get", path: "/v1/admin/accounts/{id}", tags, summary: "An account, its limits and keys",
  request: { params: AccountIdParam },
  responses: { 200: jsonResponse(z.object({ account: AccountSchema, keys: z.array(KeySchema) }), "AdminAccountEnvelope", "The account"), ...openApiErrorResponses },
});

const updateAccountRoute = defineRoute({ access: ADMIN, 
  method: "patch", path: "/v1/admin/accounts/{id}", tags, summary: "Change plan or custom limits",
  request: { params: AccountIdParam, body: jsonBody(z.object({ plan: PlanSchema.optional(), ...limitsFields })) },
  responses: { 200: jsonResponse(AccountSchema, "AdminAccountUpdatedEnvelope", "The account with its new limits (in force within 5 s)"), ...openApiErrorResponses },
});

const createKeyRoute = defineRoute({ access: ADMIN, 
  method: "post", path: "/v1/admin/accounts/{id}/keys", tags, summary: "Create a key for an account",
  request: { params: AccountIdParam, body: jsonBody(CreateKeyBodySchema, false) },
  responses: { 201: jsonResponse(KeyWithSecretSchema, "AdminKeyCreatedEnvelope", "The key and its secret, shown once"), ...openApiErrorResponses },
});

const rotateKeyRoute = defineRoute({ access: ADMIN, 
  method: "post", path: "/v1/admin/keys/{id}/rotate", tags, summary: "Rotate any key",
  request: { params: KeyIdParamSchema, body: jsonBody(RotateKeyBodySchema, false) },
  responses: { 200: jsonResponse(KeyWithSecretSchema, "AdminKeyRotatedEnvelope", "The key and its new secret"), ...openApiErrorResponses },
});

const revokeKeyRoute = defineRoute({ access: ADMIN, 
  method: "post", path: "/v1/admin/keys/{id}/revoke", tags, summary: "Revoke any key",
  request: { params: KeyIdParamSchema },
  responses: { 200: jsonResponse(KeySchema, "AdminKeyRevokedEnvelope", "The revoked key"), ...openApiErrorResponses },
});

async function accountOr404(db: Db, id: string) {
  const found = await findAccount(db, id);
  if (!found) throw new ApiError("not_found", `No account with id \`${id}\`.`);
  return found;
}

/** Operator API, guarded by the `X-Admin-Token` header (see the auth middleware). */
export function registerAdmin(app: OpenAPIHono<AppEnv>) {
  app.openapi(createAccountRoute, async (c) => {
    const db = c.var.db;
    const body = c.req.valid("json");
    const account = await createAccount(db, {
      name: body.name,
      email: body.email ?? null,
      planId: body.plan,
      customRequestsPerMinute: body.requests_per_minute ?? null,
      customRequestsPerMonth: body.requests_per_month ?? null,
    }).catch((err: Error) => {
      if (/UNIQUE/.test(String(err.message))) throw new ApiError("conflict", "An account with that email already exists.");
      throw err;
    });
    const { plan } = await accountOr404(db, account.id);
    const { key, secret } = await createKey(db, account.id, body.key_name);
    return c.json(successBody(c, { account: describeAccount(account, plan), key: describeKey(key), secret }), 201);
  });

  app.openapi(getAccountRoute, async (c) => {
    const db = c.var.db;
    const { account, plan } = await accountOr404(db, c.req.valid("param").id);
    const keys = await listKeys(db, account.id);
    return c.json(successBody(c, { account: describeAccount(account, plan), keys: keys.map((k) => describeKey(k)) }), 200);
  });

  app.openapi(updateAccountRoute, async (c) => {
    const db = c.var.db;
    const { id } = c.req.valid("param");
    const body = c.req.valid("json");
    await accountOr404(db, id);
    if (body.plan && !(await planExists(db, body.plan))) throw new ApiError("invalid_request", `Unknown plan \`${body.plan}\`.`);
    await updateAccount(db, id, {
      ...(body.plan ? { planId: body.plan } : {}),
      ...(body.requests_per_minute !== undefined ? { customRequestsPerMinute: body.requests_per_minute } : {}),
      ...(body.requests_per_month !== undefined ? { customRequestsPerMonth: body.requests_per_month } : {}),
    });
    forgetCachedKeys({ accountId: id });
    const { account, plan } = await accountOr404(db, id);
    return c.json(successBody(c, describeAccount(account, plan)), 200);
  });

  app.openapi(createKeyRoute, async (c) => {
    const db = c.var.db;
    const { account } = await accountOr404(db, c.req.valid("param").id);
    const { name, scopes } = CreateKeyBodySchema.parse(c.req.valid("json"));
    await assertRoomForKey(db, account.id);
    const { key, secret } = await createKey(db, account.id, name, scopes);
    return c.json(successBody(c, { key: describeKey(key), secret }), 201);
  });

  app.openapi(rotateKeyRoute, async (c) => {
    const db = c.var.db;
    const key = await ownLiveKey(db, c.req.valid("param").id);
    const { grace_seconds } = RotateKeyBodySchema.parse(c.req.valid("json"));
    const rotated = await rotateKey(db, key, grace_seconds);
    forgetCachedKeys({ keyId: key.id });
    return c.json(successBody(c, { key: describeKey(rotated.key), secret: rotated.secret }), 200);
  });

  app.openapi(revokeKeyRoute, async (c) => {
    const db = c.var.db;
    const key = await ownLiveKey(db, c.req.valid("param").id);
    const revoked = await revokeKey(db, key);
    forgetCachedKeys({ keyId: key.id });
    return c.json(successBody(c, describeKey(revoked)), 200);
  });
}
