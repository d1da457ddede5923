import { ProxyPool, parseProxyList } from "./proxy-pool";
import { isDevelopment, urlGuardOptions } from "../net/guard-options";
import type { UrlGuardOptions } from "../net/url-guard";

export interface ScrapeConfig {
  pool: ProxyPool;
  solver: SolverConfig | null;
  /** Checks every URL the engines request, each redirect hop and browser request included. */
  urlGuard: UrlGuardOptions;
  /** Base URL of the local replica sites (development only); when set, every platform is served from there. */
  replicaOrigin: string | null;
  /** Browsers the whole deployment may hold at once (every shard's share added up). */
  maxBrowsers: number;
  /** BrowserHost objects the browsers are spread over, each holding its share of `maxBrowsers`. */
  browserShards: number;
  /** One page request or browser navigation may take this long. */
  pageTimeoutMs: number;
  /** The whole scrape (every engine, retries, CAPTCHA solving) must end within this. */
  deadlineMs: number;
  /** Finding or launching a browser may take this long before the engine is unavailable. */
  launchTimeoutMs: number;
  /** A shard with no load for this long closes its browsers. */
  browserIdleMs: number;
}

/** A positive number of milliseconds from a binding, else the default. */
const millis = (value: string | undefined, fallback: number) => (Number(value) > 0 ? Number(value) : fallback);

/** Where a platform's pages are fetched from: the replica in local development, else the real site. */
export function siteOrigin(config: Pick<ScrapeConfig, "replicaOrigin">, slug: string, realOrigin: string): string {
  return config.replicaOrigin ? `${config.replicaOrigin}/${slug}` : realOrigin;
}

/** One pool per isolate and proxy list, so health learned by one request helps the next. */
let pool: { source: string; pool: ProxyPool } | null = null;

/** The CAPTCHA solver service (createTask / getTaskResult JSON API). */
export interface SolverConfig {
  url: string;
  key: string;
  /** Poll interval for getTaskResult. */
  pollMs?: number;
  timeoutMs?: number;
}

// Bindings do not change under a running isolate: each `env` object's settings are read once.
const built = new WeakMap<Env, ScrapeConfig>();

/** Scrape settings from bindings, read on first use for each `env` (never at import time). */
export function scrapeConfig(env: Env): ScrapeConfig {
  let config = built.get(env);
  if (!config) {
    config = readScrapeConfig(env);
    built.set(env, config);
  }
  return config;
}

function readScrapeConfig(env: Env): ScrapeConfig {
  const source = `${env.PROXY_URLS ?? ""}|${env.PROXY_COOLDOWN_MS ?? ""}`;
  if (!pool || pool.source !== source)
    pool = { source, pool: new ProxyPool(parseProxyList(env.PROXY_URLS), Number(env.PROXY_COOLDOWN_MS) || undefined) };
  // A production deploy that ships REPLICA_ORIGIN by mistake still scrapes the real sites.
  const replicaOrigin = (isDevelopment(env) && env.REPLICA_ORIGIN) || null;
  const maxBrowsers = Number(env.MAX_BROWSERS) || 2;
  const shards = Math.floor(Number(env.BROWSER_SHARDS));
  return {
    pool: pool.pool,
    solver:
      env.SOLVER_URL && env.SOLVER_KEY
        ? {
            url: env.SOLVER_URL,
            key: env.SOLVER_KEY,
            pollMs: millis(env.SOLVER_POLL_MS, 1_000),
            timeoutMs: millis(env.SOLVER_TIMEOUT_MS, 60_000),
          }
        : null,
    urlGuard: urlGuardOptions(env),
    replicaOrigin,
    maxBrowsers,
    // One browser per shard unless told otherwise; never more shards than browsers, so each holds one.
    browserShards: Math.min(maxBrowsers, shards >= 1 ? shards : maxBrowsers),
    pageTimeoutMs: millis(env.SCRAPE_TIMEOUT_MS, 20_000),
    // Long enough for a page load, the solver's whole wait and the token post.
    deadlineMs: millis(env.SCRAPE_DEADLINE_MS, 90_000),
    launchTimeoutMs: millis(env.BROWSER_LAUNCH_TIMEOUT_MS, 15_000),
    browserIdleMs: millis(env.BROWSER_IDLE_MS, 60_000),
  };
}
