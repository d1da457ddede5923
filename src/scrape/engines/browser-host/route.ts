// How every request of a browser page leaves it: past the URL guard, then directly or through the
// proxy pool; and the check that the page ended on guarded ground.
import type { HTTPRequest, Page } from "@cloudflare/puppeteer";
import { fetchViaProxy } from "../../proxy-fetch";
import { type Exit, exitsFor, judgeAttempt } from "../../proxy-policy";
import { guardUrl, UnsafeUrlError } from "../../../net/url-guard";
import { BodyTooLarge, readBytes } from "../../../net/read-body";
import { UpstreamTimeout } from "../../errors";
import { MAX_PAGE_BYTES } from "../../page-limits";
import type { PageLoad } from "../types";

const BLOCKED_TYPES = new Set(["image", "font", "media"]);
const PROXIED_TYPES = new Set(["document", "xhr", "fetch", "script", "stylesheet", "other"]);
/** Schemes a page may load without touching the network. */
const LOCAL_SCHEMES = new Set(["data:", "blob:", "about:"]);

/**
 * Runs in every frame before the page's own scripts: removes the ways out that request
 * interception cannot see (WebSocket, WebTransport and WebRTC connections, worker and service
 * worker fetches, new windows), so every request a page makes passes `routeRequest`.
 */
export const CLOSE_UNINTERCEPTED_CHANNELS = `(() => {
  for (const name of ["WebSocket", "WebTransport", "RTCPeerConnection", "webkitRTCPeerConnection", "RTCDataChannel", "Worker", "SharedWorker"]) {
    try { Object.defineProperty(globalThis, name, { value: undefined, configurable: false, writable: false }); } catch {}
  }
  try { Object.defineProperty(Navigator.prototype, "serviceWorker", { get: () => undefined, configurable: false }); } catch {}
  // A new window is a new page without interception: no window.open, and links and forms stay in this page.
  try { Object.defineProperty(globalThis, "open", { value: () => null, configurable: false, writable: false }); } catch {}
  const stayHere = (event) => { const target = event.target && event.target.closest && event.target.closest("a[target], area[target], form[target]"); if (target) target.target = "_self"; };
  addEventListener("click", stayHere, true);
  addEventListener("submit", stayHere, true);
})()`;

/** A request of the page that the URL guard refused. */
export interface Refused {
  url: string;
  reason: string;
}

/** What a page's requests share with its load: the exit to stay on, and what the handler saw. */
export interface Route {
  /** While a challenge is solved, requests to its host keep to the exit that met it. */
  pin: Exit | null;
  /** The exit that carried the main frame's last document. */
  exit: Exit | null;
  /** The first navigation of the main frame that the URL guard refused. */
  refused: Refused | null;
  /** The main frame's document was larger than `MAX_PAGE_BYTES`, so it was never handed to the page. */
  tooLarge: boolean;
}

/**
 * Every request a page makes (document, redirect hop, frame, script, XHR/fetch…) passes the URL
 * guard or is aborted; refused navigations of the main frame are noted in `route`. Documents and
 * XHR then go through the proxy pool when there is one (a hosted browser cannot take a proxy flag),
 * each attempt judged by `judgeAttempt`; when every exit refuses, the page gets the last refusal.
 */
export async function routeRequest(load: PageLoad, page: Page, request: HTTPRequest, timeoutMs: number, route: Route) {
  if (BLOCKED_TYPES.has(request.resourceType())) return request.abort();
  if (LOCAL_SCHEMES.has(new URL(request.url()).protocol)) return request.continue();
  const mainDocument = request.isNavigationRequest() && request.frame() === page.mainFrame();
  let url: URL;
  try {
    url = await guardUrl(request.url(), load.config.urlGuard);
  } catch (err) {
    if (mainDocument)
      route.refused ??= { url: request.url(), reason: err instanceof UnsafeUrlError ? err.message : String(err) };
    return request.abort("accessdenied");
  }
  const { pool } = load.config;
  if (pool.size === 0 || !PROXIED_TYPES.has(request.resourceType())) return request.continue();
  let refusal: Response | null = null;
  for (const proxy of exitsFor(pool, url.host, route.pin)) {
    let response: Response;
    try {
      response = await fetchViaProxy(proxy, url, {
        method: request.method(),
        headers: request.headers(),
        body: request.postData(),
        timeoutMs,
      });
    } catch (err) {
      if (err instanceof BodyTooLarge) return refuseTooLarge(request, mainDocument, route);
      // A slow site is not the exit's fault; the navigation timeout answers for it.
      if (
        judgeAttempt(pool, proxy, url.host, { kind: err instanceof UpstreamTimeout ? "timed-out" : "failed" }) ===
        "stop"
      )
        return request.abort("timedout");
      continue;
    }
    if (mainDocument) route.exit = { proxy, host: url.host };
    if (judgeAttempt(pool, proxy, url.host, { kind: "answered", status: response.status }) === "rotate") {
      await refusal?.body?.cancel().catch(() => {});
      refusal = response;
      continue;
    }
    return respondWith(request, response, mainDocument, route);
  }
  return refusal ? respondWith(request, refusal, mainDocument, route) : request.abort();
}

/** Hands the page the answer, read up to `MAX_PAGE_BYTES`; a larger one is never handed over. */
async function respondWith(request: HTTPRequest, response: Response, mainDocument: boolean, route: Route) {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  let body: Uint8Array;
  try {
    body = await readBytes(response, MAX_PAGE_BYTES);
  } catch (err) {
    if (err instanceof BodyTooLarge) return refuseTooLarge(request, mainDocument, route);
    throw err;
  }
  return request.respond({ status: response.status, headers, body: body as never });
}

function refuseTooLarge(request: HTTPRequest, mainDocument: boolean, route: Route) {
  if (mainDocument) route.tooLarge = true;
  return request.abort("failed");
}

/**
 * Nothing leaves the browser unless the main frame stayed on guarded ground: no navigation of
 * it was refused, and the URL it ended on passes the guard itself.
 */
export async function assertLanded(load: PageLoad, page: Page, refused: Refused | null): Promise<void> {
  if (refused) throw new UnsafeUrlError(load.url, `led the browser to ${refused.url}, which ${refused.reason}`);
  try {
    await guardUrl(page.url(), load.config.urlGuard);
  } catch (err) {
    if (err instanceof UnsafeUrlError)
      throw new UnsafeUrlError(load.url, `left the browser on ${page.url()}, which ${err.message}`);
    throw err;
  }
}
