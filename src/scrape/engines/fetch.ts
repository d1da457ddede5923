import { fetchViaProxy, ProxyFailure } from "../proxy-fetch";
import { decodeHtml } from "../extract/charset";
import { guardedFetch, UnsafeUrlError } from "../../net/url-guard";
import { hiddenFormFields, solveForJob, TOKEN_FIELDS } from "../captcha";
import { CaptchaFailed, parseRetryAfter, UpstreamBlocked, UpstreamNotFound, UpstreamTimeout } from "../errors";
import { within, type Engine, type LoadJob, type LoadedPage } from "./types";
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
  proxy: string | null;
}

/** Cookies the site set, kept for the follow-up requests of one job (challenge passes). */
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
async function send(job: LoadJob, target: string, jar: CookieJar, init: { method?: string; body?: string; headers?: Record<string, string> } = {}, avoid?: string): Promise<Sent> {
  let proxy: string | null = null;
  let finalUrl = new URL(target);
  const response = await guardedFetch(target, { method: init.method, body: init.body }, {
    ...job.config.urlGuard,
    fetcher: async (url, hop) => {
      finalUrl = new URL(url);
      const headers = { ...BROWSER_HEADERS, ...jar.header(), ...init.headers };
      const sent = await sendRetrying(job, finalUrl, { method: hop.method, body: (hop.body as string | undefined) ?? undefined, headers }, avoid);
      proxy = sent.proxy;
      jar.take(sent.response);
      return sent.response;
    },
  }).catch((err) => {
    if (err instanceof UnsafeUrlError && /redirects more than/.test(err.message)) throw new UpstreamBlocked(err.message);
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
async function sendRetrying(job: LoadJob, url: URL, init: Init, avoid?: string): Promise<Omit<Sent, "url">> {
  const first = await sendOnce(job, url, init, avoid);
  if ((init.method ?? "GET") !== "GET" || !RETRY_STATUSES.has(first.response.status)) return first;
  const asked = parseRetryAfter(first.response.headers.get("Retry-After"));
  const backoff = asked === null ? DEFAULT_BACKOFF_MS : asked * 1000;
  if (backoff > MAX_BACKOFF_MS || Date.now() + backoff >= job.deadline) return first;
  await scheduler.wait(backoff);
  const second = await sendOnce(job, url, init, avoid).catch((err) => {
    if (err instanceof UpstreamBlocked) return null;
    throw err;
  });
  if (!second) return first;
  await first.response.body?.cancel().catch(() => {});
  return second;
}

async function sendOnce(job: LoadJob, url: URL, init: Init, avoid?: string): Promise<Omit<Sent, "url">> {
  const { pool, pageTimeoutMs } = job.config;
  const timeoutMs = within(job, pageTimeoutMs);
  if (pool.size === 0) {
    const response = await fetch(url.toString(), { ...init, redirect: "manual", signal: AbortSignal.timeout(timeoutMs) }).catch((err) => {
      throw err instanceof Error && err.name === "TimeoutError" ? new UpstreamTimeout(`no answer from ${url.host} within ${timeoutMs / 1000} s`) : new UpstreamBlocked(`cannot reach ${url.host}`);
    });
    return { response, proxy: null };
  }
  const candidates = pool.candidates(url.host).filter((proxy) => proxy.id !== avoid);
  let retryAfter: number | null = null;
  for (const proxy of candidates) {
    try {
      const response = await fetchViaProxy(proxy, url, { ...init, timeoutMs });
      if (response.status === 403 || response.status === 429) {
        // The site refuses this exit: bench it and rotate, which is the retry a refusal deserves.
        pool.markBad(proxy, url.host);
        retryAfter = parseRetryAfter(response.headers.get("Retry-After")) ?? retryAfter;
        continue;
      }
      pool.markGood(proxy, url.host);
      return { response, proxy: proxy.id };
    } catch (err) {
      // A slow site is not the exit's fault, and the next exit would wait just as long.
      if (err instanceof UpstreamTimeout) throw err;
      if (!(err instanceof ProxyFailure)) log.error("proxy request failed", { proxy: proxy.id, error: err });
      pool.markBad(proxy, url.host);
    }
  }
  throw new UpstreamBlocked(`every egress proxy failed or was refused by ${url.host}`, { retryAfter });
}

/** The body as text in the charset the page really uses, whatever it declares. */
async function readHtml(response: Response): Promise<string> {
  return decodeHtml(new Uint8Array(await response.arrayBuffer()), response.headers.get("Content-Type") ?? undefined);
}

/** Plain HTTP, no JavaScript: fast, and enough wherever the data is in the HTML. */
export const fetchEngine: Engine = {
  name: "fetch",
  javascript: false,
  cost: 1,
  async load(job: LoadJob): Promise<LoadedPage> {
    const jar = new CookieJar();
    let sent = await send(job, job.url, jar);
    let html = await readHtml(sent.response);
    let challenge = job.detectChallenge(html, sent.response.status);

    // Rotate first: another exit may not be challenged at all. With no other exit left, solve.
    if (challenge && job.config.pool.size > 1 && sent.proxy) {
      const owner = job.config.pool.proxies.find((proxy) => proxy.id === sent.proxy)!;
      job.config.pool.markBad(owner, sent.url.host);
      const rotated = await send(job, job.url, jar, {}, sent.proxy).catch((err) => {
        if (err instanceof UpstreamBlocked) return null;
        throw err;
      });
      if (rotated) {
        sent = rotated;
        html = await readHtml(sent.response);
        challenge = job.detectChallenge(html, sent.response.status);
      }
    }
    let captcha: LoadedPage["captcha"] = "none";
    if (challenge) {
      const token = await solveForJob(job, challenge, sent.url.toString());
      if (!challenge.formAction) throw new CaptchaFailed("the challenge page has no form to send the token to");
      const form = new URLSearchParams({ ...hiddenFormFields(html), [TOKEN_FIELDS[challenge.kind]]: token });
      await send(job, new URL(challenge.formAction, sent.url).toString(), jar, {
        method: "POST",
        body: form.toString(),
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
      });
      sent = await send(job, job.url, jar);
      html = await readHtml(sent.response);
      if (job.detectChallenge(html, sent.response.status)) throw new UpstreamBlocked("the site kept challenging after the CAPTCHA was solved");
      captcha = "solved";
    }

    const { status } = sent.response;
    if (status === 404 || status === 410) throw new UpstreamNotFound(`${sent.url} answered ${status}`);
    if (status === 403 || status === 429 || status >= 500) {
      throw new UpstreamBlocked(`${sent.url.host} answered ${status}`, { retryAfter: parseRetryAfter(sent.response.headers.get("Retry-After")) });
    }
    return { status, html, url: sent.url.toString(), proxy: sent.proxy, captcha };
  },
};
