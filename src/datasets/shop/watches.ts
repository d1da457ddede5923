// Watches that follow a whole dataset: after each refresh of a shop, every watch of the dataset
// looks at the products that refresh added, removed or re-priced and, when any meet its condition,
// tells its account which (`dataset.products_matched`), as the key that made it.
import { database } from "../../db/client";
import { findLiveKeyById } from "../../db/keys";
import { type DatasetWatchCondition, productsMatching } from "../../db/shop-changes";
import { recordCheck, watchesFollowing } from "../../db/watches";
import { emitEvent } from "../../events/delivery";

/** Products named in one event; `matched` says how many met the condition in all. */
export const PRODUCTS_PER_EVENT = 100;

export interface RefreshClosed {
  datasetId: number;
  /** The dataset's account; null for the public catalogue, which any account may watch. */
  accountId: string | null;
  dataset: string;
  snapshot: string;
  jobId: string;
  /** When the dataset is refreshed next, if it has a schedule. */
  nextRefreshAt: number | null;
}

/** Checks every watch of the dataset against the refresh that just closed; how many fired. */
export async function checkDatasetWatches(
  env: Env,
  waitUntil: (promise: Promise<unknown>) => void,
  refresh: RefreshClosed,
  now = Date.now(),
): Promise<number> {
  const db = database(env.DB);
  let fired = 0;
  for (const watch of await watchesFollowing(db, refresh.dataset)) {
    // A private dataset is its account's alone; a watch of another account never reads it.
    if (refresh.accountId !== null && watch.accountId !== refresh.accountId) continue;
    const next = { lastCheckedAt: new Date(now), nextCheckAt: new Date(refresh.nextRefreshAt ?? now) };
    if (!(await findLiveKeyById(db, watch.keyId))) {
      const lastError = "the key that created this watch was revoked";
      await recordCheck(db, watch.id, { ...next, consecutiveFailures: watch.consecutiveFailures + 1, lastError });
      continue;
    }
    const condition = watch.condition as DatasetWatchCondition;
    const { matched, products } = await productsMatching(
      db,
      refresh.datasetId,
      refresh.jobId,
      condition,
      watch.threshold,
      PRODUCTS_PER_EVENT,
    );
    await recordCheck(db, watch.id, {
      ...next,
      consecutiveFailures: 0,
      lastError: null,
      ...(matched > 0 ? { lastFiredAt: new Date(now) } : {}),
    });
    if (matched === 0) continue;
    fired += 1;
    await emitEvent(
      env,
      waitUntil,
      watch.accountId,
      "dataset.products_matched",
      {
        watch_id: watch.id,
        kind: "dataset",
        dataset: refresh.dataset,
        snapshot: refresh.snapshot,
        condition,
        threshold: watch.threshold,
        matched,
        products,
        truncated: matched > products.length,
        checked_at: new Date(now).toISOString(),
      },
      now,
    );
  }
  return fired;
}
