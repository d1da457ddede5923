import type { MiddlewareHandler } from "hono";
import { drizzle } from "drizzle-orm/d1";
import type { AppEnv } from "../env";
import { ApiError } from "../errors";
import { consumeForAccount, consumeForIp, rateLimitHeaders } from "../durable/rate-limit-client";
import type { LimitDecision } from "../durable/rate-limiter";
import { retryD1Read } from "../db/retry";
import {
  findKeyByHash,
  hashSecret,
  secretsEqual,
  KEY_PATTERN,
  ROTATION_RECOMMENDED_DAYS,
  secretAgeDays,
  touchKey,
  type KeyIdentity,
} from "../db/keys";

/** How long an isolate trusts a key lookup; a revocation takes effect everywhere within this. */
export const KEY_CACHE_MS = 4_000;
const KEY_CACHE_MAX = 10_000;
const TOUCH_EVERY_MS = 60_000;

const keyCache = new Map<string, { identity: KeyIdentity; expiresAt: number }>();
const lastTouched = new Map<string, number>();

const QUERY_KEY_NAMES = ["api_key", "apikey", "api-key", "x-api-key", "access_key"];
const HOW_TO_SEND = "Send your API key in the `X-API-KEY` header or as `Authorization: Bearer <key>`.";

export interface AuthOptions {
  /** Paths that answer without a key (still limited per client IP). */
  publicPaths: readonly string[];
  /** Paths under this prefix take the `X-Admin-Token` header instead of an API key. */
  adminPrefix: string;
}

/** Admin calls are rare; they get their own per-IP allowance so scripts are not throttled by the anonymous guard. */
const ADMIN_REQUESTS_PER_MINUTE = 600;

/**
 * Authenticates `/v1` calls and applies the rate limits, in one Durable Object
 * round trip: the account's limiter for a valid key, the client IP's limiter
 * otherwise. Every answer, errors included, carries the limiter's headers.
 *
 * @example
 * app.use("/v1/*", authenticate({ publicPaths: ["/v1/health"] }))
 */
export function authenticate(options: AuthOptions): MiddlewareHandler<AppEnv> {
  const publicPaths = new Set(options.publicPaths);

  return async function authenticateAndLimit(c, next) {
    const limitAnonymous = async (error?: ApiError) => {
      const decision = await limiterCall(() => consumeForIp(c.env, clientIp(c.req.raw)));
      applyHeaders(c, decision);
      if (!decision.allowed) {
        throw new ApiError("rate_limited", "Too many requests without a valid API key from this address; wait for the minute to end.", {
          retryAfter: Number(rateLimitHeaders(decision)["Retry-After"]),
        });
      }
      if (error) throw error;
    };

    const url = new URL(c.req.url);
    if (url.pathname.startsWith(options.adminPrefix)) {
      if (!(await isAdmin(c.env, c.req.header("X-Admin-Token")))) {
        return limitAnonymous(new ApiError("unauthorized", "Admin routes need the `X-Admin-Token` header set to the ADMIN_TOKEN secret."));
      }
      const decision = await limiterCall(() => consumeForIp(c.env, clientIp(c.req.raw), "admin", ADMIN_REQUESTS_PER_MINUTE));
      applyHeaders(c, decision);
      if (!decision.allowed) throw new ApiError("rate_limited", "Too many admin calls this minute.", { retryAfter: Number(rateLimitHeaders(decision)["Retry-After"]) });
      return next();
    }

    const queryKey = QUERY_KEY_NAMES.find((name) => url.searchParams.has(name));
    if (queryKey) {
      return limitAnonymous(
        new ApiError("unauthorized", `API keys are not accepted in the query string (\`${queryKey}\`), where logs and caches keep them. ${HOW_TO_SEND}`),
      );
    }

    const presented = readKey(c.req.raw.headers);
    if (presented.error) {
      return limitAnonymous(presented.error);
    }
    if (!presented.secret) {
      if (publicPaths.has(url.pathname)) {
        await limitAnonymous();
        return next();
      }
      return limitAnonymous(new ApiError("unauthorized", `This route needs an API key. ${HOW_TO_SEND}`));
    }

    const identity = await lookupKey(c.env, presented.secret);
    if (!identity) {
      return limitAnonymous(new ApiError("unauthorized", `The API key is unknown, revoked or past its rotation grace period. ${HOW_TO_SEND}`));
    }

    const decision = await limiterCall(() =>
      consumeForAccount(c.env, identity.accountId, identity.keyId, identity.perMinute, identity.perMonth),
    );
    applyHeaders(c, decision);
    c.set("identity", identity);
    c.set("limits", decision);

    const ageDays = secretAgeDays(identity.secretIssuedAt);
    if (ageDays >= ROTATION_RECOMMENDED_DAYS) {
      c.header("X-API-Key-Rotation", `recommended; age_days=${ageDays}`);
    }
    if (identity.previousSecretExpiresAt) {
      c.header("X-API-Key-Previous-Secret-Expires", new Date(identity.previousSecretExpiresAt).toISOString());
    }

    if (!decision.allowed) throw limitError(decision);

    touchLater(c.env, c.executionCtx, identity.keyId);
    return next();
  };

  function applyHeaders(c: Parameters<MiddlewareHandler<AppEnv>>[0], decision: LimitDecision) {
    for (const [name, value] of Object.entries(rateLimitHeaders(decision))) c.header(name, value);
  }
}

