import type { HTTPRequest, Page } from "@cloudflare/puppeteer";

/** Requests started by the page's load handlers reach us a moment after `load`: at least this long with none in flight is quiet. */
const MIN_GRACE_MS = 75;
const MAX_GRACE_MS = 300;

/**
 * How long to wait for requests not reported yet: a browser that was slow to load the page (a
 * busy machine, many pages at once) is as slow to report the requests its scripts just started.
 */
export function graceAfter(loadMs: number): number {
  return Math.min(MAX_GRACE_MS, Math.max(MIN_GRACE_MS, Math.round(loadMs / 4)));
}

/**
 * The requests a page has in flight, counted from the same events the interception handler sees,
 * so a settled page is waited for only while it is still fetching (puppeteer's
 * `waitForNetworkIdle` waits its whole idle time even when nothing is in flight).
 */
export class InFlight {
  readonly #requests = new Set<HTTPRequest>();
  #changed: () => void = () => {};

  constructor(page: Page) {
    page.on("request", (request) => this.#update(() => this.#requests.add(request)));
    page.on("requestfinished", (request) => this.#update(() => this.#requests.delete(request)));
    page.on("requestfailed", (request) => this.#update(() => this.#requests.delete(request)));
  }

  #update(change: () => void) {
    change();
    this.#changed();
  }

  /** Resolves once nothing has been in flight for `graceMs`, or after `timeoutMs` at most. */
  quiet(graceMs: number, timeoutMs: number): Promise<void> {
    return new Promise((resolve) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const finish = () => {
        clearTimeout(timer);
        clearTimeout(cap);
        this.#changed = () => {};
        resolve();
      };
      const cap = setTimeout(finish, timeoutMs);
      this.#changed = () => {
        clearTimeout(timer);
        if (this.#requests.size === 0) timer = setTimeout(finish, graceMs);
      };
      this.#changed();
    });
  }
}
