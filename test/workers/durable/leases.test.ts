// Leases (src/durable/account-meter-client.ts, admission.ts): a busy account's isolate takes units
// beyond a call for its next calls, so most calls need no round trip to the account's object. They
// never admit more than the windows hold, the counts and the headers show only calls made, a call's
// refund gives back its own unit, and what no call used goes back.
import { createExecutionContext, runInDurableObject, waitOnExecutionContext } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { Admission, LEASE_MS } from "../../../src/durable/admission";
import { DailyUsage } from "../../../src/durable/daily-usage";
import {
  consumeForAccount,
  dailyUsageThisMonth,
  peekAccount,
  refundForAccount,
} from "../../../src/durable/account-meter-client";
import type { ConsumeRequest } from "../../../src/durable/account-meter";
import { createApp } from "../../../src/app";
import { env, newAccount, withKey } from "../helpers";

/** The bindings with leases on: the Workers tests run without them (vitest.config.ts), 2 ms each here. */
const leasing = { ...env, LEASE_MS: "2" } as Env;
/** Production's lease length, for cases that read a lease while it runs: a 2 ms one can end first on a busy machine. */
const productionEnv = { ...env, LEASE_MS: String(LEASE_MS) } as Env;

const meterOf = (accountId: string) => env.ACCOUNT_METER.get(env.ACCOUNT_METER.idFromName(`account:${accountId}`));

/** The object's own counts, read in it: no lease given back first (the client's reads give back this isolate's). */
const storedCounts = (accountId: string) =>
  runInDurableObject(meterOf(accountId), (meter) =>
    meter.peek({ subject: "account", perMinute: 1_000, perMonth: 1_000_000 }),
  );

/** The object gives no lease in a minute's last two seconds: each case that counts now starts clear of them. */
async function clearOfMinuteEnd() {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < 4_000) await new Promise((resolve) => setTimeout(resolve, left + 50));
}

describe("leases of an account's units", () => {
  beforeEach(clearOfMinuteEnd);

  it("admits exactly the minute's allowance of many parallel calls, and its object counts exactly those", async () => {
    const accountId = `acct_${crypto.randomUUID()}`;
    // Production's lease length: the burst's refused calls find the lease still running.
    const decisions = await Promise.all(
      Array.from({ length: 900 }, () => consumeForAccount(productionEnv, accountId, 640, 1_000_000)),
    );
    const admitted = decisions.filter(({ decision }) => decision.allowed);
    // Never more than the allowance; exactly it when the burst ends within the lease's second. A burst that
    // outlasts it (a busy machine) has the lease's unused units, at most 16, refused until they go back.
    expect(admitted.length).toBeLessThanOrEqual(640);
    expect(admitted.length).toBeGreaterThanOrEqual(640 - 16);
    // Some calls took a unit a lease held: fewer object calls than admitted calls.
    expect(new Set(admitted.map(({ idempotencyKey }) => idempotencyKey)).size).toBeLessThan(640);
    const peek = await peekAccount(leasing, accountId, 640, 1_000_000);
    expect(peek.minute.used).toBe(admitted.length);
    expect(peek.month?.used).toBe(admitted.length);
  });

  it("shows each call its own count, and counts only calls made once the lease's rest goes back", async () => {
    const accountId = `acct_${crypto.randomUUID()}`;
    const calls = [];
    for (let i = 0; i < 3; i++) calls.push(await consumeForAccount(productionEnv, accountId, 1_000, 1_000_000));
    expect(calls.map(({ decision }) => [decision.minute.used, decision.month?.used])).toEqual([
      [1, 1],
      [2, 2],
      [3, 3],
    ]);
    expect(calls.map(({ decision }) => decision.minute.remaining)).toEqual([999, 998, 997]);
    // One object call took the three and a lease's units beyond them.
    expect(new Set(calls.map(({ idempotencyKey }) => idempotencyKey)).size).toBe(1);
    expect((await storedCounts(accountId)).month?.used).toBeGreaterThan(3);

    await calls[0]?.leaseEnded;
    const days = await dailyUsageThisMonth(leasing, accountId);
    expect(days.reduce((sum, day) => sum + day.attempted, 0)).toBe(3);
    expect(days.reduce((sum, day) => sum + day.charged, 0)).toBe(3);
    expect(await storedCounts(accountId)).toMatchObject({ minute: { used: 3 }, month: { used: 3 } });
  });

  it("gives back a call's own unit when its answer held no data, not its lease's", async () => {
    const accountId = `acct_${crypto.randomUUID()}`;
    const first = await consumeForAccount(productionEnv, accountId, 1_000, 1_000_000);
    const second = await consumeForAccount(productionEnv, accountId, 1_000, 1_000_000);
    expect(second.idempotencyKey).toBe(first.idempotencyKey);
    await refundForAccount(productionEnv, accountId, second.idempotencyKey, 1);
    await first.leaseEnded;
    const days = await dailyUsageThisMonth(leasing, accountId);
    expect(days.reduce((sum, day) => sum + day.attempted, 0)).toBe(2);
    expect(days.reduce((sum, day) => sum + day.charged, 0)).toBe(1);
    // The minute keeps both calls: a failing call still counts against the rate.
    expect(await storedCounts(accountId)).toMatchObject({ minute: { used: 2 }, month: { used: 1 } });
  });

  it("shows a refund sent alone in the month of the lease's next calls", async () => {
    const accountId = `acct_${crypto.randomUUID()}`;
    const first = await consumeForAccount(productionEnv, accountId, 1_000, 1_000_000);
    const second = await consumeForAccount(productionEnv, accountId, 1_000, 1_000_000);
    // Resolves once the refund went alone, the lease still running.
    await refundForAccount(productionEnv, accountId, second.idempotencyKey, 1);
    const third = await consumeForAccount(productionEnv, accountId, 1_000, 1_000_000);
    expect(third.idempotencyKey).toBe(first.idempotencyKey);
    expect([second, third].map(({ decision }) => decision.month?.used)).toEqual([2, 2]);
    await first.leaseEnded;
    expect(await storedCounts(accountId)).toMatchObject({ minute: { used: 3 }, month: { used: 2 } });
  });

  it("ends a lease after its time, giving its unused units back with no further call", async () => {
    const accountId = `acct_${crypto.randomUUID()}`;
    const started = Date.now();
    const { leaseEnded } = await consumeForAccount(leasing, accountId, 1_000, 1_000_000);
    expect(leaseEnded).toBeDefined();
    await leaseEnded;
    // These leases last 2 ms, production's LEASE_MS.
    expect(Date.now() - started).toBeGreaterThanOrEqual(2);
    expect(Date.now() - started).toBeLessThan(LEASE_MS);
    expect(await storedCounts(accountId)).toMatchObject({ minute: { used: 1 }, month: { used: 1 } });
  });

  it("is not taken by small allowances, nor for a month-free call", async () => {
    const accountId = `acct_${crypto.randomUUID()}`;
    const pro = await consumeForAccount(leasing, accountId, 100, 10_000);
    expect(pro.leaseEnded).toBeUndefined();
    const monthFree = await consumeForAccount(leasing, `acct_${crypto.randomUUID()}`, 1_000, 1_000_000, 1, true);
    expect(monthFree.leaseEnded).toBeUndefined();
    expect((await storedCounts(accountId)).minute.used).toBe(1);
  });
});

