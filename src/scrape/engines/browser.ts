import puppeteer, { type Browser, type HTTPRequest } from "@cloudflare/puppeteer";
import { fetchViaProxy } from "../proxy-fetch";
import { assertSafeUrl } from "../ssrf";
import { recordSolveCost, reserveSolve, solveChallenge, TOKEN_FIELDS } from "../captcha";
import { EngineUnavailable, UpstreamBlocked, UpstreamNotFound, UpstreamTimeout } from "../errors";
import type { Engine, LoadJob, LoadedPage } from "./types";

const NAVIGATION_TIMEOUT_MS = 25_000;
/** A launched browser stays up this long between jobs, so the next job can reuse it. */
const KEEP_ALIVE_MS = 120_000;
const BLOCKED_TYPES = new Set(["image", "font", "media"]);
const PROXIED_TYPES = new Set(["document", "xhr", "fetch", "script", "stylesheet", "other"]);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Sessions this isolate has disconnected from and not taken again. `sessions()` can lag
 * behind a disconnect (locally it keeps reporting the old connection), so our own releases
 * are trusted first; a session taken elsewhere in the meantime simply fails to connect.
 */
const released = new Set<string>();

/**
 * A browser for one job: an idle session is reused (`connect`), a new one launched only
 * while fewer than `maxBrowsers` run, otherwise we wait for one to free up. Launch 429s are
 * retried after the advertised delay.
 */
async function acquire(job: LoadJob): Promise<{ browser: Browser; sessionId: string; reused: boolean }> {
  const binding = job.env.BROWSER;
  const deadline = Date.now() + NAVIGATION_TIMEOUT_MS;
  for (let attempt = 0; Date.now() < deadline; attempt++) {
    const sessions = await puppeteer.sessions(binding).catch(() => []);
    const idle = sessions.filter((s) => released.has(s.sessionId) || !s.connectionId);
    for (const session of idle) {
      released.delete(session.sessionId);
      try {
        return { browser: await puppeteer.connect(binding, session.sessionId), sessionId: session.sessionId, reused: true };
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
        if (!/429|rate limit/i.test(message)) throw new EngineUnavailable(`the browser could not start: ${message.slice(0, 200)}`);
        const retryAfter = Number(/retry[- ]after[^0-9]*(\d+)/i.exec(message)?.[1] ?? 0);
        await sleep(retryAfter ? retryAfter * 1000 : 500 * 2 ** attempt);
        continue;
      }
    }
    await sleep(250);
  }
  throw new EngineUnavailable("no browser became free in time");
}

/** Documents and XHR go through the proxy pool (a hosted browser cannot take a proxy flag). */
async function routeRequest(job: LoadJob, request: HTTPRequest, onDocumentProxy: (id: string) => void) {
  if (BLOCKED_TYPES.has(request.resourceType())) return request.abort();
  const { pool } = job.config;
  if (pool.size === 0 || !PROXIED_TYPES.has(request.resourceType())) return request.continue();
  try {
    const url = assertSafeUrl(request.url(), job.config.ssrf);
    for (const proxy of pool.candidates(url.host)) {
      try {
        const response = await fetchViaProxy(proxy, url, { method: request.method(), headers: request.headers(), body: request.postData() });
        pool.markGood(proxy, url.host);
        if (request.resourceType() === "document") onDocumentProxy(proxy.id);
        const headers: Record<string, string> = {};
        response.headers.forEach((value, name) => (headers[name] = value));
        return request.respond({ status: response.status, headers, body: new Uint8Array(await response.arrayBuffer()) as never });
      } catch {
        pool.markBad(proxy, url.host);
      }
    }
  } catch {
    // Unsafe URL: fall through to abort.
  }
  return request.abort();
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
    assertSafeUrl(job.url, job.config.ssrf);
    const { browser, sessionId, reused } = await acquire(job);
    const context = await browser.createBrowserContext();
    try {
      const page = await context.newPage();
      await page.setRequestInterception(true);
      let proxy: string | null = null;
      page.on("request", (request) => void routeRequest(job, request, (id) => (proxy = id)).catch(() => {}));
      const response = await page.goto(job.url, { waitUntil: "load", timeout: NAVIGATION_TIMEOUT_MS }).catch((err) => {
        throw /timeout/i.test(String(err)) ? new UpstreamTimeout(`the page did not load within ${NAVIGATION_TIMEOUT_MS / 1000} s`) : new UpstreamBlocked(`navigation failed: ${String(err).slice(0, 200)}`);
      });
      await page.waitForNetworkIdle({ idleTime: 200, timeout: 5_000 }).catch(() => {});
      let status = response?.status() ?? 0;
      let html = await page.content();
      let captcha: LoadedPage["captcha"] = "none";

      const challenge = job.detectChallenge(html, status);
      if (challenge) {
        if (!job.config.solver) throw new UpstreamBlocked("the site answered with a CAPTCHA and no solver is configured");
        await reserveSolve(job.env.DB, job.accountId);
        const { token, costMicros } = await solveChallenge(job.config.solver, challenge, page.url());
        await recordSolveCost(job.env.DB, job.accountId, costMicros);
        const field = TOKEN_FIELDS[challenge.kind];
        const [next] = await Promise.all([
          page.waitForNavigation({ waitUntil: "load", timeout: NAVIGATION_TIMEOUT_MS }),
          page.evaluate(submitTokenScript(field, token)),
        ]);
        status = next?.status() ?? status;
        html = await page.content();
        if (job.detectChallenge(html, status)) throw new UpstreamBlocked("the site kept challenging after the CAPTCHA was solved");
        captcha = "solved";
      }
      if (status === 404 || status === 410) throw new UpstreamNotFound(`${job.url} answered ${status}`);
      if (status === 403 || status === 429 || status >= 500) throw new UpstreamBlocked(`the site answered ${status}`);
      return { status, html, url: page.url(), proxy, captcha, browser: { session_id: sessionId, reused } };
    } finally {
      await context.close().catch(() => {});
      // disconnect, not close: the browser stays up for the next job.
      await browser.disconnect();
      released.add(sessionId);
    }
  },
};
