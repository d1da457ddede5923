// Rate limiter accuracy under load for `npm run bench`: a burst of concurrent requests against a
// key with a small per-minute limit must admit exactly the limit, and 429s must stay cheap.
import { createAccountKey } from "../scripts/local-stack.ts";
import type { Answer } from "./load.ts";
import { count, ms, p50p99 } from "./stats.ts";

const MINUTE_MS = 60_000;

export interface LimiterFigures {
  limit: number;
  sent: number;
  admitted: number;
  refused: number;
  /** Answers that were neither 200 nor 429 (errors). */
  other: number;
  /** Calendar-minute windows the traffic touched; each may admit `limit`. */
  windows: number;
  overAdmission: number;
}

/**
 * Counts a key's answers per calendar minute it touched: the limiter may admit `limit` in each
 * window, so anything above `limit × windows` is over-admission. A request counts towards every
 * minute between its sending and its answer, which errs towards leniency by at most one window.
 */
export class WindowTally {
  private readonly minutes = new Set<number>();
  admitted = 0;
  refused = 0;
  other = 0;
  readonly admittedMs: number[] = [];
  readonly refusedMs: number[] = [];

  readonly limit: number;

  constructor(limit: number) {
    this.limit = limit;
  }

  add(answers: readonly Answer[]) {
    for (const answer of answers) {
      for (
        let minute = Math.floor(answer.sentAt / MINUTE_MS);
        minute <= Math.floor(answer.answeredAt / MINUTE_MS);
        minute++
      )
        this.minutes.add(minute);
      if (answer.status === 200) {
        this.admitted += 1;
        this.admittedMs.push(answer.ms);
      } else if (answer.status === 429) {
        this.refused += 1;
        this.refusedMs.push(answer.ms);
      } else this.other += 1;
    }
  }

  figures(): LimiterFigures {
    const windows = this.minutes.size;
    return {
      limit: this.limit,
      sent: this.admitted + this.refused + this.other,
      admitted: this.admitted,
      refused: this.refused,
      other: this.other,
      windows,
      overAdmission: Math.max(0, this.admitted - this.limit * windows),
    };
  }
}

/**
 * Fires `total` GET /v1/usage requests, `concurrency` at a time, with a fresh key limited to
 * `limit` per minute. Starts early in a minute so the burst normally fits one fixed window.
 */
export async function limiterBurst(
  url: string,
  adminToken: string,
  options = { limit: 200, total: 1_000, concurrency: 100 },
) {
  const { secret } = await createAccountKey(url, adminToken, {
    name: "bench-limiter",
    plan: "enterprise",
    requests_per_minute: options.limit,
    requests_per_month: 1_000_000_000,
  });
  const leftInMinute = MINUTE_MS - (Date.now() % MINUTE_MS);
  if (leftInMinute < 10_000) await new Promise((resolve) => setTimeout(resolve, leftInMinute + 50));

  const tally = new WindowTally(options.limit);
  const started = Date.now();
  const one = async (): Promise<Answer> => {
    const sentAt = Date.now();
    const t0 = performance.now();
    try {
      const response = await fetch(`${url}/v1/usage`, { headers: { "X-API-KEY": secret } });
      await response.arrayBuffer();
      return { status: response.status, ms: performance.now() - t0, sentAt, answeredAt: Date.now() };
    } catch (err) {
      return { status: 0, ms: performance.now() - t0, sentAt, answeredAt: Date.now(), error: String(err) };
    }
  };
  for (let sent = 0; sent < options.total; sent += options.concurrency) {
    tally.add(await Promise.all(Array.from({ length: Math.min(options.concurrency, options.total - sent) }, one)));
  }
  return { tally, concurrency: options.concurrency, seconds: (Date.now() - started) / 1000 };
}

export function printBurst({ tally, concurrency, seconds }: Awaited<ReturnType<typeof limiterBurst>>) {
  const figures = tally.figures();
  const admitted = p50p99(tally.admittedMs);
  const refused = p50p99(tally.refusedMs);
  console.log(
    `\n**Rate limiter burst**: ${count(figures.sent)} \`GET /v1/usage\`, ${concurrency} concurrent, key limited to ${figures.limit}/min (${seconds.toFixed(1)} s, ${figures.windows} minute window${figures.windows === 1 ? "" : "s"})\n`,
  );
  console.log("| answer | count | p50 ms | p99 ms |");
  console.log("|---|---:|---:|---:|");
  console.log(`| 200 admitted | ${count(figures.admitted)} | ${ms(admitted.p50)} | ${ms(admitted.p99)} |`);
  console.log(`| 429 refused | ${count(figures.refused)} | ${ms(refused.p50)} | ${ms(refused.p99)} |`);
  console.log(`| other (errors) | ${count(figures.other)} | | |`);
}
