// What an account's calls leave for its meter: answers by endpoint go in batches after a short
// wait, a refund rides with the next limiter call and takes them along; either way each answer is
// counted once (src/durable/account-meter-client.ts).
import { runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import {
  consumeForAccount,
  endpointUsageForAccount,
  recordAnswerForAccount,
  refundForAccount,
} from "../../../src/durable/account-meter-client";
import { utcDay } from "../../../src/durable/windows";
import { env } from "../helpers";

const answer = (endpoint: string) => ({ endpoint, group: "products", status: 200, now: Date.now() });

/** What the account's meter object holds now, read in the object (the client's reads send what waits first). */
async function storedCountsOf(accountId: string) {
  const stub = env.ACCOUNT_METER.get(env.ACCOUNT_METER.idFromName(`account:${accountId}`));
  const rows = await runInDurableObject(stub, (meter) => meter.endpointUsage(utcDay(Date.now())));
  return Object.fromEntries(rows.map((row) => [row.endpoint, row.count]));
}

async function countsOf(accountId: string) {
  const rows = await endpointUsageForAccount(env, accountId, utcDay(Date.now()));
  return Object.fromEntries(rows.map((row) => [row.endpoint, row.count]));
}

describe("answers left for the account's meter", () => {
  // That a limiter call leaves answers alone waiting (no timing involved) is proven in faults.test.ts.
  it("counts answers left across a limiter call once each, sent together by their batch's timer", async () => {
    const accountId = `acct_${crypto.randomUUID()}`;
    const first = recordAnswerForAccount(env, accountId, answer("GET /v1/amazon"));
    const second = recordAnswerForAccount(env, accountId, answer("GET /v1/ebay"));
    const { decision } = await consumeForAccount(env, accountId, 100, 1_000);
    expect(decision.allowed).toBe(true);
    await Promise.all([first, second]);
    expect(await storedCountsOf(accountId)).toEqual({ "GET /v1/amazon": 1, "GET /v1/ebay": 1 });
    expect(await countsOf(accountId)).toEqual({ "GET /v1/amazon": 1, "GET /v1/ebay": 1 });
  });

  it("lets a refund ride with the next limiter call, which takes the waiting answers along and counts them once", async () => {
    const accountId = `acct_${crypto.randomUUID()}`;
    const charged = await consumeForAccount(env, accountId, 100, 1_000);
    expect(charged.decision.month?.used).toBe(1);
    const answered = recordAnswerForAccount(env, accountId, answer("GET /v1/walmart"));
    const refunded = refundForAccount(env, accountId, charged.idempotencyKey);
    const next = await consumeForAccount(env, accountId, 100, 1_000);
    // The first call's unit went back before the second took one.
    expect(next.decision.month?.used).toBe(1);
    expect(await storedCountsOf(accountId)).toEqual({ "GET /v1/walmart": 1 });
    // The batch's own timer finds it taken and sends nothing more.
    await Promise.all([answered, refunded]);
    expect(await storedCountsOf(accountId)).toEqual({ "GET /v1/walmart": 1 });
  });

  it("gives back part of a call's units (an MCP batch's tool calls without data), never more than it took", async () => {
    const accountId = `acct_${crypto.randomUUID()}`;
    const batch = await consumeForAccount(env, accountId, 100, 1_000, 5);
    expect(batch.decision.month?.used).toBe(5);
    const first = refundForAccount(env, accountId, batch.idempotencyKey, 2);
    expect((await consumeForAccount(env, accountId, 100, 1_000)).decision.month?.used).toBe(4);
    // A whole refund of the same call after the part gives back only what is left: 3, not 5.
    const rest = refundForAccount(env, accountId, batch.idempotencyKey);
    expect((await consumeForAccount(env, accountId, 100, 1_000)).decision.month?.used).toBe(2);
    const again = refundForAccount(env, accountId, batch.idempotencyKey, 2);
    expect((await consumeForAccount(env, accountId, 100, 1_000)).decision.month?.used).toBe(3);
    await Promise.all([first, rest, again]);
  });

  it("counts a batch's answers of one endpoint, status and day together, and keeps other statuses and days apart", async () => {
    const accountId = `acct_${crypto.randomUUID()}`;
    const yesterday = Date.now() - 86_400_000;
    await Promise.all([
      recordAnswerForAccount(env, accountId, answer("GET /v1/amazon")),
      recordAnswerForAccount(env, accountId, answer("GET /v1/amazon")),
      recordAnswerForAccount(env, accountId, { ...answer("GET /v1/amazon"), status: 502 }),
      recordAnswerForAccount(env, accountId, { ...answer("GET /v1/amazon"), now: yesterday }),
    ]);
    const stub = env.ACCOUNT_METER.get(env.ACCOUNT_METER.idFromName(`account:${accountId}`));
    const rows = await runInDurableObject(stub, (meter) => meter.endpointUsage(utcDay(yesterday)));
    expect(rows.map(({ day, statusClass, count }) => ({ day, statusClass, count }))).toEqual([
      { day: utcDay(yesterday), statusClass: "2xx", count: 1 },
      { day: utcDay(Date.now()), statusClass: "2xx", count: 2 },
      { day: utcDay(Date.now()), statusClass: "5xx", count: 1 },
    ]);
  });

  it("sends a quiet account's answers on their own", async () => {
    const accountId = `acct_${crypto.randomUUID()}`;
    await Promise.all([
      recordAnswerForAccount(env, accountId, answer("GET /v1/walmart")),
      recordAnswerForAccount(env, accountId, answer("GET /v1/walmart")),
    ]);
    expect(await countsOf(accountId)).toEqual({ "GET /v1/walmart": 2 });
  });
});
