// `npm run bench`: starts a local stack and prints throughput and latency per route, each as a
// ratio to a bare hello route measured on the same server in the same run, then the scrape
// engine's browser and cache figures.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { linkChromium } from "../scripts/chromium.ts";
import { applyMigrations, createAccountKey, startWorker } from "../scripts/local-stack.ts";
import { startReplicas } from "../replicas/server.ts";
import { measure, printTable, type RouteCase } from "./harness.ts";
import { limiterAccuracy, printLimiter } from "./limiter.ts";
import { browserFigures, cacheHitRatio } from "./scrape.ts";
import { travelParallelism } from "./travel.ts";

const ADMIN_TOKEN = "bench-admin-token";
const persistTo = mkdtempSync(join(tmpdir(), "webdata-bench-"));
linkChromium();
applyMigrations(persistTo);
const replicas = await startReplicas({ port: 0 });
const worker = await startWorker({ persistTo, vars: { ADMIN_TOKEN, ANON_REQUESTS_PER_MINUTE: "100000000", REPLICA_ORIGIN: replicas.url } });

try {
  const { secret } = await createAccountKey(worker.url, ADMIN_TOKEN, {
    name: "bench",
    plan: "enterprise",
    requests_per_minute: 1_000_000,
    requests_per_month: 1_000_000_000,
  });
  const key = { "X-API-KEY": secret };
  const ids: string[] = [];
  for (const q of ["power bank", "charger", "earbuds", "speaker", "keyboard", "monitor"]) {
    const search = (await (await fetch(`${worker.url}/v1/amazon/search?q=${encodeURIComponent(q)}`, { headers: key })).json()) as any;
    ids.push(...search.data.map((item: any) => item.id as string));
  }
  await fetch(`${worker.url}/v1/amazon?asin=${ids[0]}`, { headers: key });

  const routes: RouteCase[] = [
    { name: "bare /hello", path: "/hello" },
    { name: "GET /v1/health (no key, IP limiter, D1 + KV + browser probe)", path: "/v1/health" },
    { name: "GET /v1/usage (key lookup + account limiter)", path: "/v1/usage", headers: key },
    { name: "GET /v1/datasets (edge-cached)", path: "/v1/datasets?category=travel", headers: key },
    { name: "GET /v1/datasets/{slug} (edge-cached)", path: "/v1/datasets/booking-hotel-prices-fr", headers: key },
    { name: "GET /v1/search (edge-cached)", path: "/v1/search?q=hotel%20prices%20france", headers: key },
    { name: "GET /v1/datasets/{slug}/records (100 records, D1)", path: "/v1/datasets/amazon-product-prices-us/records?limit=100", headers: key },
    { name: "GET /v1/amazon (KV cache hit)", path: `/v1/amazon?asin=${ids[0]}`, headers: key },
    { name: "GET /v1/amazon fresh=true (fetch engine scrape)", path: `/v1/amazon?asin=${ids[0]}&fresh=true`, headers: key },
  ];
  const rows = await measure(worker.url, routes);
  printTable(`wrangler dev on 127.0.0.1, 10 connections, median of 3 runs × 3 s`, rows, "bare /hello");

  const limiter = await limiterAccuracy(worker.url, ADMIN_TOKEN, { limit: 200, total: 1_000, concurrency: 100 });
  printLimiter(limiter, 100);
  if (limiter.overAdmission > 0) process.exitCode = 1;

  const browser = await browserFigures(worker.url, key, (i) => `${replicas.url}/shop/js/product/p${1001 + (i % 20)}`);
  console.log("\nBrowser scrapes of a page rendered by JavaScript (GET /v1/generic, fresh=true), same Chromium");
  console.log("| case | ms | ratio to direct puppeteer |");
  console.log("|---|---:|---:|");
  const ratio = (ms: number) => (browser.directMedian ? (ms / browser.directMedian).toFixed(2) : "n/a");
  console.log(`| cold (browser launched) | ${browser.cold.toFixed(0)} | ${ratio(browser.cold)} |`);
  console.log(`| reused session (median of ${browser.samples}) | ${browser.reusedMedian.toFixed(0)} | ${ratio(browser.reusedMedian)} |`);
  console.log(`| direct puppeteer-core page load (median of ${browser.samples}; launch ${browser.directLaunch.toFixed(0)} ms) | ${browser.directMedian?.toFixed(0) ?? "n/a"} | 1.00 |`);
  console.log(`session reuse: ${browser.reuses}/${browser.samples} scrapes after the first reused a running browser`);

  const cache = await cacheHitRatio(worker.url, key, [...new Set(ids)].slice(0, 20));
  console.log(`\nKV cache: 200 product requests over 20 products -> ${JSON.stringify(cache.states)}, hit ratio ${cache.hitRatio.toFixed(2)}`);

  const travel = await travelParallelism(worker.url, key);
  console.log("\nHotel search, fresh scrapes, median of 5 (ms)");
  console.log("| platforms | ms |");
  console.log("|---|---:|");
  for (const [platform, ms] of Object.entries(travel.single)) console.log(`| ${platform} | ${ms.toFixed(0)} |`);
  console.log(`| all four in parallel | ${travel.all.toFixed(0)} |`);
  console.log(`parallelism: all / slowest single = ${travel.ratio.toFixed(2)} (sequential would be ${(travel.sum / travel.slowest).toFixed(2)})`);
} finally {
  await worker.stop();
  await replicas.stop();
  rmSync(persistTo, { recursive: true, force: true });
}
