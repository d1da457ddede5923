// The browser pool spread over many BrowserHost objects: which shards a site's loads go to, each
// shard's share of the browser budget, spill-over from a full shard, and a load lost with its
// object run again on another (src/scrape/engines/browser/shards.ts, index.ts, browser-host/fleet.ts).
import { describe, expect, it, vi } from "vitest";
import { scrapeConfig } from "../../src/scrape/config";
import { browserEngine } from "../../src/scrape/engines/browser/index";
import { browserShare, SHARDS_PER_SITE, shardName, shardOrder } from "../../src/scrape/engines/browser/shards";
import type { BrowserAnswer, BrowserRequest } from "../../src/scrape/engines/browser/wire";
import { toWire } from "../../src/scrape/engines/browser/wire";
import { BrowserFleet } from "../../src/scrape/engines/browser-host/fleet";
import type { LoadedPage, PageLoad } from "../../src/scrape/engines/types";
import { BrowserHostBusy, BrowserHostLost, EngineUnavailable } from "../../src/scrape/errors";
import { detectChallenge } from "../../src/scrape/extract/challenge";
import { scrape } from "../../src/scrape/scrape";
import { env } from "./helpers";

const SITE = "shop.example";
const URL_OF_SITE = `https://${SITE}/product/1`;

describe("shard choice", () => {
  it("sends a site's loads to the same shards, its own first, and never more than three", () => {
    expect(shardOrder(SITE, 8)).toEqual(shardOrder(SITE, 8));
    expect(shardOrder(SITE, 8)).toHaveLength(SHARDS_PER_SITE);
    expect(new Set(shardOrder(SITE, 8)).size).toBe(SHARDS_PER_SITE);
    expect(shardOrder(SITE, 2).sort()).toEqual([0, 1]);
    expect(shardOrder(SITE, 1)).toEqual([0]);
    expect(shardName(3)).toBe("browsers-3");
  });

  it("spreads sites evenly over the shards", () => {
    const firsts = new Array(8).fill(0);
    for (let i = 0; i < 4_000; i++) firsts[shardOrder(`site-${i}.example`, 8)[0]!] += 1;
    // 500 each on average; a fair hash stays well within ±15 % at this count.
    for (const count of firsts) expect(Math.abs(count - 500)).toBeLessThan(75);
  });

  it("moves only the sites that rank a new shard first when one is added", () => {
    let moved = 0;
    for (let i = 0; i < 4_000; i++) {
      const before = shardOrder(`site-${i}.example`, 8)[0];
      const after = shardOrder(`site-${i}.example`, 9)[0];
      if (before !== after) {
        expect(after).toBe(8);
        moved += 1;
      }
    }
    // About one site in nine moves to the ninth shard; none moves between the old ones.
    expect(moved).toBeGreaterThan(4_000 / 9 - 120);
    expect(moved).toBeLessThan(4_000 / 9 + 120);
  });
});

