// A dataset's refreshes as its owner follows them: the latest one (running or finished) with its
// job's progress, and for a whole shop what it found, kept when it closed so a later refresh does
// not change it.

export interface ShopRefreshCounts {
  added: number;
  removed: number;
  price_changed: number;
  /** Products the dataset holds (not removed) after the refresh. */
  held: number;
}

/** Keeps what a closing shop refresh found beside its counters. */
export async function saveShopRefreshCounts(db: D1Database, jobId: string, counts: ShopRefreshCounts) {
  await db
    .prepare("UPDATE shop_refreshes SET added = ?, removed = ?, price_changed = ?, held = ? WHERE job_id = ?")
    .bind(counts.added, counts.removed, counts.price_changed, counts.held, jobId)
    .run();
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
export async function latestRefresh(db: D1Database, datasetId: number) {
  return db
    .prepare(
      `SELECT s.id AS snapshot_id, s.job_id, s.status, s.started_at, s.finished_at, s.records,
         j.status AS job_status, j.total AS items_total,
         (SELECT count(*) FROM job_items i WHERE i.job_id = s.job_id AND i.status IN ('succeeded', 'failed', 'cancelled'))
           AS items_done,
         r.pages, r.products AS products_read, r.added, r.removed, r.price_changed,
         -- A refresh still running: what the dataset holds now.
         CASE WHEN r.job_id IS NULL THEN NULL ELSE COALESCE(r.held,
           (SELECT count(*) FROM shop_products p WHERE p.dataset_id = s.dataset_id AND p.removed_at IS NULL)) END AS held
       FROM dataset_snapshots s LEFT JOIN jobs j ON j.id = s.job_id LEFT JOIN shop_refreshes r ON r.job_id = s.job_id
       WHERE s.dataset_id = ? ORDER BY s.status = 'collecting' DESC, s.started_at DESC LIMIT 1`,
    )
    .bind(datasetId)
    .first<LatestRefreshRow>();
}
