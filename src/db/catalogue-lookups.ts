// Catalogue look-ups by key: one dataset the account may see with its measured fields, the
// categories with how many datasets each holds, and whether a category or country exists.
import { and, asc, count, eq, isNull, or, sql } from "drizzle-orm";
import { describeDataset } from "./catalogue";
import type { Db } from "./keys";
import { categories, countries, datasetFields, datasets } from "./schema";

/** Public datasets and the reading account's own. */
const visibleTo = (accountId: string) => or(isNull(datasets.accountId), eq(datasets.accountId, accountId));

/** catalogue.ts's SUMMARY_COLUMNS, the JSON lists as stored text (describeDataset parses them). */
const SUMMARY = {
  id: datasets.id,
  slug: datasets.slug,
  name: datasets.name,
  description: datasets.description,
  category_slug: datasets.categorySlug,
  category_name: datasets.categoryName,
  countries: sql<string>`${datasets.countries}`,
  tags: sql<string>`${datasets.tags}`,
  source_platforms: sql<string>`${datasets.sourcePlatforms}`,
  record_count: datasets.recordCount,
  update_frequency: datasets.updateFrequency,
  last_updated: datasets.lastUpdated,
  formats: sql<string>`${datasets.formats}`,
  account_id: datasets.accountId,
};

export interface FieldRow {
  name: string;
  type: string;
  description: string;
  nullable: number;
  fill_rate: number;
}

/** A dataset the account may see, with its fields' fill rates as measured on its latest snapshot; or null. */
export async function getDataset(db: Db, slug: string, accountId: string) {
  const visible = and(eq(datasets.slug, slug), visibleTo(accountId));
  const [[row], fields] = await db.batch([
    db
      .select({ ...SUMMARY, recipe: datasets.recipe, latest_snapshot_id: datasets.latestSnapshotId })
      .from(datasets)
      .where(visible),
    db
      .select({
        name: datasetFields.name,
        type: datasetFields.type,
        description: datasetFields.description,
        nullable: sql<number>`${datasetFields.nullable}`,
        fill_rate: datasetFields.fillRate,
      })
      .from(datasetFields)
      .innerJoin(datasets, eq(datasets.id, datasetFields.datasetId))
      .where(visible)
      .orderBy(asc(datasetFields.position)),
  ]);
  if (!row) return null;
  return {
    row,
    summary: describeDataset(row),
    measured: new Map<string, FieldRow>(fields.map((f) => [f.name, f])),
  };
}

export function listCategories(db: Db, accountId: string) {
  return db
    .select({
      slug: categories.slug,
      name: categories.name,
      description: categories.description,
      dataset_count: count(datasets.id),
    })
    .from(categories)
    .leftJoin(datasets, and(eq(datasets.categorySlug, categories.slug), visibleTo(accountId)))
    .groupBy(categories.slug)
    .orderBy(asc(categories.name));
}

export async function categoryExists(db: Db, slug: string): Promise<boolean> {
  const rows = await db.select({ slug: categories.slug }).from(categories).where(eq(categories.slug, slug));
  return rows.length > 0;
}

export async function countryExists(db: Db, code: string): Promise<boolean> {
  const rows = await db.select({ code: countries.code }).from(countries).where(eq(countries.code, code));
  return rows.length > 0;
}