describe("the browser budget across shards", () => {
  it("splits MAX_BROWSERS into shares that add up to it exactly, none empty", () => {
    for (const [shards, max] of [
      [1, 2],
      [2, 2],
      [3, 10],
      [7, 120],
      [120, 120],
    ] as const) {
      const shares = Array.from({ length: shards }, (_, index) => browserShare(index, shards, max));
      expect(shares.reduce((sum, share) => sum + share, 0)).toBe(max);
      expect(Math.min(...shares)).toBeGreaterThanOrEqual(1);
      expect(Math.max(...shares) - Math.min(...shares)).toBeLessThanOrEqual(1);
    }
  });

  it("defaults to one shard per browser and never makes more shards than browsers", () => {
    const config = (vars: Partial<Env>) => scrapeConfig({ ...env, ...vars } as Env);
    expect(config({ MAX_BROWSERS: "6", BROWSER_SHARDS: undefined }).browserShards).toBe(6);
    expect(config({ MAX_BROWSERS: "6", BROWSER_SHARDS: "3" }).browserShards).toBe(3);
    expect(config({ MAX_BROWSERS: "2", BROWSER_SHARDS: "8" }).browserShards).toBe(2);
    expect(config({ MAX_BROWSERS: "2", BROWSER_SHARDS: "0" }).browserShards).toBe(2);
  });

  /** A shard's fleet on Browser Rendering that takes every launch and never answers it: loads hold their slots. */
  function hangingShard(vars: Partial<Env>) {
    const calls = { launches: 0 };
    const binding = {
      async fetch(input: RequestInfo | URL, init?: RequestInit) {
        const path = new URL(new Request(input, init).url).pathname;
        if (path === "/v1/sessions") return Response.json({ sessions: [] });
        if (path === "/v1/limits")
          return Response.json({
            maxConcurrentSessions: 10,
            allowedBrowserAcquisitions: 10,
            timeUntilNextAllowedBrowserAcquisition: 0,
          });
        if (path === "/v1/devtools/browser") calls.launches += 1;
        return new Promise<Response>(() => {});
      },
    } as unknown as Env["BROWSER"];
    const fleet = new BrowserFleet({ ...env, BROWSER: binding, BROWSER_LAUNCH_TIMEOUT_MS: "1000", ...vars } as Env);
    const load = (shard: number, spill: boolean) =>
      fleet.load({ url: URL_OF_SITE, accountId: "acct_shards", remainingMs: 5_000, shard, spill }, () => null);
    return { load, calls };
  }

  it("runs a shard's share of browsers times 8 loads at once and answers busy past that", async () => {
    for (const [vars, shard, slots] of [
      [{ MAX_BROWSERS: "4", BROWSER_SHARDS: "4" }, 0, 8],
      [{ MAX_BROWSERS: "4", BROWSER_SHARDS: "2" }, 1, 16],
      [{ MAX_BROWSERS: "5", BROWSER_SHARDS: "2" }, 0, 24],
    ] as const) {
      const { load, calls } = hangingShard(vars);
      let settled = 0;
      const running = Array.from({ length: slots }, () => load(shard, true).finally(() => (settled += 1)));
      expect(await load(shard, true)).toEqual({
        ok: false,
        error: toWire(new BrowserHostBusy("every browser of its shard is busy", 0)),
      });
      expect(settled).toBe(0);
      // The loads wait for the shard's first browser together: one launch, which times out for all.
      await vi.waitFor(() => expect(calls.launches).toBe(1));
      for (const answer of await Promise.all(running))
        expect(answer).toMatchObject({ ok: false, error: { name: "EngineUnavailable" } });
    }
  });

  it("queues a load that may not spill until a slot is free, and says how many wait", async () => {
    const { load, calls } = hangingShard({ MAX_BROWSERS: "4", BROWSER_SHARDS: "4" });
    const running = Array.from({ length: 8 }, () => load(0, true));
    const queued = load(0, false);
    expect(await load(0, true)).toEqual({
      ok: false,
      error: toWire(new BrowserHostBusy("every browser of its shard is busy", 1)),
    });
    await Promise.all(running);
    // The first launch timed out for the eight; the queued load then had a slot, and launched again.
    expect(await queued).toMatchObject({ ok: false, error: { name: "EngineUnavailable" } });
    expect(calls.launches).toBe(2);
  });
});

/** Stand-in objects, one per shard name, each answering as `answer` says and recording its requests. */
function shardedHosts(answer: (shard: string, request: BrowserRequest) => Promise<BrowserAnswer>) {
  const requests: { shard: string; spill: boolean }[] = [];
  const hosts = {
    idFromName: (name: string) => ({ name }),
    get: ({ name }: { name: string }) => ({
      load: (request: BrowserRequest) => {
        requests.push({ shard: name, spill: request.spill });
        return answer(name, request);
      },
    }),
  };
  return { hosts: hosts as unknown as Env["BROWSER_HOST"], requests };
}

const PAGE: LoadedPage = {
  status: 200,
  html: "<h1>Kettle</h1>",
  url: URL_OF_SITE,
  proxy: null,
  captcha: "none",
  browser: { session_id: "s-1", reused: true },
};

function jobWith(hosts: Env["BROWSER_HOST"], shards: number): PageLoad {
  const jobEnv = { ...env, BROWSER_HOST: hosts, MAX_BROWSERS: String(shards), BROWSER_SHARDS: String(shards) } as Env;
  return {
    url: URL_OF_SITE,
    env: jobEnv,
    config: scrapeConfig(jobEnv),
    accountId: "acct_shards",
    detectChallenge: () => null,
    deadline: Date.now() + 10_000,
  };
}

