import { fetchViaProxy, ProxyFailure } from "../proxy-fetch";
import type { ProxyEndpoint } from "../proxy-pool";
import { type Exit, exitsFor, judgeAttempt, loadPastChallenge } from "../proxy-policy";
import { decodeHtml } from "../extract/charset";
import { guardedFetch, UnsafeUrlError } from "../../net/url-guard";
import { BodyTooLarge, readBytes } from "../../net/read-body";
import { hiddenFormFields, solveForLoad, TOKEN_FIELDS } from "../captcha";
import { CaptchaFailed, parseRetryAfter, UpstreamBlocked, UpstreamNotFound, UpstreamTimeout } from "../errors";
import { assertParseable, asPageError, MAX_PAGE_BYTES } from "../page-limits";
import { within, type Engine, type PageLoad, type LoadedPage } from "./types";
import { log } from "../../log";

const BROWSER_HEADERS = {
  "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36",
  Accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
  "Accept-Language": "en-US,en;q=0.9",
};
/** Answers worth one more try of the same GET: rate limiting and server trouble, often brief. */
const RETRY_STATUSES = new Set([429, 500, 502, 503, 504]);
/** The retry waits what the site's Retry-After asks when it is this short; a longer wait is the client's. */
export const MAX_BACKOFF_MS = 1_000;
const DEFAULT_BACKOFF_MS = 250;

interface Sent {
  response: Response;
  url: URL;
  proxy: ProxyEndpoint | null;
}

/** The exit a load stays on while it answers a challenge there. */
type Pin = Exit | null;

/** Cookies the site set, kept for the follow-up requests of one load (challenge passes). */
class CookieJar {
  private readonly cookies = new Map<string, string>();
  take(response: Response) {
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(";");
      const eq = pair!.indexOf("=");
      if (eq > 0) this.cookies.set(pair!.slice(0, eq).trim(), pair!.slice(eq + 1).trim());
    }
  }
  header(): Record<string, string> {
    return this.cookies.size ? { Cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ") } : {};
  }
}

/**
 * One request, through the proxy pool when proxies are configured (never falling back to
 * direct egress), with redirects followed by `guardedFetch` so every hop passes the URL guard.
 */
async function send(
  load: PageLoad,
  target: string,
  jar: CookieJar,
  init: { method?: string; body?: string; headers?: Record<string, string> } = {},
  pin: Pin = null,
): Promise<Sent> {
  let proxy: ProxyEndpoint | null = null;
  let finalUrl = new URL(target);
  let hops = 0;
  const response = await guardedFetch(
    target,
    { method: init.method, body: init.body },
    {
      ...load.config.urlGuard,
      fetcher: async (url, hop) => {
        if (hops++ > 0) await load.beforeRedirect?.(url);
        finalUrl = new URL(url);
        const headers = { ...BROWSER_HEADERS, ...load.headers, ...jar.header(), ...init.headers };
        const sent = await sendRetrying(
          load,
          finalUrl,
          { method: hop.method, body: (hop.body as string | undefined) ?? undefined, headers },
          pin,
        );
        proxy = sent.proxy;
        jar.take(sent.response);
        return sent.response;
      },
    },
  ).catch((err) => {
    if (err instanceof UnsafeUrlError && /redirects more than/.test(err.message))
      throw new UpstreamBlocked(err.message);
    throw err;
  });
  return { response, url: finalUrl, proxy };
}

type Init = { method?: string; body?: string; headers: Record<string, string> };

/**
 * `sendOnce`, and for a GET (idempotent) answered 429 or 5xx one more try after a short
 * backoff, unless the site asked for a longer pause than we wait for a client. Through proxies
 * a 429 has already moved on to the next exit, and when no exit is left for the retry the
 * first answer stands.
 */
async function sendRetrying(load: PageLoad, url: URL, init: Init, pin: Pin): Promise<Omit<Sent, "url">> {
  const first = await sendOnce(load, url, init, pin);
  if ((init.method ?? "GET") !== "GET" || !RETRY_STATUSES.has(first.response.status)) return first;
  const asked = parseRetryAfter(first.response.headers.get("Retry-After"));
  const backoff = asked === null ? DEFAULT_BACKOFF_MS : asked * 1000;
  if (backoff > MAX_BACKOFF_MS || Date.now() + backoff >= load.deadline) return first;
  await scheduler.wait(backoff);
  const second = await sendOnce(load, url, init, pin).catch((err) => {
    if (err instanceof UpstreamBlocked) return null;
    throw err;
  });
  if (!second) return first;
  await first.response.body?.cancel().catch(() => {});
  return second;
}