describe("the object's lease rule", () => {
  const MINUTE_START = Date.UTC(2026, 10, 27, 12, 0, 0);
  const admit = (admission: Admission, now: number, perMinute = 1_000) =>
    admission.admit({ subject: "account", perMinute, perMonth: 1_000_000, units: 1, lease: 15, now });

  it("gives a lease only with room for five beyond the call, and none in a minute's last two seconds", async () => {
    await runInDurableObject(meterOf(crypto.randomUUID()), (_meter, state) => {
      const admission = new Admission(state.storage.sql);
      expect(admit(admission, MINUTE_START + 1_000).decision).toMatchObject({ minute: { used: 16 }, leased: 15 });
      const lastSeconds = admit(admission, MINUTE_START + 58_500).decision;
      expect(lastSeconds).toMatchObject({ allowed: true, minute: { used: 17 } });
      expect(lastSeconds.leased).toBeUndefined();
      // 17 used: the call and five leases need 17 + 1 + 75 = 93 of the minute.
      const nearLimit = admit(admission, MINUTE_START + 2_000, 92).decision;
      expect(nearLimit).toMatchObject({ allowed: true, minute: { used: 18 } });
      expect(nearLimit.leased).toBeUndefined();
      expect(admit(admission, MINUTE_START + 2_000, 94).decision).toMatchObject({ minute: { used: 34 }, leased: 15 });
    });
  });

  it("gives a lease's unused units back to its minute, its month and its day, not as calls given back", async () => {
    await runInDurableObject(meterOf(crypto.randomUUID()), (_meter, state) => {
      const admission = new Admission(state.storage.sql);
      const now = MINUTE_START + 1_000;
      const unusedOfFirstCall = {
        subject: "account",
        units: 15,
        minuteStart: MINUTE_START,
        monthStart: Date.UTC(2026, 10, 1),
        day: "2026-11-27",
      };
      admit(admission, now);
      admission.giveBackUnused(unusedOfFirstCall, now + 500);
      expect(admission.peek("account", 1_000, 1_000_000, now + 500)).toMatchObject({
        minute: { used: 1 },
        month: { used: 1 },
      });
      expect(new DailyUsage(state.storage.sql).since("2026-11-27")).toEqual([
        { day: "2026-11-27", charged: 1, attempted: 1 },
      ]);
      // In a later minute the minute has started over: only the month and the day take them back.
      admit(admission, now + 2_000);
      admission.giveBackUnused(unusedOfFirstCall, MINUTE_START + 61_000);
      expect(admission.peek("account", 1_000, 1_000_000, MINUTE_START + 61_000)).toMatchObject({
        minute: { used: 0 },
        month: { used: 2 },
      });
    });
  });
});

