// Requests and answers of the webhook, watch and schedule routes, as the reference at /docs shows them.
import type { z } from "@hono/zod-openapi";
import type {
  CreateScheduleBody,
  CreateWatchBody,
  CreateWebhookBody,
  DeliverySchema,
  RotateWebhookBody,
  ScheduleSchema,
  WatchSchema,
  WebhookSchema,
} from "./schemas";

export const WEBHOOK_ID = "wh_7c1e9a4b2d6f8e0a3b5c";
export const WATCH_ID = "wat_5e2b8d1f4a7c9e3b6d0a";
export const SCHEDULE_ID = "sch_9d4f1b7e2c8a6f3d0e5b";
export const DELIVERY_ID = "msg_2a6c9e1f4b8d3a7c5e0f";
export const RUN_ID = "run_4b9e2d7a1c6f8b3e0d5a";

export const CREATE_WEBHOOK_EXAMPLE = {
  url: "https://example.com/hooks/webdata",
  event_types: ["hotel.rate_dropped", "product.price_changed"],
  description: "Price alerts for the ops channel",
} satisfies z.input<typeof CreateWebhookBody>;

export const ROTATE_WEBHOOK_EXAMPLE = { overlap_seconds: 86_400 } satisfies z.input<typeof RotateWebhookBody>;

export const WEBHOOK_EXAMPLE = {
  id: WEBHOOK_ID,
  url: "https://example.com/hooks/webdata",
  description: "Price alerts for the ops channel",
  event_types: ["hotel.rate_dropped", "product.price_changed"],
  status: "enabled",
  disabled_reason: null,
  previous_secret_expires_at: null,
  created_at: "2026-11-20T16:04:12.000Z",
} satisfies z.infer<typeof WebhookSchema>;

export const WEBHOOK_SECRET_EXAMPLE = "whsec_MfKQ9r2rY5oGm0Z3bV7cXw8JtN1sLhPa";

/** What a receiver answered to one attempt made now (test ping or redelivery). */
export const ATTEMPT_RESULT_EXAMPLE = {
  delivery_id: DELIVERY_ID,
  delivered: true,
  status_code: 200,
  latency_ms: 143,
  error: null,
};

export const DELIVERY_EXAMPLE = {
  id: DELIVERY_ID,
  event_type: "hotel.rate_dropped",
  payload: {
    type: "hotel.rate_dropped",
    timestamp: "2026-11-22T09:00:02.871Z",
    data: { watch_id: WATCH_ID, old_price: 164, new_price: 142, currency: "EUR" },
  },
  status: "delivered",
  attempts: [
    { attempt: 1, at: "2026-11-22T09:00:03.114Z", status_code: 503, latency_ms: 212, error: null },
    { attempt: 2, at: "2026-11-22T09:00:08.390Z", status_code: 200, latency_ms: 143, error: null },
  ],
  next_attempt_at: null,
  created_at: "2026-11-22T09:00:02.871Z",
  delivered_at: "2026-11-22T09:00:08.533Z",
} satisfies z.infer<typeof DeliverySchema>;

export const CREATE_WATCH_EXAMPLE = {
  kind: "hotel",
  platform: "booking",
  destination: "Dublin",
  check_in: "2027-01-10",
  check_out: "2027-01-12",
  hotel_id: "ie/the-spencer",
  condition: "below",
  threshold: 150,
  currency: "EUR",
  interval_seconds: 3_600,
  alert_after_failures: 3,
} satisfies z.input<typeof CreateWatchBody>;

export const WATCH_EXAMPLE = {
  id: WATCH_ID,
  kind: "hotel",
  platform: "booking",
  target: { destination: "Dublin", check_in: "2027-01-10", check_out: "2027-01-12", hotel_id: "ie/the-spencer" },
  condition: "below",
  threshold: 150,
  currency: "EUR",
  interval_seconds: 3_600,
  alert_after_failures: 3,
  last_price: 164,
  last_checked_at: "2026-11-22T09:00:00.000Z",
  last_fired_at: null,
  next_check_at: "2026-11-22T10:00:00.000Z",
  consecutive_failures: 0,
  last_error: null,
  created_at: "2026-11-21T08:00:00.000Z",
} satisfies z.infer<typeof WatchSchema>;

export const CREATE_SCHEDULE_EXAMPLE = { cron: "0 * * * *", path: "/v1/amazon?asin=B0057OC5O8" } satisfies z.input<
  typeof CreateScheduleBody
>;

export const SCHEDULE_EXAMPLE = {
  id: SCHEDULE_ID,
  cron: "0 * * * *",
  path: "/v1/amazon?asin=B0057OC5O8",
  next_run_at: "2026-11-22T11:00:00.000Z",
  created_at: "2026-11-21T17:42:09.000Z",
} satisfies z.infer<typeof ScheduleSchema>;