/** One request through the exits in turn, each attempt judged by `judgeAttempt`, until one is not refused. */
async function sendOnce(load: PageLoad, url: URL, init: Init, pin: Pin): Promise<Omit<Sent, "url">> {
  const { pool, pageTimeoutMs } = load.config;
  const timeoutMs = within(load, pageTimeoutMs);
  if (pool.size === 0) {
    const response = await fetch(url.toString(), {
      ...init,
      redirect: "manual",
      signal: AbortSignal.timeout(timeoutMs),
    }).catch((err) => {
      throw err instanceof Error && err.name === "TimeoutError"
        ? new UpstreamTimeout(`no answer from ${url.host} within ${timeoutMs / 1000} s`)
        : new UpstreamBlocked(`cannot reach ${url.host}`);
    });
    return { response, proxy: null };
  }
  let retryAfter: number | null = null;
  for (const proxy of exitsFor(pool, url.host, pin)) {
    let response: Response;
    try {
      response = await fetchViaProxy(proxy, url, { ...init, timeoutMs });
    } catch (err) {
      // The exit carried the page; the page is what we refuse.
      if (err instanceof BodyTooLarge) throw asPageError(err);
      if (!(err instanceof ProxyFailure || err instanceof UpstreamTimeout))
        log.error("proxy request failed", { proxy: proxy.id, error: err });
      if (
        judgeAttempt(pool, proxy, url.host, { kind: err instanceof UpstreamTimeout ? "timed-out" : "failed" }) ===
        "stop"
      )
        throw err;
      continue;
    }
    if (judgeAttempt(pool, proxy, url.host, { kind: "answered", status: response.status }) === "rotate") {
      retryAfter = parseRetryAfter(response.headers.get("Retry-After")) ?? retryAfter;
      await response.body?.cancel().catch(() => {});
      continue;
    }
    return { response, proxy };
  }
  throw new UpstreamBlocked(`every egress proxy failed or was refused by ${url.host}`, { retryAfter });
}

/**
 * The body as text in the charset the page really uses, whatever it declares: read as a stream up
 * to `MAX_PAGE_BYTES`, and checked against what the parser may build before anything parses it.
 */
async function readHtml(response: Response): Promise<string> {
  const bytes = await readBytes(response, MAX_PAGE_BYTES).catch((err) => {
    throw asPageError(err);
  });
  const html = decodeHtml(bytes, response.headers.get("Content-Type") ?? undefined, response.url);
  assertParseable(html);
  return html;
}

/** Plain HTTP, no JavaScript: fast, and enough wherever the data is in the HTML. */
export const fetchEngine: Engine = {
  name: "fetch",
  cost: 1,
  async load(load: PageLoad): Promise<LoadedPage> {
    const jar = new CookieJar();
    const loadThrough = async (pin: Pin) => {
      const sent = await send(load, load.url, jar, {}, pin);
      const html = await readHtml(sent.response);
      const { status } = sent.response;
      const exit = sent.proxy && { proxy: sent.proxy, host: sent.url.host };
      return { ...sent, html, status, challenge: await load.detectChallenge(html, status), exit };
    };
    const { page, solved } = await loadPastChallenge(load.config.pool, {
      load: loadThrough,
      async solve(challenged, pin) {
        const challenge = challenged.challenge!;
        const token = await solveForLoad(load, challenge, challenged.url.toString());
        if (!challenge.formAction) throw new CaptchaFailed("the challenge page has no form to send the token to");
        const form = new URLSearchParams({
          ...hiddenFormFields(challenged.html),
          [TOKEN_FIELDS[challenge.kind]]: token,
        });
        const post = {
          method: "POST",
          body: form.toString(),
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
        };
        await send(load, new URL(challenge.formAction, challenged.url).toString(), jar, post, pin);
        return loadThrough(pin);
      },
    });

    const { status, url, response } = page;
    if (status === 404 || status === 410) throw new UpstreamNotFound(`${url} answered ${status}`);
    if (status === 403 || status === 429 || status >= 500) {
      const retryAfter = parseRetryAfter(response.headers.get("Retry-After"));
      throw new UpstreamBlocked(`${url.host} answered ${status}`, { retryAfter });
    }
    return {
      status,
      html: page.html,
      url: url.toString(),
      proxy: page.exit?.proxy.id ?? null,
      captcha: solved ? "solved" : "none",
    };
  },
};
