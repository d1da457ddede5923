// Starts the Worker locally (wrangler dev with local D1, KV and Durable Objects)
// for `npm start`, the end-to-end tests and the benchmarks, always as development.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { stopWithProcess } from "./stop-signals.ts";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";
import { CronExpressionParser } from "cron-parser";

export const ROOT = fileURLToPath(new URL("..", import.meta.url));
const WRANGLER = `${ROOT}node_modules/.bin/wrangler`;
/**
 * The wrangler environment of every local run: `[env.dev]` in wrangler.toml, which sets
 * ENVIRONMENT=development. The top level describes production, which is what `wrangler deploy` ships.
 */
export const LOCAL_ENVIRONMENT = "dev";
const QUIET_ENV = {
  ...process.env,
  WRANGLER_SEND_METRICS: "false",
  NO_UPDATE_NOTIFIER: "1",
  FORCE_COLOR: "0",
  // Miniflare otherwise downloads a sample `request.cf` from workers.cloudflare.com at every start,
  // and offline prints an ENOTFOUND stack trace; the Worker reads nothing from `request.cf`.
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
};

/**
 * wrangler dev warns at start that cron triggers are not fired locally (and how to fire one by
 * hand). `npm start` fires them itself (startCronTimer), so the warning would contradict its banner:
 * that one known block is left out of the output passed on. (`--test-scheduled` silences it too, but
 * bundles an extra `/__scheduled` route into the Worker.)
 */
const CRON_WARNING = {
  first: "Scheduled Workers are not automatically triggered",
  last: "#test-cron-triggers-locally",
};

/** Copies wrangler's output to ours, line by line, without the cron-trigger warning. */
export function passOn(from: NodeJS.ReadableStream, to: NodeJS.WritableStream) {
  let pending = "";
  let inWarning = false;
  from.setEncoding("utf8");
  from.on("data", (chunk: string) => {
    const lines = (pending + chunk).split("\n");
    pending = lines.pop() ?? "";
    for (const line of lines) {
      if (line.includes(CRON_WARNING.first)) inWarning = true;
      if (!inWarning) to.write(`${line}\n`);
      else if (line.includes(CRON_WARNING.last)) inWarning = false;
    }
  });
  from.on("end", () => pending && to.write(pending));
}

export interface WorkerOptions {
  port?: number;
  /** Folder for local D1/KV/DO state; separate folders give separate databases. */
  persistTo: string;
  vars?: Record<string, string>;
  /** Print wrangler's output (npm start) instead of keeping it for error reports. */
  inheritOutput?: boolean;
  /**
   * Fire wrangler.toml's cron triggers on their schedule, as Cloudflare does (`npm start`). Off by
   * default: the tests call the scheduled handler themselves, at times they choose.
   */
  crons?: { log(line: string): void };
}

