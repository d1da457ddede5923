import { describe, expect, it } from "vitest";
import { database } from "../../../src/db/client";
import { newId } from "../../../src/db/keys";
import { insertWithinCap } from "../../../src/db/object-caps";
import {
  claimRun,
  deleteSchedule,
  dueSchedules,
  findRun,
  finishRun,
  recentRuns,
  setNextRun,
} from "../../../src/db/schedules";
import { env, newAccount } from "../helpers";

const db = () => database(env.DB);
// Long before any schedule other tests make is due, so the due list holds only this file's.
const T0 = Date.UTC(2001, 0, 1, 12, 0, 0);

async function scheduleDueAt(accountId: string, keyId: string, dueAt: number) {
  return insertWithinCap(db(), "schedules", {
    id: newId("sch"),
    accountId,
    keyId,
    cron: "0 * * * *",
    path: "/v1/amazon?asin=B0057OC5O8",
    nextRunAt: new Date(dueAt),
    createdAt: new Date(dueAt),
  });
}

const slot = (scheduleId: string, scheduledFor: number) => ({
  id: newId("run"),
  scheduleId,
  scheduledFor: new Date(scheduledFor),
  startedAt: new Date(scheduledFor),
});

describe("claiming a schedule's slot", () => {
  it("lets exactly one of two concurrent cron runs claim the same slot, and the next slot stays free", async () => {
    const { accountId, keyId } = await newAccount();
    const schedule = await scheduleDueAt(accountId, keyId, T0 + 86_400_000);
    const claims = await Promise.all([claimRun(db(), slot(schedule.id, T0)), claimRun(db(), slot(schedule.id, T0))]);
    expect(claims.sort()).toEqual([false, true]);
    expect(await claimRun(db(), slot(schedule.id, T0 + 3_600_000))).toBe(true);
    expect((await recentRuns(db(), schedule.id, 50)).map((run) => [run.scheduledFor, run.status])).toEqual([
      [new Date(T0 + 3_600_000), "running"],
      [new Date(T0), "running"],
    ]);
  });
});

describe("schedules due to run", () => {
  it("lets accounts take turns, and a moved next run leaves the list", async () => {
    const busy = await newAccount();
    const quiet = await newAccount();
    const b1 = await scheduleDueAt(busy.accountId, busy.keyId, T0 - 300_000);
    const b2 = await scheduleDueAt(busy.accountId, busy.keyId, T0 - 200_000);
    const q1 = await scheduleDueAt(quiet.accountId, quiet.keyId, T0 - 100_000);
    expect((await dueSchedules(db(), new Date(T0), 10)).map((s) => s.id)).toEqual([b1.id, q1.id, b2.id]);
    await setNextRun(db(), b1.id, new Date(T0 + 3_600_000));
    expect((await dueSchedules(db(), new Date(T0), 10)).map((s) => s.id)).toEqual([b2.id, q1.id]);
  });
});

describe("a run's stored answer", () => {
  it("is found through its own schedule only, and goes when the schedule is deleted", async () => {
    const { accountId, keyId } = await newAccount();
    const schedule = await scheduleDueAt(accountId, keyId, T0 + 86_400_000);
    const other = await scheduleDueAt(accountId, keyId, T0 + 86_400_000);
    const run = slot(schedule.id, T0);
    await claimRun(db(), run);
    await finishRun(db(), run.id, {
      status: "succeeded",
      httpStatus: 200,
      contentType: "application/json",
      result: '{"status":"success"}',
      finishedAt: new Date(T0 + 1500),
    });
    expect(await findRun(db(), schedule.id, run.id)).toMatchObject({
      status: "succeeded",
      httpStatus: 200,
      result: '{"status":"success"}',
    });
    expect(await findRun(db(), other.id, run.id)).toBeNull();
    await deleteSchedule(db(), schedule.id);
    expect(await findRun(db(), schedule.id, run.id)).toBeNull();
  });
});
