// `npm run bench`: starts a local stack and prints, as markdown ready for the README, each main
// route under load at several concurrencies beside a bare hello route on the same server (ratios,
// successes and failures apart), the rate limiter's accuracy, the browser and cache figures and
// the travel fan-out. Exits non-zero if the limiter ever admits more than its limit.
// BENCH_QUICK=1 shortens every measurement for development runs; its figures are not for the README.
// BENCH_ONLY=<group>[,<group>…] runs only those parts: routes, account, parse, limiter, browser,
// cache, travel, fill, jobs, and shop — a whole-shop refresh of BENCH_SHOP_SIZE products (10,000),
// long enough that only naming it runs it (`npm run bench:shop`). BENCH_ROUTES=<words>[,<words>…]
// measures only the route cases whose name holds one of them (bare `/hello` always).
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { linkChromium } from "../scripts/chromium.ts";
import { applyMigrations, createAccountKey, startWorker } from "../scripts/local-stack.ts";
import { fillPublicDatasets } from "../scripts/local-datasets.ts";
import { startReplicas } from "../replicas/server.ts";
import { measureLoad, printLoadTables, type LoadCase, type LoadOptions } from "./load.ts";
import { limiterBurst, printBurst, WindowTally, type LimiterFigures } from "./limiter.ts";
import { browserFigures, cacheHitRatio, printBrowser } from "./scrape.ts";
import { printTravel, travelParallelism, type TravelFigures } from "./travel.ts";
import { jobThroughput, printJobs } from "./jobs.ts";
import { printShopRefresh, shopRefreshFigures } from "./shop.ts";
import { formatFillReport, hotelFillReport } from "../scripts/hotel-fill.ts";
import { count } from "./stats.ts";
import { workerdPids } from "./server-cpu.ts";
import { printTimingMedians } from "./server-timing.ts";

const QUICK = process.env.BENCH_QUICK === "1";
/** BENCH_ROUTES=<words>[,<words>…]: only the route cases whose name holds one of them, beside bare `/hello`. */
const ROUTES = process.env.BENCH_ROUTES?.split(",").map((part) => part.trim());
const PARSE_SCRIPT = fileURLToPath(new URL("./parse-cpu.ts", import.meta.url));
const GROUPS = ["routes", "account", "parse", "limiter", "browser", "cache", "travel", "fill", "jobs", "shop"] as const;
type Group = (typeof GROUPS)[number];
/** Groups that run only when BENCH_ONLY names them. */
const OPT_IN: readonly Group[] = ["shop"];
const ONLY = process.env.BENCH_ONLY?.split(",").map((group) => group.trim());
const unknownGroups = ONLY?.filter((group) => !(GROUPS as readonly string[]).includes(group)) ?? [];
if (unknownGroups.length > 0) {
  console.error(`BENCH_ONLY: unknown group ${unknownGroups.join(", ")}; the groups are ${GROUPS.join(", ")}.`);
  process.exit(2);
}
const runs = (group: Group) => (ONLY ? ONLY.includes(group) : !OPT_IN.includes(group));
const SHOP_SIZE = Number(process.env.BENCH_SHOP_SIZE) || (QUICK ? 1_000 : 10_000);
/** One account's limiter alone: connections well past what the route tables use. */
const ACCOUNT_LOAD: LoadOptions = QUICK
  ? { concurrencies: [50, 200], runs: 1, seconds: 0.5 }
  : { concurrencies: [50, 100, 200], runs: 3, seconds: 3 };
const LOAD: LoadOptions = QUICK
  ? { concurrencies: [1, 10, 50], runs: 1, seconds: 0.5 }
  : { concurrencies: [1, 10, 50], runs: 3, seconds: 3 };
const SAMPLES = QUICK ? 3 : 10;
const PARSE_REPEATS = QUICK ? 1 : 5;
const TRAVEL_SAMPLES = QUICK ? 2 : 5;
/** Replica latency for the fan-out measured as users meet it: real sites answer in 300–2000 ms. */
const REMOTE_LATENCY_MS = 300;
const BURST = { limit: 200, total: 1_000, concurrency: 100 };
const FREE_PLAN_PER_MINUTE = 10;
const ADMIN_TOKEN = "bench-admin-token";
/** One query per kind of general goods in the replica catalogue, to collect most of its products. */
const SEARCHES = [
  ...["power bank", "charger", "earbuds", "speaker", "watch", "keyboard", "mouse", "monitor", "webcam", "ssd"],
  ...["air fryer", "kettle", "grinder", "skillet", "lamp", "sconce", "bottle", "backpack", "relay", "cleaner"],
];

