// Datasets as objects: created from a recipe (public ones by migrations, an account's own through
// the API), found with their visibility, refreshed when due, updated from their latest snapshot.
import { and, asc, eq, inArray, isNotNull, isNull, lte, or, type Placeholder, sql } from "drizzle-orm";
import type { Db } from "./keys";
import { insertWithinCap } from "./object-caps";
import { datasetCountries, datasetFields, datasets } from "./schema";
import { datasetParts, datasetRecordChanges, datasetRecordState, datasetSnapshots } from "./schema-datasets";
import { watches } from "./schema-events";
import { shopProducts } from "./schema-shops";

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

export const OBJECT_COLUMNS = {
  id: datasets.id,
  slug: datasets.slug,
  name: datasets.name,
  recipe: datasets.recipe,
  account_id: datasets.accountId,
  key_id: datasets.keyId,
  latest_snapshot_id: datasets.latestSnapshotId,
  // Epoch milliseconds as stored: callers compare and hand it on as a number.
  next_refresh_at: sql<number | null>`${datasets.nextRefreshAt}`,
  record_count: datasets.recordCount,
};

/** Whether the dataset is one the account may see: public, or its own. */
export const visibleTo = (slug: string | Placeholder, accountId: string | Placeholder | null) =>
  and(eq(datasets.slug, slug), or(isNull(datasets.accountId), eq(datasets.accountId, accountId ?? "")));

/** A dataset the account may see (public, or its own), or null: another account's is not there. */
export async function findVisibleDataset(
  db: Db,
  slug: string,
  accountId: string | null,
): Promise<DatasetObject | null> {
  const [row] = await db.select(OBJECT_COLUMNS).from(datasets).where(visibleTo(slug, accountId));
  return row ?? null;
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
export async function insertDataset(db: Db, dataset: NewDataset): Promise<DatasetObject> {
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
  const [first, ...rest] = dataset.countries.map(({ code }) =>
    db.insert(datasetCountries).values({ datasetId: row.id, countryCode: code }),
  );
  if (first) await db.batch([first, ...rest]);
  return (await findVisibleDataset(db, dataset.slug, dataset.accountId))!;
}

/** Removes a dataset and its index rows; its R2 objects are deleted by the caller. */
export async function deleteDatasetRows(db: Db, datasetId: number) {
  const snapshots = db
    .select({ id: datasetSnapshots.id })
    .from(datasetSnapshots)
    .where(eq(datasetSnapshots.datasetId, datasetId));
  const slug = db.select({ slug: datasets.slug }).from(datasets).where(eq(datasets.id, datasetId));
  const tables = [datasetRecordChanges, datasetRecordState, datasetCountries, datasetFields, shopProducts];
  await db.batch([
    db.delete(datasetParts).where(inArray(datasetParts.snapshotId, snapshots)),
    db.delete(datasetSnapshots).where(eq(datasetSnapshots.datasetId, datasetId)),
    // The watches that follow it (their `platform` is its slug) have nothing left to watch.
    db
      .delete(watches)
      .where(and(eq(watches.kind, "dataset"), sql`${watches.platform} = (${slug})`)),
    ...tables.map((table) => db.delete(table).where(eq(table.datasetId, datasetId))),
    db.delete(datasets).where(eq(datasets.id, datasetId)),
  ]);
}

/** Datasets whose next refresh is due, oldest due first. */
export function dueDatasets(db: Db, now: number, limit: number): Promise<DatasetObject[]> {
  return db
    .select(OBJECT_COLUMNS)
    .from(datasets)
    .where(and(isNotNull(datasets.nextRefreshAt), lte(datasets.nextRefreshAt, new Date(now))))
    .orderBy(asc(datasets.nextRefreshAt))
    .limit(limit);
}

/** Moves a dataset's next refresh once (false when another run already moved it). */
export async function claimRefresh(db: Db, datasetId: number, seen: number | null, next: number | null) {
  const result = await db
    .update(datasets)
    .set({ nextRefreshAt: next === null ? null : new Date(next) })
    .where(
      and(
        eq(datasets.id, datasetId),
        seen === null ? isNull(datasets.nextRefreshAt) : eq(datasets.nextRefreshAt, new Date(seen)),
      ),
    );
  return result.meta.changes === 1;
}

/** Public datasets (the ones `npm start` fills locally). */
export function publicDatasets(db: Db): Promise<DatasetObject[]> {
  return db.select(OBJECT_COLUMNS).from(datasets).where(isNull(datasets.accountId)).orderBy(asc(datasets.slug));
}

/** Makes a finished snapshot the one reads see: counts, update time and each field's fill rate. */
export async function applySnapshot(
  db: Db,
  datasetId: number,
  snapshot: { id: string; records: number; finishedAt: number },
  fields: { name: string; type: string; description: string; fillRate: number }[],
) {
  await db.batch([
    db
      .update(datasets)
      .set({
        latestSnapshotId: snapshot.id,
        recordCount: snapshot.records,
        lastUpdated: new Date(snapshot.finishedAt).toISOString(),
      })
      .where(eq(datasets.id, datasetId)),
    db.delete(datasetFields).where(eq(datasetFields.datasetId, datasetId)),
    ...fields.map((field, position) =>
      db.insert(datasetFields).values({
        datasetId,
        position,
        name: field.name,
        type: field.type,
        description: field.description,
        nullable: field.fillRate < 1,
        fillRate: field.fillRate,
      }),
    ),
  ]);
}
