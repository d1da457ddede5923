import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { configDefaults, defineConfig } from "vitest/config";
import { INWARD_RECORDS, PUBLIC_ADDRESS } from "./test/support/doh.ts";
import { startDohServer } from "./test/support/doh-server.ts";

export const TEST_ADMIN_TOKEN = "test-admin-token-0123456789";

/** End-to-end files that start and stop a wrangler dev of their own instead of using the shared stack. */
const OWN_WORKER_FILES = [
  "test/e2e/jobs-worker.test.ts",
  "test/e2e/local-parity.test.ts",
  "test/e2e/browser-idle.test.ts",
];

/**
 * End-to-end files run one at a time, after every other file: they switch what the shared stack's
 * replicas, proxies or solver do (faults, challenges, prices), change the public catalogue (a 60,000-record
 * snapshot, the documented admin examples), count the requests a replica served, or time the limiter.
 * Every other e2e file uses accounts, pages and datasets of its own and runs beside the other projects.
 */
const E2E_LINE_FILES = [
  "test/e2e/catalogue-stream.test.ts",
  "test/e2e/doc-examples.test.ts",
  "test/e2e/scrape.test.ts",
  "test/e2e/scrape-faults.test.ts",
  "test/e2e/jobs.test.ts",
  "test/e2e/travel.test.ts",
  "test/e2e/trust.test.ts",
  "test/e2e/events.test.ts",
  "test/e2e/datasets.test.ts",
  "test/e2e/real-pages.test.ts",
  "test/e2e/real-travel-pages.test.ts",
  "test/e2e/mercadolibre.test.ts",
  "test/e2e/oversized-pages.test.ts",
  "test/e2e/rate-limits.test.ts",
];

export default defineConfig({
  test: {
    // Vitest runs one file at a time on 2 cores (cores − 1); every project but e2e runs together
    // in one group, and much of it waits (each Workers file's runtime start, wrangler dev, cron
    // minutes, a job's queue), so four at once: the fuzzer and the route-variant attack suite hold
    // two lanes for minutes, and with three the other 60-odd files queued in one (13.3 → 11.2 min).
    maxWorkers: 4,
    projects: [
      {
        plugins: [
          cloudflareTest(async () => ({
            // The URL guard resolves names through a DNS-over-HTTPS stand-in on 127.0.0.1, started once for the
            // pool: the test names in INWARD_RECORDS resolve inward, every other name to a public address.
            // wrangler.toml's top level is production (what `wrangler deploy` ships); tests run as development.
            wrangler: { configPath: "./wrangler.toml", environment: "dev" },
            miniflare: {
              bindings: {
                TEST_MIGRATIONS: await readD1Migrations("./migrations"),
                ADMIN_TOKEN: TEST_ADMIN_TOKEN,
                // The tests call http://api.test: the addresses answers carry start there.
                PUBLIC_BASE_URL: "http://api.test",
                DOH_URL: (await startDohServer(INWARD_RECORDS, { A: [PUBLIC_ADDRESS] })).url,
                // Files share a runtime per lane, and with it the limiter of the one address test calls come
                // from: 60 calls a minute without a key would count every file's. The tests of that guard
                // set their own limit and address (test/workers/keys.test.ts).
                ANON_REQUESTS_PER_MINUTE: "1000000",
                // A file's last calls are logged before its runtime moves on to the next file.
                REQUEST_LOG_WAIT_MS: "1",
                // No leases (test/workers/durable/leases.test.ts turns them on): a lease's end is work its call
                // waits for, and callApp waits for every call's, so one after another each call would pay the
                // object twice. The e2e suite runs production's leases (wrangler dev).
                LEASE_MS: "0",
              },
            },
          })),
        ],
        test: {
          name: "workers",
          // One Workers runtime per lane, reused by every file the lane runs: starting one per file was
          // most of the suite's time (this project: 14 → 5 min). Each file still starts from a fresh
          // database (test/workers/fresh-storage.ts drops the tables, migrates again and empties KV and R2).
          isolate: false,
          // test/security holds the attack suite; its *.node.test.ts files need Node (wrangler, files).
          include: ["test/workers/**/*.test.ts", "test/security/**/*.test.ts"],
          exclude: ["test/security/**/*.node.test.ts"],
          setupFiles: ["test/workers/fresh-storage.ts"],
          // A test that signs in a few dozen times hashes as many passwords: seconds on 2 busy cores.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: "node",
          environment: "node",
          // The attack suite's Node half, and checks of the codebase itself (layers, storage, docs).
          // The clients' own offline tests (*.node.test.ts: retries against a scripted 127.0.0.1 server) too.
          include: [
            "test/security/**/*.node.test.ts",
            "test/codebase/**/*.test.ts",
            "clients/typescript/test/**/*.node.test.ts",
          ],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: "fixtures",
          environment: "node",
          include: ["test/fixtures/**/*.test.ts"],
          // Reading a whole corpus batch, or thousands of soup cases, takes seconds of CPU; on 2 busy cores, more.
          testTimeout: 60_000,
        },
      },
      {
        test: {
          // Files that start a wrangler dev of their own: they share nothing with the e2e stack.
          name: "e2e-own-worker",
          environment: "node",
          include: OWN_WORKER_FILES,
          testTimeout: 60_000,
          // Their wrangler dev starts while the other projects keep both cores busy.
          hookTimeout: 300_000,
        },
      },
      {
        test: {
          // One stack for both e2e projects (global-setup.ts starts it once), its files beside the other projects'.
          name: "e2e",
          environment: "node",
          // The typed client's tests need the same running stack.
          include: ["test/e2e/**/*.test.ts", "clients/typescript/test/**/*.test.ts"],
          exclude: [
            ...configDefaults.exclude,
            ...OWN_WORKER_FILES,
            ...E2E_LINE_FILES,
            "clients/typescript/test/**/*.node.test.ts",
          ],
          globalSetup: ["test/e2e/global-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: "e2e-line",
          environment: "node",
          include: E2E_LINE_FILES,
          globalSetup: ["test/e2e/global-setup.ts"],
          // Vitest runs a project with `fileParallelism: false` in a group of its own, after the others.
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
