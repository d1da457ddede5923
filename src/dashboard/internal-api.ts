// The dashboard acts through the API's own route handlers, in-process, so a form gets exactly the
// API's validation, services and error messages. It never holds a key's secret (only hashes are
// stored): a call runs as a key's stored identity, as watches and schedules do.
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Context, ExecutionContext } from "hono";
import { ABOVE_EVERY_KEY } from "../db/key-management";
import { type Db, findLiveKeyById, type KeyIdentity } from "../db/keys";
import { consumeForAccount, rateLimitHeaders } from "../durable/rate-limit-client";
import type { AppEnv } from "../env";
import { errorResponse } from "../envelope";
import { ApiError } from "../errors";
import { limitError } from "../middleware/auth";
import { keepAdmission, settleCharge } from "../middleware/charge";
import { createBaseApp, registerDataRoutes } from "../routes/base-app";
import { registerSchedules } from "../routes/events/schedules";
import { registerWatches } from "../routes/events/watches";
import { registerWebhookDeliveries } from "../routes/events/webhook-deliveries";
import { registerWebhooks } from "../routes/events/webhooks";
import { registerJobs } from "../routes/jobs";
import type { SignedIn } from "../db/dashboard-users";

/** Who each in-memory request acts for; these apps are never reachable from outside. */
const actingFor = new WeakMap<Request, KeyIdentity>();
let playgroundApp: OpenAPIHono<AppEnv> | null = null;
let eventsApp: OpenAPIHono<AppEnv> | null = null;
let jobsApp: OpenAPIHono<AppEnv> | null = null;

/** Which dashboard calls count against the account, by method. */
type Counted = (method: string) => boolean;
const everyCall: Counted = () => true;
/** An action sends traffic or creates, changes or removes something, as the API call it makes would; showing a page does not. */
const actionsOnly: Counted = (method) => method !== "GET";

function withIdentity(app: OpenAPIHono<AppEnv>, counted: Counted) {
  // A counted call is charged by the API's rule (charging.ts): settled by its route, or here when no route answers.
  app.use("/v1/*", settleCharge(), async function actAsKey(c, next) {
    const identity = actingFor.get(c.req.raw);
    if (!identity) throw new ApiError("unauthorized", "No identity for this dashboard call.");
    c.set("identity", identity);
    if (counted(c.req.method)) {
      // Counted and answered with the same headers as a call made with the key's secret.
      const { decision, idempotencyKey } = await consumeForAccount(
        c.env,
        identity.accountId,
        identity.perMinute,
        identity.perMonth,
      );
      keepAdmission(c, decision, { units: 1, idempotencyKey });
      for (const [name, value] of Object.entries(rateLimitHeaders(decision))) c.header(name, value);
      if (!decision.allowed) throw limitError(decision);
    }
    return next();
  });
  app.notFound((c) =>
    errorResponse(c, new ApiError("not_found", `No route matches ${c.req.method} ${new URL(c.req.url).pathname}.`)),
  );
  return app;
}

function request(identity: KeyIdentity, method: string, path: string, body?: unknown) {
  const req = new Request(new URL(path, "http://dashboard.invalid"), {
    method,
    headers: body === undefined ? {} : { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  actingFor.set(req, identity);
  return req;
}

/** The data routes, as the playground runs them; its OpenAPI document lists exactly what it can run. */
export function playgroundRoutes(): OpenAPIHono<AppEnv> {
  playgroundApp ??= (() => {
    const app = withIdentity(createBaseApp(), everyCall);
    registerDataRoutes(app);
    return app;
  })();
  return playgroundApp;
}

/** A GET of a data route as the key, counted against the account like any call (the playground). */
export function runAsKey(env: Env, ctx: ExecutionContext, identity: KeyIdentity, pathAndQuery: string) {
  return playgroundRoutes().fetch(request(identity, "GET", pathAndQuery), env, ctx);
}

export interface ApiAnswer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: the API's JSON envelope, read by the page that asked
  body: any;
  /** `Retry-After` of a refusal over the account's limits. */
  retryAfter?: string;
}

/** A refused answer as a page: an object cap (409) or an account limit (429, with when to retry) as the API said it, anything else 400. */
export function refusalStatus(c: Context, answer: ApiAnswer): 400 | 409 | 429 {
  if (answer.status === 429) {
    if (answer.retryAfter) c.header("Retry-After", answer.retryAfter);
    return 429;
  }
  return answer.status === 409 ? 409 : 400;
}

/**
 * A webhook, watch or schedule route as the session's account. Actions (a test ping, a
 * redelivery, a creation…) count against the account like the API calls they are; the lists that
 * draw the page do not.
 */
export async function callEventsApi(
  env: Env,
  ctx: ExecutionContext,
  identity: KeyIdentity,
  method: string,
  path: string,
  body?: unknown,
): Promise<ApiAnswer> {
  eventsApp ??= (() => {
    const app = withIdentity(createBaseApp(), actionsOnly);
    registerWebhooks(app);
    registerWebhookDeliveries(app);
    registerWatches(app);
    registerSchedules(app);
    return app;
  })();
  const response = await eventsApp.fetch(request(identity, method, path, body), env, ctx);
  return {
    status: response.status,
    body: await response.json(),
    retryAfter: response.headers.get("Retry-After") ?? undefined,
  };
}

/**
 * A jobs route as an identity: the account to list, follow, cancel and download, a chosen key to
 * create (the job's items run as its creator). Starting and cancelling count as the API calls they
 * are (each item is charged when it runs); reads do not. The raw answer, so results stream through unread.
 */
export function jobsApi(
  env: Env,
  ctx: ExecutionContext,
  identity: KeyIdentity,
  method: string,
  path: string,
  body?: unknown,
): Promise<Response> {
  jobsApp ??= (() => {
    const app = withIdentity(createBaseApp(), actionsOnly);
    registerJobs(app);
    return app;
  })();
  return Promise.resolve(jobsApp.fetch(request(identity, method, path, body), env, ctx));
}

/**
 * The signed-in owner as an identity for routes on the account's objects (lists, reads, checks,
 * deletes, test pings). The owner stands above every key, so it holds every scope; watches,
 * schedules and jobs run as a key, so their creation uses that key's identity.
 */
export function sessionIdentity(signedIn: SignedIn): KeyIdentity {
  return {
    keyId: "",
    keyName: "dashboard",
    accountId: signedIn.account.id,
    planId: signedIn.plan.id,
    perMinute: signedIn.account.customRequestsPerMinute ?? signedIn.plan.requestsPerMinute,
    perMonth: signedIn.account.customRequestsPerMonth ?? signedIn.plan.requestsPerMonth,
    secretIssuedAt: Date.now(),
    previousSecretExpiresAt: null,
    scopes: [...ABOVE_EVERY_KEY],
  };
}

/** The API's error as one sentence, with each refused field named. */
export function apiErrorText(answer: ApiAnswer): string {
  const error = answer.body?.error;
  if (!error) return `The API answered ${answer.status}.`;
  const details = (error.details ?? []) as { parameter?: string; message?: string }[];
  const named = details.filter((d) => d.parameter && d.message).map((d) => `${d.parameter}: ${d.message}`);
  return named.length > 0 && !named.every((n) => error.message.includes(n))
    ? `${error.message} (${named.join("; ")})`
    : error.message;
}

/** A live key of this account as an identity; null for a revoked key or another account's. */
export async function ownKeyIdentity(db: Db, keyId: string, accountId: string): Promise<KeyIdentity | null> {
  const identity = keyId ? await findLiveKeyById(db, keyId) : null;
  return identity?.accountId === accountId ? identity : null;
}
