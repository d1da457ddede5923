// Closed-loop load for `npm run bench`: `concurrency` workers on keep-alive connections, each
// sending its next request as soon as the last one answered, for a fixed time. Every answer's
// status and latency is kept, so successes and failures get percentiles of their own; autocannon
// reports one histogram over all answers, which is why this is written by hand. node:http keeps
// the generator's own CPU cost low on a machine it shares with the server.
import { Agent, request } from "node:http";
import { cpuMs } from "./server-cpu.ts";
import { parseServerTiming } from "./server-timing.ts";
import { count, median, ms, p50p99 } from "./stats.ts";

export interface LoadCase {
  name: string;
  /** A fixed path, or one per request (`i` counts requests of the run) to defeat coalescing. */
  path: string | ((i: number) => string);
  headers?: Record<string, string>;
  /** Sees every answer of every run, warm-up included (the limiter check counts them all). */
  observe?: (answers: readonly Answer[]) => void;
}

/** One answer; `status` 0 for a network error or a timeout, named in `error`. */
export interface Answer {
  status: number;
  ms: number;
  sentAt: number;
  answeredAt: number;
  error?: string;
  /** The start of a failure's body, to say what the failure was. */
  body?: string;
  /** A success's `Server-Timing` parts, in ms. */
  timing?: Record<string, number>;
}

export interface LoadOptions {
  concurrencies: number[];
  runs: number;
  seconds: number;
  /** The server's workerd processes, whose CPU time per request is measured (bench/server-cpu.ts). */
  serverPids?: number[];
}

export interface LoadRow {
  name: string;
  concurrency: number;
  /** Median over runs of answers (of any status) per second. */
  requestsPerSecond: number;
  ok: number;
  okLatency: { p50: number; p99: number };
  failed: number;
  failedLatency: { p50: number; p99: number };
  /** Failures by status (`429`) or network error (`ECONNRESET`), summed over runs. */
  failures: Record<string, number>;
  /** The first failure of each kind, with the start of its body. */
  failureSamples: Record<string, string>;
  /** Median over runs of the server's CPU ms per answer (NaN when not measured). */
  cpuMsPerRequest: number;
  /** `Server-Timing` parts of every success, in ms. */
  timings: Record<string, number>[];
}

const REQUEST_TIMEOUT_MS = 30_000;
const BODY_SAMPLE_CHARS = 300;
/** Bounds a run by count as well as by time, whatever the server does. */
const MAX_REQUESTS_PER_WORKER = 20_000;

const isSuccess = (answer: Answer) => answer.status >= 200 && answer.status < 300;

function send(agent: Agent, url: URL, headers: Record<string, string> | undefined): Promise<Answer> {
  return new Promise((resolve) => {
    const sentAt = Date.now();
    const started = performance.now();
    let timing: Record<string, number> | undefined;
    const done = (status: number, error?: string, body?: string) =>
      resolve({ status, ms: performance.now() - started, sentAt, answeredAt: Date.now(), error, body, timing });
    const req = request(url, { agent, headers, timeout: REQUEST_TIMEOUT_MS }, (res) => {
      const status = res.statusCode ?? 0;
      // Successes are only counted; a failure keeps the start of its body.
      let body = "";
      if (status >= 200 && status < 300) {
        timing = parseServerTiming([res.headers["server-timing"]].flat().join(","));
        res.resume();
      } else res.setEncoding("utf8").on("data", (chunk: string) => (body = (body + chunk).slice(0, BODY_SAMPLE_CHARS)));
      res.on("end", () => done(status, undefined, body || undefined));
      res.on("error", (err: NodeJS.ErrnoException) => done(0, err.code ?? err.message));
    });
    req.on("timeout", () => req.destroy(Object.assign(new Error("timeout"), { code: "timeout" })));
    req.on("error", (err: NodeJS.ErrnoException) => done(0, err.code ?? err.message));
    req.end();
  });
}

