// Optional tuning vars, typed and read in one place: unset in production (each reader has its
// default), set by the tests and local runs so that waits and batches are short. They are not in
// wrangler.toml, so `Env` (from `wrangler types`) does not know them.

interface TuningVars {
  /** A batch job item's first retry delay in seconds (then ×4 per attempt); default 30. */
  JOB_RETRY_BASE_SECONDS?: string;
  /** A job item queued or running this long without an outcome is sent again; default 300. */
  JOB_STALL_SECONDS?: string;
  /** Scales the webhook retry schedule so its first step (5 s) takes this many ms. */
  WEBHOOK_RETRY_BASE_MS?: string;
  /** How long a webhook receiver may take to answer before the attempt counts as a timeout; default 10000. */
  WEBHOOK_TIMEOUT_MS?: string;
  /** How long one minute's cron run keeps starting due work (events/turns.ts); default 40000. */
  CRON_BUDGET_MS?: string;
  /** Crawl items of one shop refresh on the queue at once (datasets/shop/schedule.ts); default 3. */
  SHOP_CRAWL_ITEMS?: string;
  /** How long a call waits for others to share its request log insert (middleware/endpoint-usage.ts); default 100. */
  REQUEST_LOG_WAIT_MS?: string;
  /** How long an account's lease of units lasts (durable/account-meter-client.ts); default and most 1000, "0" for no leases. */
  LEASE_MS?: string;
}

/** The number a tuning var of `env` holds, or `fallback` when it is unset, zero or not a number. */
export function tuning(env: Env, name: keyof TuningVars, fallback: number): number {
  return Number((env as TuningVars)[name]) || fallback;
}
