import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ProvidedContext } from "vitest";
import type { TestProject } from "vitest/node";
import { linkChromium } from "../../scripts/chromium.ts";
import { fillPublicDatasets } from "../../scripts/local-datasets.ts";
import { applyMigrations, startWorker, type RunningWorker } from "../../scripts/local-stack.ts";
import { startReplicas } from "../../replicas/server.ts";
import { startSolver } from "../../replicas/solver.ts";
import { startDohServer } from "../support/doh-server.ts";
import { PUBLIC_ADDRESS } from "../support/doh.ts";
import { startProxy, type TestProxy } from "../support/proxies.ts";
import { startWebhookReceiver } from "../support/webhook-receiver.ts";

export const E2E_ADMIN_TOKEN = "e2e-admin-token-0123456789";
export const SOLVER_KEY = "test-solver-key";
/** Page loads from the replicas take under 2 s even on a slow 2-core machine (a cold browser launch is not counted). */
const SCRAPE_TIMEOUT_MS = 4_000;
const SOLVER_TIMEOUT_MS = 1_500;

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    adminToken: string;
    replicasUrl: string;
    solverUrl: string;
    proxyAdminUrls: string[];
    webhookReceiverUrl: string;
    scrapeTimeoutMs: number;
    solverTimeoutMs: number;
  }
}

interface Stack {
  values: Omit<ProvidedContext, "adminToken" | "scrapeTimeoutMs" | "solverTimeoutMs">;
  stop: () => Promise<void>;
}

// Both e2e projects (the files run side by side and the one-at-a-time line) use one stack. Vitest
// loads this file once per project, in its own main process: the stack is kept on the process.
const shared = globalThis as { e2eStack?: Promise<Stack>; e2eProjects?: number };

export async function setup(project: TestProject) {
  shared.e2eProjects = (shared.e2eProjects ?? 0) + 1;
  shared.e2eStack ??= startStack();
  const { values } = await shared.e2eStack;
  project.provide("baseUrl", values.baseUrl);
  project.provide("adminToken", E2E_ADMIN_TOKEN);
  project.provide("replicasUrl", values.replicasUrl);
  project.provide("solverUrl", values.solverUrl);
  project.provide("proxyAdminUrls", values.proxyAdminUrls);
  project.provide("webhookReceiverUrl", values.webhookReceiverUrl);
  project.provide("scrapeTimeoutMs", SCRAPE_TIMEOUT_MS);
  project.provide("solverTimeoutMs", SOLVER_TIMEOUT_MS);
}

export async function teardown() {
  shared.e2eProjects = (shared.e2eProjects ?? 1) - 1;
  if (shared.e2eProjects === 0)
    await shared.e2eStack?.then(
      (stack) => stack.stop(),
      () => {},
    );
}

/**
 * The whole local stack for the end-to-end projects: replica sites, a CAPTCHA solver
 * stand-in, two real forward proxies, a webhook receiver, a DNS-over-HTTPS stand-in, and one
 * `wrangler dev` on a fresh local database with Browser Rendering backed by the system Chromium.
 */
async function startStack(): Promise<Stack> {
  const stops: (() => Promise<void>)[] = [];
  const stop = async () => {
    for (const each of stops) await each().catch(() => {});
  };
  try {
    linkChromium();
    const replicas = await startReplicas({ port: 0 });
    stops.push(() => replicas.stop());
    const solver = await startSolver({ port: 0 });
    stops.push(() => solver.stop());
    const proxies: TestProxy[] = [await startProxy(), await startProxy()];
    for (const proxy of proxies) stops.push(() => proxy.stop());
    const receiver = await startWebhookReceiver();
    stops.push(() => receiver.stop());
    // The docs' webhook target (https://example.com/hook) resolves as on the internet, so the URL
    // guard lets the documented examples create it offline; every other name stays unresolved.
    const doh = await startDohServer({ "example.com": { A: [PUBLIC_ADDRESS] } });
    stops.push(() => doh.stop());

    const persistTo = mkdtempSync(join(tmpdir(), "webdata-e2e-"));
    stops.push(async () => rmSync(persistTo, { recursive: true, force: true }));
    applyMigrations(persistTo);
    const worker: RunningWorker = await startWorker({
      persistTo,
      // WORKER_LOGS=1 shows wrangler's output (the Worker's console) while the tests run.
      inheritOutput: process.env.WORKER_LOGS === "1",
      vars: {
        ADMIN_TOKEN: E2E_ADMIN_TOKEN,
        ANON_REQUESTS_PER_MINUTE: "1000",
        REPLICA_ORIGIN: replicas.url,
        PROXY_URLS: proxies.map((p) => p.proxyUrl).join(","),
        SOLVER_URL: solver.url,
        SOLVER_KEY,
        SOLVER_POLL_MS: "100",
        PROXY_COOLDOWN_MS: "2000",
        // A slow replica answers 504 within seconds, a slow solver 502, instead of after 20 s and 60 s.
        SCRAPE_TIMEOUT_MS: String(SCRAPE_TIMEOUT_MS),
        SOLVER_TIMEOUT_MS: String(SOLVER_TIMEOUT_MS),
        FX_FEED_URL: `${replicas.url}/fx/eur.json`,
        DOH_URL: doh.url,
        // The webhook receiver is on loopback, which the SSRF guard refuses unless allow-listed.
        SSRF_ALLOW_HOSTS: new URL(receiver.url).host,
        // Retries after 20 ms, 1.2 s, 7.2 s … instead of 5 s, 5 min, 30 min …; a hung receiver times out in 2 s.
        WEBHOOK_RETRY_BASE_MS: "20",
        WEBHOOK_TIMEOUT_MS: "2000",
        // Batch-job items retry after 1 s and 4 s instead of 30 s and 2 min; a lost one is sent again after 10 s.
        JOB_RETRY_BASE_SECONDS: "1",
        JOB_STALL_SECONDS: "10",
      },
    });
    stops.unshift(() => worker.stop());
    // The public catalogue is collected from the replicas through the pipeline, as on Cloudflare; the
    // tests start once it is (catalogue examples and tests read it, and no refresh runs beside them).
    await fillPublicDatasets(worker.url, E2E_ADMIN_TOKEN, process.env.WORKER_LOGS === "1" ? console.log : () => {});

    return {
      values: {
        baseUrl: worker.url,
        replicasUrl: replicas.url,
        solverUrl: solver.url,
        proxyAdminUrls: proxies.map((p) => p.url),
        webhookReceiverUrl: receiver.url,
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
