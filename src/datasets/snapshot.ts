// A refresh's records, written as its batch job runs: each item's answer becomes one part of the
// snapshot (NDJSON in R2), compared with what the dataset held so that changed records carry the
// time of their change and their history grows only when a tracked value moves. When the job
// ends its small parts are merged (compact.ts) and the snapshot becomes the one reads see, with
// its fields' fill rates measured on it.
import {
  type Change,
  closeSnapshot,
  findSnapshot,
  recordStates,
  savePart,
  snapshotFill,
  snapshotOfJob,
} from "../db/dataset-snapshots";
import { database } from "../db/client";
import { applySnapshot } from "../db/datasets";
import { emitEvent } from "../events/delivery";
import { isEmpty } from "../scrape/extract/record";
import { pageRecords } from "./page-records";
import type { Recipe } from "./recipe";
import { compactSnapshot } from "./compact";
import { ndjsonPart } from "./parts";
import { datasetPartKey } from "../db/objects";
import { recordsOf } from "./answer-records";
import { type DatasetRecord, declaredOrder, RECORD_FIELDS, trackedValues } from "./records";

type WaitUntil = (promise: Promise<unknown>) => void;

/** Keys looked up per statement (D1 binds at most 100 values). */
const KEYS_PER_LOOKUP = 90;

/**
 * Writes records as part `part` of a snapshot: marks each changed or new one, stores the part in
 * R2 and its index and changes in D1. Records repeated within the part (the same key on two
 * result pages) are kept once.
 */
export async function writePart(
  env: Env,
  snapshot: { id: string; datasetId: number; kind: Recipe["kind"] },
  part: number,
  records: DatasetRecord[],
): Promise<number> {
  const db = database(env.DB);
  const unique = [...new Map(records.map((record) => [record.key, record])).values()];
  const changed: Change[] = [];
  let added = 0;
  const filled: Record<string, number> = {};
  for (let start = 0; start < unique.length; start += KEYS_PER_LOOKUP) {
    const chunk = unique.slice(start, start + KEYS_PER_LOOKUP);
    const states = await recordStates(
      db,
      snapshot.datasetId,
      chunk.map((record) => record.key),
    );
    for (const record of chunk) {
      const tracked = trackedValues(snapshot.kind, record);
      const before = states.get(record.key);
      const observedAt = Date.parse(String(record["observed_at"]));
      if (!before || before.tracked_values !== tracked) {
        if (!before) added += 1;
        changed.push({ key: record.key, tracked, observedAt });
        record["changed_at"] = record["observed_at"];
      } else {
        record["changed_at"] = new Date(before.changed_at).toISOString();
      }
      for (const [name, value] of Object.entries(record)) if (!isEmpty(value)) filled[name] = (filled[name] ?? 0) + 1;
    }
  }
  // Each line holds the declared fields in their order, so a page that asks for all of them is the lines as stored.
  const { body, lineOffsets } = ndjsonPart(
    unique.map((record) => JSON.stringify(declaredOrder(snapshot.kind, record))),
  );
  await env.RESULTS.put(datasetPartKey(snapshot.datasetId, snapshot.id, part), body, {
    httpMetadata: { contentType: "application/x-ndjson" },
  });
  await savePart(db, snapshot, { part, records: unique.length, filled, lineOffsets, added, changed });
  return unique.length;
}

/** Adds a finished job item's answer to the snapshot its job collects, if it collects one. */
export async function collectItem(env: Env, jobId: string, idx: number, path: string, answer: Uint8Array) {
  const snapshot = await snapshotOfJob(database(env.DB), jobId);
  if (!snapshot || snapshot.status !== "collecting") return;
  const recipe = JSON.parse(snapshot.recipe) as Recipe;
  // A shop's products are written when its refresh closes (shop/close.ts), a thousand to a part.
  if (recipe.kind === "shop") return;
  const parsed = JSON.parse(new TextDecoder().decode(answer));
  // A page's record carries a digest of its Markdown, which takes an await.
  const records = (
    recipe.kind === "pages"
      ? await pageRecords(path, parsed, Date.now())
      : recordsOf(recipe.kind, path, parsed, Date.now(), snapshot.started_at)
  ) as DatasetRecord[];
  await writePart(env, { id: snapshot.id, datasetId: snapshot.dataset_id, kind: recipe.kind }, idx, records);
}

/**
 * Ends a snapshot: a finished collection becomes what reads see and its account is told
 * (`dataset.refreshed`); a failed or cancelled one is kept aside and the previous one stays.
 */
export async function finishSnapshot(
  env: Env,
  waitUntil: WaitUntil,
  snapshot: { id: string; datasetId: number; slug: string; kind: Recipe["kind"]; accountId: string | null },
  outcome: "complete" | "failed",
  counts: { succeeded: number; failed: number } | null,
) {
  const db = database(env.DB);
  // Small parts are merged before the snapshot becomes readable, so reads never meet them.
  if (outcome === "complete") await compactSnapshot(env, snapshot);
  const now = Date.now();
  if (!(await closeSnapshot(db, snapshot.id, outcome, now))) return;
  if (outcome === "failed") return;
  const { records, filled } = await snapshotFill(db, snapshot.id);
  const fields = RECORD_FIELDS[snapshot.kind].map((field) => ({
    ...field,
    fillRate: records === 0 ? 0 : Math.round(((filled[field.name] ?? 0) / records) * 1000) / 1000,
  }));
  await applySnapshot(db, snapshot.datasetId, { id: snapshot.id, records, finishedAt: now }, fields);
  if (!snapshot.accountId) return;
  const done = await findSnapshot(db, snapshot.datasetId, snapshot.id);
  await emitEvent(env, waitUntil, snapshot.accountId, "dataset.refreshed", {
    dataset: snapshot.slug,
    snapshot: snapshot.id,
    records,
    added: done?.added ?? 0,
    changed: done?.changed ?? 0,
    items: counts,
    finished_at: new Date(now).toISOString(),
  });
}

/** When a batch job ends: the snapshot it collected, if any, is finished with it. */
export async function finishJobSnapshot(
  env: Env,
  waitUntil: WaitUntil,
  jobId: string,
  status: "completed" | "failed" | "cancelled",
  counts: { succeeded: number; failed: number },
) {
  const snapshot = await snapshotOfJob(database(env.DB), jobId);
  if (!snapshot) return;
  const { kind } = JSON.parse(snapshot.recipe) as Recipe;
  const target = {
    id: snapshot.id,
    datasetId: snapshot.dataset_id,
    slug: snapshot.slug,
    kind,
    accountId: snapshot.account_id,
  };
  await finishSnapshot(env, waitUntil, target, status === "completed" ? "complete" : "failed", counts);
}
