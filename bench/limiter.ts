// Rate limiter accuracy under load for `npm run bench`: a burst of concurrent requests against a
// key with a small per-minute limit must admit exactly the limit, and 429s must stay cheap.
import { createAccountKey } from "../scripts/local-stack.ts";

export interface LimiterFigures {
  limit: number;
  sent: number;
  admitted: number;
  refused: number;
  /** Answers that were neither 200 nor 429 (errors). */
  other: number;
  /** Calendar-minute windows the burst touched; each may admit `limit`. */
  windows: number;
  overAdmission: number;
  admittedLatency: { p50: number; p99: number };
  refusedLatency: { p50: number; p99: number };
  seconds: number;
}

const MINUTE_MS = 60_000;
const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]! : NaN);
const summary = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99) };
};

/**
 * Fires `total` GET /v1/usage requests, `concurrency` at a time, with a fresh key limited to
 * `limit` per minute. Starts early in a minute so the burst normally fits one fixed window.
 */
export async function limiterAccuracy(url: string, adminToken: string, options = { limit: 200, total: 1_000, concurrency: 100 }): Promise<LimiterFigures> {
  const { secret } = await createAccountKey(url, adminToken, {
    name: "bench-limiter",
    plan: "enterprise",
    requests_per_minute: options.limit,
    requests_per_month: 1_000_000_000,
  });
  const leftInMinute = MINUTE_MS - (Date.now() % MINUTE_MS);
  if (leftInMinute < 10_000) await new Promise((resolve) => setTimeout(resolve, leftInMinute + 50));

  const admitted: number[] = [];
  const refused: number[] = [];
  let other = 0;
  const started = Date.now();
  const one = async () => {
    const t0 = performance.now();
    const response = await fetch(`${url}/v1/usage`, { headers: { "X-API-KEY": secret } });
    await response.arrayBuffer();
    const ms = performance.now() - t0;
    if (response.status === 200) admitted.push(ms);
    else if (response.status === 429) refused.push(ms);
    else other++;
  };
  for (let sent = 0; sent < options.total; sent += options.concurrency) {
    await Promise.all(Array.from({ length: Math.min(options.concurrency, options.total - sent) }, one));
  }
  const ended = Date.now();
  const windows = Math.floor(ended / MINUTE_MS) - Math.floor(started / MINUTE_MS) + 1;

  return {
    limit: options.limit,
    sent: options.total,
    admitted: admitted.length,
    refused: refused.length,
    other,
    windows,
    overAdmission: Math.max(0, admitted.length - options.limit * windows),
    admittedLatency: summary(admitted),
    refusedLatency: summary(refused),
    seconds: (ended - started) / 1000,
  };
}

export function printLimiter(figures: LimiterFigures, concurrency: number) {
  const ms = (n: number) => (Number.isNaN(n) ? "n/a" : n.toFixed(1));
  console.log(`\nRate limiter under load: ${figures.sent} GET /v1/usage, ${concurrency} concurrent, key limited to ${figures.limit}/min (${figures.seconds.toFixed(1)} s, ${figures.windows} minute window(s))`);
  console.log("| answer | count | p50 ms | p99 ms |");
  console.log("|---|---:|---:|---:|");
  console.log(`| 200 admitted | ${figures.admitted} | ${ms(figures.admittedLatency.p50)} | ${ms(figures.admittedLatency.p99)} |`);
  console.log(`| 429 refused | ${figures.refused} | ${ms(figures.refusedLatency.p50)} | ${ms(figures.refusedLatency.p99)} |`);
  console.log(`| other (errors) | ${figures.other} | | |`);
  console.log(`admitted ${figures.admitted} vs limit ${figures.limit * figures.windows}: over-admission ${figures.overAdmission}, error rate ${((figures.other / figures.sent) * 100).toFixed(2)}%`);
}
