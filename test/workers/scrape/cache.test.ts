import { describe, expect, it } from "vitest";
import { cacheKey, cachedScrape } from "../../../src/scrape/cache";
import { cachedCopyAt, UpstreamBlocked, UpstreamTimeout } from "../../../src/scrape/errors";
import { cacheRequest } from "../helpers";

describe("scrape cache keys", () => {
  it("ignore parameter order and the case of search words, but keep ids and URLs exact", async () => {
    expect(await cacheKey("amazon", "search", { q: "Power Bank", page: 1 })).toBe(
      await cacheKey("amazon", "search", { page: 1, q: " power bank " }),
    );
    expect(await cacheKey("generic", "product", { url: "https://shop.example/P/1" })).not.toBe(
      await cacheKey("generic", "product", { url: "https://shop.example/p/1" }),
    );
    expect(await cacheKey("etsy", "product", { id: "AbC" })).not.toBe(await cacheKey("etsy", "product", { id: "abc" }));
    expect(await cacheKey("amazon", "product", { id: "B0057OC5O8" })).not.toBe(
      await cacheKey("amazon", "reviews", { id: "B0057OC5O8" }),
    );
  });
});

describe("request coalescing", () => {
  it("shares a finished load with a caller that arrives before KV holds it", async () => {
    // KV whose write is held until released, like a slow put.
    const entries = new Map<string, string>();
    const background: Promise<unknown>[] = [];
    let releasePut = () => {};
    const putHeld = new Promise<void>((resolve) => (releasePut = resolve));
    const kv = {
      get: async (key: string) => (entries.has(key) ? JSON.parse(entries.get(key)!) : null),
      put: async (key: string, value: string) => {
        await putHeld;
        entries.set(key, value);
      },
    } as unknown as KVNamespace;
    const request = cacheRequest({ waitUntil: (p) => void background.push(p) });
    let loads = 0;
    const load = async () => ({ record: { title: `load ${++loads}` }, meta: {}, fetchedAt: Date.now() });

    const first = await cachedScrape(kv, request, load);
    // The load is over, the write is not: a second caller must not start another load.
    const second = await cachedScrape(kv, request, load);
    releasePut();
    await Promise.all(background);
    const third = await cachedScrape(kv, request, load);

    expect(loads).toBe(1);
    expect([first.cache, second.cache, third.cache]).toEqual(["miss", "miss", "hit"]);
    expect(third.record).toEqual({ title: "load 1" });
  });

  it("lets every caller stop waiting for a load that never settles, on its own timer", async () => {
    const kv = { get: async () => null, put: async () => {} } as unknown as KVNamespace;
    const request = cacheRequest();
    const hung = () => new Promise<never>(() => {});
    const started = Date.now();
    const first = cachedScrape(kv, request, hung, 100);
    await new Promise((resolve) => setTimeout(resolve, 50));
    // Joins the same load 50 ms later and gets its own full wait.
    const second = cachedScrape(kv, request, hung, 100);
    const settled = await Promise.allSettled([first, second]);
    for (const outcome of settled) {
      expect(outcome.status).toBe("rejected");
      expect((outcome as PromiseRejectedResult).reason).toBeInstanceOf(UpstreamTimeout);
    }
    expect(Date.now() - started).toBeGreaterThanOrEqual(145);
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it("fails a fresh call with the error itself carrying when the passed-over copy was read", async () => {
    const fetchedAt = Date.now() - 3_600_000;
    const copy = { record: { title: "old" }, meta: {}, fetchedAt };
    const kv = { get: async () => copy, put: async () => {} } as unknown as KVNamespace;
    const request = (fresh: boolean) => cacheRequest({ freshness: { fresh } });
    const blocked = () => Promise.reject(new UpstreamBlocked("403 from the site"));
    const err = await cachedScrape(kv, request(true), blocked).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UpstreamBlocked);
    expect(cachedCopyAt(err)).toBe(fetchedAt);
    const stale = await cachedScrape(kv, request(false), blocked);
    expect(stale).toEqual({ ...copy, cache: "stale" });
    expect(cachedCopyAt(new UpstreamBlocked("403 from the site"))).toBeUndefined();
  });
});
