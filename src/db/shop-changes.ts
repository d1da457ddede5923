// What one whole-shop refresh changed, product by product, as a watch over the dataset asks it:
// products it added, removed, or re-priced by a drop (of a share, or under an amount).
import { and, asc, count, eq, gt, isNotNull, lt, type SQL, sql } from "drizzle-orm";
import type { Db } from "./keys";
import { shopProducts } from "./schema-shops";

export type DatasetWatchCondition = "drop_percent" | "below" | "added" | "removed";

export interface MatchedProduct {
  key: string;
  url: string;
  title: string | null;
  currency: string | null;
  price: number | null;
  previous_price: number | null;
}

/** The rows of shop_products a condition picks among those refresh `jobId` touched. */
function matches(condition: DatasetWatchCondition, jobId: string, threshold: number): SQL | undefined {
  const { price, previousPrice, pricedJob } = shopProducts;
  switch (condition) {
    case "added":
      return eq(shopProducts.firstJob, jobId);
    case "removed":
      return eq(shopProducts.removedJob, jobId);
    // As a product watch judges one price (events/watches.ts shouldFire): a drop from the last price.
    case "drop_percent":
      return and(
        eq(pricedJob, jobId),
        gt(previousPrice, 0),
        lt(price, previousPrice),
        sql`(${previousPrice} - ${price}) / ${previousPrice} * 100 >= ${threshold}`,
      );
    case "below":
      return and(eq(pricedJob, jobId), isNotNull(previousPrice), lt(price, previousPrice), lt(price, threshold));
  }
}

/** How many products of the refresh meet the condition, and the first `limit` of them by key. */
export async function productsMatching(
  db: Db,
  datasetId: number,
  jobId: string,
  condition: DatasetWatchCondition,
  threshold: number,
  limit: number,
): Promise<{ matched: number; products: MatchedProduct[] }> {
  const where = and(eq(shopProducts.datasetId, datasetId), matches(condition, jobId, threshold));
  const [counted, products] = await db.batch([
    db.select({ n: count() }).from(shopProducts).where(where),
    db
      .select({
        key: shopProducts.key,
        url: shopProducts.url,
        title: sql<string | null>`json_extract(${shopProducts.record}, '$.title')`,
        currency: sql<string | null>`json_extract(${shopProducts.record}, '$.currency')`,
        price: shopProducts.price,
        previous_price: shopProducts.previousPrice,
      })
      .from(shopProducts)
      .where(where)
      .orderBy(asc(shopProducts.key))
      .limit(limit),
  ]);
  return { matched: counted[0]?.n ?? 0, products };
}
