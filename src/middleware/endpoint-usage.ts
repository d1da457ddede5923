import type { MiddlewareHandler } from "hono";
import { logRequest } from "../db/request-log";
import { recordAnswerForAccount } from "../durable/account-meter-client";
import type { AppEnv } from "../env";
import { log } from "../log";
import { platformSlugs } from "../platforms/slugs";
import { unitsKept } from "./charge";

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
 * it kept and its latency.
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
          logRequest(c.get("db"), {
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