export interface RunningWorker {
  url: string;
  /** The V8 inspector of the Worker (Chrome DevTools protocol), for CPU profiles. */
  inspectorPort: number;
  process: ChildProcess;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

/** Applies every migration in `migrations/` to the local D1 database (idempotent). */
export function applyMigrations(persistTo: string) {
  const result = spawnSync(
    WRANGLER,
    ["d1", "migrations", "apply", "DB", "--local", "--env", LOCAL_ENVIRONMENT, "--persist-to", persistTo],
    {
      cwd: ROOT,
      env: QUIET_ENV,
      encoding: "utf8",
    },
  );
  if (result.status !== 0) throw new Error(`D1 migrations failed:\n${result.stdout}\n${result.stderr}`);
}

/** Runs a SQL file against the local D1 database. */
export function executeSqlFile(persistTo: string, file: string) {
  const result = spawnSync(
    WRANGLER,
    ["d1", "execute", "DB", "--local", "--env", LOCAL_ENVIRONMENT, "--persist-to", persistTo, "--file", file, "--yes"],
    {
      cwd: ROOT,
      env: QUIET_ENV,
      encoding: "utf8",
    },
  );
  if (result.status !== 0) throw new Error(`SQL ${file} failed:\n${result.stdout}\n${result.stderr}`);
}

function descendantsOf(pid: number): number[] {
  const children = spawnSync("pgrep", ["-P", String(pid)], { encoding: "utf8" })
    .stdout.split("\n")
    .filter(Boolean)
    .map(Number);
  return children.flatMap((child) => [child, ...descendantsOf(child)]);
}

/** The cron triggers wrangler.toml gives the local environment, read by wrangler itself. */
export async function cronTriggers(): Promise<string[]> {
  // Imported on demand: wrangler's API takes a second or two to load.
  const { unstable_readConfig } = await import("wrangler");
  return unstable_readConfig({ config: `${ROOT}wrangler.toml`, env: LOCAL_ENVIRONMENT }).triggers.crons ?? [];
}

export interface CronTimer {
  stop(): void;
}

/**
 * Calls the scheduled handler of the Worker at `url` at every slot of `crons` (UTC), one log line per
 * run. wrangler dev never fires cron triggers by itself; it only answers `/cdn-cgi/local/scheduled`.
 * Like Cloudflare, a slot fires even while the previous run is still going.
 */
export function startCronTimer(url: string, crons: string[], log: (line: string) => void): CronTimer {
  const aborts = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const nextSlot = (cron: string, after: number) =>
    CronExpressionParser.parse(cron, { currentDate: new Date(after), tz: "UTC" })
      .next()
      .getTime();

  async function fire(cron: string, slot: number) {
    const started = Date.now();
    const query = new URLSearchParams({ cron, time: String(slot), format: "json" });
    let status: string;
    try {
      const response = await fetch(`${url}/cdn-cgi/local/scheduled?${query}`, { signal: aborts.signal });
      const result = (await response.json()) as { outcome: string };
      status = result.outcome;
    } catch (err) {
      if (aborts.signal.aborted) return;
      status = `failed: ${(err as Error).message}`;
    }
    log(`cron ${new Date(slot).toISOString()} "${cron}" ${status} (${Date.now() - started} ms)`);
  }

  function waitForSlot(after: number) {
    if (crons.length === 0 || aborts.signal.aborted) return;
    const slots = crons.map((cron) => ({ cron, at: nextSlot(cron, after) }));
    const at = Math.min(...slots.map((slot) => slot.at));
    timer = setTimeout(() => {
      for (const slot of slots) if (slot.at === at) void fire(slot.cron, at);
      waitForSlot(at);
    }, at - Date.now());
  }

  waitForSlot(Date.now());
  return {
    stop() {
      aborts.abort();
      clearTimeout(timer);
    },
  };
}

/** Starts `wrangler dev` and resolves once `/v1/health` answers. */
export async function startWorker(options: WorkerOptions): Promise<RunningWorker> {
  const crons = options.crons ? await cronTriggers() : [];
  const port = options.port ?? (await freePort());
  const inspectorPort = await freePort();
  const args = [
    "dev",
    "--env",
    LOCAL_ENVIRONMENT,
    "--ip",
    "127.0.0.1",
    "--port",
    String(port),
    "--inspector-port",
    String(inspectorPort),
  ];
  args.push("--persist-to", options.persistTo, "--show-interactive-dev-session=false");
  // The addresses its answers carry name the port it listens on.
  const vars = { PUBLIC_BASE_URL: `http://127.0.0.1:${port}`, ...options.vars };
  for (const [name, value] of Object.entries(vars)) args.push("--var", `${name}:${value}`);

  const child = spawn(WRANGLER, args, { cwd: ROOT, env: QUIET_ENV, stdio: "pipe", detached: true });
  let output = "";
  if (options.inheritOutput) {
    passOn(child.stdout, process.stdout);
    passOn(child.stderr, process.stderr);
  } else {
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
  }

  const url = `http://127.0.0.1:${port}`;
  let cronTimer: CronTimer | undefined;
  child.once("exit", () => cronTimer?.stop());
  const stop = async () => {
    kept.forget();
    cronTimer?.stop();
    if (child.exitCode !== null) return;
    // Browsers that local Browser Rendering launched may leave wrangler's process group: remember
    // every descendant now, so none outlives the server.
    const descendants = descendantsOf(child.pid!);
    const exited = new Promise((resolve) => child.once("exit", resolve));
    try {
      process.kill(-child.pid!, "SIGTERM");
    } catch {
      return;
    }
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
    // wrangler's own process may end before what it runs: a workerd it started while stopping (a reload) is
    // in its group, and no list made before holds it.
    for (const pid of [-child.pid!, ...descendants]) {
      try {
        process.kill(pid, "SIGKILL");
      } catch {
        // Already gone.
      }
    }
  };

  // Kept from the moment it runs: a signal during start-up stops it too (stop-signals.ts).
  const kept = stopWithProcess({
    stop,
    kill: () => {
      for (const pid of [-child.pid!, ...descendantsOf(child.pid!)]) {
        try {
          process.kill(pid, "SIGKILL");
        } catch {
          // Already gone.
        }
      }
    },
  });

  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited with ${child.exitCode}:\n${output}`);
    try {
      const response = await fetch(`${url}/v1/health`);
      if (response.ok) {
        if (options.crons) cronTimer = startCronTimer(url, crons, options.crons.log);
        return { url, inspectorPort, process: child, stop };
      }
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error(`wrangler dev did not answer within 90 s:\n${output}`);
}

/** Creates an account with one key through the admin API; returns the key's secret. */
export async function createAccountKey(url: string, adminToken: string, body: Record<string, unknown>) {
  const response = await fetch(`${url}/v1/admin/accounts`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Admin-Token": adminToken },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as { data: { account: { id: string }; key: { id: string }; secret: string } };
  if (response.status !== 201)
    throw new Error(`creating an account failed: ${response.status} ${JSON.stringify(json)}`);
  return { accountId: json.data.account.id, keyId: json.data.key.id, secret: json.data.secret };
}
