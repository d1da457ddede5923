// Faults on the scrape path that need no live site: Browser Rendering failing to launch or
// hanging, a site answering 429/5xx to the fetch engine, the scrape deadline, and the answers
// the routes give for each (the documented envelope with Retry-After, or a stale copy).
import { afterEach, describe, expect, it, vi } from "vitest";
import { createApp } from "../../../src/app";
import type { ApiError } from "../../../src/errors";
import { scrapeErrorToApi } from "../../../src/routes/scrape-errors";
import { cacheKey } from "../../../src/scrape/cache";
import { scrapeConfig } from "../../../src/scrape/config";
import { browserEngine } from "../../../src/scrape/engines/browser/index";
import { BrowserFleet } from "../../../src/scrape/engines/browser-host/fleet";
import { fromWire, toWire } from "../../../src/scrape/engines/browser/wire";
import { UnsafeUrlError } from "../../../src/net/url-guard";
import { fetchEngine } from "../../../src/scrape/engines/fetch";
import type { PageLoad } from "../../../src/scrape/engines/types";
import {
  CaptchaBudgetSpent,
  CaptchaFailed,
  EngineUnavailable,
  SolverTimeout,
  UpstreamBlocked,
  UpstreamTimeout,
} from "../../../src/scrape/errors";
import { scrape } from "../../../src/scrape/scrape";
import { solveWithinBudget } from "../../../src/scrape/captcha";
import { callApp, env, newAccount, withKey } from "../helpers";

/**
 * A BROWSER binding shaped like Browser Rendering's as `@cloudflare/puppeteer` uses it:
 * `GET /v1/sessions` lists sessions (none here) and `POST /v1/devtools/browser` acquires one,
 * which is where `launch` fails. `acquire` decides what that request gets.
 */
function browserBinding(acquire: () => Promise<Response>) {
  const calls = { sessions: 0, acquire: 0 };
  const binding = {
    async fetch(input: RequestInfo | URL, init?: RequestInit) {
      const request = new Request(input, init);
      const path = new URL(request.url).pathname;
      if (path === "/v1/sessions") {
        calls.sessions++;
        return Response.json({ sessions: [] });
      }
      if (path === "/v1/devtools/browser" && request.method === "POST") {
        calls.acquire++;
        return acquire();
      }
      return new Response("not found", { status: 404 });
    },
  };
  return { binding: binding as unknown as Env["BROWSER"], calls };
}

const never = () => new Promise<Response>(() => {});

/**
 * `env` with `bindings` swapped in and a BROWSER_HOST whose object runs the Durable Object's own
 * fleet code on that env, so the stand-in BROWSER binding is the one the fleet launches through
 * (the real object would read its own env). Answers still cross `toWire` / `fromWire`.
 */
function withBindings(bindings: Partial<Env>): Env {
  const faultEnv = { ...env, ...bindings } as Env;
  const fleet = new BrowserFleet(faultEnv);
  const stub = { load: fleet.load.bind(fleet) };
  return Object.assign(faultEnv, { BROWSER_HOST: { idFromName: () => ({}), get: () => stub } });
}

function loadJob(bindings: Partial<Env>, url = "https://shop.example/product/1"): PageLoad {
  const faultEnv = withBindings(bindings);
  return {
    url,
    env: faultEnv,
    config: scrapeConfig(faultEnv),
    accountId: "acct_faults",
    detectChallenge: () => null,
    deadline: Date.now() + 30_000,
  };
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error("expected a rejection");
    },
    (err: unknown) => err,
  );
}

