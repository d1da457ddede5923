// Scrape-engine figures for `npm run bench`: browser scrapes one at a time (cold, then reusing a
// running browser) and 10 and 50 sent at once, beside a direct puppeteer page load on the same
// Chromium one at a time and as many at once, and the cache hit ratio of a mixed workload.
import puppeteer, { type Browser, type Page } from "puppeteer-core";
import { systemChromium } from "../scripts/chromium.ts";
import { busyShare, machineTicks } from "./server-cpu.ts";
import { median } from "./stats.ts";

/** Scrapes sent at once for the concurrency figures. */
const BURSTS = [10, 50];

/** What a number of loads sent together gave: times of those that succeeded, and the others' errors. */
export interface Burst {
  sent: number;
  ok: number;
  median: number;
  slowest: number;
  /** Scrapes that reused a running browser (browser scrapes only). */
  reuses: number;
  errors: string[];
  /** Share of the machine's CPU (all cores) busy while they ran: near 1, the machine is the bound. */
  machineBusy: number;
}

/** Runs `load(first)` … `load(first + count - 1)` together. */
async function burst(count: number, first: number, load: (i: number) => Promise<{ reused: boolean }>): Promise<Burst> {
  const times: number[] = [];
  const errors: string[] = [];
  let reuses = 0;
  const before = machineTicks();
  await Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const started = performance.now();
      try {
        if ((await load(first + i)).reused) reuses += 1;
        times.push(performance.now() - started);
      } catch (err) {
        errors.push(err instanceof Error ? err.message : String(err));
      }
    }),
  );
  const machineBusy = busyShare(before, machineTicks());
  return {
    sent: count,
    ok: times.length,
    median: median(times),
    slowest: Math.max(...times),
    reuses,
    errors,
    machineBusy,
  };
}

/** How long each of `load(1)` … `load(count)` took, one at a time. */
async function timesOf(count: number, load: (i: number) => Promise<unknown>): Promise<number[]> {
  const times: number[] = [];
  for (let i = 1; i <= count; i++) {
    const started = performance.now();
    await load(i);
    times.push(performance.now() - started);
  }
  return times;
}

/** Pages kept open for the navigation figures: as many as the first burst sends. */
const OPEN_PAGES = BURSTS[0]!;

/** `goto` until `load` and the HTML, in a page already open: no context or renderer to make. */
async function navigate(page: Page, url: string) {
  await page.goto(url, { waitUntil: "load" });
  await page.content();
  return { reused: true };
}

/** One direct puppeteer-core load: a fresh incognito context, `goto` until `load`, the HTML, close. */
async function directLoad(browser: Browser, url: string, until?: string) {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.goto(url, { waitUntil: "load" });
  if (until) await page.waitForSelector(until);
  await page.content();
  await context.close();
  return { reused: true };
}

