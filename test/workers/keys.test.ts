import { evictDurableObject, listDurableObjectIds, runInDurableObject } from "cloudflare:test";
import { afterAll, describe, expect, it, vi } from "vitest";

// Waiting out the end of a minute (so a burst lands in one window) takes up to 11 s.
vi.setConfig({ testTimeout: 20_000 });
import { createApp } from "../../src/app";
import { apiKeys } from "../../src/db/schema";
import { drizzle } from "drizzle-orm/d1";
import { eq } from "drizzle-orm";
import { requireAccess } from "../../src/middleware/auth";
import { apiKey } from "../../src/routes/define-route";
import { admin, awayFromMinuteEdge, call, callApp, env, newAccount, withKey } from "./helpers";

/** Every secret this file saw, for the plaintext scan at the end. */
const secrets: string[] = [];
async function account(body: Record<string, unknown> = {}) {
  const created = await newAccount(body);
  secrets.push(created.secret);
  return created;
}

/** Bursts that straddle a minute boundary would be split over two windows. */

/** `count` calls at once of a cheap data route, each charged to the month (/v1/usage never is). */
async function burst(secret: string, count: number) {
  return Promise.all(Array.from({ length: count }, () => call("/v1/categories", withKey(secret))));
}

const LIMIT_HEADERS = [
  "RateLimit-Policy",
  "RateLimit",
  "X-RateLimit-Limit",
  "X-RateLimit-Remaining",
  "X-RateLimit-Reset",
];

describe("exact per-key limits under concurrency", () => {
  it("admits exactly 10 of 25 parallel requests with a free key", async () => {
    const { secret } = await account({ plan: "free" });
    await awayFromMinuteEdge();
    const answers = await burst(secret, 25);
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
    for (const response of answers.filter((r) => r.status === 429)) {
      const retryAfter = Number(response.headers.get("Retry-After"));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      const body = (await response.json()) as any;
      expect(body.error.code).toBe("rate_limited");
      expect(body.error.message).toContain("10 requests per minute");
    }
  });

  it("admits exactly 100 of 150 parallel requests with a pro key", async () => {
    const { secret } = await account({ plan: "pro" });
    await awayFromMinuteEdge();
    const statuses = (await burst(secret, 150)).map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(100);
    expect(statuses.filter((s) => s === 429)).toHaveLength(50);
  });

  it("reports the counts in the headers and in /v1/usage", async () => {
    const { secret, accountId, keyId } = await account({ plan: "pro" });
    await awayFromMinuteEdge();
    await burst(secret, 3);
    const response = await call("/v1/usage", withKey(secret));
    const body = (await response.json()) as any;
    expect(body.data).toMatchObject({ account_id: accountId, key_id: keyId, plan: "pro" });
    // The usage read itself counts in the minute window, never in the month.
    expect(body.data.minute).toMatchObject({ limit: 100, used: 4, remaining: 96 });
    expect(body.data.month).toMatchObject({ limit: 10_000, used: 3, remaining: 9_997 });
    expect(response.headers.get("RateLimit-Policy")).toMatch(/^"minute";q=100;w=60, "month";q=10000;w=\d+$/);
    expect(response.headers.get("RateLimit")).toMatch(/^"minute";r=96;t=\d+, "month";r=9997;t=\d+$/);
    expect(response.headers.get("X-RateLimit-Limit")).toBe("100");
    expect(response.headers.get("X-RateLimit-Remaining")).toBe("96");
  });
});

describe("monthly volume", () => {
  it("refuses the request after the limit with quota_exceeded, and keeps the count across a restart", async () => {
    const { secret, accountId } = await account({ plan: "enterprise", requests_per_month: 3, requests_per_minute: 50 });
    for (let i = 0; i < 3; i++) expect((await call("/v1/categories", withKey(secret))).status).toBe(200);
    const refused = await call("/v1/categories", withKey(secret));
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as any).error.code).toBe("quota_exceeded");
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(60);

    const stub = env.ACCOUNT_METER.get(env.ACCOUNT_METER.idFromName(`account:${accountId}`));
    await evictDurableObject(stub);
    const afterRestart = await call("/v1/categories", withKey(secret));
    expect(afterRestart.status).toBe(429);
    expect(((await afterRestart.json()) as any).error.code).toBe("quota_exceeded");
    const used = await stub.peek({ subject: "x", perMinute: 50, perMonth: 3 });
    expect(used.month?.used).toBe(3);
  });
});

