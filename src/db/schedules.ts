// Scheduled calls and their runs. A run row is unique per (schedule, scheduled time), so inserting
// it is the claim on that slot: a cron handler that runs twice for the same minute finds it taken.
import { and, asc, desc, eq, lte } from "drizzle-orm";
import type { Db } from "./keys";
import { scheduleRuns, schedules, type ScheduleRow } from "./schema-events";
import { inTurnsByAccount } from "./turns";

type RunRow = typeof scheduleRuns.$inferSelect;

/** The account's schedules, oldest first. */
export function listSchedules(db: Db, accountId: string): Promise<ScheduleRow[]> {
  return db.select().from(schedules).where(eq(schedules.accountId, accountId)).orderBy(asc(schedules.createdAt));
}

/** A schedule of the account; another account's is not found. */
export async function findSchedule(db: Db, accountId: string, id: string): Promise<ScheduleRow | null> {
  const [row] = await db
    .select()
    .from(schedules)
    .where(and(eq(schedules.id, id), eq(schedules.accountId, accountId)));
  return row ?? null;
}

/** Deletes the schedule; its runs and their stored answers go with it. */
export async function deleteSchedule(db: Db, id: string): Promise<void> {
  await db.delete(schedules).where(eq(schedules.id, id));
}

/** Schedules with a run due at `at`, accounts taking turns. */
export function dueSchedules(db: Db, at: Date, limit: number): Promise<ScheduleRow[]> {
  return db
    .select()
    .from(schedules)
    .where(lte(schedules.nextRunAt, at))
    .orderBy(...inTurnsByAccount(schedules.accountId, schedules.nextRunAt))
    .limit(limit);
}

export async function setNextRun(db: Db, id: string, nextRunAt: Date): Promise<void> {
  await db.update(schedules).set({ nextRunAt }).where(eq(schedules.id, id));
}

/** Claims the schedule's slot `scheduledFor` by inserting its `running` run; false when the slot was taken. */
export async function claimRun(
  db: Db,
  run: { id: string; scheduleId: string; scheduledFor: Date; startedAt: Date },
): Promise<boolean> {
  const [claimed] = await db
    .insert(scheduleRuns)
    .values({ ...run, status: "running" })
    .onConflictDoNothing()
    .returning({ id: scheduleRuns.id });
  return claimed !== undefined;
}

/** Stores a run's answer and how it ended. */
export async function finishRun(
  db: Db,
  id: string,
  outcome: Pick<RunRow, "status" | "httpStatus" | "contentType" | "result" | "finishedAt">,
): Promise<void> {
  await db.update(scheduleRuns).set(outcome).where(eq(scheduleRuns.id, id));
}

/** The schedule's newest `limit` runs, without their stored answers. */
export function recentRuns(db: Db, scheduleId: string, limit: number) {
  return db
    .select({
      id: scheduleRuns.id,
      scheduledFor: scheduleRuns.scheduledFor,
      status: scheduleRuns.status,
      httpStatus: scheduleRuns.httpStatus,
    })
    .from(scheduleRuns)
    .where(eq(scheduleRuns.scheduleId, scheduleId))
    .orderBy(desc(scheduleRuns.scheduledFor))
    .limit(limit);
}

/** A run of the schedule, with its stored answer; another schedule's is not found. */
export async function findRun(db: Db, scheduleId: string, id: string): Promise<RunRow | null> {
  const [run] = await db
    .select()
    .from(scheduleRuns)
    .where(and(eq(scheduleRuns.id, id), eq(scheduleRuns.scheduleId, scheduleId)));
  return run ?? null;
}
