// The egress proxy pool and the one policy both engines use to judge an attempt through it.
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  HEAL_PER_SUCCESS,
  MAX_ERROR_SCORE,
  parseProxyList,
  ProxyPool,
  STICKY_REQUESTS,
} from "../../../src/scrape/proxy-pool";
import { UpstreamBlocked } from "../../../src/scrape/errors";
import { type Exit, exitsFor, judgeAttempt, loadPastChallenge } from "../../../src/scrape/proxy-policy";

const HOST = "shop.example";
const OTHER_HOST = "travel.example";
const COOLDOWN = 1_000;
const T0 = 1_700_000_000_000;

/** Three CONNECT proxies, as PROXY_URLS would list them. */
function makePool() {
  const proxies = parseProxyList("http://u:p@10.0.0.1:8080,http://10.0.0.2:8080,http://10.0.0.3:8080");
  return { pool: new ProxyPool(proxies, COOLDOWN), a: proxies[0]!, b: proxies[1]!, c: proxies[2]! };
}

const ids = (list: { id: string }[]) => list.map((proxy) => proxy.id);

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("parseProxyList", () => {
  it("reads CONNECT entries with credentials and gateway templates, ids never carrying secrets", () => {
    const [connect, gateway] = parseProxyList(
      "http://user:p%40ss@proxy.example:3128\nhttps://gw.example/fetch?url={url}",
    );
    expect(connect).toEqual({
      id: "proxy-1",
      kind: "connect",
      hostname: "proxy.example",
      port: 3128,
      authorization: `Basic ${btoa("user:p@ss")}`,
      template: null,
    });
    expect(gateway).toMatchObject({
      id: "gateway-2",
      kind: "gateway",
      template: "https://gw.example/fetch?url={url}",
    });
    expect(parseProxyList(undefined)).toEqual([]);
  });
});

describe("ProxyPool selection", () => {
  it("offers every healthy exit, starting at a random one when no exit is sticky", () => {
    const { pool, a, b, c } = makePool();
    vi.spyOn(Math, "random").mockReturnValue(0.5); // offset 1 of 3
    expect(ids(pool.candidates(HOST, T0))).toEqual([b.id, c.id, a.id]);
  });

  it("keeps a host on the exit that served it for STICKY_REQUESTS requests, then rotates", () => {
    const { pool, a, b, c } = makePool();
    vi.spyOn(Math, "random").mockReturnValue(0);
    pool.served(c, HOST);
    for (let i = 1; i < STICKY_REQUESTS; i++) {
      expect(pool.candidates(HOST, T0)[0]).toBe(c);
      pool.served(c, HOST);
    }
    // The sticky run is used up: back to rotation (offset 0 with the mocked random).
    expect(ids(pool.candidates(HOST, T0))).toEqual([a.id, b.id, c.id]);
  });

  it("keeps stickiness per target host", () => {
    const { pool, b, c } = makePool();
    pool.served(b, HOST);
    pool.served(c, OTHER_HOST);
    expect(pool.candidates(HOST, T0)[0]).toBe(b);
    expect(pool.candidates(OTHER_HOST, T0)[0]).toBe(c);
  });
});

