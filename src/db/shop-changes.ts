// What one whole-shop refresh changed, product by product, as a watch over the dataset asks it:
// products it added, removed, or re-priced by a drop (of a share, or under an amount).

export type DatasetWatchCondition = "drop_percent" | "below" | "added" | "removed";

export interface MatchedProduct {
  key: string;
  url: string;
  title: string | null;
  currency: string | null;
  price: number | null;
  previous_price: number | null;
}

/** The rows of shop_products a condition picks among those refresh `?2` touched (`?3` its threshold). */
const MATCHES: Record<DatasetWatchCondition, string> = {
  added: "first_job = ?2",
  removed: "removed_job = ?2",
  // As a product watch judges one price (events/watches.ts shouldFire): a drop from the last price.
  drop_percent:
    "priced_job = ?2 AND previous_price > 0 AND price < previous_price AND (previous_price - price) / previous_price * 100 >= ?3",
  below: "priced_job = ?2 AND previous_price IS NOT NULL AND price < previous_price AND price < ?3",
};

/** How many products of the refresh meet the condition, and the first `limit` of them by key. */
export async function productsMatching(
  db: D1Database,
  datasetId: number,
  jobId: string,
  condition: DatasetWatchCondition,
  threshold: number,
  limit: number,
) {
  const where = `dataset_id = ?1 AND ${MATCHES[condition]}`;
  const [counted, listed] = await db.batch<Record<string, unknown>>([
    // A statement takes as many values as its highest numbered parameter: the threshold only where it is used.
    db
      .prepare(`SELECT count(*) AS n FROM shop_products WHERE ${where}`)
      .bind(datasetId, jobId, ...(where.includes("?3") ? [threshold] : [])),
    db
      .prepare(
        `SELECT key, url, json_extract(record, '$.title') AS title, json_extract(record, '$.currency') AS currency,
           price, previous_price
         FROM shop_products WHERE ${where} ORDER BY key LIMIT ?4`,
      )
      .bind(datasetId, jobId, threshold, limit),
  ]);
  const matched = Number(counted!.results[0]?.n ?? 0);
  const products = listed!.results as unknown as MatchedProduct[];
  return { matched, products };
}
