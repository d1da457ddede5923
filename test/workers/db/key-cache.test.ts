// The authenticated hot path's promises: a key lookup cached per isolate yet refused within 5 s of a
// revocation this isolate was not told about, `last_used_at` written at most once a minute per key,
// and the `Server-Timing` parts every answer carries.
import { drizzle } from "drizzle-orm/d1";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { apiKeys } from "../../../src/db/schema";
import { timed, withTimings, type Timings } from "../../../src/timing";
import { call, env, newAccount, withKey } from "../helpers";

vi.setConfig({ testTimeout: 15_000 });

const db = drizzle(env.DB);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const lastUsed = async (keyId: string) =>
  (await db.select({ at: apiKeys.lastUsedAt }).from(apiKeys).where(eq(apiKeys.id, keyId)))[0]!.at;

describe("key lookup cache", () => {
  it("refuses a key revoked behind this isolate's back (another isolate, or the database) within 5 seconds", async () => {
    const { secret, keyId } = await newAccount({ plan: "pro" });
    expect((await call("/v1/usage", withKey(secret))).status).toBe(200);
    // Written straight to D1: this isolate's cache is not told, as an isolate elsewhere would not be.
    const revokedAt = Date.now();
    await db
      .update(apiKeys)
      .set({ revokedAt: new Date(revokedAt) })
      .where(eq(apiKeys.id, keyId));
    let status = 200;
    while (status === 200 && Date.now() - revokedAt < 7_000) {
      status = (await call("/v1/usage", withKey(secret))).status;
      if (status === 200) await sleep(200);
    }
    expect(status).toBe(401);
    expect(Date.now() - revokedAt).toBeLessThan(5_000);
  });

  it("writes last_used_at once for many calls within a minute", async () => {
    const { secret, keyId } = await newAccount({ plan: "pro" });
    expect(await lastUsed(keyId)).toBeNull();
    expect((await call("/v1/usage", withKey(secret))).status).toBe(200);
    for (let i = 0; i < 20 && (await lastUsed(keyId)) === null; i++) await sleep(100);
    const first = await lastUsed(keyId);
    expect(first).toBeInstanceOf(Date);
    expect(Math.abs(first!.getTime() - Date.now())).toBeLessThan(5_000);

    // Cleared by hand: any further write within the minute would show up as a value again.
    await db.update(apiKeys).set({ lastUsedAt: null }).where(eq(apiKeys.id, keyId));
    for (let i = 0; i < 5; i++) expect((await call("/v1/usage", withKey(secret))).status).toBe(200);
    await sleep(500);
    expect(await lastUsed(keyId)).toBeNull();
  });
});

describe("Server-Timing", () => {
  const parts = (response: Response) =>
    (response.headers.get("Server-Timing") ?? "").split(",").map((metric) => metric.trim().split(";")[0]);

  it("names the key lookup, the limiter and the total on a key route's answer", async () => {
    const { secret } = await newAccount({ plan: "pro" });
    const response = await call("/v1/usage", withKey(secret));
    expect(response.status).toBe(200);
    expect(parts(response)).toEqual(expect.arrayContaining(["auth", "limiter", "total"]));
    expect(response.headers.get("Server-Timing")).toMatch(/total;dur=\d+(\.\d)?;desc="whole answer"/);
  });

  it("is on refusals too, where the IP limiter counted the call", async () => {
    const response = await call("/v1/usage");
    expect(response.status).toBe(401);
    expect(parts(response)).toEqual(expect.arrayContaining(["limiter", "total"]));
    expect(parts(response)).not.toContain("auth");
  });

  it("sums a part that runs several times in one request and counts the runs", async () => {
    const timings: Timings = new Map();
    await withTimings(timings, () =>
      Promise.all([1, 2, 3].map((n) => timed("engine", () => new Promise((resolve) => setTimeout(resolve, n * 5))))),
    );
    expect(timings.get("engine")?.count).toBe(3);
    expect(timings.get("engine")!.ms).toBeGreaterThanOrEqual(25);
    expect(timed("parse", () => 42)).toBe(42);
  });
});
