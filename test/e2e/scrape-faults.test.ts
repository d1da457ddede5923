// Fault injection on the scrape path end to end (issue 10): replicas answering 429/5xx or
// slowly, proxies dying mid-request, the solver timing out. Each must be answered as
// documented: one retry with backoff (GET is idempotent), a stale copy where one is cached,
// else the error envelope with Retry-After. Replicas, proxies and the solver are shared with
// the other e2e files, so every fault set here is cleared in a `finally`.
import { beforeAll, describe, expect, inject, it } from "vitest";
import { createAccountKey } from "../../scripts/local-stack.ts";
import {
  callApi,
  hits,
  proxyStats,
  replicaAdmin,
  replicaCounts as counts,
  setProxyMode as proxyMode,
  setSolverMode as solverMode,
} from "./stack.ts";

const baseUrl = inject("baseUrl");
const replicasUrl = inject("replicasUrl");
const scrapeTimeoutMs = inject("scrapeTimeoutMs");
const solverTimeoutMs = inject("solverTimeoutMs");
const [proxyA, proxyB] = inject("proxyAdminUrls") as [string, string];
let secret: string;

const api = (path: string) => callApi(secret, path);
const setFault = (fault: {
  platform: string;
  status?: number;
  delayMs?: number;
  count?: number;
  skip?: number;
  retryAfter?: number;
}) => replicaAdmin("fault", fault);
const clearFault = (platform: string) => setFault({ platform });
const captchaSolves = async () => (await api("/v1/usage")).body.data.captcha.solves as number;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits until a scrape goes through again: exits benched by a test (or by a file before this
 * one) come back after PROXY_COOLDOWN_MS, 2 s in e2e, doubling with each failure.
 */
async function untilServed(limitMs = 10_000) {
  const until = Date.now() + limitMs;
  while (Date.now() < until) {
    // A stale copy would answer 200 too: only a live load counts.
    const { response, body } = await api(`/v1/walmart/search?q=kettle&fresh=true`);
    if (response.status === 200 && body.meta.scrape.cache === "bypass") return;
    await sleep(250);
  }
  throw new Error("no scrape went through after the faults were cleared");
}

beforeAll(async () => {
  ({ secret } = await createAccountKey(baseUrl, inject("adminToken"), {
    name: "e2e scrape faults",
    plan: "enterprise",
    requests_per_minute: 10_000,
  }));
  // scrape.test.ts stops proxy A for a moment; start once both exits answer.
  for (const proxy of [proxyA, proxyB]) {
    const until = Date.now() + 10_000;
    while (
      !(await fetch(`${proxy}/_admin/stats`).then(
        (r) => r.ok,
        () => false,
      ))
    ) {
      if (Date.now() > until) throw new Error(`proxy ${proxy} is down`);
      await sleep(200);
    }
  }
  await untilServed();
});

describe("proxies dying mid-request", () => {
  it("benches an exit whose tunnel dies mid-response and answers through the other, never directly", async () => {
    const before = await counts();
    const droppedBefore = (await proxyStats(proxyA)).dropped;
    await proxyMode(proxyA, "cut");
    let requests = 0;
    try {
      // A may still be cooling down or not be first in line: ask until it has been tried.
      const until = Date.now() + 8_000;
      while ((await proxyStats(proxyA)).dropped === droppedBefore && Date.now() < until) {
        const { response, body } = await api(`/v1/etsy/search?q=mug&fresh=true`);
        requests++;
        expect(response.status).toBe(200);
        expect(body.data.results.length).toBeGreaterThan(0);
        expect(body.meta.scrape).toMatchObject({ engine: "fetch", proxy: "proxy-2" });
      }
    } finally {
      await proxyMode(proxyA, "ok");
    }
    const dropped = (await proxyStats(proxyA)).dropped - droppedBefore;
    expect(dropped).toBe(1);
    // Each answer came through B; the only other hit is the request A's dying tunnel carried.
    expect(hits(before, await counts(), "/etsy/search")).toBe(requests + dropped);
  });

  it("answers 502 upstream_blocked with Retry-After when every exit dies, without going direct", async () => {
    const before = await counts();
    const [a, b] = [await proxyStats(proxyA), await proxyStats(proxyB)];
    await proxyMode(proxyA, "cut");
    await proxyMode(proxyB, "hangup");
    try {
      const { response, body, ms } = await api(`/v1/etsy/search?q=teapot&fresh=true`);
      expect(response.status).toBe(502);
      expect(body.error.code).toBe("upstream_blocked");
      expect(body.error.message).toMatch(/every egress proxy/);
      expect(response.headers.get("Retry-After")).toBe("30");
      // No browser is started when no exit is left to route it through.
      expect(ms).toBeLessThan(3_000);
    } finally {
      await proxyMode(proxyA, "ok");
      await proxyMode(proxyB, "ok");
    }
    const droppedA = (await proxyStats(proxyA)).dropped - a.dropped;
    expect((await proxyStats(proxyB)).dropped - b.dropped).toBe(1);
    // Only what A's dying tunnel carried reached the site: nothing went out directly.
    expect(hits(before, await counts(), "/etsy/search")).toBe(droppedA);
    await untilServed();
  });
});

