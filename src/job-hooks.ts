// The hooks batch jobs are run with (src/jobs/hooks.ts): a dataset refresh collects its items into a
// snapshot, and the end of a job is announced through the webhook outbox. Built here, above jobs,
// datasets and events, and handed to the queue consumer, the sweep and the job routes.
import { collectItem, finishJobSnapshot } from "./datasets/snapshot";
import { emitEvent } from "./events/delivery";
import type { JobHooks } from "./jobs/hooks";

export const jobHooks: JobHooks = {
  collected: (env, job, item, answer) => collectItem(env, job.id, item.idx, item.path, answer),
  ended: (env, waitUntil, job, status, counts) => finishJobSnapshot(env, waitUntil, job.id, status, counts),
  announce: async (env, waitUntil, job, type, data) => {
    await emitEvent(env, waitUntil, job.accountId, type, data, Date.now(), job.webhookEndpointId);
  },
};
