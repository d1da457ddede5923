// A dataset's detail: its declared fields with the fill rates measured on its latest snapshot,
// the first records of that snapshot, its recipe and its latest refreshes.
import type { getDataset } from "../../db/catalogue-lookups";
import { database } from "../../db/client";
import { listSnapshots, readableSnapshot } from "../../db/dataset-snapshots";
import { snapshotRecords } from "../../datasets/read";
import type { Recipe } from "../../datasets/recipe";
import { RECORD_FIELDS } from "../../datasets/records";

const PREVIEW_ROWS = 5;
const SNAPSHOTS_SHOWN = 10;
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export async function describeDetail(env: Env, dataset: NonNullable<Awaited<ReturnType<typeof getDataset>>>) {
  const db = database(env.DB);
  const recipe = JSON.parse(dataset.row.recipe) as Recipe;
  const fields = RECORD_FIELDS[recipe.kind].map((field) => {
    const measured = dataset.measured.get(field.name);
    return {
      ...field,
      nullable: measured ? measured.nullable === 1 : true,
      fill_rate: measured?.fill_rate ?? 0,
    };
  });
  const preview: Record<string, unknown>[] = [];
  const latest = await readableSnapshot(db, dataset.row.id);
  if (latest) {
    for await (const { record } of snapshotRecords(env, latest, { part: 0, line: 0 })) {
      preview.push(record);
      if (preview.length === PREVIEW_ROWS) break;
    }
  }
  const snapshots = (await listSnapshots(db, dataset.row.id, SNAPSHOTS_SHOWN)).map((snapshot) => ({
    id: snapshot.id,
    status: snapshot.status,
    started_at: iso(snapshot.started_at)!,
    finished_at: iso(snapshot.finished_at),
    records: snapshot.records,
    added: snapshot.added,
    changed: snapshot.changed,
  }));
  return { ...dataset.summary, fields, preview, recipe, snapshots };
}
