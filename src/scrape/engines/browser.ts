import puppeteer, { type Browser, type HTTPRequest, type Page } from "@cloudflare/puppeteer";
import { fetchViaProxy } from "../proxy-fetch";
import { type Exit, exitsFor, judgeAttempt, type LoadedThrough, loadPastChallenge } from "../proxy-policy";
import { guardUrl, UnsafeUrlError } from "../../net/url-guard";
import { solveForJob, TOKEN_FIELDS } from "../captcha";
import { EngineUnavailable, parseRetryAfter, UpstreamBlocked, UpstreamNotFound, UpstreamTimeout } from "../errors";
import { within, type Engine, type LoadJob, type LoadedPage } from "./types";
import { withTimeout } from "../../timeout";

/** A launched browser stays up this long between jobs, so the next job can reuse it. */
const KEEP_ALIVE_MS = 120_000;
const BLOCKED_TYPES = new Set(["image", "font", "media"]);
const PROXIED_TYPES = new Set(["document", "xhr", "fetch", "script", "stylesheet", "other"]);
/** Schemes a page may load without touching the network. */
const LOCAL_SCHEMES = new Set(["data:", "blob:", "about:"]);

/**
 * Runs in every frame before the page's own scripts: removes the ways out that request
 * interception cannot see (WebSocket, WebTransport and WebRTC connections, worker and service
 * worker fetches), so every request a page makes passes `routeRequest`.
 */
const CLOSE_UNINTERCEPTED_CHANNELS = `(() => {
  for (const name of ["WebSocket", "WebTransport", "RTCPeerConnection", "webkitRTCPeerConnection", "RTCDataChannel", "Worker", "SharedWorker"]) {
    try { Object.defineProperty(globalThis, name, { value: undefined, configurable: false, writable: false }); } catch {}
  }
  try { Object.defineProperty(Navigator.prototype, "serviceWorker", { get: () => undefined, configurable: false }); } catch {}
})()`;

/** A request of the page that the URL guard refused. */
interface Refused {
  url: string;
  reason: string;
}

/** The job's page as the browser left it after a load. */
interface Opened extends LoadedThrough {
  html: string;
  retryAfter: string | undefined;
}

/** What a page's requests share with its job: the exit to stay on, and what the handler saw. */
interface Route {
  /** While a challenge is solved, requests to its host keep to the exit that met it. */
  pin: Exit | null;
  /** The exit that carried the main frame's last document. */
  exit: Exit | null;
  /** The first navigation of the main frame that the URL guard refused. */
  refused: Refused | null;
}

/**
 * Sessions this isolate has disconnected from and not taken again. `sessions()` can lag
 * behind a disconnect (locally it keeps reporting the old connection), so our own releases
 * are trusted first; a session taken elsewhere in the meantime simply fails to connect.
 */
const released = new Set<string>();

interface Acquired {
  browser: Browser;
  sessionId: string;
  reused: boolean;
}

/**
 * A browser for one job: an idle session is reused (`connect`), a new one launched only
 * while fewer than `maxBrowsers` run, otherwise we wait for one to free up. Launch 429s are
 * retried after the advertised delay; any other launch error means no browser.
 */
async function acquire(job: LoadJob, deadline: number): Promise<Acquired> {
  const binding = job.env.BROWSER;
  for (let attempt = 0; Date.now() < deadline; attempt++) {
    const sessions = await puppeteer.sessions(binding).catch(() => []);
    const idle = sessions.filter((s) => released.has(s.sessionId) || !s.connectionId);
    for (const session of idle) {
      released.delete(session.sessionId);
      try {
        return {
          browser: await puppeteer.connect(binding, session.sessionId),
          sessionId: session.sessionId,
          reused: true,
        };
      } catch {
        // Taken by another job a moment ago, or gone; try the next one.
      }
    }
    if (sessions.length < job.config.maxBrowsers) {
      try {
        const browser = await puppeteer.launch(binding, { keep_alive: KEEP_ALIVE_MS });
        return { browser, sessionId: browser.sessionId(), reused: false };
      } catch (err) {
        const message = String(err);
        // The platform's own words stay in the log and the cause; the client gets a plain sentence.
        if (!/429|rate limit/i.test(message))
          throw new EngineUnavailable("the browser could not start", { cause: err });
        const retryAfter = Number(/retry[- ]after[^0-9]*(\d+)/i.exec(message)?.[1] ?? 0);
        await scheduler.wait(
          Math.min(retryAfter ? retryAfter * 1000 : 500 * 2 ** attempt, Math.max(0, deadline - Date.now())),
        );
        continue;
      }
    }
    await scheduler.wait(250);
  }
  throw new EngineUnavailable("no browser became free in time");
}

