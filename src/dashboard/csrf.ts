import type { MiddlewareHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import { secretsEqual } from "../db/keys";
import type { DashboardEnv } from "./env";

/** The hidden field every dashboard form carries. */
export const CSRF_FIELD = "csrf";

/**
 * Refuses any POST whose `csrf` field does not match the session's token (or, before sign-in,
 * the token cookie): a page on another site cannot read the token, so it cannot forge the form.
 */
export function checkCsrfToken(): MiddlewareHandler<DashboardEnv> {
  return async function checkDashboardCsrfToken(c, next) {
    if (c.req.method !== "POST") return next();
    const body = await c.req.parseBody();
    const sent = typeof body[CSRF_FIELD] === "string" ? body[CSRF_FIELD] : "";
    if (!c.get("csrfToken") || !sent || !(await secretsEqual(sent, c.get("csrfToken")))) {
      throw new HTTPException(403, {
        message: "This form has expired or did not come from this dashboard. Reload the page and try again.",
      });
    }
    return next();
  };
}