describe("what a month-free call reads while this isolate holds a lease", () => {
  beforeEach(clearOfMinuteEnd);

  // GET /v1/usage is month-free: its `minute` and `month` (and its rate-limit headers) are this decision.
  it("counts only calls made, not the units the lease still holds", async () => {
    const accountId = `acct_${crypto.randomUUID()}`;
    const data = await consumeForAccount(leasing, accountId, 1_000, 1_000_000);
    expect(data.leaseEnded).toBeDefined();
    const usage = await consumeForAccount(leasing, accountId, 1_000, 1_000_000, 1, true);
    expect(usage.decision).toMatchObject({ minute: { used: 2 }, month: { used: 1 } });
  });

  it("shows in GET /v1/usage only the calls made, with a lease taken by the first", async () => {
    const { secret } = await newAccount({
      plan: "enterprise",
      requests_per_minute: 1_000,
      requests_per_month: 100_000,
    });
    // One execution context for all four calls, waited for at the end: the first call's lease is still held at the last.
    const app = createApp();
    const ctx = createExecutionContext();
    const call = (path: string) =>
      app.fetch(new Request(`http://api.test${path}`, withKey(secret)), productionEnv, ctx);
    await call("/v1/categories");
    await call("/v1/categories");
    await call("/v1/generic?url=not-a-url");
    const { data } = (await (await call("/v1/usage")).json()) as any;
    await waitOnExecutionContext(ctx);
    expect(data.calls).toMatchObject({ attempted: 3, charged: 2 });
    expect([data.minute.used, data.month.used]).toEqual([4, 2]);
  });
});

describe("a call that asked for a lease and failed", () => {
  beforeEach(clearOfMinuteEnd);

  it("leaves no lease's unit charged when the object counted it and every answer was lost", async () => {
    const accountId = `acct_${crypto.randomUUID()}`;
    // Each attempt reaches the object (the first counts, the retries are recalled), and its answer is lost on the way back.
    const lostAnswers = {
      idFromName: (name: string) => env.ACCOUNT_METER.idFromName(name),
      get: (id: DurableObjectId) => {
        const real = env.ACCOUNT_METER.get(id);
        return {
          consume: async (request: ConsumeRequest) => {
            await real.consume(request);
            throw Object.assign(new Error("Network connection lost."), { retryable: true });
          },
        };
      },
    };
    const faulty = { ...leasing, ACCOUNT_METER: lostAnswers } as unknown as Env;
    await expect(consumeForAccount(faulty, accountId, 1_000, 1_000_000)).rejects.toThrow(/Network connection lost/);
    expect((await storedCounts(accountId)).month?.used).toBe(16);
    // The isolate's next read settles what waits: the failed call's own unit stays charged (a lost count is not
    // worth a double one), the 15 units it took for a lease no call could use go back.
    const days = await dailyUsageThisMonth(leasing, accountId);
    expect(days.reduce((sum, day) => sum + day.charged, 0)).toBe(1);
    expect(await storedCounts(accountId)).toMatchObject({ minute: { used: 1 }, month: { used: 1 } });
  });

  it("gives back as unused no more than the call's lease took, never the call's own units", async () => {
    const accountId = `acct_${crypto.randomUUID()}`;
    await runInDurableObject(meterOf(accountId), (meter) => {
      meter.consume({ subject: "account", perMinute: 1_000, perMonth: 1_000_000, idempotencyKey: "no-lease" });
      meter.consume({ subject: "account", perMinute: 1_000, perMonth: 1_000_000, idempotencyKey: "leased", lease: 15 });
      meter.recordAnswers(
        [],
        [
          { idempotencyKey: "no-lease", units: 15, unused: true },
          { idempotencyKey: "leased", units: 15, unused: true },
          { idempotencyKey: "leased", units: 15, unused: true },
        ],
      );
    });
    expect(await storedCounts(accountId)).toMatchObject({ minute: { used: 2 }, month: { used: 2 } });
  });
});

describe("a retried consume that carried refunds", () => {
  it("gives them back once though the object refused the call and its answer was lost", async () => {
    const accountId = `acct_${crypto.randomUUID()}`;
    await runInDurableObject(meterOf(accountId), (meter) => {
      const now = Date.UTC(2026, 10, 27, 12, 0, 1);
      // A lease's key: the call's unit and 15 beyond it, which the isolate's next calls use.
      meter.consume({
        subject: "account",
        perMinute: 1_000,
        perMonth: 1_000_000,
        idempotencyKey: "lease",
        lease: 15,
        now,
      });
      // One of those calls held no data; its refund rides along with a call the minute refuses, sent twice
      // (the first attempt's answer lost, the retry carrying the same key and the same refund).
      const refused = {
        subject: "account",
        perMinute: 16,
        perMonth: 1_000_000,
        idempotencyKey: "refused",
        refunds: [{ idempotencyKey: "lease", units: 1 }],
        now,
      };
      expect(meter.consume(refused).allowed).toBe(false);
      expect(meter.consume(refused).allowed).toBe(false);
      expect(meter.peek({ subject: "account", perMinute: 1_000, perMonth: 1_000_000, now }).month?.used).toBe(15);
    });
  });
});
