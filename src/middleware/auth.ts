// The guards a route declares (see routes/define-route.ts): parse the presented key, verify it
// (db/key-cache.ts), then count the call (durable/account-meter-client.ts), in that order.
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../env";
import { readsData, type Scope } from "../scopes";
import { ApiError } from "../errors";
import { consumeForAccount, consumeForIp } from "../durable/account-meter-client";
import { rateLimitHeaders } from "../durable/limit-headers";
import type { LimitDecision } from "../durable/account-meter";
import { lookupKey, touchLater } from "../db/key-cache";
import { ROTATION_RECOMMENDED_DAYS, secretAgeDays, secretsEqual, type KeyIdentity } from "../db/keys";
import { callerOf } from "../in-process";
import { HOW_TO_SEND, readKey } from "./read-key";
import { log } from "../log";
import { timed } from "../timing";
import { keepAdmission } from "./charge";

const QUERY_KEY_NAMES = ["api_key", "apikey", "api-key", "x-api-key", "access_key"];

/** Admin calls are rare; they get their own per-IP allowance so scripts are not throttled by the anonymous guard. */
const ADMIN_REQUESTS_PER_MINUTE = 600;

/**
 * What a route needs before its handler runs, declared where the route is defined (see
 * routes/define-route.ts) and enforced by the guard attached to that route: the router decides
 * which route answers, and that route's own guard runs. Nothing here reads the URL's path.
 */
export type Access =
  /** Anyone; limited per client IP. */
  | { kind: "public" }
  /** The operator, with the `X-Admin-Token` header. */
  | { kind: "admin" }
  /** An API key; `scope` null means any live key of the account (e.g. its own usage). */
  | { kind: "key"; scope: Scope | null };

type Context = Parameters<MiddlewareHandler<AppEnv>>[0];

/**
 * The guard for one route's declared access. Every answer, refusals included, carries the
 * headers of the limiter that counted it: the account's for a valid key, the client IP's otherwise.
 *
 * @example
 * createRoute({ ..., middleware: [requireAccess({ kind: "key", scope: "products:read" })] })
 */
export function requireAccess(access: Access, options: AccessOptions = {}): MiddlewareHandler<AppEnv> {
  switch (access.kind) {
    case "public":
      return async function publicRoute(c, next) {
        await limitAnonymous(c);
        return next();
      };
    case "admin":
      return async function adminRoute(c, next) {
        if (!(await isAdmin(c.env, c.req.header("X-Admin-Token")))) {
          return refuse(
            c,
            new ApiError("unauthorized", "Admin routes need the `X-Admin-Token` header set to the ADMIN_TOKEN secret."),
          );
        }
        const decision = await limiterCall(() =>
          consumeForIp(c.env, clientIp(c.req.raw), "admin", ADMIN_REQUESTS_PER_MINUTE),
        );
        applyHeaders(c, decision);
        if (!decision.allowed)
          throw new ApiError("rate_limited", "Too many admin calls this minute.", {
            retryAfter: Number(rateLimitHeaders(decision)["Retry-After"]),
          });
        return next();
      };
    case "key":
      return async function keyRoute(c, next) {
        // A call run in-process as a stored identity (a watch, a job item, the dashboard, an MCP tool):
        // no secret to verify, the same scope rule, counting and headers (src/in-process.ts).
        const caller = callerOf(c.req.raw);
        if (caller) {
          const refusal = scopeRefusal(caller.identity, access.scope);
          if (refusal) throw refusal;
          c.set("identity", caller.identity);
          if (caller.prepaid) {
            // Taken before the call (a job item's unit, an MCP message's): the answer still shows the limits.
            applyHeaders(c, caller.prepaid);
            keepAdmission(c, caller.prepaid, { units: 1 });
          } else if (caller.counted) await admit(c, caller.identity, 1, options);
          return next();
        }
        const admission = admit(c, await verifiedKey(c, access.scope), 1, options);
        if (!options.readsBesideLimiter) {
          await admission;
          return next();
        }
        // Marked as handled here; it is awaited below, and by the route before it answers.
        admission.catch(() => {});
        c.set("admission", admission);
        await next();
        // Whatever ran meanwhile only read: a refusal replaces its answer (a 400 included, as before).
        await admission;
      };
  }
}

export interface AccessOptions {
  /**
   * The route starts its reads (cache, D1) while the limiter decides, and awaits `admitted(c)`
   * before it answers or does any other work: a cached answer then costs the slower of the two,
   * not both. `c.get("limits")` is set only once admitted.
   */
  readsBesideLimiter?: boolean;
  /**
   * The call never takes a unit of the month, and a used-up month does not refuse it; the minute
   * window counts it (charging.ts: reading the account's own usage and keys).
   */
  monthFree?: boolean;
}

/**
 * Resolves once this request is admitted; rejects with its 429 (or the limiter's 503). Routes
 * that read their cache beside the limiter await it before answering or doing anything else;
 * on every other route the guard has awaited it already.
 */
export function admitted(c: Context): Promise<void> {
  return c.get("admission") ?? Promise.resolve();
}

/** Why a verified key may not call a route needing `scope`, or null when it may. */
function scopeRefusal(identity: KeyIdentity, scope: Scope | null): ApiError | null {
  if (identity.previousSecretExpiresAt !== null && !readsData(scope)) {
    return new ApiError(
      "unauthorized",
      "This is the previous secret of a rotated key: until its grace period ends it only reads data. Manage keys, events and jobs with the key's new secret.",
    );
  }
  if (scope !== null && !identity.scopes.includes(scope)) {
    return new ApiError(
      "forbidden",
      `This key lacks the \`${scope}\` scope this route needs; create a key that holds it (see GET /v1/keys for this key's scopes).`,
    );
  }
  return null;
}