/** The 429 for a refused key: which limit was hit, and when to retry. */
export function limitError(decision: LimitDecision): ApiError {
  const retryAfter = Number(rateLimitHeaders(decision)["Retry-After"]);
  return decision.exceeded === "month"
    ? new ApiError("quota_exceeded", `Monthly quota of ${decision.month?.limit} requests used up; it renews at the start of next month (UTC) or with a bigger plan.`, { retryAfter })
    : new ApiError("rate_limited", `Rate limit of ${decision.minute.limit} requests per minute reached for this key; retry after ${retryAfter} s.`, { retryAfter });
}

/** Reads the key from `X-API-KEY` or `Authorization: Bearer`, refusing ambiguous or malformed input. */
export function readKey(headers: Headers): { secret?: string; error?: ApiError } {
  const headerKey = headers.get("X-API-KEY")?.trim();
  const authorization = headers.get("Authorization")?.trim();
  let bearer: string | undefined;
  if (authorization) {
    const match = /^Bearer\s+(\S+)$/i.exec(authorization);
    if (!match) {
      return { error: new ApiError("unauthorized", `The Authorization header must read \`Bearer <key>\`. ${HOW_TO_SEND}`) };
    }
    bearer = match[1];
  }
  if (headerKey !== undefined && bearer !== undefined && headerKey !== bearer) {
    return {
      error: new ApiError("invalid_request", "Two different API keys were sent (`X-API-KEY` and `Authorization`); send one.", {
        details: [{ parameter: "Authorization", in: "header", message: "differs from X-API-KEY" }],
      }),
    };
  }
  const secret = headerKey || bearer;
  if (secret === undefined || secret === "") return headerKey === "" ? { error: new ApiError("unauthorized", `The X-API-KEY header is empty. ${HOW_TO_SEND}`) } : {};
  if (!KEY_PATTERN.test(secret)) {
    return { error: new ApiError("unauthorized", `That is not an API key of this service (keys start with \`wdk_\` and have 36 characters). ${HOW_TO_SEND}`) };
  }
  return { secret };
}

async function lookupKey(env: Env, secret: string): Promise<KeyIdentity | null> {
  const hash = await hashSecret(secret);
  const now = Date.now();
  const cached = keyCache.get(hash);
  if (cached && cached.expiresAt > now) {
    const graceOver = cached.identity.previousSecretExpiresAt !== null && cached.identity.previousSecretExpiresAt <= now;
    return graceOver ? null : cached.identity;
  }
  // A read, so safe to retry through a D1 blip; if D1 stays down no key can be trusted: 503, not 401.
  const identity = await retryD1Read(() => findKeyByHash(drizzle(env.DB), hash, now)).catch((err) => {
    console.error("key lookup failed", err);
    throw new ApiError("unavailable", "Keys cannot be checked right now; retry in a second.", { retryAfter: 1, cause: err });
  });
  if (keyCache.size >= KEY_CACHE_MAX) keyCache.clear();
  if (identity) keyCache.set(hash, { identity, expiresAt: now + KEY_CACHE_MS });
  else keyCache.delete(hash);
  return identity;
}

/**
 * Drops cached lookups for a key or an account after a change, so this isolate sees it at once;
 * other isolates see it when their entry expires (at most KEY_CACHE_MS).
 */
export function forgetCachedKeys(match: { keyId?: string; accountId?: string }) {
  for (const [hash, entry] of keyCache) {
    if (entry.identity.keyId === match.keyId || entry.identity.accountId === match.accountId) keyCache.delete(hash);
  }
}

/** Records last use at most once a minute per key and isolate, off the response path. */
function touchLater(env: Env, ctx: { waitUntil(promise: Promise<unknown>): void }, keyId: string) {
  const now = Date.now();
  if ((lastTouched.get(keyId) ?? 0) > now - TOUCH_EVERY_MS) return;
  lastTouched.set(keyId, now);
  if (lastTouched.size > KEY_CACHE_MAX) lastTouched.clear();
  ctx.waitUntil(touchKey(drizzle(env.DB), keyId, now).catch((err) => console.error("touch key failed", err)));
}

/**
 * A limiter that cannot answer is not a reason to admit unlimited traffic. The client has already
 * retried what Cloudflare marks retryable (see rate-limit-client.ts); what is left is a 503.
 */
async function limiterCall(call: () => Promise<LimitDecision>): Promise<LimitDecision> {
  try {
    return await call();
  } catch (err) {
    console.error("rate limiter unavailable", err);
    throw new ApiError("unavailable", "The rate limiter is briefly unavailable; retry in a second.", { retryAfter: 1, cause: err });
  }
}

/** Constant-time comparison of the presented admin token. */
async function isAdmin(env: Env, presented: string | undefined): Promise<boolean> {
  if (!env.ADMIN_TOKEN || !presented) return false;
  return secretsEqual(presented, env.ADMIN_TOKEN);
}

export function clientIp(request: Request): string {
  return request.headers.get("CF-Connecting-IP") ?? "unknown";
}