const startedAt = Date.now();
const loadBefore = loadavg();
// Measured first, in a Node process of its own, before the stack starts: no other part of the bench
// shares the cores (in this process, after the load phase, the pages also paid for collecting the
// load generator's heap, as a Worker's isolate does not).
const parseTableOf = (script: string) =>
  execFileSync(process.execPath, [...process.execArgv, script, String(PARSE_REPEATS)], {
    encoding: "utf8",
    cwd: dirname(dirname(script)),
  }).trimEnd();
// BENCH_PARSE_BEFORE=<another checkout>: its parser table too, the two taking turns twice, so that a
// change to the readers is judged against the code before it on the same cores in the same minutes.
const BEFORE = process.env.BENCH_PARSE_BEFORE;
const parseTable = !runs("parse")
  ? null
  : BEFORE
    ? parseSideBySide(join(BEFORE, "bench", "parse-cpu.ts"))
    : parseTableOf(PARSE_SCRIPT);

function parseSideBySide(beforeScript: string): string {
  const runsOf = { before: [] as string[], after: [] as string[] };
  for (let turn = 0; turn < 2; turn++) {
    runsOf.before.push(parseTableOf(beforeScript));
    runsOf.after.push(parseTableOf(PARSE_SCRIPT));
  }
  const bigPages = (table: string) => /Pages of 1 MB or more:.*$/m.exec(table)?.[0] ?? "no page of 1 MB or more";
  return [
    `**Parser CPU, before and after, in one run** (before: ${BEFORE}; the two took turns twice)`,
    "",
    ...runsOf.before.map((table, turn) => `- before, turn ${turn + 1}: ${bigPages(table)}`),
    ...runsOf.after.map((table, turn) => `- after, turn ${turn + 1}: ${bigPages(table)}`),
    "",
    "After, the last turn in full:",
    runsOf.after.at(-1)!,
  ].join("\n");
}
const persistTo = mkdtempSync(join(tmpdir(), "webdata-bench-"));
linkChromium();
applyMigrations(persistTo);
const replicas = await startReplicas({ port: 0 });
const worker = await startWorker({
  persistTo,
  inheritOutput: process.env.BENCH_LOG === "1",
  vars: { ADMIN_TOKEN, ANON_REQUESTS_PER_MINUTE: "100000000", REPLICA_ORIGIN: replicas.url },
});

