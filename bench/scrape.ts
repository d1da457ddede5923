// Scrape-engine figures for `npm run bench`: browser cold vs reused session vs a direct
// puppeteer page load on the same Chromium, browser reuse under concurrent scrapes, and the cache
// hit ratio of a mixed workload.
import puppeteer from "puppeteer-core";
import { systemChromium } from "../scripts/chromium.ts";
import { median } from "./stats.ts";

async function timed(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

/** Scrapes sent at once for the reuse-under-concurrency figure. */
const CONCURRENT_SCRAPES = 10;

export async function browserFigures(
  baseUrl: string,
  key: Record<string, string>,
  pageUrl: (i: number) => string,
  samples = 10,
) {
  const scrape = async (i: number) => {
    const response = await fetch(
      `${baseUrl}/v1/generic?fresh=true&engine=browser&url=${encodeURIComponent(pageUrl(i))}`,
      {
        headers: key,
      },
    );
    const body = (await response.json()) as any;
    if (response.status !== 200 || body.meta.scrape.engine !== "browser")
      throw new Error(`browser scrape failed: ${JSON.stringify(body).slice(0, 300)}`);
    return body.meta.scrape.browser as { reused: boolean };
  };
  let cold = 0;
  const coldSession = await (async () => {
    const started = performance.now();
    const session = await scrape(0);
    cold = performance.now() - started;
    return session;
  })();
  const reused: number[] = [];
  let reuses = 0;
  for (let i = 1; i <= samples; i++) {
    const started = performance.now();
    if ((await scrape(i)).reused) reuses += 1;
    reused.push(performance.now() - started);
  }
  // Pages not scraped above, so each of these loads its page.
  const concurrentMs: number[] = [];
  const concurrentReuses = (
    await Promise.all(
      Array.from({ length: CONCURRENT_SCRAPES }, async (_, i) => {
        const started = performance.now();
        const { reused } = await scrape(samples + 1 + i);
        concurrentMs.push(performance.now() - started);
        return reused;
      }),
    )
  ).filter(Boolean).length;

  const executablePath = systemChromium();
  const direct: number[] = [];
  let launch = 0;
  if (executablePath) {
    const started = performance.now();
    const browser = await puppeteer.launch({
      executablePath,
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
    });
    launch = performance.now() - started;
    for (let i = 1; i <= samples; i++) {
      direct.push(
        await timed(async () => {
          const context = await browser.createBrowserContext();
          const page = await context.newPage();
          await page.goto(pageUrl(i), { waitUntil: "load" });
          await page.content();
          await context.close();
        }),
      );
    }
    await browser.close();
  }
  return {
    cold,
    coldReused: coldSession.reused,
    reusedMedian: median(reused),
    reuses,
    samples,
    concurrent: { scrapes: CONCURRENT_SCRAPES, reuses: concurrentReuses, median: median(concurrentMs) },
    directMedian: direct.length ? median(direct) : null,
    directLaunch: launch,
  };
}

/** 200 requests over 20 products in a fixed shuffled order: how many the KV cache answers. */
export async function cacheHitRatio(baseUrl: string, key: Record<string, string>, ids: string[]) {
  const states: Record<string, number> = {};
  for (let i = 0; i < 200; i++) {
    const id = ids[(i * 7919) % ids.length]!;
    const response = await fetch(`${baseUrl}/v1/amazon?asin=${id}`, { headers: key });
    const body = (await response.json()) as any;
    const state = body.meta?.scrape?.cache ?? `error ${response.status}`;
    states[state] = (states[state] ?? 0) + 1;
  }
  return { states, hitRatio: (states.hit ?? 0) / 200 };
}

export function printBrowser(browser: Awaited<ReturnType<typeof browserFigures>>) {
  const ratio = (ms: number) => (browser.directMedian ? (ms / browser.directMedian).toFixed(2) : "n/a");
  console.log(
    "\n**Browser scrapes** of a page rendered by JavaScript (`GET /v1/generic?fresh=true&engine=browser`), same Chromium\n",
  );
  console.log("| case | ms | ratio to direct puppeteer |");
  console.log("|---|---:|---:|");
  console.log(
    `| first scrape (${browser.coldReused ? "reused a browser already running, so not cold" : "cold: browser launched"}) | ${browser.cold.toFixed(0)} | ${ratio(browser.cold)} |`,
  );
  console.log(
    `| reused session (median of ${browser.samples}) | ${browser.reusedMedian.toFixed(0)} | ${ratio(browser.reusedMedian)} |`,
  );
  const { concurrent } = browser;
  console.log(
    `| ${concurrent.scrapes} scrapes at once (median; ${concurrent.reuses} of ${concurrent.scrapes} reused a running browser) | ${concurrent.median.toFixed(0)} | ${ratio(concurrent.median)} |`,
  );
  console.log(
    `| direct puppeteer-core page load (median of ${browser.samples}; launch ${browser.directLaunch.toFixed(0)} ms) | ${browser.directMedian?.toFixed(0) ?? "n/a"} | 1.00 |`,
  );
}
