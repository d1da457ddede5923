import { createApp } from "./app";
import { runEveryMinute } from "./cron";
import { jobHooks } from "./job-hooks";
import { inProcess } from "./in-process";
import { refreshRates } from "./travel/currency";
import { log, withRequestId } from "./log";
import { consumeJobs } from "./jobs/consumer";
import type { JobMessage } from "./db/job-items";

export { BrowserHost } from "./durable/browser-host";
export { AccountMeter } from "./durable/account-meter";
export { HostBudget } from "./durable/host-budget";

const app = createApp();
/** Cron and queue work run their stored calls through the app, as its routes do (src/in-process.ts). */
const local = inProcess(app);

/** The public daily reference rates (EUR based); FX_FEED_URL points elsewhere, e.g. at the local replica. */
const DEFAULT_FX_FEED = "https://cdn.jsdelivr.net/npm/@fawazahmed0/currency-api@latest/v1/currencies/eur.json";
const RATES_CRON = "0 6 * * *";
const EVENTS_CRON = "* * * * *";

export default {
  fetch: app.fetch,
  // A cron run's log lines carry `cron_<scheduled time>` where a request's carry its request id.
  scheduled: (controller, env, ctx) =>
    withRequestId(`cron_${controller.scheduledTime}`, async () => {
      if (controller.cron === EVENTS_CRON) {
        // Awaited, not waitUntil: a second invocation for the same minute then sees this one's claims.
        await runEveryMinute(env, ctx, local, controller.scheduledTime);
      }
      if (controller.cron === RATES_CRON) {
        ctx.waitUntil(
          refreshRates(env.DB, env.FX_FEED_URL || DEFAULT_FX_FEED)
            .then((result) => log.info("exchange rates refreshed", { ...result }))
            .catch((err) => log.error("exchange rates refresh failed", { error: err })),
        );
      }
    }),
  queue: (batch, env, ctx) =>
    withRequestId(`queue_${batch.queue}`, () =>
      consumeJobs(batch as MessageBatch<JobMessage>, env, ctx, local, jobHooks),
    ),
} satisfies ExportedHandler<Env>;