try {
  const account = (plan: string, limits: Record<string, number> = {}) =>
    createAccountKey(worker.url, ADMIN_TOKEN, { name: `bench-${plan}`, plan, ...limits });
  const enterprise = { requests_per_minute: 1_000_000, requests_per_month: 1_000_000_000 };
  const key = { "X-API-KEY": (await account("enterprise", enterprise)).secret };
  const freeKey = { "X-API-KEY": (await account("free")).secret };

  // First, while no browser runs yet, so the first browser scrape is a cold one.
  // Each scrape a page of its own (`visit` changes the URL, not the page), so none joins another's load.
  const browser = runs("browser")
    ? await browserFigures(
        worker.url,
        key,
        (i) => `${replicas.url}/shop/js/product/p${1001 + (i % 20)}?visit=${i}`,
        "h1.product_title",
        (i) => `${replicas.url}/shop/product/p${1001 + (i % 20)}?visit=${i}`,
        SAMPLES,
      )
    : null;

  // Product ids from searches (which also warms the cached search case), the cache-ratio workload
  // while those products are still uncached, then the products the fetch engine serves (some
  // replica pages need JavaScript and escalate to the browser, which the fresh case must not mix in).
  const get = async (path: string) => (await (await fetch(worker.url + path, { headers: key })).json()) as any;
  const needsProducts = runs("routes") || runs("cache") || runs("jobs");
  const ids: string[] = [];
  for (const q of needsProducts ? SEARCHES : [])
    ids.push(
      ...((await get(`/v1/amazon/search?q=${encodeURIComponent(q)}`)).data?.results?.map(
        (item: any) => item.id as string,
      ) ?? []),
    );
  const products = [...new Set(ids)];
  const cache = runs("cache") ? await cacheHitRatio(worker.url, key, products.slice(0, 20)) : null;

  console.log(
    `One run of \`npm run bench\`${ONLY ? ` (BENCH_ONLY=${ONLY.join(",")})` : ""} on ${cpus().length} × ${cpus()[0]?.model.trim() ?? "CPU"}, Node ${process.version}, wrangler dev on 127.0.0.1, ${new Date().toISOString().slice(0, 10)}${QUICK ? " — BENCH_QUICK=1, shortened, not for the README" : ""}.`,
  );

  const freeTally = new WindowTally(FREE_PLAN_PER_MINUTE);
  /** Server CPU per cached read ÷ bare `/hello`'s, at the highest concurrency, by route. */
  const cachedCpu: { name: string; ratio: number }[] = [];
  if (runs("routes")) {
    const fetchable: string[] = [];
    for (const id of products)
      if ((await get(`/v1/amazon?asin=${id}&fresh=true`)).meta.scrape.engine === "fetch") fetchable.push(id);
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    // The public datasets, collected from the replicas as `npm start` does.
    await fillPublicDatasets(worker.url, ADMIN_TOKEN, () => {});
    const hotelSearch = `/v1/travel/all/hotels/search?destination=Dublin&check_in=${day(30)}&check_out=${day(32)}`;
    await get(hotelSearch);
    const cases: LoadCase[] = [
      { name: "bare `/hello`", path: "/hello" },
      { name: "`GET /v1/health` (no key: IP limiter, D1 + KV + browser probe)", path: "/v1/health" },
      { name: "`GET /v1/usage` (key lookup + account limiter + D1 read)", path: "/v1/usage", headers: key },
      { name: "`GET /v1/datasets` (edge-cached)", path: "/v1/datasets?category=travel", headers: key },
      { name: "`GET /v1/datasets/{slug}` (edge-cached)", path: "/v1/datasets/hotel-rates-paris", headers: key },
      { name: "`GET /v1/search` (edge-cached)", path: "/v1/search?q=hotel%20prices%20paris", headers: key },
      {
        name: "`GET /v1/datasets/{slug}/records` (100 records of a snapshot in R2)",
        path: "/v1/datasets/amazon-electronics-prices-us/records?limit=100",
        headers: key,
      },
      { name: "`GET /v1/amazon` (KV cache hit)", path: `/v1/amazon?asin=${products[0]}`, headers: key },
      { name: "`GET /v1/amazon/search` (KV cache hit)", path: "/v1/amazon/search?q=power%20bank", headers: key },
      {
        name: `\`GET /v1/amazon?fresh=true\` (fetch-engine scrape of a replica page, ${fetchable.length} products in turn)`,
        path: (i) => `/v1/amazon?asin=${fetchable[i % fetchable.length]}&fresh=true`,
        headers: key,
      },
      { name: "`GET /v1/travel/all/hotels/search` (4 platforms, KV cache hits)", path: hotelSearch, headers: key },
      {
        name: `\`GET /v1/usage\` with a free-plan key past its ${FREE_PLAN_PER_MINUTE}/min limit (429s expected)`,
        path: "/v1/usage",
        headers: freeKey,
        observe: (answers) => freeTally.add(answers),
      },
    ];
    console.log(`\nRoutes under closed-loop load: ok = 2xx; failed = any other status or a network error.`);
    const chosen = cases.filter(
      (one, index) => index === 0 || !ROUTES || ROUTES.some((part) => one.name.includes(part)),
    );
    const rows = await measureLoad(worker.url, chosen, { ...LOAD, serverPids: workerdPids(worker.process.pid!) });
    printLoadTables(rows, cases[0]!.name, LOAD);
    const highest = rows.filter((row) => row.concurrency === Math.max(...LOAD.concurrencies));
    const bare = highest.find((row) => row.name === cases[0]!.name)!;
    for (const row of highest)
      if (/\((edge-cached|KV cache hit)\)/.test(row.name))
        cachedCpu.push({ name: row.name, ratio: row.cpuMsPerRequest / bare.cpuMsPerRequest });
    console.log(
      "\n*Server CPU ms/req*: CPU time of the workerd processes (Worker, Durable Objects, local D1 and KV) during a run ÷ its answers, median of the runs; it includes the runtime's own HTTP work, so bare `/hello` is the floor.",
    );
    printTimingMedians(rows.filter((row) => row.concurrency === LOAD.concurrencies[0]));
  }

  if (runs("account")) {
    // Every call of an account meets its one limiter object: how far that object carries one account.
    const cases: LoadCase[] = [
      { name: "bare `/hello`", path: "/hello" },
      {
        name: "`GET /v1/categories` of one account (key lookup + its limiter + isolate cache)",
        path: "/v1/categories",
        headers: key,
      },
    ];
    console.log("\n**One account at high rate**: every call of one enterprise key meets the same limiter object.");
    const rows = await measureLoad(worker.url, cases, {
      ...ACCOUNT_LOAD,
      serverPids: workerdPids(worker.process.pid!),
    });
    printLoadTables(rows, cases[0]!.name, ACCOUNT_LOAD);
  }

  if (parseTable) console.log(parseTable);

  const burst = runs("limiter") ? await limiterBurst(worker.url, ADMIN_TOKEN, BURST) : null;
  if (burst) printBurst(burst);

  if (browser) printBrowser(browser);

  const travel: { latency: number; searchOnly: TravelFigures; enriched: TravelFigures }[] = [];
  if (runs("travel")) {
    for (const latency of [0, REMOTE_LATENCY_MS]) {
      replicas.setLatency(latency);
      travel.push({
        latency,
        searchOnly: await travelParallelism(worker.url, key, TRAVEL_SAMPLES, { enrich: false }),
        enriched: await travelParallelism(worker.url, key, TRAVEL_SAMPLES, { enrich: true }),
      });
    }
    replicas.setLatency(0);
    for (const figures of travel) printTravel(figures.searchOnly, figures.enriched, TRAVEL_SAMPLES, figures.latency);
  }
  if (runs("fill")) console.log(`\n${formatFillReport(await hotelFillReport())}`);
  if (runs("jobs")) {
    // A batch job of fresh product scrapes (the products the load cases used) through the local queue.
    const jobPaths = Array.from(
      { length: QUICK ? 30 : 300 },
      (_, i) => `/v1/amazon?asin=${products[i % products.length]}`,
    );
    printJobs(await jobThroughput(worker.url, key, jobPaths));
  }

  if (runs("shop"))
    printShopRefresh(
      await shopRefreshFigures({
        url: worker.url,
        key,
        replicasUrl: replicas.url,
        persistTo,
        serverPids: workerdPids(worker.process.pid!),
        inspectorPort: worker.inspectorPort,
        size: SHOP_SIZE,
      }),
    );

  const limiterDetail = (figures: LimiterFigures) =>
    `${count(figures.admitted)} admitted of at most ${count(figures.limit * figures.windows)} (${figures.limit} × ${figures.windows} minute window${figures.windows === 1 ? "" : "s"} touched), ${count(figures.refused)} refused, ${count(figures.other)} errors`;
  const burstFigures = burst?.tally.figures();
  const freeFigures = runs("routes") ? freeTally.figures() : null;
  console.log("\n**Summary**\n");
  console.log("| figure | value | what was counted |");
  console.log("|---|---:|---|");
  if (burstFigures)
    console.log(
      `| limiter over-admission, burst | ${burstFigures.overAdmission} | ${count(burstFigures.sent)} \`GET /v1/usage\`, ${BURST.concurrency} concurrent, key limited to ${BURST.limit}/min: ${limiterDetail(burstFigures)} |`,
    );
  if (freeFigures)
    console.log(
      `| limiter over-admission, free key under load | ${freeFigures.overAdmission} | the free-plan case above at ${LOAD.concurrencies.join(", ")} connections, warm-ups included: ${limiterDetail(freeFigures)} |`,
    );
  if (cachedCpu.length > 0) {
    const worst = cachedCpu.reduce((a, b) => (b.ratio > a.ratio ? b : a));
    console.log(
      `| cached reads, server CPU ÷ bare at ${Math.max(...LOAD.concurrencies)} connections (highest) | ${worst.ratio.toFixed(2)} | ${cachedCpu.map((row) => `${row.name.replace(/ \(.*/, "")} ${row.ratio.toFixed(2)}`).join(", ")} |`,
    );
  }
  if (browser)
    console.log(
      `| browser session reuse | ${(browser.reuses / browser.samples).toFixed(2)} | ${browser.reuses} of ${browser.samples} browser scrapes after the first reused a running browser |`,
    );
  if (browser) {
    console.log(
      `| reused browser scrape ÷ direct puppeteer load | ${(browser.reusedMedian / browser.direct.single).toFixed(2)} | medians, one at a time: ${browser.reusedMedian.toFixed(0)} ms against ${browser.direct.single.toFixed(0)} ms; the direct load reads the page at \`load\`, before its script has fetched the data the scrape waits for (${browser.direct.rendered.toFixed(0)} ms when it waits too) |`,
    );
    console.log(
      `| reused browser scrape ÷ direct puppeteer load, a page with its data in the HTML | ${(browser.servedReused / browser.direct.served).toFixed(2)} | medians, one at a time: ${browser.servedReused.toFixed(0)} ms against ${browser.direct.served.toFixed(0)} ms, both reading the same data at \`load\` |`,
    );
    for (const burst of browser.bursts) {
      console.log(
        `| browser scrapes, ${burst.sent} at once ÷ one reused | ${(burst.median / browser.reusedMedian).toFixed(2)} | median ${burst.median.toFixed(0)} ms; ${burst.sent - burst.ok} failed; ${burst.reuses} of ${burst.ok} reused a running browser${Number.isFinite(burst.machineBusy) ? `; the machine's ${cpus().length} cores ${Math.round(burst.machineBusy * 100)} % busy meanwhile` : ""} |`,
      );
      const machine = browser.direct.bursts.find((direct) => direct.sent === burst.sent);
      if (machine)
        console.log(
          `| browser scrapes, ${burst.sent} at once ÷ ${burst.sent} direct loads at once | ${(burst.median / machine.median).toFixed(2)} | medians: ${burst.median.toFixed(0)} ms against ${machine.median.toFixed(0)} ms, what the same Chromium gives that many pages from a Node script (direct alone: ${(machine.median / browser.direct.single).toFixed(2)} × one direct load) |`,
        );
    }
    const { openBurst, openSingle } = browser.direct;
    if (openBurst)
      console.log(
        `| pages already open navigating, ${openBurst.sent} at once ÷ one | ${(openBurst.median / openSingle).toFixed(2)} | medians: ${openBurst.median.toFixed(0)} ms against ${openSingle.toFixed(0)} ms; no page or context made while timed, so the least this machine's Chromium takes for that many pages at once |`,
      );
  }
  if (cache) {
    const cacheStates = Object.entries(cache.states)
      .map(([state, n]) => `${n} ${state}`)
      .join(", ");
    console.log(
      `| KV cache hit ratio | ${cache.hitRatio.toFixed(2)} | 200 product requests over 20 products in a fixed shuffled order: ${cacheStates} |`,
    );
  }
  for (const { latency, searchOnly, enriched } of travel) {
    console.log(
      `| hotel search parallelism, replicas at ${latency} ms | ${searchOnly.ratio.toFixed(2)} | all four platforms' search pages in parallel ÷ the slowest single platform (\`enrich=false\`; one after the other would be ${(searchOnly.sum / searchOnly.slowest).toFixed(2)}); with hotel pages read to fill fields: ${enriched.ratio.toFixed(2)} |`,
    );
  }

  const loadAfter = loadavg();
  const avg = (values: number[]) => values.map((v) => v.toFixed(2)).join(" ");
  console.log(
    `\n\`npm run bench\` took ${((Date.now() - startedAt) / 1000).toFixed(0)} s; load average (1, 5, 15 min) ${avg(loadBefore)} before, ${avg(loadAfter)} after.`,
  );
  if ((burstFigures?.overAdmission ?? 0) > 0 || (freeFigures?.overAdmission ?? 0) > 0) {
    console.error("The rate limiter admitted more requests than its limit.");
    process.exitCode = 1;
  }
} finally {
  await worker.stop();
  await replicas.stop();
  rmSync(persistTo, { recursive: true, force: true });
}
