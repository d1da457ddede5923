import { processDueDeliveries } from "./delivery";
import { processDueSchedules } from "./schedules";
import { processDueWatches } from "./watches";
import type { InProcess } from "../in-process";
import { log } from "../log";
import { sweepJobs } from "../jobs/sweep";
import { refreshDueDatasets } from "../datasets/refresh";

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
    sweepJobs(env, (promise) => ctx.waitUntil(promise), now),
    refreshDueDatasets(env, now),
  ]);
  log.info("events cron", {
    deliveries: settled(deliveries),
    watches: settled(watches),
    schedules: settled(schedules),
    jobs: settled(jobs),
    datasets: settled(datasets),
  });
}

const settled = (result: PromiseSettledResult<number>) =>
  result.status === "fulfilled" ? result.value : `error: ${String(result.reason)}`;
