// One load's work in a browser page: open the target with every request routed past the URL guard,
// wait only while the page is still fetching, get past a challenge, and read the page.
import type { HTTPRequest, Page } from "@cloudflare/puppeteer";
import { type Exit, type LoadedThrough, loadPastChallenge } from "../../proxy-policy";
import { guardUrl } from "../../../net/url-guard";
import { solveForLoad, TOKEN_FIELDS } from "../../captcha";
import { parseRetryAfter, UpstreamBlocked, UpstreamNotFound, UpstreamTimeout } from "../../errors";
import { assertParseable, MAX_PAGE_BYTES, MAX_PAGE_ELEMENTS, pageTooLarge } from "../../page-limits";
import { assertLanded, CLOSE_UNINTERCEPTED_CHANNELS, type Route, routeRequest } from "./route";
import { InFlight, TRACK_PAGE_REQUESTS, whenQuiet } from "./network-quiet";
import { within, type LoadedPage, type PageLoad, type Screenshot } from "../types";

/**
 * A page that keeps fetching after `load` is read after this long at most, or after as long as its
 * load took: a browser slow to load a page (a busy machine, many pages at once) is as slow to run
 * the requests its scripts start.
 */
const SETTLE_TIMEOUT_MS = 5_000;

/** The load's page as the browser left it after a load. */
interface Opened extends LoadedThrough {
  html: string;
  retryAfter: string | undefined;
}

/**
 * Makes a fresh page fit for a load: request interception always on, proxies or not (it is how every
 * request meets the URL guard), no service worker, no channel interception cannot see, and the
 * page counting its own requests (`network-quiet.ts`). The commands go out together, so they cost
 * one round trip to the browser instead of four.
 */
export async function preparePage(page: Page): Promise<void> {
  await Promise.all([
    page.setRequestInterception(true),
    page.setBypassServiceWorker(true),
    page.evaluateOnNewDocument(CLOSE_UNINTERCEPTED_CHANNELS),
    page.evaluateOnNewDocument(TRACK_PAGE_REQUESTS),
  ]);
}

/** Puts the solved token in the challenge form (creating the field if the widget would) and submits it. */
function submitTokenScript(field: string, token: string): string {
  return `(() => {
    const form = document.querySelector("form");
    if (!form) return;
    let input = form.querySelector('[name=${JSON.stringify(field)}]');
    if (!input) { input = document.createElement("textarea"); input.name = ${JSON.stringify(field)}; form.appendChild(input); }
    input.value = ${JSON.stringify(token)};
    form.submit();
  })()`;
}

/**
 * What `page.content()` serialises, unless the document has more elements than the parser may build
 * or its HTML is longer than a page we read: both are measured in the browser, so an oversized page
 * never crosses the connection. Answers `{ html }` or `{ tooLarge: "elements" | "bytes" }`.
 */
const READ_CONTENT_SCRIPT = `(() => {
  if (document.getElementsByTagName("*").length > ${MAX_PAGE_ELEMENTS}) return { tooLarge: "elements" };
  let html = "";
  for (const node of document.childNodes) {
    html += node === document.documentElement ? node.outerHTML : new XMLSerializer().serializeToString(node);
    if (html.length > ${MAX_PAGE_BYTES}) return { tooLarge: "bytes" };
  }
  return { html };
})()`;

type Read = { html: string } | { tooLarge: "elements" | "bytes" };

function contentOf(read: Read): string {
  if ("tooLarge" in read) throw pageTooLarge(read.tooLarge);
  assertParseable(read.html);
  return read.html;
}

async function readContent(page: Page): Promise<string> {
  return contentOf((await page.evaluate(READ_CONTENT_SCRIPT)) as Read);
}

/** The load's URL once guarded, checked before any browser is taken for it. */
export async function browserTarget(load: PageLoad): Promise<URL> {
  const target = await guardUrl(load.url, load.config.urlGuard);
  const { pool } = load.config;
  // Every exit is cooling down for this host: a browser could only go out directly, which it must not.
  if (pool.size > 0 && pool.candidates(target.host).length === 0)
    throw new UpstreamBlocked(`every egress proxy is cooling down for ${target.host}`);
  return target;
}

