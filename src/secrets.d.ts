// Secrets are not in wrangler.toml, so `wrangler types` cannot see them.
// Set them with `wrangler secret put NAME` (production) or in `.dev.vars` (local).
interface Env {
  /** Guards `/v1/admin/*`; compared in constant time. Admin routes answer 503 while it is unset. */
  ADMIN_TOKEN?: string;
  /** Egress proxies: `http://user:pass@host:port` and gateway templates with `{url}`, comma or newline separated. */
  PROXY_URLS?: string;
  /** CAPTCHA solver base URL (createTask / getTaskResult API) and its client key. */
  SOLVER_URL?: string;
  SOLVER_KEY?: string;
  /** Local development only: base URL of the replica sites (platform origins become `<REPLICA_ORIGIN>/<platform>`). */
  REPLICA_ORIGIN?: string;
  /** Local development only: `host:port` list that may be loopback/private despite the SSRF guard. */
  SSRF_ALLOW_HOSTS?: string;
  /** DNS-over-HTTPS JSON endpoint the URL guard resolves names with (default: Cloudflare's resolver). */
  DOH_URL?: string;
  /** getTaskResult poll interval in ms (default 1000). */
  SOLVER_POLL_MS?: string;
  /** Daily exchange-rate feed (EUR based, `{date, eur: {usd: …}}`); defaults to the public feed. */
  FX_FEED_URL?: string;
  /** First cooldown of a proxy after a refusal or failure, in ms (default 30000). */
  PROXY_COOLDOWN_MS?: string;
  /** Concurrent browsers per account of Browser Rendering (default 2). */
  MAX_BROWSERS?: string;
  /** BrowserHost objects the browsers are spread over, each holding MAX_BROWSERS / N (default MAX_BROWSERS). */
  BROWSER_SHARDS?: string;
  /** One page request or browser navigation, in ms (default 20000). */
  SCRAPE_TIMEOUT_MS?: string;
  /** A whole scrape, every engine and CAPTCHA solving included, in ms (default 90000). */
  SCRAPE_DEADLINE_MS?: string;
  /** Finding a free browser or launching one, in ms (default 15000). */
  BROWSER_LAUNCH_TIMEOUT_MS?: string;
  /** A shard with no load for this long closes its browsers (default 60000). */
  BROWSER_IDLE_MS?: string;
  /** How long the CAPTCHA solver may take to answer, in ms (default 60000). */
  SOLVER_TIMEOUT_MS?: string;
}
