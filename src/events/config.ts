import { tuning } from "../tuning";

/**
 * Delays before retries 1..7 after a failed first attempt: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h,
 * 14 h, so the last attempt comes about 31.6 h after the first. Each delay gets ±20 % jitter.
 */
export const RETRY_DELAYS_MS = [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 50_400_000] as const;
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;

/** The delay after attempt `attempt` (1-based) failed, or null when no attempt is left. */
export function retryDelayMs(env: Env, attempt: number, random = Math.random): number | null {
  const base = RETRY_DELAYS_MS[attempt - 1];
  if (base === undefined) return null;
  const firstStep = tuning(env, "WEBHOOK_RETRY_BASE_MS", RETRY_DELAYS_MS[0]);
  const scaled = (base * firstStep) / RETRY_DELAYS_MS[0];
  return Math.round(scaled * (0.8 + 0.4 * random()));
}

export function deliveryTimeoutMs(env: Env): number {
  return tuning(env, "WEBHOOK_TIMEOUT_MS", 10_000);
}

/** Event types an endpoint can subscribe to. */
export const EVENT_TYPES = [
  "hotel.rate_dropped",
  "product.price_changed",
  "watch.failing",
  "schedule.completed",
  "job.completed",
  "job.failed",
  "dataset.refreshed",
  "dataset.changed",
  "dataset.products_matched",
  "webhook.test",
] as const;
export type EventType = (typeof EVENT_TYPES)[number];
