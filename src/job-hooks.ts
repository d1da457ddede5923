// The hooks batch jobs are run with (src/jobs/hooks.ts): an item's unit of the account's month
// taken and given back at the account's meter, a whole-shop refresh runs its crawl items
// itself, a dataset refresh collects its items into a snapshot (a shop's closed with what appeared,
// changed and left, announced as dataset.changed, and checked by the watches that follow it), and the end of a job is announced through the
// webhook outbox. Built here, above jobs,
// datasets and events, and handed to the queue consumer, the sweep and the job routes.
import { announceShopChanges, closeShopRefresh } from "./datasets/shop/close";
import { runShopItem } from "./datasets/shop/crawl";
import { isShopItem } from "./datasets/shop/recipe";
import { checkDatasetWatches } from "./datasets/shop/watches";
import { collectItem, finishJobSnapshot } from "./datasets/snapshot";
import { releaseItemForAccount, reserveItemForAccount } from "./durable/account-meter-client";
import { emitEvent } from "./events/delivery";
import type { JobHooks } from "./jobs/hooks";

export const jobHooks: JobHooks = {
  reserveUnit: reserveItemForAccount,
  releaseUnit: releaseItemForAccount,
  ownItem: (env, job, item) => (isShopItem(item.path) ? runShopItem(env, job, item.idx) : null),
  collected: (env, job, item, answer) => collectItem(env, job.id, item.idx, item.path, answer),
  ended: async (env, waitUntil, job, status, counts) => {
    const shopChanges = await closeShopRefresh(env, job.id, status);
    await finishJobSnapshot(env, waitUntil, job.id, status, counts);
    if (shopChanges) {
      await announceShopChanges(env, waitUntil, shopChanges);
      await checkDatasetWatches(env, waitUntil, shopChanges);
    }
  },
  announce: async (env, waitUntil, job, type, data) => {
    await emitEvent(env, waitUntil, job.accountId, type, data, Date.now(), job.webhookEndpointId);
  },
};
