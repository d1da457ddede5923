// Every route of the API is defined here-through: its OpenAPI description, the access it needs
// (public, admin, or an API key with a scope) and the guards that enforce both, attached to the
// route itself so that whichever spelling of a path reaches it, its own guard runs.
import { createRoute, type RouteConfig } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../env";
import { requireAccess, type Access, type AccessOptions } from "../middleware/auth";
import { settleCharge } from "../middleware/charge";
import { countEndpointUsage } from "../middleware/endpoint-usage";
import { strictInput } from "../middleware/strict-input";
import { limitBody, MAX_JSON_BODY_BYTES } from "../middleware/body-limit";
import { payloadTooLargeResponse } from "../envelope";
import { controlPlane } from "../charging";
import { impliedErrorResponses } from "./error-responses";

export type { Access };

export const PUBLIC: Access = { kind: "public" };
export const ADMIN: Access = { kind: "admin" };
export const apiKey = (scope: Extract<Access, { kind: "key" }>["scope"]): Access => ({ kind: "key", scope });

/** How a route's access reads in the OpenAPI document: `public`, `admin`, `key` or `key:<scope>`. */
export function accessLabel(access: Access): string {
  return access.kind === "key" && access.scope ? `key:${access.scope}` : access.kind;
}

function securityOf(access: Access): NonNullable<RouteConfig["security"]> {
  if (access.kind === "public") return [];
  if (access.kind === "admin") return [{ AdminToken: [] }];
  // OpenAPI 3.1 lets non-OAuth schemes list the roles (here: the scope) a call needs.
  const scopes = access.scope ? [access.scope] : [];
  return [{ ApiKeyHeader: scopes }, { BearerAuth: scopes }];
}

/** What the route does that the reference's error answers follow from (error-responses.ts). */
interface ErrorOptions {
  /** The route reads a site live: it may answer 422 `no_data`, 502 `upstream_blocked`, 504 `upstream_timeout`. */
  readsSites?: boolean;
  /** When the route answers 409 `conflict` other than as a create (whose caps defineRoute already declares). */
  conflict?: string;
}

interface BodyOptions {
  /** The most of its body the route reads (default MAX_JSON_BODY_BYTES); larger: 413, unread. */
  maxBodyBytes?: number;
  /**
   * Sizes the request from its parsed body before the body is walked or validated (strict input,
   * the route's schema): a request that expands into many calls is refused here, from arithmetic,
   * when it is over the plan. Reads `c.req.json()`; a body that is not JSON is left to strict input.
   */
  sizing?: MiddlewareHandler<AppEnv>;
}

/**
 * `createRoute` with the route's access declared: guard first, then (for a route with a body) the
 * body limit and the route's sizing, then strict input, then the route's own middleware (e.g. the
 * edge cache, which must never answer before the guard). Key routes count each answer by endpoint
 * for the dashboard's usage page, outside the guard so that its refusals (429) are counted too,
 * and settle the call's month charge by its answer once the guard has admitted it.
 */
export function defineRoute<const R extends Omit<RouteConfig, "security" | "middleware">>(
  config: R & { access: Access; middleware?: MiddlewareHandler<AppEnv>[] } & AccessOptions & BodyOptions & ErrorOptions,
) {
  const { access, middleware = [], readsBesideLimiter, monthFree: declared, maxBodyBytes, sizing, ...rest } = config;
  // The control plane is never charged to the month (charging.ts), unless the route says otherwise.
  const monthFree = declared ?? (access.kind === "key" && controlPlane(access.scope));
  const { readsSites = false, conflict, ...route } = rest;
  const readsBody = route.request?.body !== undefined;
  const creates = "201" in route.responses || "202" in route.responses;
  const implied = impliedErrorResponses({ access, readsBody, creates, readsSites, conflict });
  return createRoute({
    ...route,
    responses: { ...implied, ...(readsBody && { 413: payloadTooLargeResponse }), ...route.responses },
    security: securityOf(access),
    "x-access": accessLabel(access),
    ...(readsSites && { "x-reads-sites": true }),
    middleware: [
      ...(access.kind === "key"
        ? [
            countEndpointUsage({ method: route.method, path: route.path, group: route.tags?.[0] ?? "other" }),
            settleCharge(),
          ]
        : []),
      requireAccess(access, { readsBesideLimiter, monthFree }),
      ...(readsBody ? [limitBody(maxBodyBytes ?? MAX_JSON_BODY_BYTES)] : []),
      ...(sizing ? [sizing] : []),
      strictInput(route),
      ...middleware,
    ] as const,
  });
}
