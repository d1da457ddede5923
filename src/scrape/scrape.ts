import { cachedScrape, type CacheRequest, type CacheState } from "./cache";
import { scrapeConfig, type ScrapeConfig } from "./config";
import { engineOrder, type EngineName } from "./engines";
import type { PageExtras, Screenshot } from "./engines/types";
import { MAX_BACKOFF_MS } from "./engines/fetch";
import { CaptchaFailed, EngineEmpty, PageTooLarge, UpstreamBlocked, UpstreamNotFound, UpstreamTimeout } from "./errors";
import { UnsafeUrlError } from "../net/url-guard";
import type { Challenge } from "./types";
import { log } from "../log";
import { timed } from "../timing";

/**
 * One scrape: what it reads and how (the page, the engines, the parser), for whom, and how fresh;
 * everything a scrape carries, in one object from the route down to the engines.
 */
export interface ScrapeRequest<T> extends CacheRequest {
  url: string;
  engines: readonly EngineName[];
  parse(html: string, url: string): T;
  /**
   * True when a parsed page lacks its main data, so the next engine should try; when none
   * does better, the thin record is still the answer (a product without a price, no results).
   */
  isEmpty(record: T): boolean;
  detectChallenge(html: string, status: number): Challenge | null;
  accountId: string;
  /** Waiting and a screenshot (GET /v1/page); they belong in `params` too, as they change the answer. */
  extras?: PageExtras;
  /** Request headers that replace the engine's own (a country's Accept-Language); in `params` too. */
  headers?: Record<string, string>;
}

export interface ScrapeMeta {
  source_url: string;
  engine: EngineName;
  cache: CacheState;
  fetched_at: string;
  proxy: string | null;
  captcha: "none" | "solved";
  browser?: { session_id: string; reused: boolean };
  /** The page as the browser showed it, when the request asked for one. */
  screenshot?: Screenshot;
}

/**
 * Errors no other engine can fix: a browser meets the same CAPTCHA the solver just failed on,
 * waits on the same server that just did not answer in time, and gets the same oversized page.
 */
const FINAL = [UpstreamNotFound, UnsafeUrlError, CaptchaFailed, UpstreamTimeout, PageTooLarge];

/**
 * Fetches and parses one page: from the KV cache when fresh enough, else through the
 * engines in order (fetch first, escalating to the browser on empty or blocked pages)
 * within the scrape deadline, with identical concurrent calls sharing one load and a stale
 * copy standing in on failure.
 */
export async function scrape<T>(env: Env, request: ScrapeRequest<T>): Promise<{ record: T; meta: ScrapeMeta }> {
  const config = scrapeConfig(env);
  // Engines cap their own waits to the deadline; each caller also stops waiting at it.
  const load = () => loadThroughEngines(env, config, request, Date.now() + config.deadlineMs);
  const result = await cachedScrape(env.CACHE, request, load, config.deadlineMs);
  return {
    record: result.record,
    meta: {
      ...(result.meta as Omit<ScrapeMeta, "cache" | "fetched_at">),
      cache: result.cache,
      fetched_at: new Date(result.fetchedAt).toISOString(),
    },
  };
}

async function loadThroughEngines<T>(env: Env, config: ScrapeConfig, request: ScrapeRequest<T>, deadline: number) {
  let lastError: unknown = new EngineEmpty("no engine can serve this page");
  // A page that loaded but looked empty: what we answer if no later engine finds more.
  let thin: { record: T; meta: Record<string, unknown>; fetchedAt: number } | null = null;
  // The longest wait a site asked for, kept for the final error whichever engine heard it.
  let retryAfter: number | undefined;
  for (const engine of engineOrder(request.engines)) {
    try {
      const page = await timed("engine", () =>
        engine.load({
          url: request.url,
          env,
          config,
          accountId: request.accountId,
          detectChallenge: request.detectChallenge,
          deadline,
          ...(request.extras ? { extras: request.extras } : {}),
          ...(request.headers ? { headers: request.headers } : {}),
        }),
      );
      const record = timed("parse", () => request.parse(page.html, page.url));
      const meta = {
        source_url: page.url,
        engine: engine.name,
        proxy: page.proxy,
        captcha: page.captcha,
        ...(page.browser ? { browser: page.browser } : {}),
        ...(page.screenshot ? { screenshot: page.screenshot } : {}),
      };
      if (!request.isEmpty(record)) return { record, meta, fetchedAt: Date.now() };
      thin = { record, meta, fetchedAt: Date.now() };
      throw new EngineEmpty(`the ${engine.name} engine found no data on the page`);
    } catch (err) {
      if (FINAL.some((kind) => err instanceof kind)) throw err;
      // A site that asked for a longer pause is not asked again at once by another engine.
      if (err instanceof UpstreamBlocked && (err.retryAfter ?? 0) * 1000 > MAX_BACKOFF_MS) throw err;
      log.info("engine failed", { engine: engine.name, url: request.url, error: err });
      if (err instanceof UpstreamBlocked && err.retryAfter !== undefined)
        retryAfter = Math.max(retryAfter ?? 0, err.retryAfter);
      lastError = err;
    }
  }
  if (thin) return thin;
  if (lastError instanceof UpstreamBlocked && retryAfter !== undefined)
    lastError.retryAfter = Math.max(lastError.retryAfter ?? 0, retryAfter);
  throw lastError;
}
