import puppeteer, { type Browser } from "@cloudflare/puppeteer";
import { EngineUnavailable } from "../errors";
import { withTimeout } from "../../timeout";
import { browserTarget, loadInPage, preparePage } from "./browser-page";
import type { Engine, LoadJob, LoadedPage } from "./types";

/** A launched browser stays up this long between jobs, so the next job can reuse it. */
const KEEP_ALIVE_MS = 120_000;

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
  // A session this isolate released is tried before asking for the list: one call to the binding saved.
  for (const sessionId of released) {
    released.delete(sessionId);
    try {
      return { browser: await puppeteer.connect(binding, sessionId), sessionId, reused: true };
    } catch {
      // Taken by another isolate, or closed for idleness; the list below knows.
    }
  }
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

/** Chromium through Browser Rendering: runs the page's JavaScript. */
export const browserEngine: Engine = {
  name: "browser",
  javascript: true,
  cost: 10,
  async load(job: LoadJob): Promise<LoadedPage> {
    const target = await browserTarget(job);
    const { browser, sessionId, reused } = await acquireWithin(job);
    const context = await browser.createBrowserContext();
    try {
      const page = await context.newPage();
      await preparePage(page);
      const loaded = await loadInPage(job, page, target);
      return { ...loaded, browser: { session_id: sessionId, reused } };
    } finally {
      await context.close().catch(() => {});
      // disconnect, not close: the browser stays up for the next job.
      await browser.disconnect();
      released.add(sessionId);
    }
  },
};
