import type { MiddlewareHandler } from "hono";
import type { Db } from "../db/keys";
import { type LoggedCall, logRequests } from "../db/request-log";
import { recordAnswerForAccount } from "../durable/account-meter-client";
import type { AppEnv } from "../env";
import { log } from "../log";
import { platformSlugs } from "../platforms/slugs";
import { tuning } from "../tuning";
import { unitsKept } from "./charge";

/** How long a call waits for others to share its request log insert, unless tuned (at most MAX_LOG_WAIT_MS). */
const LOG_WAIT_MS = 100;
const MAX_LOG_WAIT_MS = 1_000;
/** Calls one insert batch holds at most; more start the next batch. */
const MAX_BATCH = 500;
/** The calls of this isolate waiting for their insert, which the first of them writes. */
let unlogged: { calls: LoggedCall[]; startedAt: number } | null = null;

/**
 * Logs a call with the others of the next `LOG_WAIT_MS`: one insert for a moment's calls, where
 * an insert per call cost about a fifth of a keyed call's server CPU. A batch whose writer has
 * not taken it well after its wait (its request's context ended first) is left, and a new one
 * starts, so the log never stops for the isolate; its calls are lost, as they are should the
 * isolate end first: the log is a view of recent traffic, not the account's meter.
 */
async function logSoon(env: Env, db: Db, call: LoggedCall): Promise<void> {
  const wait = Math.min(tuning(env, "REQUEST_LOG_WAIT_MS", LOG_WAIT_MS), MAX_LOG_WAIT_MS);
  const now = Date.now();
  if (unlogged && unlogged.calls.length < MAX_BATCH && now - unlogged.startedAt < 10 * wait) {
    unlogged.calls.push(call);
    return;
  }
  const batch = { calls: [call], startedAt: now };
  unlogged = batch;
  await scheduler.wait(wait);
  if (unlogged === batch) unlogged = null;
  await logRequests(db, batch.calls);
}

export interface EndpointUsageOptions {
  method: string;
  /** The route's OpenAPI path, e.g. `/v1/{platform}/search`. */
  path: string;
  /** The route's first OpenAPI tag: the group the usage page stacks by. */
  group: string;
}

/**
 * Counts each answer of a key route by endpoint and status class in the account's meter (durable/account-meter.ts),
 * after the answer is made (errors included: hono turns a thrown error into the answer before
 * this sees it) and off the answer's path, in `waitUntil`. Only calls the account's limiter
 * decided on are counted: calls refused before a key was verified are not the account's, and
 * the dashboard's own management calls (no limiter decision) are not API traffic. The same answer
 * is written to the account's request log (db/request-log.ts) with its time, status, the units
 * it kept and its latency, with the other calls of the next `LOG_WAIT_MS`.
 *
 * @example
 * middleware: [countEndpointUsage({ method: "get", path: "/v1/{platform}", group: "products" })]
 */
export function countEndpointUsage({ method, path, group }: EndpointUsageOptions): MiddlewareHandler<AppEnv> {
  const verb = method.toUpperCase();
  return async function endpointUsage(c, next) {
    const started = Date.now();
    await next();
    const [identity, limits] = [c.get("identity"), c.get("limits")];
    if (!identity || !limits) return;
    const status = c.res.status;
    // A platform that passed validation names one of a few sites, counted in one spelling (sorted, for
    // a travel list); an invalid one stays a template, so what a caller sends cannot grow the table.
    const platform = status < 400 ? c.req.param("platform") : undefined;
    const endpoint = `${verb} ${platform ? path.replace("{platform}", platformSlugs(platform).sort().join(",")) : path}`;
    // Started inside a promise so that even a synchronous throw (a broken stub) only loses the count, never the answer.
    const recorded = Promise.resolve()
      .then(() =>
        Promise.all([
          recordAnswerForAccount(c.env, identity.accountId, { endpoint, group, status, now: Date.now() }),
          logSoon(c.env, c.get("db"), {
            accountId: identity.accountId,
            keyId: identity.keyId,
            at: started,
            method: verb,
            route: endpoint,
            path: pathAndQuery(c.req.url),
            status,
            units: unitsKept(c),
            latencyMs: Date.now() - started,
            requestId: c.get("requestId") ?? "",
          }),
        ]),
      )
      .catch((err) => log.error("endpoint usage not recorded", { error: err }));
    try {
      c.executionCtx.waitUntil(recorded);
    } catch {
      // No execution context (an app called directly in a test): the promise still runs.
    }
  };
}

const pathAndQuery = (url: string) => {
  const { pathname, search } = new URL(url);
  return pathname + search;
};
