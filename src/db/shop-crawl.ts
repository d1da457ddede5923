// A whole-shop refresh in D1: its frontier (each address once per refresh, taken by one crawl item
// at a time and given back to the same item when it runs again), its counters, the crawl items it
// adds to its own job as it finds more to read, and the products the dataset holds across refreshes.
//
// Raw SQL: addToFrontier's multi-row INSERT OR IGNORE (drizzle would send every column of each row
// as a parameter, past D1's 100 a statement at this many rows) and appendItems' INSERT … SELECT
// numbering each item after the job's last (drizzle's INSERT … SELECT must name every column of
// job_items), batched with the job's new total.
import { and, asc, count, eq, inArray, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "./keys";
import { jobItems } from "./schema-jobs";
import { shopFrontier, shopRefreshes } from "./schema-shops";

export interface FrontierEntry {
  url: string;
  kind: "sitemap" | "page";
  depth: number;
  recheck?: boolean;
}

const ROWS_PER_INSERT = 20;

/** Starts a refresh's bookkeeping with its first addresses; false when it had started already. */
export async function openShopRefresh(db: Db, jobId: string, datasetId: number, seeds: FrontierEntry[]) {
  const opened = await db.insert(shopRefreshes).values({ jobId, datasetId }).onConflictDoNothing();
  if (opened.meta.changes === 0) return false;
  await addToFrontier(db, jobId, seeds);
  return true;
}

/** Adds addresses not yet in the refresh's frontier; how many were new. */
export async function addToFrontier(db: Db, jobId: string, entries: FrontierEntry[]): Promise<number> {
  const d1 = db.$client;
  const statements: D1PreparedStatement[] = [];
  for (let start = 0; start < entries.length; start += ROWS_PER_INSERT) {
    const chunk = entries.slice(start, start + ROWS_PER_INSERT);
    statements.push(
      d1
        .prepare(
          `INSERT OR IGNORE INTO shop_frontier (job_id, url, kind, depth, recheck) VALUES ${chunk.map(() => "(?, ?, ?, ?, ?)").join(", ")}`,
        )
        .bind(...chunk.flatMap((entry) => [jobId, entry.url, entry.kind, entry.depth, entry.recheck ? 1 : 0])),
    );
  }
  if (statements.length === 0) return 0;
  const results = await d1.batch(statements);
  return results.reduce((sum, result) => sum + result.meta.changes, 0);
}

/**
 * The addresses crawl item `item` reads: those it took before and did not finish (it is running
 * again after a crash), else up to `limit` pending ones, sitemaps first, shallowest first.
 */
export async function takeFrontier(db: Db, jobId: string, item: number, limit: number) {
  const columns = {
    url: shopFrontier.url,
    kind: shopFrontier.kind,
    depth: shopFrontier.depth,
    recheck: shopFrontier.recheck,
  };
  const entry = (row: { url: string; kind: string; depth: number; recheck: number }): FrontierEntry => ({
    url: row.url,
    kind: row.kind as FrontierEntry["kind"],
    depth: row.depth,
    recheck: row.recheck === 1,
  });
  const mine = await db
    .select(columns)
    .from(shopFrontier)
    .where(and(eq(shopFrontier.jobId, jobId), eq(shopFrontier.item, item), eq(shopFrontier.status, "taken")));
  if (mine.length > 0) return mine.map(entry);
  const pending = db
    .select({ url: shopFrontier.url })
    .from(shopFrontier)
    .where(and(eq(shopFrontier.jobId, jobId), eq(shopFrontier.status, "pending")))
    .orderBy(sql`${shopFrontier.kind} = 'page'`, asc(shopFrontier.depth))
    .limit(limit);
  const taken = await db
    .update(shopFrontier)
    .set({ status: "taken", item })
    .where(and(eq(shopFrontier.jobId, jobId), inArray(shopFrontier.url, pending)))
    .returning(columns);
  return taken.map(entry);
}

/** Records how an address ended: read, skipped (robots, patterns, limits) or given back to the queue. */
export async function settleFrontier(
  db: Db,
  jobId: string,
  urls: string[],
  status: "done" | "skipped" | "pending",
): Promise<void> {
  // An address given back is no longer any item's.
  const settled = status === "pending" ? { status, item: null } : { status };
  const statements: BatchItem<"sqlite">[] = [];
  for (let start = 0; start < urls.length; start += 90)
    statements.push(
      db
        .update(shopFrontier)
        .set(settled)
        .where(and(eq(shopFrontier.jobId, jobId), inArray(shopFrontier.url, urls.slice(start, start + 90)))),
    );
  const [first, ...rest] = statements;
  if (first) await db.batch([first, ...rest]);
}

/** Skips every address still pending (a limit was reached). */
export async function skipPending(db: Db, jobId: string): Promise<void> {
  await db
    .update(shopFrontier)
    .set({ status: "skipped" })
    .where(and(eq(shopFrontier.jobId, jobId), eq(shopFrontier.status, "pending")));
}

/** Addresses the refresh's frontier holds, whatever their state. */
export async function frontierSize(db: Db, jobId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(shopFrontier).where(eq(shopFrontier.jobId, jobId));
  return row?.n ?? 0;
}

export async function pendingCount(db: Db, jobId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(shopFrontier)
    .where(and(eq(shopFrontier.jobId, jobId), eq(shopFrontier.status, "pending")));
  return row?.n ?? 0;
}

/** Adds pages fetched and products recorded to the refresh's counters; the totals after. */
export async function countCrawl(db: Db, jobId: string, pages: number, products: number) {
  const [row] = await db
    .update(shopRefreshes)
    .set({ pages: sql`${shopRefreshes.pages} + ${pages}`, products: sql`${shopRefreshes.products} + ${products}` })
    .where(eq(shopRefreshes.jobId, jobId))
    .returning({ pages: shopRefreshes.pages, products: shopRefreshes.products });
  return row ?? { pages: 0, products: 0 };
}

/** Items of the job waiting to run (pending or queued). */
export async function waitingItems(db: Db, jobId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(jobItems)
    .where(and(eq(jobItems.jobId, jobId), inArray(jobItems.status, ["pending", "queued"])));
  return row?.n ?? 0;
}

/** Adds `count` items running `path` to the job (its total grows with them). */
export async function appendItems(db: Db, jobId: string, path: string, count: number): Promise<void> {
  if (count <= 0) return;
  const d1 = db.$client;
  const statements = Array.from({ length: count }, () =>
    d1
      .prepare(
        `INSERT INTO job_items (job_id, idx, path, status)
         SELECT ?, COALESCE(MAX(idx), -1) + 1, ?, 'pending' FROM job_items WHERE job_id = ?`,
      )
      .bind(jobId, path, jobId),
  );
  statements.push(d1.prepare("UPDATE jobs SET total = total + ? WHERE id = ?").bind(count, jobId));
  await d1.batch(statements);
}