/**
 * `acquire` under the launch timeout: a launch that hangs (the binding never answers) makes the
 * engine unavailable instead of holding the request. (The scrape deadline is enforced above.)
 */
async function acquireWithin(job: LoadJob): Promise<Acquired> {
  const ms = job.config.launchTimeoutMs;
  const attempt = acquire(job, Date.now() + ms);
  try {
    return await withTimeout(
      attempt,
      ms,
      () => new EngineUnavailable(`the browser did not start within ${ms / 1000} s`),
    );
  } catch (err) {
    // A browser that arrives after we gave up is left for the next job, not idled out unused.
    attempt
      .then(
        ({ browser, sessionId }) => Promise.resolve(browser.disconnect()).then(() => void released.add(sessionId)),
        () => {},
      )
      .catch(() => {});
    throw err;
  }
}

/**
 * Every request a page makes (document, redirect hop, frame, script, XHR/fetch…) passes the URL
 * guard or is aborted; refused navigations of the main frame are noted in `route`. Documents and
 * XHR then go through the proxy pool when there is one (a hosted browser cannot take a proxy flag),
 * each attempt judged by `judgeAttempt`; when every exit refuses, the page gets the last refusal.
 */
async function routeRequest(job: LoadJob, page: Page, request: HTTPRequest, timeoutMs: number, route: Route) {
  if (BLOCKED_TYPES.has(request.resourceType())) return request.abort();
  if (LOCAL_SCHEMES.has(new URL(request.url()).protocol)) return request.continue();
  const mainDocument = request.isNavigationRequest() && request.frame() === page.mainFrame();
  let url: URL;
  try {
    url = await guardUrl(request.url(), job.config.urlGuard);
  } catch (err) {
    if (mainDocument)
      route.refused ??= { url: request.url(), reason: err instanceof UnsafeUrlError ? err.message : String(err) };
    return request.abort("accessdenied");
  }
  const { pool } = job.config;
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
    return respondWith(request, response);
  }
  return refusal ? respondWith(request, refusal) : request.abort();
}

async function respondWith(request: HTTPRequest, response: Response) {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  return request.respond({
    status: response.status,
    headers,
    body: new Uint8Array(await response.arrayBuffer()) as never,
  });
}

/**
 * Nothing leaves the browser unless the main frame stayed on guarded ground: no navigation of
 * it was refused, and the URL it ended on passes the guard itself.
 */
async function assertLanded(job: LoadJob, page: Page, refused: Refused | null): Promise<void> {
  if (refused) throw new UnsafeUrlError(job.url, `led the browser to ${refused.url}, which ${refused.reason}`);
  try {
    await guardUrl(page.url(), job.config.urlGuard);
  } catch (err) {
    if (err instanceof UnsafeUrlError)
      throw new UnsafeUrlError(job.url, `left the browser on ${page.url()}, which ${err.message}`);
    throw err;
  }
}

/** Puts the solved token in the challenge form (creating the field if the widget would) and submits it. */
function submitTokenScript(field: string, token: string): string {
  return `(() => {
    const form = document.querySelector("form");
    if (!form) return;
    let input = form.querySelector('[name=${JSON.stringify(field)}]');
    if (!input) { input = document.createElement("textarea"); input.name = ${JSON.stringify(field)}; form.appendChild(input); }
    input.value = ${JSON.stringify(token)};
    form.submit();
  })()`;
}

