import { describe, expect, it } from "vitest";
import { database } from "../../../src/db/client";
import { newId } from "../../../src/db/keys";
import { insertWithinCap } from "../../../src/db/object-caps";
import {
  ATTEMPT_IN_PROGRESS,
  claimDelivery,
  deliveryLog,
  failClaimedDelivery,
  findDelivery,
  findEndpoint,
  insertDelivery,
  openAttempt,
  recordAttempt,
} from "../../../src/db/webhooks";
import { env, newAccount } from "../helpers";

const db = () => database(env.DB);
const T0 = Date.UTC(2026, 0, 15, 12, 0, 0);
const LEASE_MS = 40_000;

async function endpointWithDelivery() {
  const { accountId } = await newAccount();
  const endpoint = await insertWithinCap(db(), "webhooks", {
    id: newId("wh"),
    accountId,
    url: "https://receiver.example/hook",
    description: null,
    eventTypes: JSON.stringify(["webhook.test"]),
    secret: "whsec_test",
    createdAt: new Date(T0),
  });
  const id = newId("msg");
  await insertDelivery(db(), {
    id,
    endpointId: endpoint.id,
    accountId,
    eventType: "webhook.test",
    payload: "{}",
    status: "pending",
    nextAttemptAt: new Date(T0),
    createdAt: new Date(T0),
  });
  return { accountId, endpoint, id };
}

const claim = (id: string, now: number, manual = false) =>
  claimDelivery(db(), id, { at: new Date(now), leaseUntil: new Date(now + LEASE_MS), manual, maxAttempts: 3 });

describe("claiming a delivery's attempt", () => {
  it("lets exactly one of two concurrent claimers win, counting one attempt", async () => {
    const { id } = await endpointWithDelivery();
    const [first, second] = await Promise.all([claim(id, T0), claim(id, T0)]);
    const won = [first, second].filter((row) => row !== null);
    expect(won).toHaveLength(1);
    expect(won[0]).toMatchObject({ id, status: "sending", attempts: 1, nextAttemptAt: new Date(T0 + LEASE_MS) });
  });

  it("takes a claimed delivery again only once its lease has run out", async () => {
    const { id } = await endpointWithDelivery();
    expect(await claim(id, T0)).not.toBeNull();
    expect(await claim(id, T0 + LEASE_MS - 1)).toBeNull();
    expect(await claim(id, T0 + LEASE_MS, true)).not.toBeNull();
    expect((await claim(id, T0 + 2 * LEASE_MS))?.attempts).toBe(3);
    // Three attempts counted: a fourth lease running out leaves the delivery to the sweep's failing.
    expect(await claim(id, T0 + 3 * LEASE_MS)).toBeNull();
  });

  it("lets a user's claim take a finished delivery but not one with an attempt in flight", async () => {
    const { id } = await endpointWithDelivery();
    const claimed = (await claim(id, T0))!;
    expect(await claim(id, T0 + 1000, true)).toBeNull();
    await failClaimedDelivery(db(), claimed, "endpoint disabled");
    const failed = await findDelivery(db(), claimed.endpointId, id);
    expect(failed).toMatchObject({
      status: "failed",
      attempts: 0,
      nextAttemptAt: null,
      lastError: "endpoint disabled",
    });
    expect(await claim(id, T0 + 1000)).toBeNull();
    expect((await claim(id, T0 + 1000, true))?.attempts).toBe(1);
  });
});

describe("recording an attempt", () => {
  it("writes the attempt's result but leaves the delivery to a later claim that took it over", async () => {
    const { endpoint, id } = await endpointWithDelivery();
    const first = (await claim(id, T0))!;
    const firstRow = await openAttempt(db(), id, first.attempts, new Date(T0));
    const second = (await claim(id, T0 + LEASE_MS))!;
    const secondRow = await openAttempt(db(), id, second.attempts, new Date(T0 + LEASE_MS));

    await recordAttempt(
      db(),
      { deliveryId: id, attempt: first.attempts, attemptRowId: firstRow },
      { statusCode: 200, latencyMs: 50_000, error: null },
      { status: "delivered", lastStatusCode: 200, nextAttemptAt: null },
    );
    const { deliveries, attempts } = await deliveryLog(db(), endpoint.id, 10);
    expect(deliveries[0]).toMatchObject({ id, status: "sending", attempts: 2, lastStatusCode: null });
    expect(attempts.map((a) => [a.attempt, a.statusCode, a.error])).toEqual([
      [1, 200, null],
      [2, null, ATTEMPT_IN_PROGRESS],
    ]);

    await recordAttempt(
      db(),
      { deliveryId: id, attempt: second.attempts, attemptRowId: secondRow },
      { statusCode: 503, latencyMs: 120, error: null },
      { status: "failed", lastStatusCode: 503, nextAttemptAt: null },
    );
    expect(await findDelivery(db(), endpoint.id, id)).toMatchObject({ status: "failed", lastStatusCode: 503 });
  });
});

describe("an account's endpoints", () => {
  it("finds an endpoint for its own account only", async () => {
    const { accountId, endpoint } = await endpointWithDelivery();
    const other = await newAccount();
    expect((await findEndpoint(db(), accountId, endpoint.id))?.url).toBe("https://receiver.example/hook");
    expect(await findEndpoint(db(), other.accountId, endpoint.id)).toBeNull();
  });
});
