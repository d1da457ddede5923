// A dataset's refreshes as its owner follows them: the latest one (running or finished) with its
// job's progress, and for a whole shop what it found, kept when it closed so a later refresh does
// not change it.
import { and, count, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "./keys";
import { datasetSnapshots } from "./schema-datasets";
import { jobItems, jobs } from "./schema-jobs";
import { shopProducts, shopRefreshes } from "./schema-shops";

export interface ShopRefreshCounts {
  added: number;
  removed: number;
  price_changed: number;
  /** Products the dataset holds (not removed) after the refresh. */
  held: number;
}

/** Keeps what a closing shop refresh found beside its counters. */
export async function saveShopRefreshCounts(db: Db, jobId: string, counts: ShopRefreshCounts) {
  await db
    .update(shopRefreshes)
    .set({ added: counts.added, removed: counts.removed, priceChanged: counts.price_changed, held: counts.held })
    .where(eq(shopRefreshes.jobId, jobId));
}

export interface LatestRefreshRow {
  snapshot_id: string;
  job_id: string | null;
  status: "collecting" | "complete" | "failed";
  started_at: number;
  finished_at: number | null;
  records: number;
  job_status: string | null;
  items_total: number | null;
  items_done: number;
  /** Whole shops only: pages fetched and products read so far, and what the refresh found once closed. */
  pages: number | null;
  products_read: number | null;
  added: number | null;
  removed: number | null;
  price_changed: number | null;
  held: number | null;
}

/** The dataset's latest refresh (the one collecting, else the last started), or null before its first. */
export async function latestRefresh(db: Db, datasetId: number): Promise<LatestRefreshRow | null> {
  const itemsDone = db
    .select({ n: count() })
    .from(jobItems)
    .where(
      and(eq(jobItems.jobId, datasetSnapshots.jobId), inArray(jobItems.status, ["succeeded", "failed", "cancelled"])),
    );
  const heldNow = db
    .select({ n: count() })
    .from(shopProducts)
    .where(and(eq(shopProducts.datasetId, datasetSnapshots.datasetId), isNull(shopProducts.removedAt)));
  const [row] = await db
    .select({
      snapshot_id: datasetSnapshots.id,
      job_id: datasetSnapshots.jobId,
      status: datasetSnapshots.status,
      // Kept as stored (epoch milliseconds), as the route shows them.
      started_at: sql<number>`${datasetSnapshots.startedAt}`,
      finished_at: sql<number | null>`${datasetSnapshots.finishedAt}`,
      records: datasetSnapshots.records,
      job_status: jobs.status,
      items_total: jobs.total,
      items_done: sql<number>`(${itemsDone})`,
      pages: shopRefreshes.pages,
      products_read: shopRefreshes.products,
      added: shopRefreshes.added,
      removed: shopRefreshes.removed,
      price_changed: shopRefreshes.priceChanged,
      // A refresh still running: what the dataset holds now.
      held: sql<number | null>`CASE WHEN ${shopRefreshes.jobId} IS NULL THEN NULL
        ELSE COALESCE(${shopRefreshes.held}, (${heldNow})) END`,
    })
    .from(datasetSnapshots)
    .leftJoin(jobs, eq(jobs.id, datasetSnapshots.jobId))
    .leftJoin(shopRefreshes, eq(shopRefreshes.jobId, datasetSnapshots.jobId))
    .where(eq(datasetSnapshots.datasetId, datasetId))
    .orderBy(desc(sql`${datasetSnapshots.status} = 'collecting'`), desc(datasetSnapshots.startedAt))
    .limit(1);
  return row ?? null;
}
