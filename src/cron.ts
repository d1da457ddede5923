// The Worker's timers, dispatched from the entry (src/index.ts): each background room is handed only
// what it needs, and no room below calls another's work back up.
import { refreshDueDatasets } from "./datasets/refresh";
import { processDueDeliveries } from "./events/delivery";
import { processDueSchedules } from "./events/schedules";
import { processDueWatches } from "./events/watches";
import type { InProcess } from "./in-process";
import { jobHooks } from "./job-hooks";
import { sweepJobs } from "./jobs/sweep";
import { log } from "./log";

/**
 * The every-minute cron: webhook retries that came due, watch checks, scheduled calls, batch jobs
 * kept moving, dataset refreshes that came due. The first three take due work with accounts in turns and stop starting more after
 * a time budget (events/turns.ts), so one account's volume delays only its own work.
 */
export async function runEveryMinute(
  env: Env,
  ctx: ExecutionContext,
  local: InProcess,
  scheduledTime: number,
): Promise<void> {
  const now = Math.max(Date.now(), scheduledTime);
  const [deliveries, watches, schedules, jobs, datasets] = await Promise.allSettled([
    processDueDeliveries(env, now),
    processDueWatches(env, ctx, local, now),
    processDueSchedules(env, ctx, local, now),
    sweepJobs(env, (promise) => ctx.waitUntil(promise), jobHooks, now),
    refreshDueDatasets(env, now),
  ]);
  log.info("minute cron", {
    deliveries: settled(deliveries),
    watches: settled(watches),
    schedules: settled(schedules),
    jobs: settled(jobs),
    datasets: settled(datasets),
  });
}

const settled = (result: PromiseSettledResult<number>) =>
  result.status === "fulfilled" ? result.value : `error: ${String(result.reason)}`;
