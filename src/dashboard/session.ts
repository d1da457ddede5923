import type { Context, MiddlewareHandler } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import type { DashboardEnv } from "./env";
import { createSession, findSession, randomToken, SESSION_TTL_MS } from "../db/dashboard-users";

export const SESSION_COOKIE = "wd_session";
/** Double-submit token for the forms shown before sign-in (sign up, log in). */
export const ANONYMOUS_CSRF_COOKIE = "wd_csrf";
const COOKIE_PATH = "/dashboard";

/**
 * Secure unless the Worker runs as development (`wrangler dev --env dev`, over plain http, where
 * the browser would drop it). Decided by configuration only: nothing in the request can turn it off.
 */
export function cookiesAreSecure(c: Context<DashboardEnv>): boolean {
  return c.env.ENVIRONMENT !== "development";
}

function cookieOptions(c: Context<DashboardEnv>, maxAgeSeconds: number) {
  // Lax: sent on top-level navigation to the dashboard, never on cross-site POSTs.
  return {
    path: COOKIE_PATH,
    httpOnly: true,
    sameSite: "Lax",
    secure: cookiesAreSecure(c),
    maxAge: maxAgeSeconds,
  } as const;
}

/** Signs the user in: the session cookie is set, and the new session is the request's from here on. */
export async function startSession(c: Context<DashboardEnv>, userId: string) {
  const { token } = await createSession(c.get("db"), userId);
  setCookie(c, SESSION_COOKIE, token, cookieOptions(c, SESSION_TTL_MS / 1000));
  deleteCookie(c, ANONYMOUS_CSRF_COOKIE, { path: COOKIE_PATH });
  const signedIn = await findSession(c.get("db"), token);
  c.set("signedIn", signedIn);
  if (signedIn) c.set("csrfToken", signedIn.session.csrfToken);
}

export function sessionToken(c: Context<DashboardEnv>): string | undefined {
  return getCookie(c, SESSION_COOKIE);
}

export function clearSessionCookie(c: Context<DashboardEnv>) {
  deleteCookie(c, SESSION_COOKIE, { path: COOKIE_PATH, secure: cookiesAreSecure(c) });
}

/** Reads the session cookie into `c.get("signedIn")` and picks the CSRF token forms must carry. */
export function loadSession(): MiddlewareHandler<DashboardEnv> {
  return async function loadDashboardSession(c, next) {
    const token = sessionToken(c);
    const signedIn = token ? await findSession(c.get("db"), token) : null;
    c.set("signedIn", signedIn);
    if (signedIn) {
      c.set("csrfToken", signedIn.session.csrfToken);
    } else {
      let anonymous = getCookie(c, ANONYMOUS_CSRF_COOKIE);
      if (!anonymous && c.req.method === "GET") {
        anonymous = randomToken();
        setCookie(c, ANONYMOUS_CSRF_COOKIE, anonymous, cookieOptions(c, 3_600));
      }
      c.set("csrfToken", anonymous ?? "");
    }
    return next();
  };
}

/** Sends visitors without a session to the sign-in page. */
export function requireSignedIn(): MiddlewareHandler<DashboardEnv> {
  return async function requireDashboardUser(c, next) {
    if (!c.get("signedIn")) return c.redirect("/dashboard/login", 303);
    return next();
  };
}