describe("sites answering 429 or 5xx", () => {
  it("retries a transient 503 once after its Retry-After and answers with the data", async () => {
    const before = await counts();
    await setFault({ platform: "walmart", status: 503, count: 1, retryAfter: 1 });
    try {
      const { response, body, ms } = await api(`/v1/walmart/search?q=lamp&fresh=true`);
      expect(response.status).toBe(200);
      expect(body.data.results.length).toBeGreaterThan(0);
      expect(body.meta.scrape.engine).toBe("fetch");
      expect(hits(before, await counts(), "/walmart/search")).toBe(2);
      expect(ms).toBeGreaterThanOrEqual(1_000);
    } finally {
      await clearFault("walmart");
    }
  });

  it("answers a lasting 429 with 502 upstream_blocked and the site's own Retry-After", async () => {
    await setFault({ platform: "bestbuy", status: 429, retryAfter: 7 });
    try {
      const { response, body } = await api(`/v1/bestbuy/search?q=headphones&fresh=true`);
      expect(response.status).toBe(502);
      expect(body.error.code).toBe("upstream_blocked");
      expect(response.headers.get("Retry-After")).toBe("7");
    } finally {
      await clearFault("bestbuy");
    }
    // A 429 benches the exits that got it; wait for them before the next test.
    await untilServed();
  });

  it("serves the cached copy marked stale while a site answers 500, else 502 after one retry and the browser", async () => {
    const primed = await api(`/v1/ebay/search?q=lamp`);
    expect(primed.response.status).toBe(200);
    expect(primed.body.data.results.length).toBeGreaterThan(0);
    await setFault({ platform: "ebay", status: 500 });
    try {
      const stale = await api(`/v1/ebay/search?q=lamp&max_age=0`);
      expect(stale.response.status).toBe(200);
      expect(stale.body.meta.scrape.cache).toBe("stale");
      expect(stale.body.data).toEqual(primed.body.data);

      const before = await counts();
      const { response, body } = await api(`/v1/ebay/search?q=lamp-never-cached`);
      expect(response.status).toBe(502);
      expect(body.error.code).toBe("upstream_blocked");
      // The site sent no Retry-After with its 500: the default.
      expect(response.headers.get("Retry-After")).toBe("30");
      // fetch, its one retry, then the browser's navigation.
      expect(hits(before, await counts(), "/ebay/sch/i.html")).toBe(3);
    } finally {
      await clearFault("ebay");
    }
  });
});

describe("slow sites", () => {
  it("answers 504 upstream_timeout with Retry-After after the page timeout, or the stale copy, without benching the exits", async () => {
    expect((await api(`/v1/walmart/search?q=speaker`)).response.status).toBe(200);
    const before = await counts();
    await setFault({ platform: "walmart", delayMs: 15_000 });
    try {
      const [stale, timedOut] = await Promise.all([
        api(`/v1/walmart/search?q=speaker&max_age=0`),
        api(`/v1/walmart/search?q=speaker-never-cached`),
      ]);
      expect(stale.response.status).toBe(200);
      expect(stale.body.meta.scrape.cache).toBe("stale");
      expect(stale.body.data.results.length).toBeGreaterThan(0);
      expect(timedOut.response.status).toBe(504);
      expect(timedOut.body.error.code).toBe("upstream_timeout");
      expect(timedOut.response.headers.get("Retry-After")).toBe("10");
      expect(timedOut.ms).toBeGreaterThanOrEqual(scrapeTimeoutMs);
      expect(timedOut.ms).toBeLessThan(scrapeTimeoutMs + 3_000);
      // One try each: no second exit, no browser waiting on the same slow server.
      expect(hits(before, await counts(), "/walmart/search")).toBe(2);
    } finally {
      await clearFault("walmart");
    }
    // The site was slow, not the exits: the next scrape goes straight through.
    const next = await api(`/v1/walmart/search?q=speaker&fresh=true`);
    expect(next.response.status).toBe(200);
    expect(next.body.meta.scrape.proxy).toMatch(/^proxy-[12]$/);
  });

  it("gives up on a browser page load after the page timeout with 504 upstream_timeout", async () => {
    // The plain fetch of a client-rendered page answers at once and finds no product; the
    // browser's navigation to the same page is the request the site holds.
    const page = `${replicasUrl}/shop/js/product/p1007`;
    const before = await counts();
    await setFault({ platform: "shop", delayMs: 15_000, skip: 1, count: 1 });
    try {
      const { response, body, ms } = await api(`/v1/generic?fresh=true&url=${encodeURIComponent(page)}`);
      expect(response.status).toBe(504);
      expect(body.error.code).toBe("upstream_timeout");
      expect(body.error.message).toMatch(/the page did not load within \d/);
      expect(response.headers.get("Retry-After")).toBe("10");
      expect(ms).toBeGreaterThanOrEqual(scrapeTimeoutMs);
      expect(ms).toBeLessThan(scrapeTimeoutMs + 5_000);
      expect(hits(before, await counts(), "/shop/js/product/p1007")).toBe(2);
    } finally {
      await clearFault("shop");
    }
  });

  it("answers a travel search with the platforms in time and reports the slow one as timeout", async () => {
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    await setFault({ platform: "expedia", delayMs: 15_000 });
    try {
      const { response, body, ms } = await api(
        `/v1/travel/booking,expedia/hotels/search?check_in=${day(50)}&check_out=${day(52)}&destination=Lisbon&fresh=true`,
      );
      expect(response.status).toBe(200);
      expect(body.data.meta.platforms.booking.status).toBe("ok");
      expect(body.data.meta.platforms.expedia.status).toBe("timeout");
      expect(body.data.hotels.length).toBeGreaterThan(0);
      expect(body.data.hotels.every((h: any) => h.platforms.every((p: string) => p === "booking"))).toBe(true);
      expect(ms).toBeLessThan(scrapeTimeoutMs + 3_000);
    } finally {
      await clearFault("expedia");
    }
  });
});

