// The products a whole-shop dataset holds across refreshes: when each was first and last seen,
// which refresh re-priced or removed it, how many refreshes in a row missed it, and its last
// record (written again, with `removed_at`, while the shop no longer shows it).

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
  db: D1Database,
  datasetId: number,
  jobId: string,
  seenAt: number,
  sightings: ProductSighting[],
): Promise<(number | null)[]> {
  if (sightings.length === 0) return [];
  const statements = sightings.map((sighting) =>
    db
      .prepare(
        `INSERT INTO shop_products (dataset_id, key, url, first_seen, last_seen, first_job, seen_job, price, record)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (dataset_id, key) DO UPDATE SET url = excluded.url, last_seen = excluded.last_seen,
           seen_job = excluded.seen_job, missed = 0, removed_at = NULL, removed_job = NULL,
           priced_job = CASE WHEN price IS NOT excluded.price THEN excluded.seen_job ELSE priced_job END,
           previous_price = CASE WHEN price IS NOT excluded.price THEN price ELSE previous_price END,
           price = excluded.price, record = excluded.record
         WHERE seen_job != excluded.seen_job
         RETURNING first_seen`,
      )
      .bind(
        datasetId,
        sighting.key,
        sighting.url,
        seenAt,
        seenAt,
        jobId,
        jobId,
        sighting.price,
        JSON.stringify(sighting.record),
      ),
  );
  const results = await db.batch<{ first_seen: number }>(statements);
  return results.map((result) => result.results[0]?.first_seen ?? null);
}

/** Marks the products at these addresses removed now: the shop answered that they are gone. */
export async function markGone(db: D1Database, datasetId: number, jobId: string, urls: string[], now: number) {
  if (urls.length === 0) return;
  await db
    .prepare(
      `UPDATE shop_products SET removed_at = ?, removed_job = ?
       WHERE dataset_id = ? AND removed_at IS NULL AND seen_job != ? AND url IN (${urls.map(() => "?").join(", ")})`,
    )
    .bind(now, jobId, datasetId, jobId, ...urls)
    .run();
}

/** The addresses of the products the dataset holds (not removed), to read again in this refresh. */
export async function knownProductUrls(db: D1Database, datasetId: number, jobId: string, limit: number) {
  const { results } = await db
    .prepare(
      "SELECT url FROM shop_products WHERE dataset_id = ? AND removed_at IS NULL AND seen_job != ? ORDER BY key LIMIT ?",
    )
    .bind(datasetId, jobId, limit)
    .all<{ url: string }>();
  return results.map((row) => row.url);
}

/**
 * Closes a refresh's product state: products it did not see count one more miss, and those missed
 * `removeAfter` refreshes in a row are marked removed. Answers what the refresh added, removed and
 * re-priced, and how many products the dataset holds after it.
 */
export async function closeProducts(
  db: D1Database,
  datasetId: number,
  jobId: string,
  now: number,
  removeAfter: number,
) {
  await db.batch([
    db
      .prepare(
        "UPDATE shop_products SET missed = missed + 1 WHERE dataset_id = ? AND seen_job != ? AND removed_at IS NULL",
      )
      .bind(datasetId, jobId),
    db
      .prepare(
        "UPDATE shop_products SET removed_at = ?, removed_job = ? WHERE dataset_id = ? AND removed_at IS NULL AND missed >= ?",
      )
      .bind(now, jobId, datasetId, removeAfter),
  ]);
  const counts = await db
    .prepare(
      `SELECT sum(first_job = ?1) AS added, sum(removed_job = ?1) AS removed, sum(priced_job = ?1) AS repriced,
         sum(removed_at IS NULL) AS held
       FROM shop_products WHERE dataset_id = ?2`,
    )
    .bind(jobId, datasetId)
    .first<{ added: number | null; removed: number | null; repriced: number | null; held: number | null }>();
  return {
    added: counts?.added ?? 0,
    removed: counts?.removed ?? 0,
    repriced: counts?.repriced ?? 0,
    held: counts?.held ?? 0,
  };
}

/** The last records of every product the dataset holds (seen by this refresh, missed, or removed), a page at a time in key order. */
export async function productRecords(db: D1Database, datasetId: number, after: string, limit: number) {
  const { results } = await db
    .prepare(
      "SELECT key, record, first_seen, removed_at FROM shop_products WHERE dataset_id = ? AND key > ? ORDER BY key LIMIT ?",
    )
    .bind(datasetId, after, limit)
    .all<{ key: string; record: string; first_seen: number; removed_at: number | null }>();
  return results;
}
