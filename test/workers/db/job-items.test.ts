import { describe, expect, it } from "vitest";
import {
  cancelWaitingItems,
  claimPending,
  finishItem,
  itemCounts,
  itemLines,
  itemRoutes,
  requeueItem,
  stalledItems,
  takeItem,
} from "../../../src/db/job-items";
import { database } from "../../../src/db/client";
import { testJobRow } from "../job-fixtures";
import { insertJob } from "../../../src/db/jobs";
import { newId } from "../../../src/db/keys";
import { env, newAccount } from "../helpers";

// Now: a running item's stall is judged by the clock, not by the caller's time.
const T0 = Date.now();
const LEASE_MS = 60_000;

async function jobOf(paths: string[]) {
  const { accountId, keyId } = await newAccount();
  const id = newId("job");
  await insertJob(
    database(env.DB),
    testJobRow({ accountId: accountId, keyId: keyId }, paths.length, {
      id,
      status: "queued",
      createdAt: new Date(T0),
      expiresAt: new Date(T0 + 7 * 86_400_000),
    }),
    paths,
  );
  return id;
}

const LINE = { idx: 0, path: "/v1/amazon?asin=B000000000", http_status: null, error_code: null, error_message: null };
const amazon = (n: number) => Array.from({ length: n }, (_, i) => `/v1/amazon?asin=B00000000${i}`);

describe("claiming pending items", () => {
  it("gives two concurrent claimers different items, lowest index first, and no item twice", async () => {
    const jobId = await jobOf(amazon(5));
    const [a, b] = await Promise.all([
      claimPending(database(env.DB), jobId, 2, T0),
      claimPending(database(env.DB), jobId, 2, T0),
    ]);
    expect([...a!, ...b!].sort()).toEqual([0, 1, 2, 3]);
    expect(await claimPending(database(env.DB), jobId, 10, T0)).toEqual([4]);
    expect(await claimPending(database(env.DB), jobId, 10, T0)).toEqual([]);
    expect(await itemCounts(database(env.DB), jobId)).toMatchObject({ pending: 0, queued: 5 });
  });
});

describe("taking and finishing an item", () => {
  it("lets one of two consumers take a queued item, and another take it only once the lease has run out", async () => {
    const jobId = await jobOf(amazon(1));
    await claimPending(database(env.DB), jobId, 1, T0);
    const item = { jobId, idx: 0 };
    const taken = await Promise.all([
      takeItem(database(env.DB), item, T0, LEASE_MS),
      takeItem(database(env.DB), item, T0, LEASE_MS),
    ]);
    expect(taken.filter((row) => row !== null)).toMatchObject([
      { jobId, idx: 0, status: "running", attempts: 1, leaseUntil: new Date(T0 + LEASE_MS) },
    ]);
    expect(await takeItem(database(env.DB), item, T0 + LEASE_MS, LEASE_MS)).toBeNull();
    expect(await takeItem(database(env.DB), item, T0 + LEASE_MS + 1, LEASE_MS)).toMatchObject({ attempts: 2 });
  });

  it("records an outcome once: a second finish, or a requeue after it, changes nothing", async () => {
    const jobId = await jobOf(amazon(1));
    await claimPending(database(env.DB), jobId, 1, T0);
    const item = { jobId, idx: 0 };
    await takeItem(database(env.DB), item, T0, LEASE_MS);
    const [succeeded, failed] = await Promise.all([
      finishItem(database(env.DB), item, { status: "succeeded", httpStatus: 200 }, T0 + 500),
      finishItem(database(env.DB), item, { status: "failed", httpStatus: 502, errorCode: "upstream_error" }, T0 + 600),
    ]);
    expect([succeeded, failed].sort()).toEqual([false, true]);
    expect(await requeueItem(database(env.DB), item, T0 + 700)).toBe(false);
    expect(await itemLines(database(env.DB), jobId, 0, 10)).toEqual([
      succeeded
        ? { ...LINE, status: "succeeded", http_status: 200 }
        : { ...LINE, status: "failed", http_status: 502, error_code: "upstream_error" },
    ]);
  });
});

describe("a job's items over time", () => {
  it("finds items queued or running past the stall time, cancels the waiting ones and reads the routes once each", async () => {
    const jobId = await jobOf([...amazon(3), "/v1/walmart?id=123", "/v1/amazon/search?q=usb"]);
    await claimPending(database(env.DB), jobId, 2, T0);
    await takeItem(database(env.DB), { jobId, idx: 0 }, T0, LEASE_MS);
    expect(await stalledItems(database(env.DB), jobId, T0 + 1)).toEqual([1]);
    expect(await stalledItems(database(env.DB), jobId, T0)).toEqual([]);

    await cancelWaitingItems(database(env.DB), jobId, T0 + 1000);
    expect(await itemCounts(database(env.DB), jobId)).toEqual({
      pending: 0,
      queued: 0,
      running: 1,
      succeeded: 0,
      failed: 0,
      cancelled: 4,
    });
    const routes = (await itemRoutes(database(env.DB), [jobId])).get(jobId)!;
    expect(routes.sort()).toEqual(["/v1/amazon", "/v1/amazon/search", "/v1/walmart"]);
    expect((await itemLines(database(env.DB), jobId, 3, 10)).map((line) => [line.idx, line.path])).toEqual([
      [3, "/v1/walmart?id=123"],
      [4, "/v1/amazon/search?q=usb"],
    ]);
  });
});