/** The presented key, verified and holding `scope`; every refusal counts against the client IP. */
async function verifiedKey(c: Context, scope: Scope | null): Promise<KeyIdentity> {
  const identity = await identifyKey(c);
  // A refused scope is not the account's traffic: it is counted like any call without a valid key.
  const refusal = scopeRefusal(identity, scope);
  if (refusal) return refuse(c, refusal);
  c.set("identity", identity);
  return identity;
}

/**
 * Counts the call in the account's limiter (one Durable Object round trip) and sets its headers;
 * throws its 429 when refused. `units` > 1: the call stands for that many requests (MCP messages).
 */
export async function admit(
  c: Context,
  identity: KeyIdentity,
  units = 1,
  { monthFree = false }: Pick<AccessOptions, "monthFree"> = {},
): Promise<void> {
  const { decision, idempotencyKey, leaseEnded } = await limiterCall(() =>
    consumeForAccount(c.env, identity.accountId, identity.perMinute, identity.perMonth, units, monthFree),
  );
  if (leaseEnded) keepRunning(c, leaseEnded);
  applyHeaders(c, decision);
  // A month-free call holds no unit of the month: its answer has none to keep or give back, and says `charged: false`.
  keepAdmission(c, decision, monthFree ? undefined : { units, idempotencyKey });

  const ageDays = secretAgeDays(identity.secretIssuedAt);
  if (ageDays >= ROTATION_RECOMMENDED_DAYS) c.header("X-API-Key-Rotation", `recommended; age_days=${ageDays}`);
  if (identity.previousSecretExpiresAt) {
    c.header("X-API-Key-Previous-Secret-Expires", new Date(identity.previousSecretExpiresAt).toISOString());
  }
  if (!decision.allowed) throw limitError(decision);

  // The dashboard's owner acts as no key of its own.
  if (identity.keyId) touchLater(c.get("db"), c.executionCtx, identity.keyId);
}

/**
 * The live key a request presents, verified but neither scope-checked nor counted; every refusal
 * counts against the client IP. The MCP endpoint stands on this: it counts all its messages with
 * `admit`, tool calls included, and each tool call runs a route whose own guard checks the scope
 * on the unit already taken.
 */
export async function identifyKey(c: Context): Promise<KeyIdentity> {
  const url = new URL(c.req.url);
  const queryKey = QUERY_KEY_NAMES.find((name) => url.searchParams.has(name));
  if (queryKey) {
    return refuse(
      c,
      new ApiError(
        "unauthorized",
        `API keys are not accepted in the query string (\`${queryKey}\`), where logs and caches keep them. ${HOW_TO_SEND}`,
      ),
    );
  }
  const presented = readKey(c.req.raw.headers);
  if (presented.error) return refuse(c, presented.error);
  if (!presented.secret) return refuse(c, new ApiError("unauthorized", `This route needs an API key. ${HOW_TO_SEND}`));

  const secret = presented.secret;
  const identity = await timed("auth", () => lookupKey(c.get("db"), secret));
  if (!identity) {
    return refuse(
      c,
      new ApiError("unauthorized", `The API key is unknown, revoked or past its rotation grace period. ${HOW_TO_SEND}`),
    );
  }
  return identity;
}

/** Counts a call without a valid key against the client IP's limiter (brute-force guard) and sets its headers. */
export async function limitAnonymous(c: Context): Promise<void> {
  const decision = await limiterCall(() => consumeForIp(c.env, clientIp(c.req.raw)));
  applyHeaders(c, decision);
  if (!decision.allowed) {
    throw new ApiError(
      "rate_limited",
      "Too many requests without a valid API key from this address; wait for the minute to end.",
      {
        retryAfter: Number(rateLimitHeaders(decision)["Retry-After"]),
      },
    );
  }
}

/** A refusal, counted as a call without a valid key: the IP's 429 comes first when it is over its allowance. */
async function refuse(c: Context, error: ApiError): Promise<never> {
  await limitAnonymous(c);
  throw error;
}

/** Lets work outlive the answer (a lease's end); without an execution context (an app called directly in a test) it simply runs. */
function keepRunning(c: Context, work: Promise<void>) {
  try {
    c.executionCtx.waitUntil(work);
  } catch {
    // No execution context: the promise still runs.
  }
}

function applyHeaders(c: Context, decision: LimitDecision) {
  for (const [name, value] of Object.entries(rateLimitHeaders(decision))) c.header(name, value);
}

/** The 429 for a refused key: which limit was hit, and when to retry. */
export function limitError(decision: LimitDecision): ApiError {
  const retryAfter = Number(rateLimitHeaders(decision)["Retry-After"]);
  return decision.exceeded === "month"
    ? new ApiError(
        "quota_exceeded",
        `Monthly quota of ${decision.month?.limit} requests used up; it renews at the start of next month (UTC) or with a bigger plan.`,
        { retryAfter },
      )
    : new ApiError(
        "rate_limited",
        `Rate limit of ${decision.minute.limit} requests per minute reached for this account (all its keys count together); retry after ${retryAfter} s.`,
        { retryAfter },
      );
}

/**
 * A limiter that cannot answer is not a reason to admit unlimited traffic. The client has already
 * retried what Cloudflare marks retryable (see account-meter-client.ts); what is left is a 503.
 */
async function limiterCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await timed("limiter", call);
  } catch (err) {
    log.error("rate limiter unavailable", { error: err });
    throw new ApiError("unavailable", "The rate limiter is briefly unavailable; retry in a second.", {
      retryAfter: 1,
      cause: err,
    });
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
