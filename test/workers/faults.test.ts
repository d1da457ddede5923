// Faults in the storage the hot path depends on: transient ones retried where the operation is
// idempotent, the rest answered with the documented 503 envelope and Retry-After, never a bare
// 500 and never an unlimited admission; a request the limiter admitted is counted once.
import { createExecutionContext, runInDurableObject, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createApp } from "../../src/app";
import type { AnsweredCall, ConsumeRequest, LimitDecision, AccountMeter } from "../../src/durable/account-meter";
import { cachedScrape } from "../../src/scrape/cache";
import { cacheRequest, callApp, env, newAccount, withKey } from "./helpers";

const NETWORK_LOST = "D1_ERROR: Network connection lost.";
const D1_OVERLOADED = "D1_ERROR: D1 DB is overloaded. Requests queued for too long.";

/** The key lookup is the one statement on the auth path that joins keys to plans. */
const isKeyLookup = (sql: string) => sql.includes('from "api_keys"') && sql.includes('join "plans"');

/**
 * `env.DB` whose statements reject with `message` when `fails(sql)` says so at execution time,
 * as D1 does; everything else reaches the real database. `failures` counts the rejections.
 */
function faultyD1(fails: (sql: string) => boolean, message: string) {
  const counts = { failures: 0 };
  const sqlOf = new WeakMap<object, string>();
  const reject = () => {
    counts.failures++;
    return Promise.reject(new Error(message));
  };
  const statement = (real: D1PreparedStatement, sql: string): D1PreparedStatement => {
    const wrapped = new Proxy(real, {
      get(target, property) {
        if (property === "bind") return (...values: unknown[]) => statement(target.bind(...values), sql);
        if (property === "first" || property === "all" || property === "raw" || property === "run") {
          return (...args: unknown[]) =>
            fails(sql) ? reject() : (target[property] as (...a: unknown[]) => unknown).apply(target, args);
        }
        const value = Reflect.get(target, property);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    sqlOf.set(wrapped, sql);
    return wrapped;
  };
  const db = new Proxy(env.DB, {
    get(target, property) {
      if (property === "prepare") return (sql: string) => statement(target.prepare(sql), sql);
      if (property === "batch") {
        return (statements: D1PreparedStatement[]) =>
          statements.some((s) => fails(sqlOf.get(s) ?? "")) ? reject() : target.batch(statements);
      }
      const value = Reflect.get(target, property);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { db, counts };
}

/** A ACCOUNT_METER binding whose stubs run `consume` through `fault`, which may call the real object. */
function faultyLimiter(
  fault: (real: DurableObjectStub<AccountMeter>, request: ConsumeRequest, attempt: number) => Promise<LimitDecision>,
) {
  const counts = { stubs: 0, consumes: 0, answersRecorded: 0 };
  const binding = {
    idFromName: (name: string) => env.ACCOUNT_METER.idFromName(name),
    get: (id: DurableObjectId) => {
      counts.stubs++;
      const real = env.ACCOUNT_METER.get(id);
      return {
        consume: (request: ConsumeRequest) => fault(real, request, ++counts.consumes),
        recordAnswers: (answers: AnsweredCall[]) => {
          counts.answersRecorded += answers.length;
          return real.recordAnswers(answers);
        },
        dailyUsage: (sinceDay: string) => real.dailyUsage(sinceDay),
      };
    },
  };
  return { binding, counts };
}

/** Errors shaped like the ones Cloudflare's Durable Object infrastructure throws. */
const retryableError = () => Object.assign(new Error("Network connection lost."), { retryable: true });
// Overloaded wins even when an error is also flagged retryable: retrying feeds the overload.
const overloadedError = () =>
  Object.assign(new Error("Durable Object is overloaded. Too many requests queued."), {
    retryable: true,
    overloaded: true,
  });

async function expectUnavailable(response: Response, leaks: RegExp) {
  const text = await response.text();
  expect(response.status).toBe(503);
  expect(JSON.parse(text).error.code).toBe("unavailable");
  expect(response.headers.get("Retry-After")).toBe("1");
  expect(text).not.toMatch(leaks);
}

describe("D1 failing during the key lookup", () => {
  it("retries a transient error and answers 200 when D1 recovers", async () => {
    const { secret } = await newAccount({ plan: "pro" });
    let failuresLeft = 1;
    const { db, counts } = faultyD1((sql) => isKeyLookup(sql) && failuresLeft-- > 0, NETWORK_LOST);
    const response = await callApp(createApp(), "/v1/usage", withKey(secret), { ...env, DB: db });
    expect(response.status).toBe(200);
    expect(counts.failures).toBe(1);
  });

  it("answers 503 unavailable with Retry-After after 3 attempts when the error lasts, without leaking it", async () => {
    const { secret } = await newAccount({ plan: "pro" });
    const { db, counts } = faultyD1(isKeyLookup, NETWORK_LOST);
    const response = await callApp(createApp(), "/v1/usage", withKey(secret), { ...env, DB: db });
    await expectUnavailable(response, /D1_ERROR|Network connection|api_keys|select/i);
    expect(counts.failures).toBe(3);
  });

  it("does not retry an overloaded D1, and still answers 503", async () => {
    const { secret } = await newAccount({ plan: "pro" });
    const { db, counts } = faultyD1(isKeyLookup, D1_OVERLOADED);
    const response = await callApp(createApp(), "/v1/usage", withKey(secret), { ...env, DB: db });
    await expectUnavailable(response, /D1_ERROR|overloaded/i);
    expect(counts.failures).toBe(1);
  });
});

describe("D1 failing in a route after authentication", () => {
  it.each([
    ["/v1/usage (plain D1 statement)", "/v1/usage", NETWORK_LOST],
    ["/v1/keys (drizzle, which wraps the D1 error)", "/v1/keys", NETWORK_LOST],
    ["/v1/datasets (catalogue)", `/v1/datasets?q=fault${crypto.randomUUID().slice(0, 8)}`, D1_OVERLOADED],
  ])("answers 503 unavailable, not 500, on %s", async (_name, path, message) => {
    const { secret } = await newAccount({ plan: "pro" });
    const { db, counts } = faultyD1((sql) => !isKeyLookup(sql), message);
    const response = await callApp(createApp(), path, withKey(secret), { ...env, DB: db });
    await expectUnavailable(response, /D1_ERROR|Network connection|overloaded|Failed query|select/i);
    expect(counts.failures).toBeGreaterThan(0);
  });

  it("keeps a SQL error, which is our bug, a 500 internal without the SQL", async () => {
    const { secret } = await newAccount({ plan: "pro" });
    const { db } = faultyD1((sql) => !isKeyLookup(sql), "D1_ERROR: no such table: captcha_spend: SQLITE_ERROR");
    const response = await callApp(createApp(), "/v1/usage", withKey(secret), { ...env, DB: db });
    const text = await response.text();
    expect(response.status).toBe(500);
    expect(JSON.parse(text).error.code).toBe("internal");
    expect(response.headers.get("Retry-After")).toBeNull();
    expect(text).not.toMatch(/captcha_spend|SQLITE/);
  });
});

describe("rate limiter Durable Object failing", () => {
  it("answers 503 unavailable with Retry-After when it throws an unflagged error, after one attempt", async () => {
    const { secret } = await newAccount({ plan: "pro" });
    const { binding, counts } = faultyLimiter(() => Promise.reject(new Error("Durable Object storage is broken.")));
    const response = await callApp(createApp(), "/v1/usage", withKey(secret), { ...env, ACCOUNT_METER: binding });
    await expectUnavailable(response, /storage is broken/);
    expect(counts.consumes).toBe(1);
  });

  it("retries a retryable error with a new stub and counts the request once, though the failed attempt had counted it", async () => {
    const { secret, accountId } = await newAccount({ plan: "pro" });
    const { binding, counts } = faultyLimiter(async (real, request, attempt) => {
      const decision = await real.consume(request);
      if (attempt === 1) throw retryableError(); // counted, but the answer is lost
      return decision;
    });
    const response = await callApp(createApp(), "/v1/usage", withKey(secret), { ...env, ACCOUNT_METER: binding });
    expect(response.status).toBe(200);
    // Two attempts of the count, the month's calls per day for the answer, then the answer's count
    // by endpoint, after the answer and off its path.
    expect(counts).toEqual({ stubs: 4, consumes: 2, answersRecorded: 1 });
    // Counted once in the minute window; a usage read never takes a unit of the month.
    expect(((await response.json()) as any).data.minute.used).toBe(1);
    const real = env.ACCOUNT_METER.get(env.ACCOUNT_METER.idFromName(`account:${accountId}`));
    const counted = await real.peek({ subject: "account", perMinute: 100, perMonth: 10_000 });
    expect([counted.minute.used, counted.month?.used]).toEqual([1, 0]);
  });

  it("answers 503 after exactly 3 attempts when the retryable error lasts", async () => {
    const { secret } = await newAccount({ plan: "pro" });
    const { binding, counts } = faultyLimiter(() => Promise.reject(retryableError()));
    const response = await callApp(createApp(), "/v1/usage", withKey(secret), { ...env, ACCOUNT_METER: binding });
    await expectUnavailable(response, /Network connection/);
    expect(counts).toEqual({ stubs: 3, consumes: 3, answersRecorded: 0 });
  });

  it("answers 503 at once, after 1 attempt, when it is overloaded", async () => {
    const { secret } = await newAccount({ plan: "pro" });
    const { binding, counts } = faultyLimiter(() => Promise.reject(overloadedError()));
    const response = await callApp(createApp(), "/v1/usage", withKey(secret), { ...env, ACCOUNT_METER: binding });
    await expectUnavailable(response, /overloaded/);
    expect(counts).toEqual({ stubs: 1, consumes: 1, answersRecorded: 0 });
  });
});

describe("answers counted by endpoint", () => {
  it("sends an account's answers together after their wait, not along with each limiter call", async () => {
    const { secret, accountId } = await newAccount({ plan: "pro" });
    const carried: number[] = [];
    const sentAlone: number[][] = [];
    const binding = {
      idFromName: (name: string) => env.ACCOUNT_METER.idFromName(name),
      get: (id: DurableObjectId) => {
        const real = env.ACCOUNT_METER.get(id);
        return {
          consume: (request: ConsumeRequest) => {
            carried.push(request.answers?.length ?? 0);
            return real.consume(request);
          },
          recordAnswers: (answers: AnsweredCall[]) => {
            sentAlone.push(answers.map((answer) => answer.count ?? 1));
            return real.recordAnswers(answers);
          },
          dailyUsage: (sinceDay: string) => real.dailyUsage(sinceDay),
        };
      },
    };
    const app = createApp();
    const bound = { ...env, ACCOUNT_METER: binding } as unknown as Env;
    // The second call comes before the first answer's wait is over, as under steady traffic (a
    // route that does not read the usage, which sends what waits first).
    const contexts = [createExecutionContext(), createExecutionContext()];
    for (const ctx of contexts) {
      const response = await app.fetch(new Request("http://api.test/v1/categories", withKey(secret)), bound, ctx);
      expect(response.status).toBe(200);
      await response.arrayBuffer();
    }
    await Promise.all(contexts.map((ctx) => waitOnExecutionContext(ctx)));

    // Neither limiter call carried an answer; they went in calls of their own (one, counting two,
    // when the second answer comes within the first one's wait, as here on a machine not too busy;
    // the merge itself is proven without timing in test/workers/durable/account-meter-client.test.ts).
    expect(carried).toEqual([0, 0]);
    expect(sentAlone.flat().reduce((sum, count) => sum + count, 0)).toBe(2);
    const real = env.ACCOUNT_METER.get(env.ACCOUNT_METER.idFromName(`account:${accountId}`));
    const rows = await real.endpointUsage("2000-01-01");
    expect(rows.map(({ endpoint, statusClass, count }) => ({ endpoint, statusClass, count }))).toEqual([
      { endpoint: "GET /v1/categories", statusClass: "2xx", count: 2 },
    ]);
  });
});

describe("rate limiter idempotency", () => {
  const window = { subject: "key_idem", perMinute: 10, perMonth: 100 };
  const limiter = () => env.ACCOUNT_METER.get(env.ACCOUNT_METER.idFromName(`test:${crypto.randomUUID()}`));

  it("counts a consume repeated with the same idempotency key once, and different keys once each", async () => {
    const stub = limiter();
    const first = await stub.consume({ ...window, idempotencyKey: "attempt-a" });
    const repeated = await stub.consume({ ...window, idempotencyKey: "attempt-a" });
    expect(repeated).toEqual(first);
    expect((await stub.peek(window)).month?.used).toBe(1);
    await stub.consume({ ...window, idempotencyKey: "attempt-b" });
    expect((await stub.peek(window)).month?.used).toBe(2);
  });

  it("forgets remembered decisions once they are over five minutes old", async () => {
    const stub = limiter();
    const start = Date.UTC(2026, 0, 15, 12, 0, 0);
    await stub.consume({ ...window, idempotencyKey: "old", now: start });
    await stub.consume({ ...window, idempotencyKey: "recent", now: start + 330_000 });
    const atEnd = start + 331_000;
    await stub.consume({ ...window, idempotencyKey: "recent", now: atEnd });
    expect((await stub.peek({ ...window, now: atEnd })).month?.used).toBe(2);
    // "old" was pruned, so repeating it is a new request and counts.
    await stub.consume({ ...window, idempotencyKey: "old", now: atEnd });
    expect((await stub.peek({ ...window, now: atEnd })).month?.used).toBe(3);
  });

  it("keeps idempotency in memory: a counted consume writes no remembered decision to storage", async () => {
    const stub = limiter();
    await stub.consume({ ...window, idempotencyKey: "in-memory" });
    // No table of the object holds the key: the counters are the call's only write.
    const stored = await runInDurableObject(stub, (_instance, state) => {
      const tables = state.storage.sql
        .exec<{ name: string }>(
          "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '\\_%' ESCAPE '\\'",
        )
        .toArray()
        .map((row) => row.name);
      return tables.map((name) => JSON.stringify(state.storage.sql.exec(`SELECT * FROM "${name}"`).toArray())).join();
    });
    expect(stored).toContain("minute:");
    expect(stored).not.toContain("in-memory");
    expect((await stub.consume({ ...window, idempotencyKey: "in-memory" })).minute.used).toBe(1);
  });
});

describe("KV failing", () => {
  it("reports degraded health, not an error", async () => {
    const failingKv = { get: () => Promise.reject(new Error("KV GET failed: 503")) };
    const response = await callApp(createApp(), "/v1/health", {}, { ...env, CACHE: failingKv });
    const body = (await response.json()) as any;
    expect(response.status).toBe(200);
    expect(body.data.status).toBe("degraded");
    expect(body.data.components.kv.status).toBe("down");
  });

  it("still returns the scraped result when both reading and writing the scrape cache fail", async () => {
    const calls = { get: 0, put: 0 };
    const failingKv = {
      get: () => {
        calls.get++;
        return Promise.reject(new Error("KV GET failed: 503 Service Unavailable"));
      },
      put: () => {
        calls.put++;
        return Promise.reject(new Error("KV PUT failed: 429 Too Many Requests"));
      },
    } as unknown as KVNamespace;
    const scraped = { record: { title: "Kettle" }, meta: {}, fetchedAt: Date.now() };
    const background: Promise<unknown>[] = [];
    const request = cacheRequest({ waitUntil: (p) => void background.push(p) });
    const result = await cachedScrape(failingKv, request, async () => scraped);
    expect(result).toEqual({ ...scraped, cache: "miss" });
    await Promise.all(background); // the failed write is logged, not thrown
    expect(calls).toEqual({ get: 1, put: 1 });
  });
});
