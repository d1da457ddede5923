import { withRetry } from "../retry";
import type { AnsweredCall, ConsumeRequest, LimitDecision, RateLimiter } from "./rate-limiter";

/**
 * Cloudflare flags Durable Object errors: `retryable` ones may be retried when the call is
 * idempotent, `overloaded` ones must not be, since a retry adds to the overload
 * (https://developers.cloudflare.com/durable-objects/best-practices/error-handling/).
 */
export function isRetryableLimiterError(err: unknown): boolean {
  const flags = err as { retryable?: unknown; overloaded?: unknown } | null;
  return flags?.retryable === true && flags.overloaded !== true;
}

/**
 * Calls one limiter object, retrying retryable errors: 3 attempts, under 100 ms of waiting in all,
 * as this is on every request's path. Each attempt gets a new stub, since the docs warn that a
 * stub may be broken after an exception.
 */
function callLimiter<T>(
  env: Env,
  name: string,
  call: (stub: DurableObjectStub<RateLimiter>) => Promise<T>,
): Promise<T> {
  const id = env.RATE_LIMITER.idFromName(name);
  return withRetry(() => call(env.RATE_LIMITER.get(id)), {
    retryIf: isRetryableLimiterError,
    baseDelayMs: 25,
    maxTotalDelayMs: 100,
  });
}

/**
 * Counts one request. A retryable error may come back after the object counted it, so every
 * attempt carries the same idempotency key and the object answers a repeat without counting.
 */
function consume(env: Env, name: string, request: Omit<ConsumeRequest, "idempotencyKey">): Promise<LimitDecision> {
  const idempotencyKey = crypto.randomUUID();
  return callLimiter(env, name, (stub) => stub.consume({ ...request, idempotencyKey }));
}

/**
 * Answered calls per account not yet sent to its limiter object. They ride along with the
 * account's next `consume` from this isolate, so a busy account's answers cost no call of their
 * own; the first answer of a quiet spell sends whatever is waiting after `ANSWERS_WAIT_MS`.
 */
const unsentAnswers = new Map<string, AnsweredCall[]>();
const ANSWERS_WAIT_MS = 250;

function takeAnswers(accountId: string): AnsweredCall[] | undefined {
  const answers = unsentAnswers.get(accountId);
  unsentAnswers.delete(accountId);
  return answers;
}

/** Sends the account's waiting answers on their own; not retried, as a lost count is not worth a double one. */
async function sendAnswers(env: Env, accountId: string): Promise<void> {
  const answers = takeAnswers(accountId);
  if (answers?.length)
    await env.RATE_LIMITER.get(env.RATE_LIMITER.idFromName(`account:${accountId}`)).recordAnswers(answers);
}

/** The per-minute window's subject in an account's object: the account, whichever of its keys calls. */
const ACCOUNT_SUBJECT = "account";

/**
 * Limiter for an authenticated account: one object per account, one call per request; all its
 * keys share both windows. `units` > 1 counts one call as that many requests, all or none.
 */
export function consumeForAccount(env: Env, accountId: string, perMinute: number, perMonth: number, units = 1) {
  // Should this call fail, they are lost with it: a lost count is not worth a double one.
  const answers = takeAnswers(accountId);
  return consume(env, `account:${accountId}`, { subject: ACCOUNT_SUBJECT, perMinute, perMonth, units, answers });
}

/** Requests the account made per UTC day, for the usage chart. */
export function dailyUsageForAccount(env: Env, accountId: string, days = 31) {
  return callLimiter(env, `account:${accountId}`, (stub) => stub.dailyUsage(days));
}

/**
 * Counts an answered call by endpoint and status class: it waits for the account's next limiter
 * call, and the returned promise (for `waitUntil`) sends it on its own should none come soon.
 */
export async function recordAnswerForAccount(env: Env, accountId: string, answer: AnsweredCall): Promise<void> {
  const waiting = unsentAnswers.get(accountId);
  if (waiting) {
    // An earlier answer's promise sends this one too.
    waiting.push(answer);
    return;
  }
  unsentAnswers.set(accountId, [answer]);
  await scheduler.wait(ANSWERS_WAIT_MS);
  await sendAnswers(env, accountId);
}

/** The account's answered calls per day, endpoint and status class since `sinceDay`, for the usage page. */
export async function endpointUsageForAccount(env: Env, accountId: string, sinceDay: string) {
  await sendAnswers(env, accountId).catch(() => {});
  return callLimiter(env, `account:${accountId}`, (stub) => stub.endpointUsage(sinceDay));
}

/** Brute-force guard for calls without a valid key: one object per client IP. */
export function consumeForIp(
  env: Env,
  ip: string,
  subject = "anonymous",
  perMinute = Number(env.ANON_REQUESTS_PER_MINUTE) || 60,
) {
  return consume(env, `ip:${ip}`, { subject, perMinute });
}

/** The unit of the account's monthly volume a batch-job item holds; asking again for the same item takes none. */
export function reserveItemForAccount(env: Env, accountId: string, perMonth: number, itemKey: string) {
  return callLimiter(env, `account:${accountId}`, (stub) => stub.reserveItem({ itemKey, perMonth }));
}

/** Gives back the unit a batch-job item holds (it produced no data); a repeat gives back nothing. */
export function releaseItemForAccount(env: Env, accountId: string, itemKey: string) {
  return callLimiter(env, `account:${accountId}`, (stub) => stub.releaseItem({ itemKey }));
}

export function peekAccount(env: Env, accountId: string, perMinute: number, perMonth: number) {
  return callLimiter(env, `account:${accountId}`, (stub) =>
    stub.peek({ subject: ACCOUNT_SUBJECT, perMinute, perMonth }),
  );
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
