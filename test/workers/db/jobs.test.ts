import { describe, expect, it } from "vitest";
import { database } from "../../../src/db/client";
import { itemCounts } from "../../../src/db/job-items";
import {
  deleteJobRows,
  expiredJobs,
  findJob,
  findJobById,
  findJobByIdempotencyKey,
  insertJob,
  moveJob,
} from "../../../src/db/jobs";
import { testJobRow } from "../job-fixtures";
import type { JobRow } from "../../../src/db/schema-jobs";
import { env, newAccount } from "../helpers";

const db = () => database(env.DB);
// Long ago, so the expired list holds only this file's jobs.
const T0 = Date.UTC(2001, 0, 1, 12, 0, 0);

const job = (accountId: string, keyId: string, fields: Partial<JobRow> = {}): JobRow =>
  testJobRow({ accountId, keyId }, 2, {
    createdAt: new Date(T0),
    expiresAt: new Date(T0 + 7 * 86_400_000),
    ...fields,
  });
const PATHS = ["/v1/amazon?asin=B0C1GHS4GF", "/v1/amazon?asin=B08DF9F814"];

describe("moving a job's status", () => {
  it("moves it once: of two concurrent moves from running, one wins, and the first start time stays", async () => {
    const { accountId, keyId } = await newAccount();
    const row = job(accountId, keyId);
    await insertJob(db(), row, PATHS);
    expect(await moveJob(db(), row.id, ["queued"], "running", T0 + 1000)).toBe(true);
    expect(await moveJob(db(), row.id, ["queued"], "running", T0 + 2000)).toBe(false);
    const moves = await Promise.all([
      moveJob(db(), row.id, ["queued", "running"], "completed", T0 + 5000),
      moveJob(db(), row.id, ["queued", "running"], "cancelled", T0 + 6000),
    ]);
    expect(moves.sort()).toEqual([false, true]);
    const moved = await findJobById(db(), row.id);
    expect(moved).toMatchObject({ startedAt: new Date(T0 + 1000) });
    expect(moved!.finishedAt).toEqual(new Date(moved!.status === "completed" ? T0 + 5000 : T0 + 6000));
  });
});

describe("an account's jobs", () => {
  it("finds a job by its Idempotency-Key within its account, and refuses a second job with the same key", async () => {
    const { accountId, keyId } = await newAccount();
    const other = await newAccount();
    const row = job(accountId, keyId, { idempotencyKey: "order-7" });
    await insertJob(db(), row, PATHS);
    expect((await findJobByIdempotencyKey(db(), accountId, "order-7"))?.id).toBe(row.id);
    expect(await findJobByIdempotencyKey(db(), other.accountId, "order-7")).toBeNull();
    await expect(insertJob(db(), job(accountId, keyId, { idempotencyKey: "order-7" }), PATHS)).rejects.toThrow();
    // The other account may use the same key for a job of its own.
    await insertJob(db(), job(other.accountId, other.keyId, { idempotencyKey: "order-7" }), PATHS);
    expect(await findJob(db(), other.accountId, row.id)).toBeNull();
  });

  it("writes a job within the cap on jobs at once, counting the queued and running ones only", async () => {
    const { accountId, keyId } = await newAccount();
    for (const status of ["queued", "running", "completed", "failed", "cancelled"] as const)
      expect(await insertJob(db(), job(accountId, keyId, { status }), PATHS, 3)).toBe(true);
    const refused = job(accountId, keyId);
    expect(await insertJob(db(), refused, PATHS, 2)).toBe(false);
    expect(await findJobById(db(), refused.id)).toBeNull();
    expect(await itemCounts(db(), refused.id)).toMatchObject({ pending: 0 });
    expect(await insertJob(db(), job(accountId, keyId), PATHS, 3)).toBe(true);
  });
});

describe("finished jobs past their retention", () => {
  it("lists finished jobs past expiry only, and deletes a job with its items", async () => {
    const { accountId, keyId } = await newAccount();
    const done = job(accountId, keyId, { status: "completed", expiresAt: new Date(T0) });
    const running = job(accountId, keyId, { status: "running", expiresAt: new Date(T0) });
    const kept = job(accountId, keyId, { status: "failed", expiresAt: new Date(T0 + 60_000) });
    for (const row of [done, running, kept]) await insertJob(db(), row, PATHS);
    expect((await expiredJobs(db(), new Date(T0 + 1), 50)).map((row) => row.id)).toEqual([done.id]);
    await deleteJobRows(db(), done.id);
    expect(await findJobById(db(), done.id)).toBeNull();
    expect(await itemCounts(db(), done.id)).toMatchObject({ pending: 0 });
    expect(await itemCounts(db(), kept.id)).toMatchObject({ pending: 2 });
  });
});
