// What every dashboard POST passes before its form is read (the CSRF token in it included): a
// visitor without a session is limited per client address, and no body is read past its limit.
import type { MiddlewareHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import { consumeForIp } from "../durable/account-meter-client";
import { rateLimitHeaders } from "../durable/limit-headers";
import { limitBody } from "../middleware/body-limit";
import { clientIp } from "../middleware/auth";
import type { DashboardEnv } from "./env";

/** Forms sent without a session (sign-in, sign-up) per client address and minute. */
export const ANONYMOUS_POSTS_PER_MINUTE = 30;
/** A sign-in or sign-up form, many times over. */
export const ANONYMOUS_FORM_BYTES = 16 * 1024;
/** A signed-in form; the largest is a job's list of inputs. */
export const SIGNED_IN_FORM_BYTES = 2 * 1024 * 1024;

/**
 * Counts an anonymous POST against its address before anything else is done with it, then refuses
 * a body over its limit (413) having read at most that much.
 *
 * @example
 * dashboard.use(loadSession(), guardPosts(), checkCsrfToken())
 */
export function guardPosts(): MiddlewareHandler<DashboardEnv> {
  const anonymousBody = limitBody(ANONYMOUS_FORM_BYTES);
  const signedInBody = limitBody(SIGNED_IN_FORM_BYTES);
  return async function guardDashboardPost(c, next) {
    if (c.req.method !== "POST") return next();
    if (c.get("signedIn")) return signedInBody(c, next);
    const decision = await consumeForIp(c.env, clientIp(c.req.raw), "dashboard", ANONYMOUS_POSTS_PER_MINUTE);
    if (!decision.allowed) {
      c.header("Retry-After", rateLimitHeaders(decision)["Retry-After"]);
      throw new HTTPException(429, {
        message: "Too many forms sent from your network this minute; wait a minute and try again.",
      });
    }
    return anonymousBody(c, next);
  };
}
