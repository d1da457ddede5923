// The per-request log's storage (src/db/request-log.ts): pages newest first, one key's calls,
// the row cap and the retention enforced as rows are written, each account's rows its own.
import { describe, expect, it } from "vitest";
import { database } from "../../../src/db/client";
import {
  type LoggedCall,
  logRequests,
  readRequestLog,
  recentPaths,
  REQUEST_LOG_DAYS,
  REQUEST_LOG_ROWS_PER_ACCOUNT,
} from "../../../src/db/request-log";
import { env } from "../helpers";

const db = database(env.DB);
let accounts = 0;
const newAccountId = () => `acc_log_${Date.now()}_${++accounts}`;

const callOf = (accountId: string, n: number, extra: Partial<LoggedCall> = {}): LoggedCall => ({
  accountId,
  keyId: n % 2 ? "key_odd" : "key_even",
  at: Date.now() - 1_000 + n,
  method: "GET",
  route: "GET /v1/amazon",
  path: `/v1/amazon?asin=B0000000${String(n).padStart(2, "0")}`,
  status: 200,
  units: 1,
  latencyMs: 100 + n,
  requestId: `req_${accountId}_${n}`,
  ...extra,
});

describe("the request log", () => {
  it("answers pages newest first, each with where the next older page starts, and one key's calls", async () => {
    const accountId = newAccountId();
    for (let n = 0; n < 7; n += 1) await logRequests(db, [callOf(accountId, n)]);
    const first = await readRequestLog(db, accountId, { limit: 3 });
    expect(first.rows.map((row) => row.requestId)).toEqual([6, 5, 4].map((n) => `req_${accountId}_${n}`));
    const second = await readRequestLog(db, accountId, { limit: 3, before: first.olderBefore! });
    expect(second.rows.map((row) => row.latencyMs)).toEqual([103, 102, 101]);
    const last = await readRequestLog(db, accountId, { limit: 3, before: second.olderBefore! });
    expect(last.rows.map((row) => row.latencyMs)).toEqual([100]);
    expect(last.olderBefore).toBeNull();
    const odd = await readRequestLog(db, accountId, { keyId: "key_odd" });
    expect(odd.rows.map((row) => row.latencyMs)).toEqual([105, 103, 101]);
    expect((await readRequestLog(db, newAccountId(), {})).rows).toEqual([]);
  });

  it("keeps at most the cap of rows per account, dropping the oldest, and leaves other accounts alone", async () => {
    const [crowded, neighbour] = [newAccountId(), newAccountId()];
    await logRequests(db, [callOf(neighbour, 0)]);
    for (let n = 0; n < 8; n += 1) await logRequests(db, [callOf(crowded, n)], { rows: 5, trimEvery: 1 });
    const { rows } = await readRequestLog(db, crowded, { limit: 100 });
    expect(rows.map((row) => row.latencyMs)).toEqual([107, 106, 105, 104, 103]);
    expect((await readRequestLog(db, neighbour, {})).rows).toHaveLength(1);
  });

  it("writes a batch of many calls of several accounts, each row trimming its own account's log", async () => {
    const [one, two] = [newAccountId(), newAccountId()];
    const calls = Array.from({ length: 25 }, (_, n) => callOf(n % 2 ? one : two, n));
    await logRequests(db, calls, { rows: 5, trimEvery: 1 });
    const kept = async (accountId: string) =>
      (await readRequestLog(db, accountId, { limit: 100 })).rows.map((row) => row.latencyMs);
    expect(await kept(one)).toEqual([123, 121, 119, 117, 115]);
    expect(await kept(two)).toEqual([124, 122, 120, 118, 116]);
  });

  it("trims on one insert in trimEvery only: the others write their row and nothing else", async () => {
    const accountId = newAccountId();
    // This file's database is fresh: its row ids stay far below 1,000.
    for (let n = 0; n < 8; n += 1) await logRequests(db, [callOf(accountId, n)], { rows: 5, trimEvery: 1_000 });
    expect((await readRequestLog(db, accountId, { limit: 100 })).rows).toHaveLength(8);
  });

  it(`forgets calls older than ${REQUEST_LOG_DAYS} days when a later call of the account trims its log`, async () => {
    const accountId = newAccountId();
    const old = Date.now() - (REQUEST_LOG_DAYS + 1) * 86_400_000;
    await logRequests(db, [callOf(accountId, 0, { at: old })]);
    // Never read back, even before it is deleted.
    expect((await readRequestLog(db, accountId, {})).rows).toEqual([]);
    await logRequests(db, [callOf(accountId, 1)], { rows: REQUEST_LOG_ROWS_PER_ACCOUNT, trimEvery: 1 });
    const stored = await env.DB.prepare("SELECT count(*) AS n FROM request_log WHERE account_id = ?")
      .bind(accountId)
      .first<{ n: number }>();
    expect(stored!.n).toBe(1);
  });

  it("cuts long paths, and lists the latest distinct answered paths of chosen routes", async () => {
    const accountId = newAccountId();
    await logRequests(db, [callOf(accountId, 0, { path: `/v1/amazon?q=${"x".repeat(1_000)}` })]);
    expect((await readRequestLog(db, accountId, {})).rows[0]!.path).toHaveLength(300);
    await logRequests(db, [callOf(accountId, 1)]);
    await logRequests(db, [callOf(accountId, 2, { status: 404 })]);
    await logRequests(db, [callOf(accountId, 3, { route: "GET /v1/amazon/search", path: "/v1/amazon/search?q=x" })]);
    await logRequests(db, [callOf(accountId, 1)]);
    expect(await recentPaths(db, accountId, ["GET /v1/amazon"], 1)).toEqual(["/v1/amazon?asin=B000000001"]);
    expect(await recentPaths(db, accountId, ["GET /v1/amazon"])).toHaveLength(2);
  });
});