describe("ProxyPool health", () => {
  it("benches a bad exit for the cooldown, for that host only, and drops its stickiness", () => {
    const { pool, a } = makePool();
    pool.served(a, HOST);
    pool.markBad(a, HOST, T0);
    expect(ids(pool.candidates(HOST, T0 + COOLDOWN - 1))).not.toContain(a.id);
    expect(ids(pool.candidates(OTHER_HOST, T0))).toContain(a.id);
    expect(pool.health(a, HOST, T0)).toEqual({ health: "bad", errorScore: 1, cooldownUntil: T0 + COOLDOWN });
    expect(ids(pool.candidates(HOST, T0 + COOLDOWN))).toContain(a.id);
  });

  it("doubles the cooldown with each further failure", () => {
    const { pool, a } = makePool();
    const cooldowns = [1, 2, 3, 4].map(() => {
      pool.markBad(a, HOST, T0);
      return pool.health(a, HOST, T0).cooldownUntil - T0;
    });
    expect(cooldowns).toEqual([COOLDOWN, 2 * COOLDOWN, 4 * COOLDOWN, 8 * COOLDOWN]);
  });

  it(`retires an exit for a host after ${MAX_ERROR_SCORE} failures in a row, for good`, () => {
    const { pool, a } = makePool();
    for (let i = 0; i < MAX_ERROR_SCORE - 1; i++) pool.markBad(a, HOST, T0);
    expect(pool.health(a, HOST, T0).health).toBe("bad");
    pool.markBad(a, HOST, T0);
    expect(pool.health(a, HOST, T0).health).toBe("retired");
    const muchLater = T0 + 365 * 24 * 3600 * 1000;
    expect(ids(pool.candidates(HOST, muchLater))).not.toContain(a.id);
    // A success does not bring a retired exit back; other hosts still use it.
    pool.markGood(a, HOST);
    expect(pool.health(a, HOST, muchLater).health).toBe("retired");
    expect(ids(pool.candidates(OTHER_HOST, T0))).toContain(a.id);
  });

  it("heals gradually: each success takes HEAL_PER_SUCCESS off the score, and the cooldown follows the score", () => {
    const { pool, a } = makePool();
    pool.markBad(a, HOST, T0);
    pool.markBad(a, HOST, T0);
    pool.markGood(a, HOST);
    expect(pool.health(a, HOST, T0).errorScore).toBe(2 - HEAL_PER_SUCCESS);
    pool.markGood(a, HOST);
    expect(pool.health(a, HOST, T0).errorScore).toBe(1);
    // One whole point left: the next failure benches for twice the cooldown, not four times.
    pool.markBad(a, HOST, T0);
    expect(pool.health(a, HOST, T0)).toMatchObject({ errorScore: 2, cooldownUntil: T0 + 2 * COOLDOWN });
    for (let i = 0; i < 10; i++) pool.markGood(a, HOST);
    expect(pool.health(a, HOST, T0)).toEqual({ health: "good", errorScore: 0, cooldownUntil: 0 });
  });

  it("retires an exit that fails more often than its successes heal", () => {
    const { pool, a } = makePool();
    let rounds = 0;
    while (pool.health(a, HOST, T0).health !== "retired" && rounds < 50) {
      pool.markBad(a, HOST, T0);
      pool.markGood(a, HOST);
      rounds++;
    }
    // Each fail/success pair nets +0.5: the fifth point comes with the ninth failure.
    expect(rounds).toBe(9);
  });

  it("retires on demand", () => {
    const { pool, b } = makePool();
    pool.served(b, HOST);
    pool.retire(b, HOST);
    expect(pool.health(b, HOST, T0).health).toBe("retired");
    expect(ids(pool.candidates(HOST, T0))).not.toContain(b.id);
  });
});

