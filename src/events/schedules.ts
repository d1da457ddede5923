// Scheduled calls: each due (schedule, time) slot is claimed by inserting its run row first, so a
// cron handler that runs twice for the same minute finds the slot taken and does nothing.
import { CronExpressionParser } from "cron-parser";
import { newId } from "../db/keys";
import { claimRun, dueSchedules, finishRun, setNextRun } from "../db/schedules";
import type { ScheduleRow } from "../db/schema-events";
import { emitEvent } from "./delivery";
import { database } from "../db/client";
import { findLiveKeyById } from "../db/keys";
import { ApiError } from "../errors";
import type { InProcess } from "../in-process";
import { cronBudgetMs, workInTurns } from "./turns";
import { log } from "../log";
import { readAtMost } from "../net/read-body";

/** Stored answers are cut at this size, read no further, so one run cannot pass D1's 2 MB row limit. */
const MAX_RESULT_BYTES = 900_000;

/** The first time after `after` that the expression names (UTC); throws on a malformed expression. */
export function nextRunAfter(cron: string, after: Date): Date {
  return CronExpressionParser.parse(cron, { currentDate: after, tz: "UTC" }).next().toDate();
}

export const runPath = (scheduleId: string, runId: string) => `/v1/schedules/${scheduleId}/runs/${runId}`;

export async function processDueSchedules(
  env: Env,
  ctx: ExecutionContext,
  local: InProcess,
  now = Date.now(),
  batch = 50,
): Promise<number> {
  const db = database(env.DB);
  const due = await dueSchedules(db, new Date(now), batch);
  return workInTurns(due, { budgetMs: cronBudgetMs(env) }, async (schedule) => {
    const runId = newId("run");
    const claimed = await claimRun(db, {
      id: runId,
      scheduleId: schedule.id,
      scheduledFor: schedule.nextRunAt,
      startedAt: new Date(),
    });
    // Missed slots (the cron was down) are skipped: the next run is the next one after now.
    await setNextRun(
      db,
      schedule.id,
      nextRunAfter(schedule.cron, new Date(Math.max(now, schedule.nextRunAt.getTime()))),
    );
    if (!claimed) return false;
    await runSchedule(env, ctx, local, schedule, runId, now).catch((err) =>
      log.error("schedule run crashed", { id: schedule.id, error: err }),
    );
    return true;
  });
}

/** Runs the schedule's request as its owner, stores the answer and announces it. */
async function runSchedule(
  env: Env,
  ctx: ExecutionContext,
  local: InProcess,
  schedule: ScheduleRow,
  runId: string,
  now: number,
) {
  const db = database(env.DB);
  const identity = await findLiveKeyById(db, schedule.keyId);
  let httpStatus: number | null = null;
  let contentType = "application/json";
  let result: string;
  if (!identity) {
    result = JSON.stringify({
      status: "error",
      error: { code: "unauthorized", message: "The key that created this schedule was revoked." },
    });
  } else {
    try {
      const { response } = await local.getData(env, ctx, identity, schedule.path);
      httpStatus = response.status;
      contentType = response.headers.get("Content-Type") ?? contentType;
      result = new TextDecoder().decode((await readAtMost(response, MAX_RESULT_BYTES)).bytes);
    } catch (err) {
      // A stored path no data route answers any more.
      if (!(err instanceof ApiError)) throw err;
      httpStatus = err.status;
      result = JSON.stringify({ status: "error", error: { code: err.code, message: err.message } });
    }
  }
  const succeeded = httpStatus !== null && httpStatus >= 200 && httpStatus < 300;
  await finishRun(db, runId, {
    status: succeeded ? "succeeded" : "failed",
    httpStatus,
    contentType,
    result,
    finishedAt: new Date(),
  });
  await emitEvent(
    env,
    (p) => ctx.waitUntil(p),
    schedule.accountId,
    "schedule.completed",
    {
      schedule_id: schedule.id,
      run_id: runId,
      path: schedule.path,
      status: succeeded ? "succeeded" : "failed",
      http_status: httpStatus,
      summary: summarise(result, contentType),
      result_url: runPath(schedule.id, runId),
    },
    now,
  );
}

/** A few figures about the answer, so the webhook is useful without downloading it. */
function summarise(body: string, contentType: string): Record<string, unknown> {
  const summary: Record<string, unknown> = { bytes: body.length, content_type: contentType };
  if (!contentType.includes("json")) return summary;
  try {
    const parsed = JSON.parse(body) as {
      data?: { attributes?: { count?: unknown } } | unknown[];
      error?: { code: string };
    };
    // Lists answer as a bare list (catalogue) or inside the product envelope, which counts them.
    if (Array.isArray(parsed.data)) summary.items = parsed.data.length;
    else if (typeof parsed.data?.attributes?.count === "number") summary.items = parsed.data.attributes.count;
    if (parsed.error) summary.error_code = parsed.error.code;
  } catch {
    /* cut or not JSON: bytes and type are all we say */
  }
  return summary;
}