describe("browser launch faults", () => {
  it("turns a binding whose fetch rejects into EngineUnavailable", async () => {
    const { binding, calls } = browserBinding(() => Promise.reject(new TypeError("binding unreachable")));
    const err = await rejection(browserEngine.load(loadJob({ BROWSER: binding })));
    expect(err).toBeInstanceOf(EngineUnavailable);
    expect((err as Error).message).toBe("the browser could not start");
    expect(String((err as Error).cause)).toMatch(/binding unreachable/);
    expect(calls.acquire).toBe(1);
  });

  it("turns a launch answered 500 into EngineUnavailable without retrying it", async () => {
    const { binding, calls } = browserBinding(async () => new Response("Internal Server Error", { status: 500 }));
    const err = await rejection(browserEngine.load(loadJob({ BROWSER: binding })));
    expect(err).toBeInstanceOf(EngineUnavailable);
    expect((err as Error).message).toBe("the browser could not start");
    expect(String((err as Error).cause)).toMatch(/code: 500/);
    expect(calls.acquire).toBe(1);
  });

  it("gives up on a launch that never answers after the launch timeout", async () => {
    const { binding, calls } = browserBinding(never);
    const started = Date.now();
    const err = await rejection(browserEngine.load(loadJob({ BROWSER: binding, BROWSER_LAUNCH_TIMEOUT_MS: "300" })));
    const elapsed = Date.now() - started;
    expect(err).toBeInstanceOf(EngineUnavailable);
    expect((err as Error).message).toBe("the browser did not start within 0.3 s");
    expect(elapsed).toBeGreaterThanOrEqual(290);
    expect(elapsed).toBeLessThan(2_000);
    expect(calls.acquire).toBe(1);
  });

  it("retries launch 429s with backoff until the launch timeout, then is unavailable", async () => {
    const { binding, calls } = browserBinding(async () => new Response("Rate limit exceeded", { status: 429 }));
    const started = Date.now();
    const err = await rejection(browserEngine.load(loadJob({ BROWSER: binding, BROWSER_LAUNCH_TIMEOUT_MS: "1200" })));
    expect(err).toBeInstanceOf(EngineUnavailable);
    // Tries at 0 and 0.5 s (backoff 500 ms, then 1 s, cut to the 0.7 s left); a slow machine may
    // just fit a third try at the very end, never more.
    expect(calls.acquire).toBeGreaterThanOrEqual(2);
    expect(calls.acquire).toBeLessThanOrEqual(3);
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it("answers a failed launch with 503 unavailable and Retry-After through the route", async () => {
    const account = await newAccount();
    const { binding, calls } = browserBinding(async () => new Response("Internal Server Error", { status: 500 }));
    // Nothing listens on 127.0.0.1:1, so the fetch engine fails at once and the browser is next.
    const faultEnv = withBindings({ BROWSER: binding, SSRF_ALLOW_HOSTS: "127.0.0.1:1" });
    const url = encodeURIComponent("http://127.0.0.1:1/product/1");
    const response = await callApp(createApp(), `/v1/generic?url=${url}&fresh=true`, withKey(account.secret), faultEnv);
    const body = (await response.json()) as any;
    expect(response.status).toBe(503);
    expect(body.error.code).toBe("unavailable");
    // The binding's own answer ("code: 500", "Internal Server Error") stays in the log.
    expect(body.error.message).toBe("Scraping is briefly unavailable: the browser could not start.");
    expect(response.headers.get("Retry-After")).toBe("10");
    expect(calls.acquire).toBe(1);
  });
});

describe("errors from the browser object", () => {
  it("keep their class, Retry-After, URL and cause across the RPC boundary", () => {
    const blocked = fromWire(toWire(new UpstreamBlocked("the site answered 429", { retryAfter: 30 })));
    expect(blocked).toBeInstanceOf(UpstreamBlocked);
    expect(blocked.message).toBe("the site answered 429");
    expect((blocked as UpstreamBlocked).retryAfter).toBe(30);
    const unsafe = fromWire(toWire(new UnsafeUrlError("http://a.example/", "led the browser to 10.0.0.1")));
    expect(unsafe).toBeInstanceOf(UnsafeUrlError);
    expect((unsafe as UnsafeUrlError).url).toBe("http://a.example/");
    const spent = fromWire(toWire(new CaptchaBudgetSpent("the monthly cap is reached")));
    expect(spent).toBeInstanceOf(CaptchaFailed);
    expect(spent.name).toBe("CaptchaBudgetSpent");
    const down = fromWire(toWire(new EngineUnavailable("the browser could not start", { cause: "code: 500" })));
    expect(down).toBeInstanceOf(EngineUnavailable);
    expect(String(down.cause)).toBe("code: 500");
    // A CDP failure nobody classed stays a plain error, as it would have been in the engine itself.
    const other = fromWire(toWire(new Error("Protocol error: Target closed")));
    expect(other.constructor).toBe(Error);
    expect(other.message).toBe("Protocol error: Target closed");
  });
});

describe("the scrape deadline", () => {
  const load = (url: string) => ({
    platform: "faults",
    kind: "product",
    url,
    params: { url },
    engines: ["browser"] as const,
    parse: (html: string) => ({ html }),
    isEmpty: () => false,
    detectChallenge: () => null,
    accountId: "acct_faults",
    freshness: {},
    waitUntil: () => {},
  });

  it("ends a scrape that outlives SCRAPE_DEADLINE_MS with UpstreamTimeout", async () => {
    const { binding } = browserBinding(never);
    const faultEnv = withBindings({ BROWSER: binding, SCRAPE_DEADLINE_MS: "250", BROWSER_LAUNCH_TIMEOUT_MS: "10000" });
    const started = Date.now();
    const err = await rejection(scrape(faultEnv, load("https://shop.example/deadline/1")));
    expect(err).toBeInstanceOf(UpstreamTimeout);
    expect((err as Error).message).toBe("no page within the scrape's 0.25 s deadline");
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it("serves the stored copy marked stale when the deadline passes", async () => {
    const url = "https://shop.example/deadline/2";
    const key = await cacheKey("faults", "product", { url });
    await env.CACHE.put(
      key,
      JSON.stringify({ record: { html: "<p>old</p>" }, meta: { engine: "fetch" }, fetchedAt: Date.now() - 3_600_000 }),
    );
    const { binding } = browserBinding(never);
    const faultEnv = withBindings({ BROWSER: binding, SCRAPE_DEADLINE_MS: "250" });
    const { record, meta } = await scrape(faultEnv, load(url));
    expect(record).toEqual({ html: "<p>old</p>" });
    expect(meta.cache).toBe("stale");
  });

  it("answers fresh=true with the timeout, and the stored copy's age in its details, never the copy", async () => {
    const url = "https://shop.example/deadline/3";
    const key = await cacheKey("faults", "product", { url });
    const fetchedAt = Date.now() - 3_600_000;
    await env.CACHE.put(key, JSON.stringify({ record: { html: "<p>old</p>" }, meta: { engine: "fetch" }, fetchedAt }));
    const { binding } = browserBinding(never);
    const faultEnv = withBindings({ BROWSER: binding, SCRAPE_DEADLINE_MS: "250" });
    const err = await rejection(scrape(faultEnv, { ...load(url), freshness: { fresh: true } }));
    expect(err).toBeInstanceOf(UpstreamTimeout);
    const answer = scrapeErrorToApi(err) as ApiError;
    expect(answer).toMatchObject({ status: 504, code: "upstream_timeout" });
    const detail = answer.details.find((d) => d.parameter === "fresh")!;
    expect(detail.message).toContain(new Date(fetchedAt).toISOString());
    expect(detail.message).toMatch(/\((3600|3601) s ago\) is cached/);
  });
});

describe("a site answering 429/5xx to the fetch engine", () => {
  afterEach(() => vi.restoreAllMocks());

  const page = () =>
    new Response("<html><h1>Kettle</h1></html>", { status: 200, headers: { "Content-Type": "text/html" } });

  it("retries a 503 once after the site's short Retry-After and returns the page", async () => {
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    fetchSpy
      .mockResolvedValueOnce(new Response("busy", { status: 503, headers: { "Retry-After": "1" } }))
      .mockResolvedValueOnce(page());
    const started = Date.now();
    const loaded = await fetchEngine.load(loadJob({}));
    expect(loaded.status).toBe(200);
    expect(loaded.html).toContain("Kettle");
    expect(fetchSpy).toHaveBeenCalledTimes(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
  });

  it("waits 250 ms when the site gives no Retry-After, and does not retry one that asks for longer than 1 s", async () => {
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    fetchSpy.mockResolvedValueOnce(new Response("oops", { status: 500 })).mockResolvedValueOnce(page());
    let started = Date.now();
    await fetchEngine.load(loadJob({}));
    const plain = Date.now() - started;
    expect(plain).toBeGreaterThanOrEqual(240);
    expect(plain).toBeLessThan(900);

    fetchSpy.mockClear();
    fetchSpy
      .mockResolvedValueOnce(new Response("slow down", { status: 429, headers: { "Retry-After": "3600" } }))
      .mockResolvedValueOnce(page());
    started = Date.now();
    const err = await rejection(fetchEngine.load(loadJob({})));
    expect(err).toBeInstanceOf(UpstreamBlocked);
    expect((err as UpstreamBlocked).retryAfter).toBe(3600);
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    expect(Date.now() - started).toBeLessThan(500);
  });

  it("gives up after one retry with UpstreamBlocked carrying the site's Retry-After", async () => {
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    fetchSpy.mockImplementation(
      async () => new Response("slow down", { status: 429, headers: { "Retry-After": "0" } }),
    );
    const err = await rejection(fetchEngine.load(loadJob({})));
    expect(err).toBeInstanceOf(UpstreamBlocked);
    expect((err as UpstreamBlocked).retryAfter).toBe(0);
    expect(fetchSpy.mock.calls.map(([, init]) => (init as RequestInit).method ?? "GET")).toEqual(["GET", "GET"]);
  });

  it("does not send the browser to a site that asked for a pause of minutes", async () => {
    vi.spyOn(globalThis, "fetch").mockImplementation(
      async () => new Response("slow down", { status: 429, headers: { "Retry-After": "120" } }),
    );
    const { binding, calls } = browserBinding(never);
    const url = "https://shop.example/paused/1";
    const load = {
      platform: "faults",
      kind: "product",
      url,
      params: { url },
      engines: ["fetch", "browser"] as const,
      parse: (html: string) => ({ html }),
      isEmpty: () => false,
      detectChallenge: () => null,
      accountId: "acct_faults",
      freshness: { fresh: true },
      waitUntil: () => {},
    };
    const err = await rejection(scrape(withBindings({ BROWSER: binding }), load));
    expect(err).toBeInstanceOf(UpstreamBlocked);
    expect((err as UpstreamBlocked).retryAfter).toBe(120);
    expect(calls).toEqual({ sessions: 0, acquire: 0 });
    expect(scrapeErrorToApi(err)).toMatchObject({ status: 502, code: "upstream_blocked", retryAfter: 120 });
  });
});

describe("CAPTCHA solves and the monthly cap", () => {
  afterEach(() => vi.restoreAllMocks());
  const challenge = { kind: "recaptcha" as const, siteKey: "site-key", formAction: "/verify" };
  const solver = { url: "https://solver.example", key: "k", pollMs: 10, timeoutMs: 2_000 };
  const solves = async (accountId: string) =>
    (
      await env.DB.prepare("SELECT solves FROM captcha_spend WHERE account_id = ?")
        .bind(accountId)
        .first<{ solves: number }>()
    )?.solves ?? 0;
  /** A solver answering createTask with `created` and every getTaskResult with `result`. */
  const solverAnswers = (created: object, result: () => Promise<Response> | Response) =>
    vi
      .spyOn(globalThis, "fetch")
      .mockImplementation(async (input) => (String(input).endsWith("/createTask") ? Response.json(created) : result()));

  it("keeps a solved token and its count when the cost cannot be written", async () => {
    const { accountId } = await newAccount();
    solverAnswers({ errorId: 0, taskId: 7 }, () =>
      Response.json({ errorId: 0, status: "ready", solution: { gRecaptchaResponse: "token-1" }, cost: "0.002" }),
    );
    const failingCostWrite = {
      prepare: (sql: string) =>
        sql.includes("cost_micros = cost_micros")
          ? { bind: () => ({ run: () => Promise.reject(new Error("D1_ERROR: Network connection lost.")) }) }
          : env.DB.prepare(sql),
    } as unknown as D1Database;
    expect(await solveWithinBudget(failingCostWrite, accountId, solver, challenge, "https://shop.example/p")).toBe(
      "token-1",
    );
    expect(await solves(accountId)).toBe(1);
  });

  it("gives a solve back only when the solver says it cannot solve it, not when its answer is lost", async () => {
    const { accountId } = await newAccount();
    solverAnswers({ errorId: 0, taskId: 8 }, () =>
      Response.json({ errorId: 1, errorCode: "ERROR_CAPTCHA_UNSOLVABLE" }),
    );
    expect(
      await rejection(solveWithinBudget(env.DB, accountId, solver, challenge, "https://shop.example/p")),
    ).toBeInstanceOf(CaptchaFailed);
    expect(await solves(accountId)).toBe(0);

    vi.restoreAllMocks();
    solverAnswers({ errorId: 0, taskId: 9 }, () => Promise.reject(new TypeError("Network connection lost")));
    const lost = await rejection(solveWithinBudget(env.DB, accountId, solver, challenge, "https://shop.example/p"));
    expect((lost as Error).message).toBe("the solver could not be reached");
    expect(await solves(accountId)).toBe(1);
  });
});

describe("scrape errors as API answers", () => {
  const answer = (err: unknown) => scrapeErrorToApi(err) as ApiError;

  it("gives an unavailable browser 503 with Retry-After", () => {
    const api = answer(new EngineUnavailable("the browser did not start within 15 s"));
    expect([api.status, api.code, api.retryAfter]).toEqual([503, "unavailable", 10]);
  });

  it("gives a timeout 504 with Retry-After", () => {
    const api = answer(new UpstreamTimeout("no answer from shop.example within 20 s"));
    expect([api.status, api.code, api.retryAfter]).toEqual([504, "upstream_timeout", 10]);
  });

  it("passes a site's Retry-After on, bounded to 1–300 s, and defaults to 30", () => {
    expect(answer(new UpstreamBlocked("shop.example answered 429", { retryAfter: 7 })).retryAfter).toBe(7);
    expect(answer(new UpstreamBlocked("shop.example answered 429", { retryAfter: 0 })).retryAfter).toBe(1);
    expect(answer(new UpstreamBlocked("shop.example answered 503", { retryAfter: 86_400 })).retryAfter).toBe(300);
    expect(answer(new UpstreamBlocked("shop.example answered 403")).retryAfter).toBe(30);
  });

  it("gives a CAPTCHA the solver could not answer in time 502 with Retry-After and says why", () => {
    const api = answer(new SolverTimeout("the CAPTCHA solver gave no answer within 1.5 s"));
    expect([api.status, api.code, api.retryAfter]).toEqual([502, "upstream_blocked", 30]);
    expect(api.message).toBe(
      "The site asked for a CAPTCHA that could not be solved: the CAPTCHA solver gave no answer within 1.5 s.",
    );
    expect(answer(new CaptchaFailed("solver could not solve it: ERROR_CAPTCHA_UNSOLVABLE")).retryAfter).toBe(30);
  });

  it("asks a client whose CAPTCHA budget is spent to come back next month", () => {
    const api = answer(new CaptchaBudgetSpent("this account's CAPTCHA budget for the month is used up"));
    const now = new Date();
    const nextMonth = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1);
    expect(api.status).toBe(502);
    expect(Math.abs(api.retryAfter! - (nextMonth - now.getTime()) / 1000)).toBeLessThan(5);
  });
});