describe("CAPTCHA solver faults", () => {
  it("answers 502 upstream_blocked with Retry-After when the solver gives no answer in time, and counts the solve", async () => {
    const solvesBefore = await captchaSolves();
    await replicaAdmin("challenge", { platform: "bestbuy", on: true });
    await solverMode("slow");
    try {
      const { response, body, ms } = await api(`/v1/bestbuy/search?q=router&fresh=true`);
      expect(response.status).toBe(502);
      expect(body.error.code).toBe("upstream_blocked");
      expect(body.error.message).toBe(
        `The site asked for a CAPTCHA that could not be solved: the CAPTCHA solver gave no answer within ${solverTimeoutMs / 1000} s.`,
      );
      expect(response.headers.get("Retry-After")).toBe("30");
      expect(ms).toBeGreaterThanOrEqual(solverTimeoutMs);
    } finally {
      await solverMode("ok");
      await replicaAdmin("challenge", { platform: "bestbuy", on: false });
    }
    // The task keeps running at the solver, which bills it if it finishes.
    expect(await captchaSolves()).toBe(solvesBefore + 1);
  });

  it("gives the reserved solve back when the solver fails", async () => {
    const solvesBefore = await captchaSolves();
    await replicaAdmin("challenge", { platform: "bestbuy", on: true });
    await solverMode("fail");
    try {
      const { response, body } = await api(`/v1/bestbuy/search?q=modem&fresh=true`);
      expect(response.status).toBe(502);
      expect(body.error.message).toMatch(/ERROR_CAPTCHA_UNSOLVABLE/);
    } finally {
      await solverMode("ok");
      await replicaAdmin("challenge", { platform: "bestbuy", on: false });
    }
    expect(await captchaSolves()).toBe(solvesBefore);
    await untilServed();
  });

  it("fires no watch over a page that turns into a challenge, and records the failed check", async () => {
    const search = await api("/v1/bestbuy/search?q=power+bank");
    expect(search.response.status, JSON.stringify(search.body.error)).toBe(200);
    const sku = search.body.data.results[0].id as string;
    const call = (method: string, path: string, body?: unknown) =>
      fetch(`${baseUrl}${path}`, {
        method,
        headers: { "X-API-KEY": secret, ...(body ? { "Content-Type": "application/json" } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      }).then(async (response) => ({ status: response.status, body: (await response.json()) as any }));
    // Any price at all is "below" a billion: a check that read one would fire.
    const created = await call("POST", "/v1/watches", {
      kind: "product",
      platform: "bestbuy",
      id: sku,
      condition: "below",
      threshold: 1e9,
      currency: "USD",
    });
    expect(created.status).toBe(201);
    await replicaAdmin("challenge", { platform: "bestbuy", on: true });
    await solverMode("fail");
    try {
      const check = await call("POST", `/v1/watches/${created.body.data.id}/check`);
      expect(check.body.data).toMatchObject({ outcome: "failed", price: null });
      expect(check.body.data.error).toMatch(/^upstream_blocked: /);
    } finally {
      await solverMode("ok");
      await replicaAdmin("challenge", { platform: "bestbuy", on: false });
    }
    const watch = (await call("GET", `/v1/watches/${created.body.data.id}`)).body.data;
    expect(watch).toMatchObject({ last_price: null, consecutive_failures: 1, last_fired_at: null });
    expect(watch.last_error).toMatch(/^upstream_blocked: /);
    await untilServed();
  });
});
