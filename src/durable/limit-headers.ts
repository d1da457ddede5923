// The rate-limit headers of a limiter's decision, and the decision a refund leaves.
import type { LimitDecision } from "./admission";
import { windowState } from "./windows";

/** The decision as it stands once `units` of the month are given back; the minute window keeps them. */
export function afterRefund(decision: LimitDecision, units: number): LimitDecision {
  const { month } = decision;
  if (!month) return decision;
  return { ...decision, month: windowState(month.limit, Math.max(0, month.used - units), month.resetAt) };
}

const secondsUntil = (epochMs: number, now: number) => Math.max(0, Math.ceil((epochMs - now) / 1000));

/**
 * Response headers for a decision, in two dialects:
 * - `RateLimit-Policy` / `RateLimit` per draft-ietf-httpapi-ratelimit-headers (one item per policy;
 *   `q` quota, `w` window seconds, `r` remaining, `t` seconds to reset);
 * - the widespread `X-RateLimit-*` trio, for the window that binds first.
 */
export function rateLimitHeaders(decision: LimitDecision, now = Date.now()): Record<string, string> {
  const { minute, month } = decision;
  const policies = [`"minute";q=${minute.limit};w=60`];
  const states = [`"minute";r=${minute.remaining};t=${secondsUntil(minute.resetAt, now)}`];
  if (month) {
    policies.push(`"month";q=${month.limit};w=${monthSeconds(month.resetAt)}`);
    states.push(`"month";r=${month.remaining};t=${secondsUntil(month.resetAt, now)}`);
  }
  // The window that refuses next is the one to report in the single-window headers.
  const binding = month && (decision.exceeded === "month" || month.remaining < minute.remaining) ? month : minute;
  const headers: Record<string, string> = {
    "RateLimit-Policy": policies.join(", "),
    RateLimit: states.join(", "),
    "X-RateLimit-Limit": String(binding.limit),
    "X-RateLimit-Remaining": String(binding.remaining),
    "X-RateLimit-Reset": String(secondsUntil(binding.resetAt, now)),
  };
  if (!decision.allowed) headers["Retry-After"] = String(Math.max(1, secondsUntil(binding.resetAt, now)));
  return headers;
}

/** Length in seconds of the calendar month that ends at `monthEnd`. */
function monthSeconds(monthEnd: number): number {
  const end = new Date(monthEnd);
  const start = Date.UTC(end.getUTCFullYear(), end.getUTCMonth() - 1, 1);
  return Math.round((monthEnd - start) / 1000);
}
