import type { HTTPRequest, Page } from "@cloudflare/puppeteer";

/** Requests started by the page's load handlers reach us a moment after `load`; this long with none in flight is quiet. */
const GRACE_MS = 75;

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

  /** Resolves once nothing has been in flight for the grace period, or after `timeoutMs` at most. */
  quiet(timeoutMs: number): Promise<void> {
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
        if (this.#requests.size === 0) timer = setTimeout(finish, GRACE_MS);
      };
      this.#changed();
    });
  }
}
