// When a loaded page is ready to read: once its scripts have stopped fetching. The page itself
// counts its fetch and XHR requests (a script added before its own), so a request a load handler
// just started is seen at once; the browser's request events, which reach us later than the page's
// `load`, only cover what the page cannot count.
import type { HTTPRequest, Page } from "@cloudflare/puppeteer";
import { withTimeout } from "../../../timeout";

/** Requests started by the page's load handlers reach us a moment after `load`: at least this long with none in flight is quiet. */
const MIN_GRACE_MS = 75;
const MAX_GRACE_MS = 300;
/** Page time with no fetch or XHR pending before the page counts as settled: a render or a next request scheduled with a timer gets its turn. */
const PAGE_QUIET_MS = 30;
/** Where the counting script leaves its wait; not enumerable, so the page's own scripts do not meet it by accident. */
const QUIET_FUNCTION = "__webdataQuiet";

/**
 * Runs in every frame before the page's own scripts: counts fetch and XHR requests until their
 * answers are read (a body read started in the same turn keeps the count up), and defines
 * `QUIET_FUNCTION(timeoutMs)`, which resolves true once nothing has been pending for
 * `PAGE_QUIET_MS`, or false at the timeout. The counted functions are proxies of the page's own,
 * so their names, lengths and prototypes stay as they were.
 */
export const TRACK_PAGE_REQUESTS = `(() => {
  let pending = 0, changed = performance.now();
  const start = () => { pending += 1; changed = performance.now(); };
  const end = () => { pending = Math.max(0, pending - 1); changed = performance.now(); };
  const counted = (fn) => fn && new Proxy(fn, { apply(target, self, args) {
    start();
    let result;
    try { result = Reflect.apply(target, self, args); } catch (err) { end(); throw err; }
    Promise.resolve(result).then(end, end);
    return result;
  } });
  if (globalThis.fetch) globalThis.fetch = counted(globalThis.fetch);
  if (globalThis.Response) for (const name of ["arrayBuffer", "blob", "formData", "json", "text"])
    if (Response.prototype[name]) Response.prototype[name] = counted(Response.prototype[name]);
  if (globalThis.XMLHttpRequest) XMLHttpRequest.prototype.send = new Proxy(XMLHttpRequest.prototype.send, { apply(target, self, args) {
    start();
    const done = () => end();
    self.addEventListener("loadend", done, { once: true });
    try { return Reflect.apply(target, self, args); } catch (err) { self.removeEventListener("loadend", done); end(); throw err; }
  } });
  const quiet = (timeoutMs) => new Promise((resolve) => {
    const until = performance.now() + timeoutMs;
    const check = () => {
      const now = performance.now();
      if (now >= until) return resolve(false);
      if (pending === 0 && now - changed >= ${PAGE_QUIET_MS}) return resolve(true);
      setTimeout(check, pending === 0 ? ${PAGE_QUIET_MS} - (now - changed) : 10);
    };
    setTimeout(check, 0);
  });
  try { Object.defineProperty(globalThis, "${QUIET_FUNCTION}", { value: quiet, enumerable: false, configurable: false, writable: false }); } catch {}
})()`;

/**
 * How long to wait for requests not reported yet, when the page could not say itself: a browser
 * that was slow to load the page (a busy machine, many pages at once) is as slow to report the
 * requests its scripts just started.
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

  /** Whether no request the browser reported is in flight. */
  get idle(): boolean {
    return this.#requests.size === 0;
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

/**
 * Runs `script` (an expression) in the page once it has stopped fetching, after `load`: first as
 * the page counts it, then for any request the browser reported that is still in flight (a frame's
 * document, a late script). When the page can tell and nothing else is in flight, the wait and the
 * script are one round trip to the browser. A page that cannot say (it navigated meanwhile, or the
 * counting script never ran in it) is waited for as the browser reports it, with a grace for
 * requests not reported yet, and the script runs after.
 */
export async function whenQuiet<T>(
  page: Page,
  inFlight: InFlight,
  loadMs: number,
  timeoutMs: number,
  script: string,
): Promise<T> {
  const started = Date.now();
  const asked = page.evaluate(`(async () => {
    const wait = globalThis.${QUIET_FUNCTION};
    const told = wait ? await wait(${timeoutMs}) : null;
    return { told, value: ${script} };
  })()`) as Promise<{ told: boolean | null; value: T }>;
  // The page's own wait ends at the timeout; the outer one is for a page too busy to run it.
  const answer = await withTimeout(asked, timeoutMs + 100, () => new Error("no answer")).catch(() => null);
  const told = typeof answer?.told === "boolean";
  if (answer && told && inFlight.idle) return answer.value;
  await inFlight.quiet(told ? 0 : graceAfter(loadMs), Math.max(1, timeoutMs - (Date.now() - started)));
  return (await page.evaluate(script)) as T;
}
