// The products a whole-shop dataset holds across refreshes: when each was first and last seen,
// which refresh re-priced or removed it, how many refreshes in a row missed it, and its last
// record (written again, with `removed_at`, while the shop no longer shows it).
import { and, asc, eq, gt, gte, inArray, isNull, ne, type SQL, sql } from "drizzle-orm";
import type { Db } from "./keys";
import { shopProducts } from "./schema-shops";

export interface ProductSighting {
  key: string;
  url: string;
  price: number | null;
  record: Record<string, unknown>;
}

/**
 * Records products one refresh read: new ones with `first_seen`, known ones seen again (missed
 * count reset, removal undone, a new price noted as this refresh's re-pricing). Answers each
 * product's first sighting, or null for a product this refresh already recorded (the same SKU
 * under another address, or read by two items at once): each row is claimed by one conditional
 * upsert, so of two items racing for it exactly one records it.
 */
export async function recordSightings(
  db: Db,
  datasetId: number,
  jobId: string,
  seenAt: number,
  sightings: ProductSighting[],
): Promise<(number | null)[]> {
  const { price, previousPrice, pricedJob } = shopProducts;
  const repriced = sql`${price} IS NOT excluded.price`;
  const statements = sightings.map((sighting) =>
    db
      .insert(shopProducts)
      .values({
        datasetId,
        key: sighting.key,
        url: sighting.url,
        firstSeen: seenAt,
        lastSeen: seenAt,
        firstJob: jobId,
        seenJob: jobId,
        price: sighting.price,
        record: JSON.stringify(sighting.record),
      })
      .onConflictDoUpdate({
        target: [shopProducts.datasetId, shopProducts.key],
        set: {
          url: sql`excluded.url`,
          lastSeen: sql`excluded.last_seen`,
          seenJob: sql`excluded.seen_job`,
          missed: 0,
          removedAt: null,
          removedJob: null,
          pricedJob: sql`CASE WHEN ${repriced} THEN excluded.seen_job ELSE ${pricedJob} END`,
          previousPrice: sql`CASE WHEN ${repriced} THEN ${price} ELSE ${previousPrice} END`,
          price: sql`excluded.price`,
          record: sql`excluded.record`,
        },
        setWhere: sql`${shopProducts.seenJob} != excluded.seen_job`,
      })
      .returning({ firstSeen: shopProducts.firstSeen }),
  );
  const [first, ...rest] = statements;
  if (!first) return [];
  const results = await db.batch([first, ...rest]);
  return results.map((rows) => rows[0]?.firstSeen ?? null);
}

/** Marks the products at these addresses removed now: the shop answered that they are gone. */
export async function markGone(db: Db, datasetId: number, jobId: string, urls: string[], now: number) {
  if (urls.length === 0) return;
  await db
    .update(shopProducts)
    .set({ removedAt: now, removedJob: jobId })
    .where(
      and(
        eq(shopProducts.datasetId, datasetId),
        isNull(shopProducts.removedAt),
        ne(shopProducts.seenJob, jobId),
        inArray(shopProducts.url, urls),
      ),
    );
}

/** The addresses of the products the dataset holds (not removed), to read again in this refresh. */
export async function knownProductUrls(db: Db, datasetId: number, jobId: string, limit: number) {
  const rows = await db
    .select({ url: shopProducts.url })
    .from(shopProducts)
    .where(and(eq(shopProducts.datasetId, datasetId), isNull(shopProducts.removedAt), ne(shopProducts.seenJob, jobId)))
    .orderBy(asc(shopProducts.key))
    .limit(limit);
  return rows.map((row) => row.url);
}

/**
 * Closes a refresh's product state: products it did not see count one more miss, and those missed
 * `removeAfter` refreshes in a row are marked removed. Answers what the refresh added, removed and
 * re-priced, and how many products the dataset holds after it.
 */
export async function closeProducts(db: Db, datasetId: number, jobId: string, now: number, removeAfter: number) {
  const ofDataset = eq(shopProducts.datasetId, datasetId);
  const held = isNull(shopProducts.removedAt);
  await db.batch([
    db
      .update(shopProducts)
      .set({ missed: sql`${shopProducts.missed} + 1` })
      .where(and(ofDataset, ne(shopProducts.seenJob, jobId), held)),
    db
      .update(shopProducts)
      .set({ removedAt: now, removedJob: jobId })
      .where(and(ofDataset, held, gte(shopProducts.missed, removeAfter))),
  ]);
  const tally = (condition: SQL) => sql<number | null>`sum(${condition})`;
  const [counts] = await db
    .select({
      added: tally(sql`${shopProducts.firstJob} = ${jobId}`),
      removed: tally(sql`${shopProducts.removedJob} = ${jobId}`),
      repriced: tally(sql`${shopProducts.pricedJob} = ${jobId}`),
      held: tally(sql`${held}`),
    })
    .from(shopProducts)
    .where(ofDataset);
  return {
    added: counts?.added ?? 0,
    removed: counts?.removed ?? 0,
    repriced: counts?.repriced ?? 0,
    held: counts?.held ?? 0,
  };
}

/** The last records of every product the dataset holds (seen by this refresh, missed, or removed), a page at a time in key order. */
export function productRecords(db: Db, datasetId: number, after: string, limit: number) {
  return db
    .select({
      key: shopProducts.key,
      record: shopProducts.record,
      first_seen: shopProducts.firstSeen,
      removed_at: shopProducts.removedAt,
    })
    .from(shopProducts)
    .where(and(eq(shopProducts.datasetId, datasetId), gt(shopProducts.key, after)))
    .orderBy(asc(shopProducts.key))
    .limit(limit);
}
