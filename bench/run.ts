// `npm run bench`: starts a local server and prints throughput and latency per route,
// each as a ratio to a bare hello route measured on the same server in the same run.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { applyMigrations, createAccountKey, startWorker } from "../scripts/local-stack.ts";
import { measure, printTable, type RouteCase } from "./harness.ts";

const ADMIN_TOKEN = "bench-admin-token";
const persistTo = mkdtempSync(join(tmpdir(), "webdata-bench-"));
applyMigrations(persistTo);
const worker = await startWorker({ persistTo, vars: { ADMIN_TOKEN, ANON_REQUESTS_PER_MINUTE: "100000000" } });

try {
  const { secret } = await createAccountKey(worker.url, ADMIN_TOKEN, {
    name: "bench",
    plan: "enterprise",
    requests_per_minute: 1_000_000,
    requests_per_month: 1_000_000_000,
  });
  const key = { "X-API-KEY": secret };
  const routes: RouteCase[] = [
    { name: "bare /hello", path: "/hello" },
    { name: "GET /v1/health (no key, IP limiter, D1 + KV probe)", path: "/v1/health" },
    { name: "GET /v1/usage (key lookup + account limiter)", path: "/v1/usage", headers: key },
    { name: "GET /v1/datasets (edge-cached)", path: "/v1/datasets?category=travel", headers: key },
    { name: "GET /v1/datasets/{slug} (edge-cached)", path: "/v1/datasets/booking-hotel-prices-fr", headers: key },
    { name: "GET /v1/search (edge-cached)", path: "/v1/search?q=hotel%20prices%20france", headers: key },
    { name: "GET /v1/datasets/{slug}/records (100 records, D1)", path: "/v1/datasets/amazon-product-prices-us/records?limit=100", headers: key },
  ];
  const rows = await measure(worker.url, routes);
  printTable(`wrangler dev on 127.0.0.1, 10 connections, median of 3 runs × 3 s`, rows, "bare /hello");
} finally {
  await worker.stop();
  rmSync(persistTo, { recursive: true, force: true });
}
