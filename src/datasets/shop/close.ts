// The end of a whole-shop refresh: products it did not find count a miss, those missed
// REMOVE_AFTER_MISSES refreshes in a row are marked removed (never deleted), and the snapshot is
// written from the products' rows in D1 — those read now, and the last records of the others (with
// `removed_at` once removed) — a thousand records to a part, so a refresh of any size makes few R2
// objects and holds one part in memory. The account hears what changed (`dataset.changed`: added,
// removed and re-priced products).
import { database } from "../../db/client";
import { firstFreePart } from "../../db/dataset-parts";
import { snapshotOfJob } from "../../db/dataset-snapshots";
import { closeProducts, productRecords } from "../../db/shop-products";
import { saveShopRefreshCounts } from "../../db/shop-refreshes";
import { emitEvent } from "../../events/delivery";
import { nextRun, type Recipe } from "../recipe";
import { type DatasetRecord, RECORD_FIELDS } from "../records";
import { writePart } from "../snapshot";
import type { RefreshClosed } from "./watches";

/**
 * Refreshes in a row a product may be missing before it is marked removed. A product whose own
 * page answers 404 or no longer shows a product is removed at the refresh that read it.
 */
export const REMOVE_AFTER_MISSES = 2;
const RECORDS_PER_PART = 1_000;

export interface ShopChanges extends RefreshClosed {
  added: number;
  removed: number;
  price_changed: number;
  /** Products the dataset holds after the refresh. */
  products: number;
}

/** Closes the product state of a finished shop refresh; null for any other job. */
export async function closeShopRefresh(env: Env, jobId: string, status: string): Promise<ShopChanges | null> {
  if (status !== "completed") return null;
  const db = database(env.DB);
  const snapshot = await snapshotOfJob(db, jobId);
  if (!snapshot || snapshot.status !== "collecting") return null;
  const recipe = JSON.parse(snapshot.recipe) as Recipe;
  if (recipe.kind !== "shop") return null;
  const counts = await closeProducts(db, snapshot.dataset_id, jobId, Date.now(), REMOVE_AFTER_MISSES);
  await saveShopRefreshCounts(db, jobId, {
    added: counts.added,
    removed: counts.removed,
    price_changed: counts.repriced,
    held: counts.held,
  });
  const target = { id: snapshot.id, datasetId: snapshot.dataset_id, kind: "shop" as const };
  let part = await firstFreePart(db, snapshot.id);
  for (let after = ""; ; ) {
    const rows = await productRecords(db, snapshot.dataset_id, after, RECORDS_PER_PART);
    if (rows.length === 0) break;
    const records = rows.map((row) => {
      const removedAt = row.removed_at === null ? null : new Date(row.removed_at).toISOString();
      const values: Record<string, unknown> = {
        ...(JSON.parse(row.record) as Record<string, unknown>),
        key: row.key,
        first_seen: new Date(row.first_seen).toISOString(),
        removed_at: removedAt,
        // A removal is what was observed last, so `changed_since` finds it from the refresh that saw it.
        ...(removedAt ? { observed_at: removedAt } : {}),
      };
      return Object.fromEntries(RECORD_FIELDS.shop.map(({ name }) => [name, values[name] ?? null])) as DatasetRecord;
    });
    await writePart(env, target, part++, records);
    after = rows.at(-1)!.key;
  }
  return {
    datasetId: snapshot.dataset_id,
    accountId: snapshot.account_id,
    dataset: snapshot.slug,
    snapshot: snapshot.id,
    jobId,
    nextRefreshAt: nextRun(recipe.schedule, Date.now()),
    added: counts.added,
    removed: counts.removed,
    price_changed: counts.repriced,
    products: counts.held,
  };
}

/** Tells the dataset's account what its refresh found changed. */
export async function announceShopChanges(
  env: Env,
  waitUntil: (promise: Promise<unknown>) => void,
  changes: ShopChanges,
): Promise<void> {
  if (!changes.accountId) return;
  const { dataset, snapshot, added, removed, price_changed, products } = changes;
  await emitEvent(env, waitUntil, changes.accountId, "dataset.changed", {
    dataset,
    snapshot,
    added,
    removed,
    price_changed,
    products,
  });
}
