// A whole-shop refresh in D1: its frontier (each address once per refresh, taken by one crawl item
// at a time and given back to the same item when it runs again), its counters, the crawl items it
// adds to its own job as it finds more to read, and the products the dataset holds across refreshes.

export interface FrontierEntry {
  url: string;
  kind: "sitemap" | "page";
  depth: number;
  recheck?: boolean;
}

const ROWS_PER_INSERT = 20;

/** Starts a refresh's bookkeeping with its first addresses; false when it had started already. */
export async function openShopRefresh(db: D1Database, jobId: string, datasetId: number, seeds: FrontierEntry[]) {
  const opened = await db
    .prepare("INSERT OR IGNORE INTO shop_refreshes (job_id, dataset_id) VALUES (?, ?)")
    .bind(jobId, datasetId)
    .run();
  if (opened.meta.changes === 0) return false;
  await addToFrontier(db, jobId, seeds);
  return true;
}

/** Adds addresses not yet in the refresh's frontier; how many were new. */
export async function addToFrontier(db: D1Database, jobId: string, entries: FrontierEntry[]): Promise<number> {
  const statements: D1PreparedStatement[] = [];
  for (let start = 0; start < entries.length; start += ROWS_PER_INSERT) {
    const chunk = entries.slice(start, start + ROWS_PER_INSERT);
    statements.push(
      db
        .prepare(
          `INSERT OR IGNORE INTO shop_frontier (job_id, url, kind, depth, recheck) VALUES ${chunk.map(() => "(?, ?, ?, ?, ?)").join(", ")}`,
        )
        .bind(...chunk.flatMap((entry) => [jobId, entry.url, entry.kind, entry.depth, entry.recheck ? 1 : 0])),
    );
  }
  if (statements.length === 0) return 0;
  const results = await db.batch(statements);
  return results.reduce((sum, result) => sum + result.meta.changes, 0);
}

/**
 * The addresses crawl item `item` reads: those it took before and did not finish (it is running
 * again after a crash), else up to `limit` pending ones, sitemaps first, shallowest first.
 */
export async function takeFrontier(db: D1Database, jobId: string, item: number, limit: number) {
  type Row = { url: string; kind: FrontierEntry["kind"]; depth: number; recheck: number };
  const mine = await db
    .prepare("SELECT url, kind, depth, recheck FROM shop_frontier WHERE job_id = ? AND item = ? AND status = 'taken'")
    .bind(jobId, item)
    .all<Row>();
  const entry = (row: Row): FrontierEntry => ({
    url: row.url,
    kind: row.kind,
    depth: row.depth,
    recheck: row.recheck === 1,
  });
  if (mine.results.length > 0) return mine.results.map(entry);
  const { results } = await db
    .prepare(
      `UPDATE shop_frontier SET status = 'taken', item = ?
       WHERE job_id = ? AND url IN (SELECT url FROM shop_frontier WHERE job_id = ? AND status = 'pending'
         ORDER BY kind = 'page', depth LIMIT ?)
       RETURNING url, kind, depth, recheck`,
    )
    .bind(item, jobId, jobId, limit)
    .all<Row>();
  return results.map(entry);
}

/** Records how an address ended: read, skipped (robots, patterns, limits) or given back to the queue. */
export async function settleFrontier(
  db: D1Database,
  jobId: string,
  urls: string[],
  status: "done" | "skipped" | "pending",
): Promise<void> {
  const statements: D1PreparedStatement[] = [];
  for (let start = 0; start < urls.length; start += 90) {
    const chunk = urls.slice(start, start + 90);
    statements.push(
      db
        .prepare(
          `UPDATE shop_frontier SET status = ?, item = CASE WHEN ? = 'pending' THEN NULL ELSE item END
           WHERE job_id = ? AND url IN (${chunk.map(() => "?").join(", ")})`,
        )
        .bind(status, status, jobId, ...chunk),
    );
  }
  if (statements.length > 0) await db.batch(statements);
}

/** Skips every address still pending (a limit was reached). */
export async function skipPending(db: D1Database, jobId: string): Promise<void> {
  await db
    .prepare("UPDATE shop_frontier SET status = 'skipped' WHERE job_id = ? AND status = 'pending'")
    .bind(jobId)
    .run();
}

export async function pendingCount(db: D1Database, jobId: string): Promise<number> {
  const row = await db
    .prepare("SELECT count(*) AS n FROM shop_frontier WHERE job_id = ? AND status = 'pending'")
    .bind(jobId)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

/** Adds pages fetched and products recorded to the refresh's counters; the totals after. */
export async function countCrawl(db: D1Database, jobId: string, pages: number, products: number) {
  const row = await db
    .prepare(
      "UPDATE shop_refreshes SET pages = pages + ?, products = products + ? WHERE job_id = ? RETURNING pages, products",
    )
    .bind(pages, products, jobId)
    .first<{ pages: number; products: number }>();
  return row ?? { pages: 0, products: 0 };
}

/** Items of the job waiting to run (pending or queued). */
export async function waitingItems(db: D1Database, jobId: string): Promise<number> {
  const row = await db
    .prepare("SELECT count(*) AS n FROM job_items WHERE job_id = ? AND status IN ('pending', 'queued')")
    .bind(jobId)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

/** Adds `count` items running `path` to the job (its total grows with them). */
export async function appendItems(db: D1Database, jobId: string, path: string, count: number): Promise<void> {
  if (count <= 0) return;
  const statements = Array.from({ length: count }, () =>
    db
      .prepare(
        `INSERT INTO job_items (job_id, idx, path, status)
         SELECT ?, COALESCE(MAX(idx), -1) + 1, ?, 'pending' FROM job_items WHERE job_id = ?`,
      )
      .bind(jobId, path, jobId),
  );
  statements.push(db.prepare("UPDATE jobs SET total = total + ? WHERE id = ?").bind(count, jobId));
  await db.batch(statements);
}
