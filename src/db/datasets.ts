// Datasets as objects: created from a recipe (public ones by migrations, an account's own through
// the API), found with their visibility, refreshed when due, updated from their latest snapshot.
import type { Db } from "./keys";
import { insertWithinCap } from "./object-caps";

export interface DatasetObject {
  id: number;
  slug: string;
  name: string;
  recipe: string;
  account_id: string | null;
  key_id: string | null;
  latest_snapshot_id: string | null;
  next_refresh_at: number | null;
  record_count: number;
}

const OBJECT_COLUMNS = "id, slug, name, recipe, account_id, key_id, latest_snapshot_id, next_refresh_at, record_count";

/** A dataset the account may see (public, or its own), or null: another account's is not there. */
export async function findVisibleDataset(db: D1Database, slug: string, accountId: string | null) {
  return db
    .prepare(`SELECT ${OBJECT_COLUMNS} FROM datasets WHERE slug = ? AND (account_id IS NULL OR account_id = ?)`)
    .bind(slug, accountId ?? "")
    .first<DatasetObject>();
}

export interface NewDataset {
  slug: string;
  name: string;
  description: string;
  category: { slug: string; name: string };
  countries: { code: string; name: string }[];
  tags: string[];
  platforms: string[];
  fieldNames: string[];
  frequency: string;
  recipe: string;
  accountId: string;
  keyId: string;
  nextRefreshAt: number;
  now: number;
}

/** Creates an account's dataset within its plan's cap (ObjectCapReached otherwise). */
export async function insertDataset(db: Db, d1: D1Database, dataset: NewDataset): Promise<DatasetObject> {
  const row = await insertWithinCap(db, "datasets", {
    slug: dataset.slug,
    name: dataset.name,
    description: dataset.description,
    categorySlug: dataset.category.slug,
    categoryName: dataset.category.name,
    countries: dataset.countries.map((country) => country.code),
    countryNames: dataset.countries.map((country) => country.name).join(" "),
    tags: dataset.tags,
    fieldNames: dataset.fieldNames.join(" "),
    searchTerms: [dataset.category.slug, ...dataset.platforms, ...dataset.countries.map((c) => c.code)].join(" "),
    sourcePlatforms: dataset.platforms,
    recordCount: 0,
    updateFrequency: dataset.frequency,
    lastUpdated: "",
    formats: ["json", "ndjson", "csv"],
    recipe: dataset.recipe,
    accountId: dataset.accountId,
    keyId: dataset.keyId,
    latestSnapshotId: null,
    nextRefreshAt: new Date(dataset.nextRefreshAt),
    createdAt: new Date(dataset.now),
  });
  if (dataset.countries.length > 0)
    await d1.batch(
      dataset.countries.map(({ code }) =>
        d1.prepare("INSERT INTO dataset_countries (dataset_id, country_code) VALUES (?, ?)").bind(row.id, code),
      ),
    );
  return (await findVisibleDataset(d1, dataset.slug, dataset.accountId))!;
}

/** Removes a dataset and its index rows; its R2 objects are deleted by the caller. */
export async function deleteDatasetRows(d1: D1Database, datasetId: number) {
  const tables = [
    "dataset_record_changes",
    "dataset_record_state",
    "dataset_countries",
    "dataset_fields",
    "shop_products",
  ];
  await d1.batch([
    d1
      .prepare("DELETE FROM dataset_parts WHERE snapshot_id IN (SELECT id FROM dataset_snapshots WHERE dataset_id = ?)")
      .bind(datasetId),
    d1.prepare("DELETE FROM dataset_snapshots WHERE dataset_id = ?").bind(datasetId),
    // The watches that follow it (their `platform` is its slug) have nothing left to watch.
    d1
      .prepare("DELETE FROM watches WHERE kind = 'dataset' AND platform = (SELECT slug FROM datasets WHERE id = ?)")
      .bind(datasetId),
    ...tables.map((table) => d1.prepare(`DELETE FROM ${table} WHERE dataset_id = ?`).bind(datasetId)),
    d1.prepare("DELETE FROM datasets WHERE id = ?").bind(datasetId),
  ]);
}

/** Datasets whose next refresh is due, oldest due first. */
export async function dueDatasets(d1: D1Database, now: number, limit: number) {
  const rows = await d1
    .prepare(
      `SELECT ${OBJECT_COLUMNS} FROM datasets WHERE next_refresh_at IS NOT NULL AND next_refresh_at <= ? ORDER BY next_refresh_at LIMIT ?`,
    )
    .bind(now, limit)
    .all<DatasetObject>();
  return rows.results;
}

/** Moves a dataset's next refresh once (false when another run already moved it). */
export async function claimRefresh(d1: D1Database, datasetId: number, seen: number | null, next: number | null) {
  const result = await d1
    .prepare("UPDATE datasets SET next_refresh_at = ? WHERE id = ? AND next_refresh_at IS ?")
    .bind(next, datasetId, seen)
    .run();
  return result.meta.changes === 1;
}

/** Public datasets (the ones `npm start` fills locally). */
export async function publicDatasets(d1: D1Database) {
  const rows = await d1
    .prepare(`SELECT ${OBJECT_COLUMNS} FROM datasets WHERE account_id IS NULL ORDER BY slug`)
    .all<DatasetObject>();
  return rows.results;
}

/** Makes a finished snapshot the one reads see: counts, update time and each field's fill rate. */
export async function applySnapshot(
  d1: D1Database,
  datasetId: number,
  snapshot: { id: string; records: number; finishedAt: number },
  fields: { name: string; type: string; description: string; fillRate: number }[],
) {
  await d1.batch([
    d1
      .prepare("UPDATE datasets SET latest_snapshot_id = ?, record_count = ?, last_updated = ? WHERE id = ?")
      .bind(snapshot.id, snapshot.records, new Date(snapshot.finishedAt).toISOString(), datasetId),
    d1.prepare("DELETE FROM dataset_fields WHERE dataset_id = ?").bind(datasetId),
    ...fields.map((field, position) =>
      d1
        .prepare(
          "INSERT INTO dataset_fields (dataset_id, position, name, type, description, nullable, fill_rate) VALUES (?, ?, ?, ?, ?, ?, ?)",
        )
        .bind(
          datasetId,
          position,
          field.name,
          field.type,
          field.description,
          field.fillRate < 1 ? 1 : 0,
          field.fillRate,
        ),
    ),
  ]);
}
