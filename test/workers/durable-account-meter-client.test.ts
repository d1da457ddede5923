// What an account's calls leave for its meter (answers by endpoint) rides along with its next
// limiter call, or goes on its own when none comes; either way each answer is counted once
// (src/durable/account-meter-client.ts).
import { runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import {
  consumeForAccount,
  endpointUsageForAccount,
  recordAnswerForAccount,
} from "../../src/durable/account-meter-client";
import { utcDay } from "../../src/durable/daily-usage";
import { env } from "./helpers";

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
  it("counts each answer once when a limiter call takes some and a later batch waits for its own send", async () => {
    const accountId = `acct_${crypto.randomUUID()}`;
    const first = recordAnswerForAccount(env, accountId, answer("GET /v1/amazon"));
    // Takes the first answer along with it.
    const { decision } = await consumeForAccount(env, accountId, 100, 1_000);
    expect(decision.allowed).toBe(true);
    const second = recordAnswerForAccount(env, accountId, answer("GET /v1/ebay"));
    await first;
    // The first answer's timer found its batch taken and sent nothing: the later batch waits for its own.
    expect(await storedCountsOf(accountId)).toEqual({ "GET /v1/amazon": 1 });
    await second;
    expect(await storedCountsOf(accountId)).toEqual({ "GET /v1/amazon": 1, "GET /v1/ebay": 1 });
    expect(await countsOf(accountId)).toEqual({ "GET /v1/amazon": 1, "GET /v1/ebay": 1 });
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
