// The pages one browser keeps ready for its next jobs: each a fresh incognito context whose one
// page went through `preparePage`. Making one takes several round trips to the browser and a
// renderer's start, the larger part of a page load's work, so it happens before a job asks.
import type { Browser, BrowserContext, Page } from "@cloudflare/puppeteer";
import { EngineUnavailable } from "../../errors";
import { withTimeout } from "../../../timeout";
import { preparePage } from "./page";

/**
 * Pages made ahead. Making one often takes longer than a job: with two, a job that follows another
 * at once still finds one made while the one before it ran.
 */
const AHEAD = 2;
/** A browser that has not opened a page in this long will not: the job is told, the line moves on. */
const MAKE_TIMEOUT_MS = 15_000;

export interface Ready {
  context: BrowserContext;
  page: Page;
}

async function make(browser: Browser): Promise<Ready> {
  const context = await browser.createBrowserContext();
  try {
    const page = await context.newPage();
    await preparePage(page);
    return { context, page };
  } catch (err) {
    await context.close().catch(() => {});
    throw err;
  }
}

/** `make` within `MAKE_TIMEOUT_MS`; a page that arrives later is closed, not kept. */
function makeInTime(browser: Browser): Promise<Ready> {
  const making = make(browser);
  return withTimeout(
    making,
    MAKE_TIMEOUT_MS,
    () => new EngineUnavailable("the browser did not open a page in time"),
  ).catch((err) => {
    making.then(({ context }) => context.close().catch(() => {})).catch(() => {});
    throw err;
  });
}

/**
 * Pages are made one at a time, in the order jobs take them: a browser given many jobs at once
 * hands out its first page while the others are still in line, instead of every job's page
 * arriving late together (making them side by side takes as long in all and shares the browser's
 * CPU with the pages already loading).
 */
export class Spares {
  readonly #ahead: Promise<Ready>[] = [];
  #line: Promise<unknown> = Promise.resolve();
  #closed = false;

  constructor(private readonly browser: Browser) {}

  /** The next page: one made ahead if any, else the next in line; `AHEAD` more are queued behind it. */
  async take(): Promise<Ready> {
    this.#fill();
    const next = this.#ahead.shift();
    this.#fill();
    // A page that failed (its context died with a crashed renderer) is replaced by a fresh one.
    return (await next?.catch(() => null)) ?? (await makeInTime(this.browser));
  }

  /** Closes the pages made ahead; none is made after. */
  async close(): Promise<void> {
    this.#closed = true;
    const made = await Promise.all(this.#ahead.splice(0).map((ready) => ready.catch(() => null)));
    await Promise.all(made.map((ready) => ready?.context.close().catch(() => {})));
  }

  #fill() {
    while (!this.#closed && this.#ahead.length < AHEAD) {
      const ready = this.#line.then(() => makeInTime(this.browser));
      ready.catch(() => {});
      this.#line = ready.catch(() => {});
      this.#ahead.push(ready);
    }
  }
}