describe("spill-over and lost shards", () => {
  const [first, second, third] = shardOrder(SITE, 6).map(shardName);

  it("offers a load to the next shard when the site's own is full, and queues where the fewest wait once all are", async () => {
    const waiting: Record<string, number> = { [first!]: 4, [second!]: 1, [third!]: 2 };
    const { hosts, requests } = shardedHosts(async (shard, request) =>
      request.spill
        ? { ok: false, error: toWire(new BrowserHostBusy("every browser of its shard is busy", waiting[shard]!)) }
        : { ok: true, page: { ...PAGE, browser: { session_id: shard, reused: true } } },
    );
    const page = await browserEngine.load(jobWith(hosts, 6));
    expect(requests).toEqual([
      { shard: first, spill: true },
      { shard: second, spill: true },
      { shard: third, spill: true },
      { shard: second, spill: false },
    ]);
    expect(page.browser?.session_id).toBe(second);
  });

  it("runs a load again on the next shard when the object holding it fails, through the scrape loop", async () => {
    const { hosts, requests } = shardedHosts(async (shard) => {
      if (shard === first) throw new Error("Durable Object reset because its code was updated.");
      return { ok: true, page: PAGE };
    });
    const load = jobWith(hosts, 6);
    const { record, meta } = await scrape(load.env, {
      platform: "shards",
      kind: "product",
      url: URL_OF_SITE,
      params: { url: URL_OF_SITE, run: crypto.randomUUID() },
      engines: ["browser"],
      parse: (html) => ({ html }),
      isEmpty: () => false,
      detectChallenge: () => null,
      accountId: "acct_shards",
      freshness: { fresh: true },
      waitUntil: () => {},
    });
    expect(requests.map((r) => r.shard)).toEqual([first, second]);
    expect(record).toEqual({ html: PAGE.html });
    expect(meta.engine).toBe("browser");
  });

  it("is unavailable, saying the service did not answer, only when every shard of the site is lost", async () => {
    const { hosts, requests } = shardedHosts(async () => {
      throw new Error("Network connection lost.");
    });
    const err = await browserEngine.load(jobWith(hosts, 6)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BrowserHostLost);
    expect(err).toBeInstanceOf(EngineUnavailable);
    expect((err as Error).message).toBe("the browser service did not answer");
    expect(requests.map((r) => r.shard)).toEqual([first, second, third]);
  });

  it("does not try another shard for an answer the site gave", async () => {
    const { hosts, requests } = shardedHosts(async () => ({
      ok: false,
      error: { name: "UpstreamNotFound", message: `${URL_OF_SITE} answered 404` },
    }));
    const err = await browserEngine.load(jobWith(hosts, 6)).catch((e: unknown) => e);
    expect((err as Error).name).toBe("UpstreamNotFound");
    expect(requests).toHaveLength(1);
  });
});

describe("challenge detection for a browser load", () => {
  /** The second argument each object call carried. */
  function recordDetection() {
    const detections: unknown[] = [];
    const hosts = {
      idFromName: (name: string) => ({ name }),
      get: () => ({
        load: (_request: BrowserRequest, detection: unknown) => {
          detections.push(detection);
          return Promise.resolve({ ok: true, page: PAGE });
        },
      }),
    };
    return { hosts: hosts as unknown as Env["BROWSER_HOST"], detections };
  }

  it("runs the shared detection in the object, with no call back to the Worker", async () => {
    const { hosts, detections } = recordDetection();
    await browserEngine.load({ ...jobWith(hosts, 2), detectChallenge });
    expect(detections).toEqual([undefined]);
  });

  it("asks a platform's own detection back over RPC", async () => {
    const { hosts, detections } = recordDetection();
    const own = (html: string) =>
      html.includes("wall") ? { kind: "generic" as const, siteKey: null, formAction: null } : null;
    await browserEngine.load({ ...jobWith(hosts, 2), detectChallenge: own });
    expect(detections).toHaveLength(1);
    const asked = detections[0] as (html: string, status: number) => unknown;
    expect(asked("<p>wall</p>", 200)).toEqual({ kind: "generic", siteKey: null, formAction: null });
    expect(asked("<p>page</p>", 200)).toBeNull();
  });
});
