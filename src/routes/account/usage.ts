import { z, type OpenAPIHono } from "@hono/zod-openapi";
import { monthlySpend } from "../../db/captcha-spend";
import { apiKey, defineRoute } from "../define-route";
import type { AppEnv } from "../../env";
import { jsonResponse, openApiErrorResponses, successBody } from "../../envelope";
import { dailyUsageThisMonth } from "../../durable/account-meter-client";
import type { WindowState } from "../../durable/windows";

const WindowSchema = z.object({
  limit: z.number().int(),
  used: z.number().int().openapi({ description: "Requests counted in this window, this one included" }),
  remaining: z.number().int(),
  resets_at: z.string().openapi({ example: "2026-11-22T10:01:00.000Z" }),
});

const UsageSchema = z
  .object({
    account_id: z.string(),
    key_id: z.string(),
    plan: z.string().openapi({ example: "free" }),
    minute: WindowSchema.openapi({ description: "This account (all its keys), this calendar minute (UTC)" }),
    month: WindowSchema.openapi({ description: "The whole account, this calendar month (UTC)" }),
    calls: z
      .object({
        attempted: z.number().int().openapi({
          description:
            "Calls the limiter admitted against the month, job items included (reads of usage and keys never are)",
        }),
        charged: z
          .number()
          .int()
          .openapi({ description: "Those that kept their unit of the month: their answer held data" }),
        days: z
          .array(z.object({ day: z.string(), attempted: z.number().int(), charged: z.number().int() }))
          .openapi({ description: "Per UTC day, from the 1st of the month to today" }),
      })
      .openapi({
        description:
          "This calendar month's calls (UTC), attempted and charged: an error or an `empty` answer gives its unit back (see docs/charging.md).",
      }),
    captcha: z
      .object({ solves: z.number().int(), cap: z.number().int(), cost_usd: z.number() })
      .openapi({ description: "CAPTCHA solves spent this month against the account's cap" }),
  })
  .openapi("Usage");

const USAGE_EXAMPLE = {
  account_id: "acc_1a2b3c4d5e6f7a8b9c0d",
  key_id: "key_3f9a1c2b7d8e4f5a6b7c",
  plan: "pro",
  minute: { limit: 100, used: 6, remaining: 94, resets_at: "2026-11-22T10:01:00.000Z" },
  month: { limit: 10_000, used: 2_417, remaining: 7_583, resets_at: "2026-12-01T00:00:00.000Z" },
  calls: {
    attempted: 2_503,
    charged: 2_417,
    days: [
      { day: "2026-11-01", attempted: 96, charged: 90 },
      { day: "2026-11-02", attempted: 112, charged: 109 },
    ],
  },
  captcha: { solves: 12, cap: 200, cost_usd: 0.036 },
} satisfies z.infer<typeof UsageSchema>;

const route = defineRoute({
  // Never charged to the month (charging.ts); the minute window counts it.
  monthFree: true,
  access: apiKey(null),
  method: "get",
  path: "/v1/usage",
  tags: ["keys"],
  summary: "Your plan, limits and current counts",
  description:
    "Any valid key may call it. The account's plan, this minute's and this month's limits, use and reset times (shared by all its keys), this month's calls attempted and charged (in all and per day), and CAPTCHA spend against its monthly cap. Never charged to the month, and answered even once the month is used up; the minute window counts it.",
  responses: {
    200: jsonResponse(
      UsageSchema,
      "UsageEnvelope",
      "Counts; the minute's include this request, the month's never do",
      USAGE_EXAMPLE,
    ),
    ...openApiErrorResponses,
  },
});

const describeWindow = (window: WindowState) => ({
  limit: window.limit,
  used: window.used,
  remaining: window.remaining,
  resets_at: new Date(window.resetAt).toISOString(),
});

export function registerUsage(app: OpenAPIHono<AppEnv>) {
  // The limiter's answer for this request has the counts: no second round trip.
  app.openapi(route, async (c) => {
    const [identity, limits] = [c.get("identity"), c.get("limits")];
    const spend = await monthlySpend(c.get("db"), identity.accountId);
    // Read once admitted, so the refunds its count carried along are in the figures.
    const today = new Date().toISOString().slice(0, 10);
    const days = (await dailyUsageThisMonth(c.env, identity.accountId)).filter((row) => row.day <= today);
    return c.json(
      successBody(c, {
        account_id: identity.accountId,
        key_id: identity.keyId,
        plan: identity.planId,
        minute: describeWindow(limits.minute),
        month: describeWindow(limits.month!),
        calls: {
          attempted: days.reduce((sum, row) => sum + row.attempted, 0),
          charged: days.reduce((sum, row) => sum + row.charged, 0),
          days,
        },
        captcha: { solves: spend.solves, cap: spend.cap, cost_usd: spend.costMicros / 1_000_000 },
      }),
      200,
    );
  });
}
