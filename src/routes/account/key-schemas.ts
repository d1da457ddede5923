import { z } from "@hono/zod-openapi";
import { MAX_GRACE_SECONDS } from "../../db/keys";
import { SCOPES } from "../../scopes";

const ScopeSchema = z
  .enum(SCOPES)
  .openapi({ description: "What the key may call: each route names the scope it needs" });

export const KeySchema = z
  .object({
    id: z.string().openapi({ example: "key_3f9a1c2b7d8e4f5a6b7c" }),
    name: z.string(),
    start: z
      .string()
      .openapi({ description: "First characters of the secret, to tell keys apart", example: "wdk_Ab3x" }),
    created_at: z.string(),
    rotated_at: z.string().nullable(),
    last_used_at: z.string().nullable(),
    revoked_at: z.string().nullable(),
    previous_secret_expires_at: z
      .string()
      .nullable()
      .openapi({ description: "While set, the secret before the last rotation still works" }),
    age_days: z.number().int().openapi({ description: "Days since the secret in use was issued" }),
    rotation_recommended: z.boolean().openapi({ description: "True from 90 days of age" }),
    scopes: z.array(ScopeSchema),
  })
  .openapi("ApiKey");

export const KeyWithSecretSchema = z
  .object({
    key: KeySchema,
    secret: z.string().openapi({
      description: "Shown once; store it now. Only its SHA-256 is kept.",
      example: "wdk_Ab3xQ9vT2mLp8RkZ4nYw7cHs1dGf6jEu",
    }),
  })
  .openapi("ApiKeyWithSecret");

/** A key as the API describes it, for the examples in the reference. */
export const KEY_EXAMPLE = {
  id: "key_3f9a1c2b7d8e4f5a6b7c",
  name: "production",
  start: "wdk_Ab3x",
  created_at: "2026-08-14T09:12:44.000Z",
  rotated_at: null,
  last_used_at: "2026-11-22T09:58:03.000Z",
  revoked_at: null,
  previous_secret_expires_at: null,
  age_days: 100,
  rotation_recommended: true,
  scopes: ["products:read", "travel:read"],
} satisfies z.infer<typeof KeySchema>;

export const KEY_WITH_SECRET_EXAMPLE = {
  key: {
    ...KEY_EXAMPLE,
    created_at: "2026-11-22T10:00:00.000Z",
    last_used_at: null,
    age_days: 0,
    rotation_recommended: false,
  },
  secret: "wdk_Ab3xQ9vT2mLp8RkZ4nYw7cHs1dGf6jEu",
} satisfies z.infer<typeof KeyWithSecretSchema>;

/** The same key just rotated with a day's grace for the old secret. */
export const KEY_ROTATED_EXAMPLE = {
  key: {
    ...KEY_EXAMPLE,
    start: "wdk_Qm7v",
    rotated_at: "2026-11-22T10:00:00.000Z",
    previous_secret_expires_at: "2026-11-23T10:00:00.000Z",
    age_days: 0,
    rotation_recommended: false,
  },
  secret: "wdk_Qm7vK2xPz9LcT4bRw8NhY3sJd6gFa1Eo",
} satisfies z.infer<typeof KeyWithSecretSchema>;

export const CreateKeyBodySchema = z.object({
  name: z.string().trim().min(1).max(100).default("default").openapi({ example: "production" }),
  scopes: z
    .array(ScopeSchema)
    .min(1)
    .optional()
    .openapi({
      description:
        "Scopes the new key holds, each one the calling key holds too. Default: the caller's scopes except `keys:write`.",
      example: ["products:read", "travel:read"],
    }),
});

export const RotateKeyBodySchema = z.object({
  grace_seconds: z
    .number()
    .int()
    .min(0)
    .max(MAX_GRACE_SECONDS)
    .default(0)
    .openapi({ description: "How long the old secret keeps working (0 to 604800 = 7 days)", example: 86_400 }),
});

export const CREATE_KEY_EXAMPLE = { name: "production", scopes: ["products:read", "travel:read"] } satisfies z.input<
  typeof CreateKeyBodySchema
>;
export const ROTATE_KEY_EXAMPLE = { grace_seconds: 86_400 } satisfies z.input<typeof RotateKeyBodySchema>;

export const KeyIdParamSchema = z.object({
  id: z
    .string()
    .min(1)
    .openapi({ param: { name: "id", in: "path" }, example: "key_3f9a1c2b7d8e4f5a6b7c" }),
});