/** Loads `target` (from `browserTarget`) in `page` (from `preparePage`, used for nothing else) and reads it. */
export async function loadInPage(load: PageLoad, page: Page, target: URL): Promise<Omit<LoadedPage, "browser">> {
  const { pool, pageTimeoutMs } = load.config;
  const route: Route = { pin: null, exit: null, refused: null, tooLarge: false };
  const navigationMs = within(load, pageTimeoutMs);
  const inFlight = new InFlight(page);
  // Proxied requests get a little longer than the navigation, so a slow page reads as a timeout.
  const abort = (request: HTTPRequest) => request.abort().catch(() => {});
  page.on("request", (request) => {
    routeRequest(load, page, request, navigationMs + 1_000, route).catch(() => abort(request));
  });
  /** Opens the target (through `pin` when given) and waits for it to settle. */
  const open = async (pin: Exit | null): Promise<Opened> => {
    route.pin = pin;
    route.exit = null;
    const started = Date.now();
    const response = await page
      .goto(target.toString(), { waitUntil: "load", timeout: within(load, navigationMs) })
      .catch((err) => {
        if (route.tooLarge) throw pageTooLarge();
        if (route.refused) return null;
        throw /timeout|timed.?out/i.test(String(err))
          ? new UpstreamTimeout(`the page did not load within ${navigationMs / 1000} s`)
          : new UpstreamBlocked("the page could not be opened", { cause: err });
      });
    // The landing check needs no quiet page, so it runs beside the wait; read once quiet.
    const loadMs = Date.now() - started;
    const settleMs = within(load, Math.max(SETTLE_TIMEOUT_MS, loadMs));
    const quiet = whenQuiet<Read>(page, inFlight, loadMs, settleMs, READ_CONTENT_SCRIPT);
    const [, read] = await Promise.all([assertLanded(load, page, route.refused), quiet]);
    const status = response?.status() ?? 0;
    const html = contentOf(read);
    await assertLanded(load, page, route.refused);
    const retryAfter = response?.headers()["retry-after"];
    return { status, html, retryAfter, challenge: await load.detectChallenge(html, status), exit: route.exit };
  };
  const { page: loaded, solved } = await loadPastChallenge(pool, {
    load: open,
    async solve(challenged, pin) {
      route.pin = pin;
      const challenge = challenged.challenge!;
      const token = await solveForLoad(load, challenge, page.url());
      const navigation = page.waitForNavigation({ waitUntil: "load", timeout: within(load, pageTimeoutMs) });
      const [next] = await Promise.all([
        navigation,
        page.evaluate(submitTokenScript(TOKEN_FIELDS[challenge.kind], token)),
      ]);
      const status = next?.status() ?? challenged.status;
      const html = await readContent(page);
      await assertLanded(load, page, route.refused);
      const detected = await load.detectChallenge(html, status);
      return { ...challenged, status, html, challenge: detected, exit: route.exit ?? pin };
    },
  });
  const { status } = loaded;
  const { html, screenshot } = load.extras ? await withExtras(load, page, loaded.html) : { html: loaded.html };
  if (status === 404 || status === 410) throw new UpstreamNotFound(`${load.url} answered ${status}`);
  if (status === 403 || status === 429 || status >= 500) {
    throw new UpstreamBlocked(`the site answered ${status}`, { retryAfter: parseRetryAfter(loaded.retryAfter) });
  }
  const proxy = loaded.exit?.proxy.id ?? null;
  return {
    status,
    html,
    url: page.url(),
    proxy,
    captcha: solved ? "solved" : "none",
    ...(screenshot ? { screenshot } : {}),
  };
}

/**
 * The tallest full-page screenshot, in CSS pixels: a page that scrolls on and on (an endless feed) is
 * photographed down to here, so one answer never holds a picture of unbounded size.
 */
const MAX_SCREENSHOT_HEIGHT = 8_000;

const PAGE_SIZE_SCRIPT =
  "({ width: document.documentElement.clientWidth, height: document.documentElement.scrollHeight })";

/** What a screenshot covers: the first screen, the whole page, or the page's top `MAX_SCREENSHOT_HEIGHT` pixels. */
async function shotArea(page: Page, fullPage: boolean) {
  if (!fullPage) return { fullPage: false };
  const { width, height } = (await page.evaluate(PAGE_SIZE_SCRIPT)) as { width: number; height: number };
  if (height <= MAX_SCREENSHOT_HEIGHT) return { fullPage: true };
  return { clip: { x: 0, y: 0, width, height: MAX_SCREENSHOT_HEIGHT }, captureBeyondViewport: true };
}

/** The longest a load waits for its `waitFor` selector or time, within the scrape's deadline. */
const MOST_WAIT_MS = 10_000;

/** Waits as the load asked (then reads the page again) and photographs it as asked. */
async function withExtras(
  load: PageLoad,
  page: Page,
  html: string,
): Promise<{ html: string; screenshot?: Screenshot }> {
  const { waitFor, screenshot } = load.extras!;
  let read = html;
  if (waitFor !== undefined) {
    if (typeof waitFor === "number")
      await new Promise((resolve) => setTimeout(resolve, within(load, Math.min(waitFor, MOST_WAIT_MS))));
    else
      await page.waitForSelector(waitFor, { timeout: within(load, MOST_WAIT_MS) }).catch(() => {
        throw new UpstreamTimeout(`\`${waitFor}\` did not appear on the page within ${MOST_WAIT_MS / 1000} s`);
      });
    read = await readContent(page);
  }
  if (!screenshot) return { html: read };
  const base64 = (await page.screenshot({
    type: screenshot.type,
    encoding: "base64",
    ...(await shotArea(page, screenshot.fullPage)),
  })) as string;
  return { html: read, screenshot: { content_type: `image/${screenshot.type}`, base64 } };
}