/** Chromium through Browser Rendering: runs the page's JavaScript. */
export const browserEngine: Engine = {
  name: "browser",
  javascript: true,
  cost: 10,
  async load(job: LoadJob): Promise<LoadedPage> {
    const target = await guardUrl(job.url, job.config.urlGuard);
    const { pool, pageTimeoutMs } = job.config;
    // Every exit is cooling down for this host: a browser could only go out directly, which it must not.
    if (pool.size > 0 && pool.candidates(target.host).length === 0)
      throw new UpstreamBlocked(`every egress proxy is cooling down for ${target.host}`);
    const { browser, sessionId, reused } = await acquireWithin(job);
    const context = await browser.createBrowserContext();
    try {
      const page = await context.newPage();
      // Always on, proxies or not: it is how every request of the page meets the URL guard.
      await page.setRequestInterception(true);
      await page.setBypassServiceWorker(true);
      await page.evaluateOnNewDocument(CLOSE_UNINTERCEPTED_CHANNELS);
      const route: Route = { pin: null, exit: null, refused: null };
      const navigationMs = within(job, pageTimeoutMs);
      // Proxied requests get a little longer than the navigation, so a slow page reads as a timeout.
      const abort = (request: HTTPRequest) => request.abort().catch(() => {});
      page.on("request", (request) => {
        routeRequest(job, page, request, navigationMs + 1_000, route).catch(() => abort(request));
      });
      /** Opens the target (through `pin` when given) and waits for it to settle. */
      const open = async (pin: Exit | null): Promise<Opened> => {
        route.pin = pin;
        route.exit = null;
        const response = await page
          .goto(target.toString(), { waitUntil: "load", timeout: within(job, navigationMs) })
          .catch((err) => {
            if (route.refused) return null;
            throw /timeout|timed.?out/i.test(String(err))
              ? new UpstreamTimeout(`the page did not load within ${navigationMs / 1000} s`)
              : new UpstreamBlocked("the page could not be opened", { cause: err });
          });
        await assertLanded(job, page, route.refused);
        await page.waitForNetworkIdle({ idleTime: 200, timeout: 5_000 }).catch(() => {});
        const status = response?.status() ?? 0;
        const html = await page.content();
        await assertLanded(job, page, route.refused);
        const retryAfter = response?.headers()["retry-after"];
        return { status, html, retryAfter, challenge: job.detectChallenge(html, status), exit: route.exit };
      };
      const { page: loaded, solved } = await loadPastChallenge(pool, {
        load: open,
        async solve(challenged, pin) {
          route.pin = pin;
          const challenge = challenged.challenge!;
          const token = await solveForJob(job, challenge, page.url());
          const navigation = page.waitForNavigation({ waitUntil: "load", timeout: within(job, pageTimeoutMs) });
          const [next] = await Promise.all([
            navigation,
            page.evaluate(submitTokenScript(TOKEN_FIELDS[challenge.kind], token)),
          ]);
          const status = next?.status() ?? challenged.status;
          const html = await page.content();
          await assertLanded(job, page, route.refused);
          return { ...challenged, status, html, challenge: job.detectChallenge(html, status), exit: route.exit ?? pin };
        },
      });
      const { status, html } = loaded;
      if (status === 404 || status === 410) throw new UpstreamNotFound(`${job.url} answered ${status}`);
      if (status === 403 || status === 429 || status >= 500) {
        throw new UpstreamBlocked(`the site answered ${status}`, { retryAfter: parseRetryAfter(loaded.retryAfter) });
      }
      const proxy = loaded.exit?.proxy.id ?? null;
      const captcha = solved ? "solved" : "none";
      return { status, html, url: page.url(), proxy, captcha, browser: { session_id: sessionId, reused } };
    } finally {
      await context.close().catch(() => {});
      // disconnect, not close: the browser stays up for the next job.
      await browser.disconnect();
      released.add(sessionId);
    }
  },
};
