// The scrape engine end to end: wrangler dev with Browser Rendering on Debian's Chromium,
// the replica sites, two real forward proxies and the solver stand-in, all on 127.0.0.1.
// Tests run in order: proxy and challenge switches at the end change shared state.
import { beforeAll, describe, expect, inject, it } from "vitest";
import { createAccountKey } from "../../scripts/local-stack.ts";
import {
  callApi,
  proxyStats,
  replicaAdmin,
  replicaCounts as counts,
  setProxyMode,
  setSolverMode,
  solverTasks,
} from "./stack.ts";

const baseUrl = inject("baseUrl");
const replicasUrl = inject("replicasUrl");
const [proxyA, proxyB] = inject("proxyAdminUrls") as [string, string];
let secret: string;

const api = (path: string) => callApi(secret, path);
const PROXY_ID = /^proxy-[12]$/;

let productId: string;
let shopId: string;

beforeAll(async () => {
  ({ secret } = await createAccountKey(baseUrl, inject("adminToken"), {
    name: "e2e scrape",
    plan: "enterprise",
    requests_per_minute: 10_000,
  }));
  const search = await api("/v1/amazon/search?q=power%20bank");
  expect(search.response.status).toBe(200);
  productId = search.body.data.results[0].id;
  const shop = await api(`/v1/generic?url=${encodeURIComponent(`${replicasUrl}/shop/product/p1001`)}`);
  shopId = shop.response.status === 200 ? "p1001" : "";
});

describe("engines", () => {
  it("serves a page the fetch engine can read without starting a browser", async () => {
    const before = await counts();
    const { response, body } = await api(`/v1/amazon?asin=${productId}&fresh=true`);
    expect(response.status).toBe(200);
    expect(body.data.title).toBeTruthy();
    expect(body.data.name).toBe(body.data.title);
    expect(body.data.price.amount).toBeGreaterThan(0);
    expect(body.data.asin).toBe(productId);
    expect(body.meta.scrape).toMatchObject({ engine: "fetch", cache: "bypass", captcha: "none" });
    expect(body.meta.scrape.browser).toBeUndefined();
    const after = await counts();
    const path = `/amazon/dp/${productId}`;
    expect((after[path] ?? 0) - (before[path] ?? 0)).toBe(1);
    // A browser would also have fetched the page's scripts and styles.
    const assets = Object.keys(after).filter((p) => /\.(js|css)$/.test(p) && (after[p] ?? 0) !== (before[p] ?? 0));
    expect(assets).toEqual([]);
  });

  it("escalates to the browser when the data is inserted by JavaScript", async () => {
    expect(shopId).toBe("p1001");
    const plain = await api(`/v1/generic?url=${encodeURIComponent(`${replicasUrl}/shop/product/p1001`)}`);
    const { response, body } = await api(
      `/v1/generic?fresh=true&url=${encodeURIComponent(`${replicasUrl}/shop/js/product/p1001`)}`,
    );
    expect(response.status).toBe(200);
    expect(body.meta.scrape.engine).toBe("browser");
    expect(body.data.title).toBe(plain.body.data.title);
    expect(body.data.price.amount).toBe(plain.body.data.price.amount);
  });

  it("reads a client-rendered page only once the data its script fetched after load has arrived", async () => {
    const plain = await api(`/v1/generic?url=${encodeURIComponent(`${replicasUrl}/shop/product/p1003`)}`);
    // The page itself passes; the product data its script then fetches answers 1.5 s later.
    await replicaAdmin("fault", { platform: "shop", delayMs: 1_500, skip: 1, count: 1 });
    try {
      const { response, body } = await api(
        `/v1/generic?fresh=true&engine=browser&url=${encodeURIComponent(`${replicasUrl}/shop/js/product/p1003`)}`,
      );
      expect(response.status).toBe(200);
      expect(body.data.title).toBe(plain.body.data.title);
      expect(body.data.price.amount).toBe(plain.body.data.price.amount);
    } finally {
      await replicaAdmin("fault", { platform: "shop" });
    }
  });

  it("reuses browser sessions: 20 sequential browser scrapes launch at most 2 browsers", async () => {
    const sessions = new Set<string>();
    let reused = 0;
    for (let i = 0; i < 20; i++) {
      const { response, body } = await api(
        `/v1/generic?fresh=true&url=${encodeURIComponent(`${replicasUrl}/shop/js/product/p100${1 + (i % 5)}`)}`,
      );
      expect(response.status).toBe(200);
      sessions.add(body.meta.scrape.browser.session_id);
      if (body.meta.scrape.browser.reused) reused += 1;
    }
    expect(sessions.size).toBeLessThanOrEqual(2);
    expect(reused).toBeGreaterThanOrEqual(18);
  });
});

