// Keeps a shop refresh's job moving: while addresses wait in the frontier, enough crawl items wait
// to take them (a batch each), and up to the crawl's parallel items are on the queue. The site's
// HostBudget paces them, so more items in parallel only keep the site's queue full, never faster
// than its crawl-delay; SHOP_CRAWL_ITEMS tunes it (tests).
import { database } from "../../db/client";
import { claimPending, itemCounts, type JobMessage } from "../../db/job-items";
import { appendItems, pendingCount, waitingItems } from "../../db/shop-crawl";
import { CRAWL_BATCH, SHOP_ITEM_PATH } from "./recipe";
import { tuning } from "../../tuning";

const DEFAULT_PARALLEL_ITEMS = 3;

const parallelItems = (env: Env) => tuning(env, "SHOP_CRAWL_ITEMS", DEFAULT_PARALLEL_ITEMS);

/**
 * Adds the crawl items the frontier needs and puts them on the queue within the crawl's parallel items,
 * to run after `delaySeconds` (an item that met its site's queue full sends the next a minute on, not
 * at once into the same full queue); the stall sweep counts from when they are due.
 */
export async function scheduleCrawlItems(env: Env, jobId: string, delaySeconds = 0): Promise<void> {
  const db = database(env.DB);
  const parallel = parallelItems(env);
  const pending = await pendingCount(db, jobId);
  const wanted = Math.min(Math.ceil(pending / CRAWL_BATCH), parallel) - (await waitingItems(db, jobId));
  await appendItems(db, jobId, SHOP_ITEM_PATH, wanted);
  const counts = await itemCounts(db, jobId);
  // This item still counts as running; the runner sends one more when it finishes.
  const room = parallel - counts.queued - counts.running;
  const sent = await claimPending(db, jobId, room, Date.now() + delaySeconds * 1000);
  if (sent.length > 0)
    await env.JOBS.sendBatch(sent.map((idx) => ({ body: { jobId, idx } satisfies JobMessage, delaySeconds })));
}