describe("key headers", () => {
  it("accepts X-API-KEY and Authorization: Bearer", async () => {
    const { secret } = await account();
    expect((await call("/v1/usage", { headers: { "X-API-KEY": secret } })).status).toBe(200);
    expect((await call("/v1/usage", { headers: { Authorization: `Bearer ${secret}` } })).status).toBe(200);
  });

  it.each([
    ["no key", {}, 401, "X-API-KEY"],
    ["an unknown key", { "X-API-KEY": "wdk_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA" }, 401, "unknown"],
    ["a malformed key", { "X-API-KEY": "hello" }, 401, "wdk_"],
    ["a non-bearer Authorization", { Authorization: "Basic dXNlcjpwYXNz" }, 401, "Bearer"],
    [
      "two different keys",
      {
        "X-API-KEY": "wdk_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
        Authorization: "Bearer wdk_BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB",
      },
      400,
      "send one",
    ],
  ])("refuses %s with a sentence saying what to send", async (_name, headers, status, hint) => {
    const response = await call("/v1/usage", { headers });
    expect(response.status).toBe(status);
    const body = (await response.json()) as any;
    expect(body.error.message).toContain(hint);
    for (const name of LIMIT_HEADERS) expect(response.headers.get(name), name).toBeTruthy();
  });

  it("refuses a key in the query string, saying keys go in headers", async () => {
    const { secret } = await account();
    const response = await call(`/v1/usage?api_key=${secret}`);
    expect(response.status).toBe(401);
    expect(((await response.json()) as any).error.message).toMatch(/not accepted in the query string.*X-API-KEY/);
  });

  it("carries rate-limit headers on 200, 400, 401, 404, 429 and 500 answers", async () => {
    const { secret, keyId } = await account({ plan: "free" });
    await awayFromMinuteEdge();
    const explode = createApp((app) =>
      app.get("/v1/explode", requireAccess(apiKey(null)), () => {
        throw new Error("boom");
      }),
    );
    const answers = [
      await call("/v1/usage", withKey(secret)),
      await call(
        `/v1/keys/${keyId}/rotate`,
        withKey(secret, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: '{"grace_seconds":-1}',
        }),
      ),
      await call("/v1/usage"),
      await call("/v1/missing", withKey(secret)),
      await callApp(explode, "/v1/explode", withKey(secret)),
    ];
    answers.push(...(await burst(secret, 10)).filter((r) => r.status === 429).slice(0, 1));
    expect(answers.map((r) => r.status)).toEqual([200, 400, 401, 404, 500, 429]);
    for (const response of answers) {
      for (const name of LIMIT_HEADERS)
        expect(response.headers.get(name), `${name} on ${response.status}`).toBeTruthy();
    }
  });
});

describe("brute-force guard for calls without a valid key", () => {
  it("limits per client IP and says so", async () => {
    const app = createApp();
    const guarded = { ...env, ANON_REQUESTS_PER_MINUTE: "3" };
    await awayFromMinuteEdge();
    const ip = `198.51.100.${Math.floor(Math.random() * 250)}`;
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const response = await callApp(
        app,
        "/v1/usage",
        { headers: { "CF-Connecting-IP": ip, "X-API-KEY": "wdk_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA" } },
        guarded,
      );
      statuses.push(response.status);
      expect(response.headers.get("RateLimit-Policy")).toBe('"minute";q=3;w=60');
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    const other = await callApp(app, "/v1/health", { headers: { "CF-Connecting-IP": "203.0.113.9" } }, guarded);
    expect(other.status).toBe(200);
  });
});