describe("cache", () => {
  it("answers the second identical request from cache, and fresh=true bypasses it", async () => {
    const path = `/v1/amazon/reviews?asin=${productId}`;
    const first = await api(path);
    expect(first.response.status).toBe(200);
    const second = await api(path);
    expect(second.body.meta.scrape.cache).toBe("hit");
    expect(second.body.data).toEqual(first.body.data);
    const before = await counts();
    const bypass = await api(`${path}&fresh=true`);
    expect(bypass.body.meta.scrape.cache).toBe("bypass");
    const after = await counts();
    expect(
      (after[`/amazon/product-reviews/${productId}`] ?? 0) - (before[`/amazon/product-reviews/${productId}`] ?? 0),
    ).toBe(1);
  });

  it("coalesces 20 concurrent identical uncached requests into one page load", async () => {
    const before = await counts();
    const answers = await Promise.all(Array.from({ length: 20 }, () => api("/v1/amazon/search?q=smart%20watch")));
    expect(answers.every((a) => a.response.status === 200)).toBe(true);
    const after = await counts();
    expect((after["/amazon/s"] ?? 0) - (before["/amazon/s"] ?? 0)).toBe(1);
  });

  it("serves a stale copy marked stale when the site fails, and an error envelope when nothing is cached", async () => {
    await api(`/v1/bestbuy/search?q=charger`);
    await replicaAdmin("fault", { platform: "bestbuy", status: 503 });
    try {
      const stale = await api(`/v1/bestbuy/search?q=charger&max_age=0`);
      expect(stale.response.status).toBe(200);
      expect(stale.body.meta.scrape.cache).toBe("stale");
      const nothing = await api(`/v1/bestbuy/search?q=never-cached-query`);
      expect(nothing.response.status).toBe(502);
      expect(nothing.body.status).toBe("error");
      expect(nothing.body.error.code).toBe("upstream_blocked");
      // The replica's own Retry-After for a 503, passed on.
      expect(nothing.response.headers.get("Retry-After")).toBe("30");
    } finally {
      await replicaAdmin("fault", { platform: "bestbuy" });
    }
  });
});

describe("CAPTCHA", () => {
  it("solves a challenge through the solver, returns data marked solved, and counts the spend", async () => {
    const usageBefore = (await api("/v1/usage")).body.data.captcha.solves;
    const tasksBefore = await solverTasks();
    await replicaAdmin("challenge", { platform: "ebay", on: true });
    try {
      const search = await api("/v1/ebay/search?q=speaker&fresh=true");
      expect(search.response.status).toBe(200);
      expect(search.body.meta.scrape.captcha).toBe("solved");
      expect(search.body.data.results.length).toBeGreaterThan(0);
    } finally {
      await replicaAdmin("challenge", { platform: "ebay", on: false });
    }
    const tasksAfter = await solverTasks();
    expect(tasksAfter).toBeGreaterThan(tasksBefore);
    expect((await api("/v1/usage")).body.data.captcha.solves).toBe(usageBefore + 1);
  });

  it("answers 502 upstream_blocked with a clear message when the solver fails", async () => {
    await replicaAdmin("challenge", { platform: "ebay", on: true });
    await setSolverMode("fail");
    try {
      const { response, body } = await api("/v1/ebay/search?q=keyboard&fresh=true");
      expect(response.status).toBe(502);
      expect(body.error.code).toBe("upstream_blocked");
      expect(body.error.message).toMatch(/CAPTCHA/);
    } finally {
      await setSolverMode("ok");
      await replicaAdmin("challenge", { platform: "ebay", on: false });
    }
  });
});

describe("proxy rotation", () => {
  it("sends traffic through the proxies and reports which one", async () => {
    await new Promise((resolve) => setTimeout(resolve, 2_500)); // let cooldowns from the CAPTCHA tests pass
    const before = [await proxyStats(proxyA), await proxyStats(proxyB)];
    const { response, body } = await api(`/v1/walmart/search?q=kettle&fresh=true`);
    expect(response.status).toBe(200);
    expect(body.meta.scrape.proxy).toMatch(PROXY_ID);
    const after = [await proxyStats(proxyA), await proxyStats(proxyB)];
    expect(after[0]!.connects + after[1]!.connects).toBeGreaterThan(before[0]!.connects + before[1]!.connects);
  });

  it("benches a proxy that answers 403 and moves to the healthy one; never goes direct", async () => {
    await setProxyMode(proxyA, "forbid");
    try {
      const ids = new Set<string>();
      for (let i = 0; i < 4; i++) {
        const { response, body } = await api(`/v1/etsy/search?q=mug&fresh=true`);
        expect(response.status).toBe(200);
        ids.add(body.meta.scrape.proxy);
      }
      // PROXY_URLS lists A first, B second.
      expect([...ids]).toEqual(["proxy-2"]);

      await setProxyMode(proxyB, "forbid");
      const before = await counts();
      const blocked = await api(`/v1/etsy/search?q=candle&fresh=true`);
      expect(blocked.response.status).toBe(502);
      expect(blocked.body.error.code).toBe("upstream_blocked");
      const after = await counts();
      expect(after["/etsy/search"] ?? 0).toBe(before["/etsy/search"] ?? 0);
    } finally {
      await setProxyMode(proxyA, "ok");
      await setProxyMode(proxyB, "ok");
    }
  });

  it("keeps working through the other proxy when one is stopped", async () => {
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    // Back after 1.5 s, so later files still have both exits.
    await fetch(`${proxyA}/_admin/stop?for=1500`).catch(() => {});
    for (let i = 0; i < 3; i++) {
      const { response, body } = await api(`/v1/amazon?asin=${productId}&fresh=true`);
      expect(response.status).toBe(200);
      expect(body.meta.scrape.proxy).toBe("proxy-2");
    }
    const stats = await proxyStats(proxyB);
    expect(stats.connects).toBeGreaterThan(0);
  });
});