describe("judgeAttempt", () => {
  it.each([403, 429])("marks an exit answered %i bad and rotates to the next", (status) => {
    const { pool, a } = makePool();
    expect(judgeAttempt(pool, a, HOST, { kind: "answered", status })).toBe("rotate");
    expect(pool.health(a, HOST).health).toBe("bad");
  });

  it.each([
    200, 301, 404, 500, 503,
  ])("keeps an answer %i and makes its exit sticky, without judging the page yet", (status) => {
    const { pool, b } = makePool();
    expect(judgeAttempt(pool, b, HOST, { kind: "answered", status })).toBe("continue");
    expect(pool.candidates(HOST)[0]).toBe(b);
    expect(pool.health(b, HOST).errorScore).toBe(0);
  });

  it("marks a failed exit bad and rotates", () => {
    const { pool, c } = makePool();
    expect(judgeAttempt(pool, c, HOST, { kind: "failed" })).toBe("rotate");
    expect(pool.health(c, HOST)).toMatchObject({ health: "bad", errorScore: 1 });
  });

  it("stops on a slow site without blaming the exit", () => {
    const { pool, a } = makePool();
    expect(judgeAttempt(pool, a, HOST, { kind: "timed-out" })).toBe("stop");
    expect(pool.health(a, HOST).errorScore).toBe(0);
  });

  it("heals the exit of a page the site served, but not of a refused one", () => {
    const { pool, a, b } = makePool();
    pool.markBad(a, HOST);
    pool.markBad(b, HOST);
    expect(judgeAttempt(pool, a, HOST, { kind: "page", status: 200 })).toBe("continue");
    expect(judgeAttempt(pool, b, HOST, { kind: "page", status: 429 })).toBe("continue");
    expect(pool.health(a, HOST).errorScore).toBe(1 - HEAL_PER_SUCCESS);
    expect(pool.health(b, HOST).errorScore).toBe(1);
  });

  it("answers a first challenge by benching the exit and rotating while another healthy exit is left", () => {
    const { pool, a } = makePool();
    expect(judgeAttempt(pool, a, HOST, { kind: "challenge", rotated: false, solved: false })).toBe("rotate");
    expect(pool.health(a, HOST).health).toBe("bad");
  });

  it("solves a challenge met after the rotation on that exit, leaving its verdict to the solve", () => {
    const { pool, b } = makePool();
    expect(judgeAttempt(pool, b, HOST, { kind: "challenge", rotated: true, solved: false })).toBe("solve");
    expect(pool.health(b, HOST)).toEqual({ health: "good", errorScore: 0, cooldownUntil: 0 });
  });

  it("solves at once, without benching the exit it needs, when no other healthy exit is left", () => {
    const { pool, a, b, c } = makePool();
    pool.markBad(b, HOST);
    pool.retire(c, HOST);
    expect(judgeAttempt(pool, a, HOST, { kind: "challenge", rotated: false, solved: false })).toBe("solve");
    expect(pool.health(a, HOST).health).toBe("good");
    const single = new ProxyPool([a], COOLDOWN);
    expect(judgeAttempt(single, a, HOST, { kind: "challenge", rotated: false, solved: false })).toBe("solve");
  });

  it("gives up on a challenge that outlived the solve", () => {
    const { pool, a } = makePool();
    expect(judgeAttempt(pool, a, HOST, { kind: "challenge", rotated: true, solved: true })).toBe("stop");
    expect(pool.health(a, HOST).errorScore).toBe(1);
  });

  it("without proxies (direct egress) judges nothing and solves a challenge at once", () => {
    const { pool } = makePool();
    expect(judgeAttempt(pool, null, HOST, { kind: "answered", status: 403 })).toBe("continue");
    expect(judgeAttempt(pool, null, HOST, { kind: "challenge", rotated: false, solved: false })).toBe("solve");
    expect(judgeAttempt(pool, null, HOST, { kind: "page", status: 200 })).toBe("continue");
  });
});

describe("exitsFor", () => {
  it("keeps a job on its pinned exit for the pinned host only, even while that exit is benched", () => {
    const { pool, a } = makePool();
    pool.markBad(a, HOST);
    const pin = { proxy: a, host: HOST };
    expect(exitsFor(pool, HOST, pin)).toEqual([a]);
    expect(exitsFor(pool, OTHER_HOST, pin)).toHaveLength(3);
    expect(ids(exitsFor(pool, HOST, null))).not.toContain(a.id);
  });
});

