import { describe, expect, it } from "vitest";
import { database } from "../../../src/db/client";
import { newId } from "../../../src/db/keys";
import { insertWithinCap } from "../../../src/db/object-caps";
import { claimWatchCheck, dueWatches, findWatch, recordCheck } from "../../../src/db/watches";
import { env, newAccount } from "../helpers";

const db = () => database(env.DB);
// Long before any watch other tests make is due, so the due list holds only this file's.
const T0 = Date.UTC(2001, 0, 1, 12, 0, 0);

async function watchDueAt(accountId: string, keyId: string, dueAt: number) {
  return insertWithinCap(db(), "watches", {
    id: newId("wat"),
    accountId,
    keyId,
    kind: "product",
    platform: "amazon",
    target: JSON.stringify({ id: "B0057OC5O8" }),
    condition: "below",
    threshold: 100,
    currency: "USD",
    intervalSeconds: 3600,
    nextCheckAt: new Date(dueAt),
    createdAt: new Date(dueAt),
  });
}

describe("claiming a watch's check", () => {
  it("lets exactly one of two cron runs that read the same watch check it", async () => {
    const { accountId, keyId } = await newAccount();
    const watch = await watchDueAt(accountId, keyId, T0 - 60_000);
    const next = new Date(T0 + 3_600_000);
    const claims = await Promise.all([claimWatchCheck(db(), watch, next), claimWatchCheck(db(), watch, next)]);
    expect(claims.sort()).toEqual([false, true]);
    expect((await findWatch(db(), accountId, watch.id))?.nextCheckAt).toEqual(next);
    // A run still holding the time it read before the claim finds the watch taken.
    expect(await claimWatchCheck(db(), watch, new Date(T0 + 7_200_000))).toBe(false);
  });
});

describe("watches due for a check", () => {
  it("lets accounts take turns: each account's longest-waiting watch first", async () => {
    const busy = await newAccount();
    const quiet = await newAccount();
    const b1 = await watchDueAt(busy.accountId, busy.keyId, T0 - 400_000);
    const b2 = await watchDueAt(busy.accountId, busy.keyId, T0 - 300_000);
    const b3 = await watchDueAt(busy.accountId, busy.keyId, T0 - 200_000);
    const q1 = await watchDueAt(quiet.accountId, quiet.keyId, T0 - 100_000);
    await watchDueAt(quiet.accountId, quiet.keyId, T0 + 1);
    expect((await dueWatches(db(), new Date(T0), 3)).map((w) => w.id)).toEqual([b1.id, q1.id, b2.id]);
    expect((await dueWatches(db(), new Date(T0), 10)).map((w) => w.id)).toEqual([b1.id, q1.id, b2.id, b3.id]);
  });
});

describe("recording a check", () => {
  it("keeps the last price and fire time a failed check does not mention", async () => {
    const { accountId, keyId } = await newAccount();
    const watch = await watchDueAt(accountId, keyId, T0 + 10 * 86_400_000);
    const next = { nextCheckAt: new Date(T0 + 3_600_000), lastCheckedAt: new Date(T0) };
    await recordCheck(db(), watch.id, {
      ...next,
      lastPrice: 89.5,
      consecutiveFailures: 0,
      lastError: null,
      lastFiredAt: new Date(T0),
    });
    await recordCheck(db(), watch.id, { ...next, consecutiveFailures: 1, lastError: "the page shows no price" });
    expect(await findWatch(db(), accountId, watch.id)).toMatchObject({
      lastPrice: 89.5,
      lastFiredAt: new Date(T0),
      consecutiveFailures: 1,
      lastError: "the page shows no price",
    });
  });
});
