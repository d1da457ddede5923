// Runs a v1 GET request for an account without its secret (only key hashes are stored): the
// same route handlers as the public app, behind a middleware that sets the stored identity and
// counts the call against the account's quota exactly as the auth middleware would.
import type { OpenAPIHono, RouteConfig } from "@hono/zod-openapi";
import { drizzle } from "drizzle-orm/d1";
import { findLiveKeyById, type KeyIdentity } from "../db/keys";
import { consumeForAccount } from "../durable/rate-limit-client";
import type { LimitDecision } from "../durable/rate-limiter";
import type { AppEnv } from "../env";
import { errorResponse } from "../envelope";
import { ApiError } from "../errors";
import { createBaseApp, registerDataRoutes } from "../routes/base-app";
import { limitError } from "../middleware/auth";
import { answerIsCharged, keepAdmission, settleCharge } from "../middleware/charge";
import type { Scope } from "../scopes";

const IDENTITY_HEADER = "x-internal-identity";
/** A decision already taken for this call (a batch-job item's reserved unit): nothing more is counted. */
const PREPAID_HEADER = "x-internal-prepaid";
/** On the answer: whether the call is charged to the month (charging.ts), for the job item that prepaid it. */
const CHARGED_HEADER = "x-internal-charged";
let internalApp: OpenAPIHono<AppEnv> | null = null;

/** The read-only data routes a watch or schedule may call; keys, admin and events are not among them. */
function buildInternalApp() {
  const app = createBaseApp();
  // Settled around the routes too, for a path no route answers (each route settles its own answers).
  app.use("/v1/*", settleCharge(), async function actAsAccount(c, next) {
    // The identity travels on the in-memory Request only; this app is never reachable from outside.
    const identity = JSON.parse(c.req.header(IDENTITY_HEADER)!) as KeyIdentity;
    const prepaid = c.req.header(PREPAID_HEADER);
    c.set("identity", identity);
    if (prepaid) keepAdmission(c, JSON.parse(prepaid) as LimitDecision, { units: 1 });
    else {
      const { decision, idempotencyKey } = await consumeForAccount(
        c.env,
        identity.accountId,
        identity.perMinute,
        identity.perMonth,
      );
      keepAdmission(c, decision, { units: 1, idempotencyKey });
    }
    if (!c.var.limits.allowed) throw limitError(c.var.limits);
    await next();
    c.header(CHARGED_HEADER, answerIsCharged(c) ? "1" : "0");
  });
  registerDataRoutes(app);
  app.notFound((c) =>
    errorResponse(c, new ApiError("not_found", `No route matches GET ${new URL(c.req.url).pathname}.`)),
  );
  return app;
}

/** The identity of a live key, or null when the key was revoked (its watches and schedules stop). */
export function identityForKey(env: Env, keyId: string): Promise<KeyIdentity | null> {
  return findLiveKeyById(drizzle(env.DB), keyId);
}

/**
 * GETs `pathAndQuery` (a `/v1/...` path) as the key's account: one call against its quota, or
 * none when `prepaid` is the decision of a unit already taken for it.
 */
export async function getAsAccount(
  env: Env,
  ctx: ExecutionContext,
  identity: KeyIdentity,
  pathAndQuery: string,
  headers: Record<string, string> = {},
  prepaid?: LimitDecision,
): Promise<Response> {
  internalApp ??= buildInternalApp();
  const internal: Record<string, string> = { [IDENTITY_HEADER]: JSON.stringify(identity) };
  if (prepaid) internal[PREPAID_HEADER] = JSON.stringify(prepaid);
  const request = new Request(new URL(pathAndQuery, "http://internal.invalid"), {
    headers: { ...headers, ...internal },
  });
  return internalApp.fetch(request, env, ctx);
}

/**
 * Whether the month is charged for an answer of `getAsAccount` (charging.ts): a job item keeps the
 * unit it prepaid only then. An answer settled by the route's own guard (a watch, a schedule) has
 * already given back what it should.
 */
export const isChargedAnswer = (response: Response) => response.headers.get(CHARGED_HEADER) === "1";

/** A schedule or watch path: a `/v1/` GET path, validated before it is stored. */
export function isRunnablePath(pathAndQuery: string): boolean {
  if (!pathAndQuery.startsWith("/v1/") || pathAndQuery.includes("#")) return false;
  const path = new URL(pathAndQuery, "http://x").pathname;
  return !/^\/v1\/(keys|admin|webhooks|watches|schedules|jobs)(\/|$)/.test(path);
}

interface DataRoute {
  template: string;
  pattern: RegExp;
  scope: Scope | null;
  route: RouteConfig;
}

let dataRoutes: DataRoute[] | null = null;

/**
 * The data route a `/v1/...` GET path names, read from this app's own route table (most specific
 * first: static segments before `{platform}`); undefined when none does.
 */
export function matchDataRoute(pathAndQuery: string): DataRoute | undefined {
  internalApp ??= buildInternalApp();
  dataRoutes ??= internalApp.openAPIRegistry.definitions
    .flatMap((definition) =>
      definition.type === "route" && definition.route.method === "get" ? [definition.route] : [],
    )
    .map((route) => {
      const access = String((route as Record<string, unknown>)["x-access"] ?? "");
      return {
        template: route.path,
        pattern: new RegExp(`^${route.path.replace(/\{[^}]+\}/g, "[^/]+")}$`),
        scope: access.startsWith("key:") ? (access.slice(4) as Scope) : null,
        route,
      };
    })
    .sort((a, b) => (a.template.match(/\{/g)?.length ?? 0) - (b.template.match(/\{/g)?.length ?? 0));
  const { pathname } = new URL(pathAndQuery, "http://x");
  return dataRoutes.find((route) => route.pattern.test(routedPath(pathname)));
}

/** The path as the router matches it: percent-escapes decoded, as hono does, except reserved ones such as %2F. */
function routedPath(pathname: string): string {
  try {
    return decodeURI(pathname);
  } catch {
    return pathname;
  }
}

/** Each scope the calls of a watch, schedule or job need, once. */
function scopesToRun(paths: Iterable<string>): Scope[] {
  const scopes = new Set<Scope>();
  for (const path of paths) {
    const scope = matchDataRoute(path)?.scope;
    if (scope) scopes.add(scope);
  }
  return [...scopes];
}

/** Whether the key holds every scope the stored calls `paths` need (see `assertMayRun`). */
export const mayRun = (identity: KeyIdentity, paths: Iterable<string>) =>
  scopesToRun(paths).every((scope) => identity.scopes.includes(scope));

/**
 * A watch, schedule or job runs its calls as the key that made it, but any key of the account may
 * reach it: one that acts on it (checks, reads, removes) or reads its answers must hold every scope
 * those calls need, or an `events:write` key would read product data through another key's watch.
 */
export function assertMayRun(identity: KeyIdentity, paths: Iterable<string>, object: string) {
  const missing = scopesToRun(paths).filter((scope) => !identity.scopes.includes(scope));
  if (missing.length === 0) return;
  throw new ApiError(
    "forbidden",
    `This key lacks ${missing.map((scope) => `\`${scope}\``).join(", ")}, which this ${object}'s calls need; use a key that holds ${missing.length === 1 ? "it" : "them"}.`,
  );
}