describe("loadPastChallenge", () => {
  const challenge = { kind: "recaptcha" as const, siteKey: "k", formAction: "/verify" };

  /**
   * An engine's steps over a fake site: `challenging` lists the exits the site challenges,
   * `refusing` the ones whose load fails as UpstreamBlocked; solving clears the challenge on the
   * pinned exit unless `solveFails`. Records every load and solve.
   */
  function site(pool: ProxyPool, options: { challenging: string[]; refusing?: string[]; solveFails?: boolean }) {
    const log: string[] = [];
    const page = (exit: Exit | null, challenged: boolean) => ({
      status: 200,
      challenge: challenged ? challenge : null,
      exit,
    });
    return {
      log,
      steps: {
        async load(pin: Exit | null) {
          const proxy = exitsFor(pool, HOST, pin)[0] ?? null;
          log.push(`load ${proxy?.id ?? "direct"}${pin ? " (pinned)" : ""}`);
          if (proxy && options.refusing?.includes(proxy.id)) throw new UpstreamBlocked("refused");
          return page(proxy && { proxy, host: HOST }, options.challenging.includes(proxy?.id ?? "direct"));
        },
        async solve(_challenged: ReturnType<typeof page>, pin: Exit | null) {
          log.push(`solve ${pin?.proxy.id ?? "direct"}`);
          return page(pin, options.solveFails === true);
        },
      },
    };
  }

  it("loads a page without a challenge once and heals its exit", async () => {
    const { pool, a } = makePool();
    pool.markBad(a, HOST, 0); // cooled down long ago
    pool.served(a, HOST); // and first in line again (a failure unpins it)
    const { log, steps } = site(pool, { challenging: [] });
    const { page, solved } = await loadPastChallenge(pool, steps);
    expect({ exit: page.exit?.proxy.id, solved, log }).toEqual({ exit: a.id, solved: false, log: [`load ${a.id}`] });
    expect(pool.health(a, HOST).errorScore).toBe(1 - HEAL_PER_SUCCESS);
  });

  it("rotates away from a challenged exit, benching it, and does not call the solver when the next exit passes", async () => {
    const { pool, a, b } = makePool();
    pool.served(a, HOST);
    const { log, steps } = site(pool, { challenging: [a.id] });
    const { page, solved } = await loadPastChallenge(pool, steps);
    expect(solved).toBe(false);
    expect(page.exit?.proxy.id).not.toBe(a.id);
    expect(log).toEqual([`load ${a.id}`, `load ${page.exit?.proxy.id}`]);
    expect(pool.health(a, HOST).health).toBe("bad");
    expect(pool.health(b, HOST).health).toBe("good");
  });

  it("solves on the rotated exit when it is challenged too, and counts the passed solve as a success", async () => {
    const { pool, a, b, c } = makePool();
    pool.served(a, HOST);
    pool.retire(c, HOST);
    const { log, steps } = site(pool, { challenging: [a.id, b.id] });
    const { page, solved } = await loadPastChallenge(pool, steps);
    expect({ exit: page.exit?.proxy.id, solved, challenge: page.challenge }).toEqual({
      exit: b.id,
      solved: true,
      challenge: null,
    });
    expect(log).toEqual([`load ${a.id}`, `load ${b.id}`, `solve ${b.id}`]);
    expect(pool.health(a, HOST).health).toBe("bad");
    expect(pool.health(b, HOST)).toEqual({ health: "good", errorScore: 0, cooldownUntil: 0 });
  });

  it("goes back to the challenged exit (pinned, though benched) to solve when every other exit refuses", async () => {
    const { pool, a, b, c } = makePool();
    pool.served(a, HOST);
    pool.retire(c, HOST);
    const { log, steps } = site(pool, { challenging: [a.id], refusing: [b.id] });
    const { page, solved } = await loadPastChallenge(pool, steps);
    expect({ exit: page.exit?.proxy.id, solved }).toEqual({ exit: a.id, solved: true });
    expect(log).toEqual([`load ${a.id}`, `load ${b.id}`, `load ${a.id} (pinned)`, `solve ${a.id}`]);
  });

  it("benches the exit and gives up when the site keeps challenging after the solve", async () => {
    const { pool, a } = makePool();
    const single = new ProxyPool([a], COOLDOWN);
    const { log, steps } = site(single, { challenging: [a.id], solveFails: true });
    await expect(loadPastChallenge(single, steps)).rejects.toThrow(/kept challenging after the CAPTCHA was solved/);
    expect(log).toEqual([`load ${a.id}`, `solve ${a.id}`]);
    expect(single.health(a, HOST)).toMatchObject({ health: "bad", errorScore: 1 });
    expect(pool.health(a, HOST).errorScore).toBe(0);
  });

  it("solves at once without proxies (direct egress)", async () => {
    const empty = new ProxyPool([], COOLDOWN);
    const { log, steps } = site(empty, { challenging: ["direct"] });
    expect((await loadPastChallenge(empty, steps)).solved).toBe(true);
    expect(log).toEqual(["load direct", "solve direct"]);
  });
});