export async function browserFigures(
  baseUrl: string,
  key: Record<string, string>,
  pageUrl: (i: number) => string,
  /** A selector the page shows once its script has rendered the data. */
  rendered: string,
  /** Pages that carry their data in the HTML, for a scrape and a direct load that read the same. */
  servedUrl: (i: number) => string,
  samples = 10,
) {
  const scrapeOf = (url: string) => async () => {
    const response = await fetch(`${baseUrl}/v1/generic?fresh=true&engine=browser&url=${encodeURIComponent(url)}`, {
      headers: key,
    });
    const body = (await response.json()) as any;
    if (response.status !== 200 || body.meta.scrape.engine !== "browser")
      throw new Error(`browser scrape failed: ${JSON.stringify(body).slice(0, 300)}`);
    return body.meta.scrape.browser as { reused: boolean };
  };
  const scrape = (i: number) => scrapeOf(pageUrl(i))();
  const coldStarted = performance.now();
  const coldSession = await scrape(0);
  const cold = performance.now() - coldStarted;
  const reused: number[] = [];
  let reuses = 0;
  for (let i = 1; i <= samples; i++) {
    const started = performance.now();
    if ((await scrape(i)).reused) reuses += 1;
    reused.push(performance.now() - started);
  }
  const servedReused = median(await timesOf(samples, (i) => scrapeOf(servedUrl(i))()));
  // Pages not scraped before, so each of these loads its page.
  const bursts: Burst[] = [];
  let next = samples + 1;
  for (const count of BURSTS) {
    bursts.push(await burst(count, next, scrape));
    next += count;
  }

  const executablePath = systemChromium();
  const direct = {
    single: NaN,
    rendered: NaN,
    served: NaN,
    launch: 0,
    bursts: [] as Burst[],
    /** Pages already open navigating, one at a time and `OPEN_PAGES` at once: what the machine gives without making pages. */
    openSingle: NaN,
    openBurst: null as Burst | null,
  };
  if (executablePath) {
    const started = performance.now();
    const browser = await puppeteer.launch({
      executablePath,
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
    });
    direct.launch = performance.now() - started;
    direct.single = median(await timesOf(samples, (i) => directLoad(browser, pageUrl(i))));
    direct.rendered = median(await timesOf(samples, (i) => directLoad(browser, pageUrl(i), rendered)));
    direct.served = median(await timesOf(samples, (i) => directLoad(browser, servedUrl(i))));
    for (const count of BURSTS) direct.bursts.push(await burst(count, 1, (i) => directLoad(browser, pageUrl(i))));
    const open = await Promise.all(
      Array.from({ length: OPEN_PAGES }, async () => (await browser.createBrowserContext()).newPage()),
    );
    for (const page of open) await navigate(page, pageUrl(0));
    direct.openSingle = median(await timesOf(samples, (i) => navigate(open[0]!, pageUrl(i))));
    direct.openBurst = await burst(OPEN_PAGES, 0, (i) => navigate(open[i]!, pageUrl(i)));
    await browser.close();
  }
  return {
    cold,
    coldReused: coldSession.reused,
    reusedMedian: median(reused),
    servedReused,
    reuses,
    samples,
    bursts,
    direct,
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
  const { direct } = browser;
  const fixed = (value: number) => (Number.isFinite(value) ? value.toFixed(0) : "–");
  const times = (value: number, base: number) => (Number.isFinite(value / base) ? (value / base).toFixed(2) : "–");
  console.log(
    "\n**Browser scrapes** of a page rendered by JavaScript (`GET /v1/generic?fresh=true&engine=browser`), same Chromium\n",
  );
  console.log(
    "| case | median ms | slowest ms | failed | ÷ one reused scrape | ÷ one direct load | ÷ as many direct loads at once | machine CPU busy |",
  );
  console.log("|---|---:|---:|---:|---:|---:|---:|---:|");
  const busy = (burst?: Burst) =>
    burst && Number.isFinite(burst.machineBusy) ? `${Math.round(burst.machineBusy * 100)} %` : "–";
  const row = (
    name: string,
    ms: number,
    slowest: number | null,
    failed: number | null,
    vsReused: boolean,
    sameCount?: Burst,
    own?: Burst,
  ) =>
    console.log(
      `| ${name} | ${fixed(ms)} | ${slowest === null ? "–" : fixed(slowest)} | ${failed ?? "–"} | ${vsReused ? times(ms, browser.reusedMedian) : "–"} | ${times(ms, direct.single)} | ${sameCount ? times(ms, sameCount.median) : "–"} | ${busy(own)} |`,
    );
  row(
    `first scrape (${browser.coldReused ? "reused a browser already running, so not cold" : "cold: browser launched"})`,
    browser.cold,
    null,
    null,
    false,
  );
  row(
    `1 at a time, reusing a running browser (median of ${browser.samples}; ${browser.reuses} reused)`,
    browser.reusedMedian,
    null,
    0,
    true,
  );
  for (const burst of browser.bursts)
    row(
      `${burst.sent} at once (${burst.reuses} of ${burst.ok} reused a running browser)`,
      burst.median,
      burst.slowest,
      burst.sent - burst.ok,
      true,
      direct.bursts.find((machine) => machine.sent === burst.sent),
      burst,
    );
  row(
    `direct puppeteer-core load, 1 at a time (median of ${browser.samples}; launch ${fixed(direct.launch)} ms)`,
    direct.single,
    null,
    0,
    false,
  );
  row("direct puppeteer-core load until the page's data is shown, 1 at a time", direct.rendered, null, 0, false);
  row("a page with its data in the HTML: 1 at a time, reusing a running browser", browser.servedReused, null, 0, false);
  row("a page with its data in the HTML: direct puppeteer-core load, 1 at a time", direct.served, null, 0, false);
  for (const burst of direct.bursts)
    row(
      `direct puppeteer-core loads, ${burst.sent} at once`,
      burst.median,
      burst.slowest,
      burst.sent - burst.ok,
      false,
      undefined,
      burst,
    );
  row(
    `a page already open in its own context navigating, 1 at a time (median of ${browser.samples})`,
    direct.openSingle,
    null,
    0,
    false,
  );
  if (direct.openBurst) {
    const { sent, median, slowest, ok } = direct.openBurst;
    row(
      `${sent} pages already open navigating at once`,
      median,
      slowest,
      sent - ok,
      false,
      undefined,
      direct.openBurst,
    );
  }
  const bursts = [...browser.bursts, ...direct.bursts, ...(direct.openBurst ? [direct.openBurst] : [])];
  const failures = bursts.filter((burst) => burst.errors.length > 0);
  for (const burst of failures)
    console.log(`\n${burst.errors.length} of ${burst.sent} at once failed; the first: ${burst.errors[0]}`);
  console.log(
    "\nA direct load is a fresh incognito context, `goto` until `load` and `page.content()` from a Node script on its own Chromium; it reads the page at `load`, before this page's script has fetched its data, which a scrape waits for (the row after it waits for the data too). The last two rows navigate pages opened beforehand, so no context, page or renderer is made while they are timed: what this machine's Chromium gives that many pages at once at the least.",
  );
}
