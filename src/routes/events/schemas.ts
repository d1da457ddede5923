// Request and response schemas shared by the webhook, watch and schedule routes.
import { z } from "@hono/zod-openapi";
import { EVENT_TYPES } from "../../events/config";

export const IdParam = (example: string) =>
  z.object({
    id: z
      .string()
      .min(1)
      .max(64)
      .openapi({ param: { name: "id", in: "path" }, example }),
  });

export const CreateWebhookBody = z.object({
  url: z.string().max(2_000).openapi({ example: "https://example.com/hooks/webdata" }),
  event_types: z
    .array(z.enum(EVENT_TYPES))
    .min(1)
    .default([...EVENT_TYPES])
    .openapi({ description: `Any of ${EVENT_TYPES.join(", ")}; all when omitted` }),
  description: z.string().max(200).optional(),
});

export const RotateWebhookBody = z.object({
  overlap_seconds: z
    .number()
    .int()
    .min(0)
    .max(604_800)
    .default(86_400)
    .openapi({ description: "How long the old secret keeps signing beside the new one (0 to 7 days)" }),
});

export const WebhookSchema = z
  .object({
    id: z.string(),
    url: z.string(),
    description: z.string().nullable(),
    event_types: z.array(z.string()),
    status: z.enum(["enabled", "disabled"]),
    disabled_reason: z.string().nullable(),
    previous_secret_expires_at: z.string().nullable(),
    created_at: z.string(),
  })
  .openapi("Webhook");

export const AttemptSchema = z.object({
  attempt: z.number().int(),
  at: z.string(),
  status_code: z.number().int().nullable(),
  latency_ms: z.number().int(),
  error: z.string().nullable(),
});

export const DeliverySchema = z
  .object({
    id: z.string().openapi({ description: "The `webhook-id` header, the same on every attempt" }),
    event_type: z.string(),
    payload: z
      .record(z.string(), z.unknown())
      .openapi({ description: "The body every attempt sends, signed: `{type, timestamp, data}`" }),
    status: z.enum(["pending", "delivered", "failed"]).openapi({
      description:
        "`pending` until an attempt succeeds or the attempts run out (then `failed`); a failed delivery can be redelivered",
    }),
    attempts: z.array(AttemptSchema),
    next_attempt_at: z.string().nullable().openapi({
      description:
        "When a pending delivery is attempted next (for an attempt in progress: when it is retried if that attempt is lost)",
    }),
    created_at: z.string(),
    delivered_at: z.string().nullable(),
  })
  .openapi("WebhookDelivery");

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "a date as YYYY-MM-DD");
export const CreateWatchBody = z
  .object({
    kind: z.enum(["hotel", "product", "dataset"]).openapi({
      description: "`dataset`: every product of a whole-shop dataset, checked after each of its refreshes",
    }),
    platform: z
      .string()
      .regex(/^[a-z]{2,20}$/, "a platform slug")
      .optional()
      .openapi({ description: "hotel and product: the platform to read" }),
    dataset: z
      .string()
      .regex(/^[a-z0-9-]{1,100}$/, "a dataset slug")
      .optional()
      .openapi({ description: "dataset: the slug of a `shop` dataset this key may read" }),
    destination: z.string().min(1).max(200).optional().openapi({ description: "hotel: where to search" }),
    check_in: isoDate.optional(),
    check_out: isoDate.optional(),
    hotel_id: z
      .string()
      .max(100)
      .optional()
      .openapi({ description: "hotel: the `id` from hotel search; else `hotel_name`, else the cheapest" }),
    hotel_name: z.string().max(200).optional(),
    id: z
      .string()
      .min(1)
      .max(100)
      .regex(/^[\w.-]+$/)
      .optional()
      .openapi({
        description:
          "product: the identifier the platform's product route takes (its `id_parameter` in GET /v1/platforms: an ASIN, an item id, a SKU)",
      }),
    country: z
      .string()
      .regex(/^[A-Za-z]{2}$/)
      .optional(),
    condition: z.enum(["below", "drop_percent", "added", "removed"]).openapi({
      description:
        "`below` and `drop_percent`: a price drop; `added` and `removed` (dataset watches only): products the refresh found new or gone",
    }),
    threshold: z.number().positive().optional().openapi({
      description:
        "`below`: an amount in `currency` (a dataset watch: in each product's own currency); `drop_percent`: percent down from the last seen price. Not taken by `added` and `removed`",
    }),
    currency: z
      .string()
      .regex(/^[A-Za-z]{3}$/)
      .transform((s) => s.toUpperCase())
      .optional()
      .openapi({
        description:
          "What `threshold` and the prices seen are in. Default: a product's own page currency (taken by the first check), EUR for a hotel (hotel search's default)",
      }),
    interval_seconds: z
      .number()
      .int()
      .min(60)
      .max(7 * 86_400)
      .default(3_600),
    alert_after_failures: z
      .number()
      .int()
      .min(1)
      .max(100)
      .optional()
      .openapi({ description: "Send `watch.failing` after this many failed checks in a row" }),
  })
  .superRefine((body, ctx) => {
    const need = {
      hotel: ["platform", "destination", "check_in", "check_out"] as const,
      product: ["platform", "id"] as const,
      dataset: ["dataset"] as const,
    }[body.kind];
    for (const field of need)
      if (body[field] === undefined)
        ctx.addIssue({ code: "custom", path: [field], message: `required for a ${body.kind} watch` });
    const countsProducts = body.condition === "added" || body.condition === "removed";
    if (countsProducts && body.kind !== "dataset")
      ctx.addIssue({ code: "custom", path: ["condition"], message: "`added` and `removed` watch a dataset" });
    if (!countsProducts && body.threshold === undefined)
      ctx.addIssue({ code: "custom", path: ["threshold"], message: `required for \`${body.condition}\`` });
    if (countsProducts && body.threshold !== undefined)
      ctx.addIssue({ code: "custom", path: ["threshold"], message: `\`${body.condition}\` takes no threshold` });
    if (body.condition === "drop_percent" && body.threshold !== undefined && body.threshold >= 100)
      ctx.addIssue({ code: "custom", path: ["threshold"], message: "a percentage below 100" });
    if (body.check_in && body.check_out && body.check_out <= body.check_in)
      ctx.addIssue({ code: "custom", path: ["check_out"], message: "must be after check_in" });
  });

