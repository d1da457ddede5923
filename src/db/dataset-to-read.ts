// The read a records page starts with: the dataset, if the account may see it, and the complete
// snapshot the page reads, in one statement; the common case (the latest snapshot) prepared once.
import { and, desc, eq, lte, sql } from "drizzle-orm";
import type { Db } from "./keys";
import { type DatasetObject, OBJECT_COLUMNS, visibleTo } from "./datasets";
import { SNAPSHOT_COLUMNS, type SnapshotRow } from "./dataset-snapshots";
import { datasets } from "./schema";
import { datasetSnapshots } from "./schema-datasets";

/**
 * A dataset the account may see and the complete snapshot a read of it takes, in one statement:
 * the one `snapshotId` names, else the latest finished by `asOf` (or at all). The snapshot is null
 * when there is none such; the whole answer is null when the dataset is not there for the account.
 */
export async function datasetToRead(
  db: Db,
  slug: string,
  accountId: string | null,
  { snapshotId, asOf }: { snapshotId?: string; asOf?: number },
): Promise<{ dataset: DatasetObject; snapshot: SnapshotRow | null } | null> {
  if (snapshotId === undefined && asOf === undefined) {
    const [row] = await latestToRead(db).all({ slug, account: accountId ?? "" });
    return row ?? null;
  }
  const chosen = snapshotId ?? latestSnapshot(db, asOf);
  const [row] = await db
    .select({ dataset: OBJECT_COLUMNS, snapshot: SNAPSHOT_COLUMNS })
    .from(datasets)
    .leftJoin(
      datasetSnapshots,
      and(
        eq(datasetSnapshots.datasetId, datasets.id),
        eq(datasetSnapshots.status, "complete"),
        eq(datasetSnapshots.id, typeof chosen === "string" ? chosen : sql`(${chosen})`),
      ),
    )
    .where(visibleTo(slug, accountId));
  return row ?? null;
}

/** The id of the outer row's dataset's latest complete snapshot (finished by `asOf`), as a subquery. */
function latestSnapshot(db: Db, asOf?: number) {
  return db
    .select({ id: datasetSnapshots.id })
    .from(datasetSnapshots)
    .where(
      and(
        eq(datasetSnapshots.datasetId, datasets.id),
        eq(datasetSnapshots.status, "complete"),
        asOf === undefined ? undefined : lte(datasetSnapshots.finishedAt, new Date(asOf)),
      ),
    )
    .orderBy(desc(datasetSnapshots.finishedAt))
    .limit(1);
}

/** The read of a dataset's latest complete snapshot, the records route's every first page: built once per client. */
function prepareLatestToRead(db: Db) {
  return db
    .select({ dataset: OBJECT_COLUMNS, snapshot: SNAPSHOT_COLUMNS })
    .from(datasets)
    .leftJoin(datasetSnapshots, eq(datasetSnapshots.id, sql`(${latestSnapshot(db)})`))
    .where(visibleTo(sql.placeholder("slug"), sql.placeholder("account")))
    .prepare();
}

const preparedLatest = new WeakMap<Db, ReturnType<typeof prepareLatestToRead>>();

function latestToRead(db: Db) {
  let prepared = preparedLatest.get(db);
  if (!prepared) {
    prepared = prepareLatestToRead(db);
    preparedLatest.set(db, prepared);
  }
  return prepared;
}