describe("rotation and revocation", () => {
  it("keeps the key id and counters; the old secret works during the grace period, then gets 401", async () => {
    const { secret: oldSecret, keyId } = await account({ plan: "pro" });
    await awayFromMinuteEdge();
    await call("/v1/usage", withKey(oldSecret));
    const rotated = await admin(`/v1/admin/keys/${keyId}/rotate`, "POST", { grace_seconds: 2 });
    const body = (await rotated.json()) as any;
    const newSecret = body.data.secret as string;
    secrets.push(newSecret);
    expect(body.data.key.id).toBe(keyId);
    expect(newSecret).not.toBe(oldSecret);

    const withNew = (await (await call("/v1/usage", withKey(newSecret))).json()) as any;
    expect(withNew.data.key_id).toBe(keyId);
    expect(withNew.data.minute.used).toBe(2);
    // The previous secret still reads data (not the account's keys or usage).
    const withOld = await call("/v1/categories", withKey(oldSecret));
    expect(withOld.status).toBe(200);
    expect(withOld.headers.get("X-API-Key-Previous-Secret-Expires")).toBeTruthy();

    await new Promise((resolve) => setTimeout(resolve, 2_100));
    expect((await call("/v1/categories", withKey(oldSecret))).status).toBe(401);
    expect((await call("/v1/usage", withKey(newSecret))).status).toBe(200);
  });

  it("refuses a revoked key within 5 seconds", async () => {
    const { secret, keyId } = await account({ plan: "pro" });
    expect((await call("/v1/usage", withKey(secret))).status).toBe(200);
    const revokedAt = Date.now();
    expect((await admin(`/v1/admin/keys/${keyId}/revoke`, "POST")).status).toBe(200);
    let status = 200;
    while (status === 200 && Date.now() - revokedAt < 6_000) {
      status = (await call("/v1/usage", withKey(secret))).status;
      if (status === 200) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(status).toBe(401);
    expect(Date.now() - revokedAt).toBeLessThan(5_000);
  });

  it("lets a key manage only its own account's keys", async () => {
    const alice = await account();
    const bob = await account();
    const listed = (await (await call("/v1/keys", withKey(alice.secret))).json()) as any;
    expect(listed.data.map((k: any) => k.id)).toEqual([alice.keyId]);
    expect((await call(`/v1/keys/${bob.keyId}`, withKey(alice.secret, { method: "DELETE" }))).status).toBe(404);
    expect((await call(`/v1/keys/${bob.keyId}/rotate`, withKey(alice.secret, { method: "POST" }))).status).toBe(404);
    expect((await call("/v1/usage", withKey(bob.secret))).status).toBe(200);
  });

  it("flags keys older than 90 days with a response header", async () => {
    const { secret, keyId } = await account();
    await drizzle(env.DB)
      .update(apiKeys)
      .set({ createdAt: new Date(Date.now() - 95 * 86_400_000) })
      .where(eq(apiKeys.id, keyId));
    const response = await call("/v1/usage", withKey(secret));
    expect(response.headers.get("X-API-Key-Rotation")).toBe("recommended; age_days=95");
  });
});

describe("admin API", () => {
  it("refuses a wrong admin token", async () => {
    const response = await call("/v1/admin/accounts", {
      method: "POST",
      headers: { "X-Admin-Token": "guess", "Content-Type": "application/json" },
      body: "{}",
    });
    expect(response.status).toBe(401);
  });

  it("sets custom enterprise limits that apply to the account's keys", async () => {
    const { secret, accountId } = await account({ plan: "free" });
    const updated = (await (
      await admin(`/v1/admin/accounts/${accountId}`, "PATCH", { plan: "enterprise", requests_per_minute: 7 })
    ).json()) as any;
    expect(updated.data).toMatchObject({
      plan: "enterprise",
      limits: { requests_per_minute: 7, requests_per_month: 1_000_000 },
    });
    const usage = (await (await call("/v1/usage", withKey(secret))).json()) as any;
    expect(usage.data.minute.limit).toBe(7);
  });
});

afterAll(async () => {
  // No secret may be stored in plaintext anywhere: D1, KV or Durable Object storage.
  const stored: string[] = [];
  const tables = await env.DB.prepare(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '_cf_%' ESCAPE '\\' AND name NOT LIKE 'sqlite_%' ESCAPE '\\'",
  ).all<{ name: string }>();
  for (const { name } of tables.results) {
    const rows = await env.DB.prepare(`SELECT * FROM "${name}"`).all();
    stored.push(JSON.stringify(rows.results));
  }
  const kv = await env.CACHE.list();
  for (const { name } of kv.keys) stored.push(name, (await env.CACHE.get(name)) ?? "");
  for (const id of await listDurableObjectIds(env.ACCOUNT_METER)) {
    const dump = await runInDurableObject(env.ACCOUNT_METER.get(id), (_instance, state) => {
      const tableNames = state.storage.sql
        .exec<{ name: string }>(
          "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '_cf_%' ESCAPE '\\' AND name NOT LIKE 'sqlite_%' ESCAPE '\\'",
        )
        .toArray();
      return tableNames
        .map(({ name }) => JSON.stringify(state.storage.sql.exec(`SELECT * FROM "${name}"`).toArray()))
        .join("\n");
    });
    stored.push(dump);
  }
  const everything = stored.join("\n");
  expect(secrets.length).toBeGreaterThan(10);
  expect(everything).toContain("key_");
  for (const secret of secrets) {
    expect(everything).not.toContain(secret);
    expect(everything).not.toContain(secret.slice(8));
  }
});