export const WatchSchema = z
  .object({
    id: z.string(),
    kind: z.enum(["hotel", "product", "dataset"]),
    platform: z.string().openapi({ description: "The platform read; for a dataset watch, the dataset's slug" }),
    target: z.record(z.string(), z.unknown()),
    condition: z.enum(["below", "drop_percent", "added", "removed"]),
    threshold: z.number().openapi({ description: "0 for `added` and `removed`" }),
    currency: z.string().nullable().openapi({
      description:
        "What `threshold` and `last_price` are in; null until the first check of a product watch made without one reads its page's currency",
    }),
    interval_seconds: z
      .number()
      .int()
      .openapi({ description: "Seconds between checks; 0 for a dataset watch, checked after each refresh" }),
    alert_after_failures: z.number().int().nullable(),
    last_price: z.number().nullable(),
    last_checked_at: z.string().nullable(),
    last_fired_at: z.string().nullable(),
    next_check_at: z
      .string()
      .openapi({ description: "When it is checked next; for a dataset watch, the dataset's next scheduled refresh" }),
    consecutive_failures: z.number().int(),
    last_error: z.string().nullable(),
    created_at: z.string(),
  })
  .openapi("Watch");

export const CreateScheduleBody = z.object({
  cron: z.string().min(9).max(100).openapi({ example: "0 * * * *", description: "Five fields, UTC" }),
  path: z
    .string()
    .max(2_000)
    .openapi({ example: "/v1/amazon?asin=B0057OC5O8", description: "A v1 GET path with its query" }),
});

export const ScheduleSchema = z
  .object({
    id: z.string(),
    cron: z.string(),
    path: z.string(),
    next_run_at: z.string(),
    created_at: z.string(),
    runs: z
      .array(
        z.object({
          id: z.string(),
          scheduled_for: z.string(),
          status: z.string(),
          http_status: z.number().int().nullable(),
        }),
      )
      .optional(),
  })
  .openapi("Schedule");
