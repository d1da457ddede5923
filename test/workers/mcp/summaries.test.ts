// src/mcp/tools.ts: the text an agent reads first, from real answers of the routes the tools run
// (the replica sites answering inside workerd): every figure in it is one the answer holds.
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createApp } from "../../../src/app";
import { TOOL_SPECS } from "../../../src/mcp/tools";
import { callApp, env, newAccount, type TestAccount, withKey } from "../helpers";
import { REPLICA, serveReplicas } from "../replica-sites";

vi.setConfig({ testTimeout: 30_000 });
const app = createApp();
const replicaEnv = { ...env, REPLICA_ORIGIN: REPLICA } as Env;
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

let account: TestAccount;
beforeAll(async () => {
  account = await newAccount({ plan: "enterprise" });
});
afterEach(() => vi.restoreAllMocks());

const summaryOf = (name: string, answer: unknown) => TOOL_SPECS.find((tool) => tool.name === name)!.summarize(answer);

describe("search_hotels' summary", () => {
  it("starts with the number of hotels the search found, as meta.pagination counts them", async () => {
    serveReplicas();
    const path = `/v1/travel/booking/hotels/search?destination=Dublin&check_in=${day(50)}&check_out=${day(52)}&limit=5`;
    const response = await callApp(app, path, withKey(account.secret), replicaEnv);
    const answer = (await response.json()) as any;
    expect(response.status, JSON.stringify(answer.error)).toBe(200);
    const total = answer.meta.pagination.total as number;
    expect(total).toBeGreaterThan(answer.data.hotels.length);
    const summary = summaryOf("search_hotels", answer);
    expect(summary).not.toContain("undefined");
    expect(summary.startsWith(`${total} hotels in Dublin from ${day(50)} to ${day(52)} (booking ok)`)).toBe(true);
    expect(summary).toContain(answer.data.hotels[0].name);
  });
});
