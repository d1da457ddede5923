import { z, type OpenAPIHono } from "@hono/zod-openapi";
import { ADMIN, defineRoute } from "./define-route";
import { registerAdminDatasets } from "./admin-datasets";
import type { AppEnv } from "../env";
import { jsonBody, jsonResponse, openApiErrorResponses, successBody } from "../envelope";
import { ApiError } from "../errors";
import { forgetCachedKeys } from "../db/key-cache";
import { createAccount, describeAccount, findAccount, planExists, updateAccount } from "../db/accounts";
import { ABOVE_EVERY_KEY, createAccountKey, liveKeyOf, revokeAccountKey, rotateAccountKey } from "../db/key-management";
import { createKey, describeKey, listKeys, type Db } from "../db/keys";
import { SCOPES } from "../scopes";
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
} from "./account/key-schemas";

const tags = ["admin"];

const PlanSchema = z.enum(["free", "pro", "enterprise"]).openapi({ example: "enterprise" });
const limitsFields = {
  requests_per_minute: z
    .number()
    .int()
    .min(1)
    .max(1_000_000)
    .nullable()
    .optional()
    .openapi({ description: "Custom per-minute limit (enterprise); null restores the plan's", example: 5_000 }),
  requests_per_month: z
    .number()
    .int()
    .min(1)
    .max(1_000_000_000)
    .nullable()
    .optional()
    .openapi({ description: "Custom monthly volume; null restores the plan's", example: 5_000_000 }),
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

const ACCOUNT_EXAMPLE = {
  id: "acc_1a2b3c4d5e6f7a8b9c0d",
  name: "Acme travel",
  email: "ops@acme-travel.example",
  plan: "pro",
  limits: { requests_per_minute: 100, requests_per_month: 10_000 },
  created_at: "2026-08-14T09:12:40.000Z",
} satisfies z.infer<typeof AccountSchema>;

const CreateAccountSchema = z.object({
  name: z.string().trim().min(1).max(200).openapi({ example: "Acme travel" }),
  email: z.email().optional().openapi({ example: "ops@acme-travel.example" }),
  plan: PlanSchema.default("free"),
  key_name: z.string().trim().min(1).max(100).default("default").openapi({ example: "production" }),
  ...limitsFields,
});

const UpdateAccountSchema = z.object({ plan: PlanSchema.optional(), ...limitsFields });

const AccountIdParam = z.object({
  id: z
    .string()
    .min(1)
    .openapi({ param: { name: "id", in: "path" }, example: "acc_1a2b3c4d5e6f7a8b9c0d" }),
});

const createAccountRoute = defineRoute({
  access: ADMIN,
  method: "post",
  path: "/v1/admin/accounts",
  tags,
  summary: "Create an account with its first key",
  description:
    "A customer account on a plan, with optional custom limits, and its first key holding every scope. The key's secret is shown in this answer only; an email already in use is a 409.",
  request: {
    body: jsonBody(CreateAccountSchema, true, {
      name: "Acme travel",
      email: "ops@acme-travel.example",
      plan: "pro",
      key_name: "production",
    }),
  },
  responses: {
    201: jsonResponse(
      z.object({ account: AccountSchema, key: KeySchema, secret: z.string() }),
      "AdminAccountCreatedEnvelope",
      "The account, its first key and that key's secret (shown once)",
      {
        account: { ...ACCOUNT_EXAMPLE, created_at: "2026-11-22T10:00:00.000Z" },
        ...KEY_WITH_SECRET_EXAMPLE,
        key: {
          ...KEY_WITH_SECRET_EXAMPLE.key,
          scopes: ["catalogue:read", "products:read", "travel:read", "events:write", "jobs:write", "keys:write"],
        },
      },
    ),
    ...openApiErrorResponses,
  },
});

const getAccountRoute = defineRoute({
  access: ADMIN,
  method: "get",
  path: "/v1/admin/accounts/{id}",
  tags,
  summary: "An account, its limits and keys",
  description:
    "Any account by id: its plan, the limits in force (custom ones where set) and every key, revoked ones included; never a secret.",
  request: { params: AccountIdParam },
  responses: {
    200: jsonResponse(
      z.object({ account: AccountSchema, keys: z.array(KeySchema) }),
      "AdminAccountEnvelope",
      "The account",
      { account: ACCOUNT_EXAMPLE, keys: [KEY_EXAMPLE] },
    ),
    ...openApiErrorResponses,
  },
});

const updateAccountRoute = defineRoute({
  access: ADMIN,
  method: "patch",
  path: "/v1/admin/accounts/{id}",
  tags,
  summary: "Change plan or custom limits",
  description:
    "Only the fields sent change; a limit set to `null` falls back to the plan's. All the account's keys get the new limits within 5 seconds.",
  request: {
    params: AccountIdParam,
    body: jsonBody(UpdateAccountSchema, true, { plan: "enterprise", requests_per_minute: 5_000 }),
  },
  responses: {
    200: jsonResponse(
      AccountSchema,
      "AdminAccountUpdatedEnvelope",
      "The account with its new limits (in force within 5 s)",
      {
        ...ACCOUNT_EXAMPLE,
        plan: "enterprise",
        limits: { requests_per_minute: 5_000, requests_per_month: 1_000_000 },
      },
    ),
    ...openApiErrorResponses,
  },
});

const createKeyRoute = defineRoute({
  access: ADMIN,
  method: "post",
  path: "/v1/admin/accounts/{id}/keys",
  tags,
  summary: "Create a key for an account",
  description:
    "A new key for any account, holding the `scopes` given (every scope when omitted). The secret is shown once; at most 50 live keys per account.",
  request: { params: AccountIdParam, body: jsonBody(CreateKeyBodySchema, false, CREATE_KEY_EXAMPLE) },
  responses: {
    201: jsonResponse(
      KeyWithSecretSchema,
      "AdminKeyCreatedEnvelope",
      "The key and its secret, shown once",
      KEY_WITH_SECRET_EXAMPLE,
    ),
    ...openApiErrorResponses,
  },
});

const rotateKeyRoute = defineRoute({
  access: ADMIN,
  method: "post",
  path: "/v1/admin/keys/{id}/rotate",
  tags,
  summary: "Rotate any key",
  description:
    "A new secret for any live key, which keeps its id and counters; the old secret keeps reading data for `grace_seconds` (0 to 7 days).",
  request: { params: KeyIdParamSchema, body: jsonBody(RotateKeyBodySchema, false, ROTATE_KEY_EXAMPLE) },
  responses: {
    200: jsonResponse(
      KeyWithSecretSchema,
      "AdminKeyRotatedEnvelope",
      "The key and its new secret",
      KEY_ROTATED_EXAMPLE,
    ),
    ...openApiErrorResponses,
  },
});

const revokeKeyRoute = defineRoute({
  access: ADMIN,
  method: "post",
  path: "/v1/admin/keys/{id}/revoke",
  tags,
  summary: "Revoke any key",
  description: "Revokes any live key, e.g. a leaked one; it is refused everywhere within 5 seconds.",
  request: { params: KeyIdParamSchema },
  responses: {
    200: jsonResponse(KeySchema, "AdminKeyRevokedEnvelope", "The revoked key", {
      ...KEY_EXAMPLE,
      revoked_at: "2026-11-22T10:00:00.000Z",
    }),
    ...openApiErrorResponses,
  },
});

async function accountOr404(db: Db, id: string) {
  const found = await findAccount(db, id);
  if (!found) throw new ApiError("not_found", `No account with id \`${id}\`.`);
  return found;
}

/** Operator API, guarded by the `X-Admin-Token` header (see the auth middleware); the operator stands above every key. */
export function registerAdmin(app: OpenAPIHono<AppEnv>) {
  registerAdminDatasets(app);
  app.openapi(createAccountRoute, async (c) => {
    const db = c.get("db");
    const body = c.req.valid("json");
    const account = await createAccount(db, {
      name: body.name,
      email: body.email ?? null,
      planId: body.plan,
      customRequestsPerMinute: body.requests_per_minute ?? null,
      customRequestsPerMonth: body.requests_per_month ?? null,
    }).catch((err: Error) => {
      if (/UNIQUE/.test(String(err.message)))
        throw new ApiError("conflict", "An account with that email already exists.");
      throw err;
    });
    const { plan } = await accountOr404(db, account.id);
    const { key, secret } = await createKey(db, account.id, body.key_name);
    return c.json(successBody(c, { account: describeAccount(account, plan), key: describeKey(key), secret }), 201);
  });

  app.openapi(getAccountRoute, async (c) => {
    const db = c.get("db");
    const { account, plan } = await accountOr404(db, c.req.valid("param").id);
    const keys = await listKeys(db, account.id);
    return c.json(
      successBody(c, { account: describeAccount(account, plan), keys: keys.map((k) => describeKey(k)) }),
      200,
    );
  });

  app.openapi(updateAccountRoute, async (c) => {
    const db = c.get("db");
    const { id } = c.req.valid("param");
    const body = c.req.valid("json");
    await accountOr404(db, id);
    if (body.plan && !(await planExists(db, body.plan)))
      throw new ApiError("invalid_request", `Unknown plan \`${body.plan}\`.`);
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
    const db = c.get("db");
    const { account } = await accountOr404(db, c.req.valid("param").id);
    const { name, scopes = SCOPES } = CreateKeyBodySchema.parse(c.req.valid("json"));
    const { key, secret } = await createAccountKey(db, ABOVE_EVERY_KEY, account.id, name, scopes);
    return c.json(successBody(c, { key: describeKey(key), secret }), 201);
  });

  app.openapi(rotateKeyRoute, async (c) => {
    const db = c.get("db");
    const key = await liveKeyOf(db, c.req.valid("param").id);
    const { grace_seconds } = RotateKeyBodySchema.parse(c.req.valid("json"));
    const rotated = await rotateAccountKey(db, ABOVE_EVERY_KEY, key, grace_seconds);
    return c.json(successBody(c, { key: describeKey(rotated.key), secret: rotated.secret }), 200);
  });

  app.openapi(revokeKeyRoute, async (c) => {
    const db = c.get("db");
    const key = await liveKeyOf(db, c.req.valid("param").id);
    const revoked = await revokeAccountKey(db, ABOVE_EVERY_KEY, key);
    return c.json(successBody(c, describeKey(revoked)), 200);
  });
}
