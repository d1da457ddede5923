// Getting a Browser Rendering session: an idle one is taken over, a new one launched only while
// fewer than `maxBrowsers` run account-wide and the platform's own launch budget allows one now
// (`puppeteer.limits`, shared by every shard), launch 429s retried after their delay.
import puppeteer, { type Browser } from "@cloudflare/puppeteer";
import type { ScrapeConfig } from "../../config";
import { EngineUnavailable } from "../../errors";
import { withTimeout } from "../../../timeout";

/** How long a session outlives its last CDP message, so a shard can take over one whose object was lost. */
const KEEP_ALIVE_MS = 120_000;
/** A session this young with nobody connected is being launched by another shard, not left over. */
const LAUNCHING_MS = 10_000;

export interface Session {
  browser: Browser;
  sessionId: string;
  /** True when the browser was already running (taken over), false when launched for this call. */
  reused: boolean;
}

type Limits = Pick<ScrapeConfig, "maxBrowsers" | "launchTimeoutMs">;

async function acquire(binding: Env["BROWSER"], limits: Limits, deadline: number): Promise<Session> {
  for (let attempt = 0; Date.now() < deadline; attempt++) {
    const sessions = await puppeteer.sessions(binding).catch(() => []);
    // A session nobody is connected to: left by an object that was evicted or reset, or by an older
    // deploy.
    const free = sessions.filter((s) => !s.connectionId && Date.now() - s.startTime > LAUNCHING_MS);
    for (const session of free) {
      try {
        return {
          browser: await puppeteer.connect(binding, session.sessionId),
          sessionId: session.sessionId,
          reused: true,
        };
      } catch {
        // Taken by someone else a moment ago, or gone; try the next one.
      }
    }
    if (sessions.length < limits.maxBrowsers) {
      // The account's launches are one budget for every shard: wait for the platform's next one.
      const budget = await puppeteer.limits(binding).catch(() => null);
      if (budget && budget.allowedBrowserAcquisitions < 1) {
        const wait = Math.max(100, budget.timeUntilNextAllowedBrowserAcquisition);
        await scheduler.wait(Math.min(wait, Math.max(0, deadline - Date.now())));
        continue;
      }
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
 * A new session under the launch timeout: a launch that hangs (the binding never answers) makes
 * the engine unavailable instead of holding the job. A browser that arrives after we gave up is
 * closed, so it does not count against `maxBrowsers` until it idles out.
 */
export async function openSession(binding: Env["BROWSER"], limits: Limits): Promise<Session> {
  const ms = limits.launchTimeoutMs;
  const attempt = acquire(binding, limits, Date.now() + ms);
  try {
    return await withTimeout(
      attempt,
      ms,
      () => new EngineUnavailable(`the browser did not start within ${ms / 1000} s`),
    );
  } catch (err) {
    attempt
      .then(
        ({ browser }) => browser.close(),
        () => {},
      )
      .catch(() => {});
    throw err;
  }
}