/** One run: a warm-up request per connection (not timed), then `seconds` of closed-loop load. */
async function runOnce(baseUrl: string, loadCase: LoadCase, concurrency: number, seconds: number, pids: number[]) {
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  let sent = 0;
  const next = () => {
    const path = typeof loadCase.path === "string" ? loadCase.path : loadCase.path(sent);
    sent += 1;
    return send(agent, new URL(path, baseUrl), loadCase.headers);
  };
  try {
    const warmup = await Promise.all(Array.from({ length: concurrency }, next));
    const answers: Answer[] = [];
    const cpuBefore = cpuMs(pids);
    const started = performance.now();
    const deadline = started + seconds * 1000;
    const worker = async () => {
      for (let i = 0; i < MAX_REQUESTS_PER_WORKER && performance.now() < deadline; i++) answers.push(await next());
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
    const elapsed = (performance.now() - started) / 1000;
    const cpuPerRequest = (cpuMs(pids) - cpuBefore) / answers.length;
    loadCase.observe?.([...warmup, ...answers]);
    return { answers, requestsPerSecond: answers.length / elapsed, cpuPerRequest };
  } finally {
    agent.destroy();
  }
}

/**
 * Every case at every concurrency, `runs` times; cases and concurrencies are interleaved within
 * a run so drift on a shared machine hits them alike. Figures are medians over runs.
 */
export async function measureLoad(baseUrl: string, cases: LoadCase[], options: LoadOptions): Promise<LoadRow[]> {
  const samples = new Map<string, Awaited<ReturnType<typeof runOnce>>[]>();
  const id = (name: string, concurrency: number) => `${concurrency}|${name}`;
  for (let run = 0; run < options.runs; run++) {
    for (const concurrency of options.concurrencies) {
      for (const loadCase of cases) {
        const key = id(loadCase.name, concurrency);
        samples.set(key, [
          ...(samples.get(key) ?? []),
          await runOnce(baseUrl, loadCase, concurrency, options.seconds, options.serverPids ?? []),
        ]);
      }
    }
  }
  return options.concurrencies.flatMap((concurrency) =>
    cases.map((loadCase): LoadRow => {
      const runs = samples.get(id(loadCase.name, concurrency))!;
      const perRun = runs.map((run) => ({
        ok: p50p99(run.answers.filter(isSuccess).map((a) => a.ms)),
        failed: p50p99(run.answers.filter((a) => !isSuccess(a)).map((a) => a.ms)),
      }));
      // A run without successes (or failures) has no percentile to add to the median.
      const medianOf = (values: number[]) => median(values.filter((v) => !Number.isNaN(v)));
      const failures: Record<string, number> = {};
      const failureSamples: Record<string, string> = {};
      for (const answer of runs.flatMap((run) => run.answers)) {
        if (isSuccess(answer)) continue;
        const kind = answer.status ? String(answer.status) : (answer.error ?? "network error");
        failures[kind] = (failures[kind] ?? 0) + 1;
        failureSamples[kind] ??= answer.body ?? answer.error ?? "";
      }
      const all = runs.flatMap((run) => run.answers);
      return {
        name: loadCase.name,
        concurrency,
        requestsPerSecond: median(runs.map((run) => run.requestsPerSecond)),
        ok: all.filter(isSuccess).length,
        okLatency: { p50: medianOf(perRun.map((r) => r.ok.p50)), p99: medianOf(perRun.map((r) => r.ok.p99)) },
        failed: all.filter((a) => !isSuccess(a)).length,
        failedLatency: {
          p50: medianOf(perRun.map((r) => r.failed.p50)),
          p99: medianOf(perRun.map((r) => r.failed.p99)),
        },
        failures,
        failureSamples,
        cpuMsPerRequest: medianOf(runs.map((run) => run.cpuPerRequest)),
        timings: all.flatMap((answer) => (answer.timing ? [answer.timing] : [])),
      };
    }),
  );
}

/** One markdown table per concurrency, each route beside the baseline at that concurrency. */
export function printLoadTables(rows: LoadRow[], baseline: string, options: LoadOptions) {
  for (const concurrency of options.concurrencies) {
    const atConcurrency = rows.filter((row) => row.concurrency === concurrency);
    const base = atConcurrency.find((row) => row.name === baseline)!;
    console.log(
      `\n**${concurrency} concurrent connection${concurrency === 1 ? "" : "s"}** (median of ${options.runs} run${options.runs === 1 ? "" : "s"} × ${options.seconds} s)\n`,
    );
    console.log(
      "| route | req/s | ratio to bare | ok | ok p50 ms | ok p99 ms | failed | error rate | failed p50 ms | failed p99 ms | failures | server CPU ms/req | CPU ÷ bare |",
    );
    console.log("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|---:|");
    for (const row of atConcurrency) {
      const total = row.ok + row.failed;
      const errorRate = total ? `${((row.failed / total) * 100).toFixed(1)} %` : "–";
      const kinds =
        Object.entries(row.failures)
          .map(([kind, n]) => `${kind} × ${count(n)}`)
          .join(", ") || "–";
      const cells = [
        row.name,
        row.requestsPerSecond.toFixed(0),
        (row.requestsPerSecond / base.requestsPerSecond).toFixed(2),
        count(row.ok),
        ms(row.okLatency.p50),
        ms(row.okLatency.p99),
        count(row.failed),
        errorRate,
        ms(row.failedLatency.p50),
        ms(row.failedLatency.p99),
        kinds,
        ms(row.cpuMsPerRequest),
        (row.cpuMsPerRequest / base.cpuMsPerRequest).toFixed(2),
      ];
      console.log(`| ${cells.join(" | ")} |`);
    }
  }
  // One line per route and kind of failure, with the concurrencies it showed up at.
  const seen = new Map<string, { name: string; kind: string; sample: string; concurrencies: number[] }>();
  for (const row of rows) {
    for (const [kind, sample] of Object.entries(row.failureSamples)) {
      const entry = seen.get(`${row.name}|${kind}`) ?? { name: row.name, kind, sample, concurrencies: [] };
      entry.concurrencies.push(row.concurrency);
      seen.set(`${row.name}|${kind}`, entry);
    }
  }
  if (seen.size === 0) return;
  console.log("\nWhat the failures answered (the first of each kind):\n");
  for (const { name, kind, sample, concurrencies } of seen.values()) {
    console.log(
      `- ${name}, at ${concurrencies.join(", ")} concurrent: ${kind} \`${describeFailure(sample).replaceAll("`", "'")}\``,
    );
  }
}

/** `code: message` from the API's error envelope, else the start of the body as it came. */
function describeFailure(body: string): string {
  try {
    const { error } = JSON.parse(body) as { error?: { code?: string; message?: string } };
    if (error?.code) return `${error.code}: ${error.message ?? ""}`;
  } catch {
    // Not the envelope (or cut short): show the text itself.
  }
  return body.replace(/\s+/g, " ").slice(0, 200);
}
