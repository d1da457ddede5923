// Starting a refresh: the recipe's paths become one batch job run as the dataset's key (the
// service's own for the public catalogue, the owner's for an account's dataset, which is charged
// like the calls it makes), and an empty snapshot that the job's items fill.
import { isCollecting } from "../db/dataset-snapshots";
import { claimRefresh, type DatasetObject, dueDatasets } from "../db/datasets";
import { database } from "../db/client";
import { findLiveKeyById, newId } from "../db/keys";
import { createJob } from "../jobs/create";
import { tooManyRunning } from "../jobs/limits";
import { log } from "../log";
import { nextRun, type Recipe, recipePaths, recipeSize } from "./recipe";

/** Why a refresh cannot start now, for the caller to say. */
export class RefreshRefused extends Error {
  constructor(
    message: string,
    readonly reason: "running" | "busy" | "too_large" | "no_key",
  ) {
    super(message);
  }
}

export interface Refresh {
  job_id: string;
  snapshot_id: string;
  items: number;
}

const stillCollecting = (slug: string) =>
  new RefreshRefused(`A refresh of \`${slug}\` is still collecting; wait for it to finish.`, "running");

/** Starts one refresh of a dataset now; RefreshRefused when it cannot. */
export async function startRefresh(env: Env, dataset: DatasetObject, now: number): Promise<Refresh> {
  if (await isCollecting(database(env.DB), dataset.id)) throw stillCollecting(dataset.slug);
  const identity = dataset.key_id ? await findLiveKeyById(database(env.DB), dataset.key_id) : null;
  if (!identity)
    throw new RefreshRefused(
      `The key that refreshes \`${dataset.slug}\` was revoked; create the dataset again with a live key.`,
      "no_key",
    );
  const recipe = JSON.parse(dataset.recipe) as Recipe;
  // The public catalogue's refreshes are the service's own work; an account's count like its jobs,
  // sized before they are expanded (a plan may have shrunk since the recipe was stored).
  const limits = dataset.account_id ? identity.jobs : null;
  const calls = recipeSize(recipe) ?? 0;
  if (limits && calls > limits.maxItems)
    throw new RefreshRefused(
      `The recipe makes ${calls} calls; a job on the ${identity.planId} plan holds ${limits.maxItems}.`,
      "too_large",
    );
  const paths = recipePaths(recipe, now);
  const snapshotId = newId("snap");
  const job = await createJob(env, {
    accountId: identity.accountId,
    keyId: identity.keyId,
    paths,
    maxRunning: limits?.maxRunning ?? null,
    snapshot: { id: snapshotId, datasetId: dataset.id },
    // The snapshot's records are what a refresh keeps of each answer.
    keepsAnswers: false,
    now,
  });
  if (!job) {
    // Another refresh got in first (its snapshot is collecting), or the account's jobs are at the cap.
    if (await isCollecting(database(env.DB), dataset.id)) throw stillCollecting(dataset.slug);
    throw new RefreshRefused(tooManyRunning(identity.planId, limits!.maxRunning), "busy");
  }
  return { job_id: job.id, snapshot_id: snapshotId, items: paths.length };
}

/** Datasets started per cron run; the rest wait for the next minute. */
const REFRESHES_PER_RUN = 20;

/** The every-minute cron's share: starts the refreshes that came due, each once. */
export async function refreshDueDatasets(env: Env, now: number): Promise<number> {
  const db = database(env.DB);
  let started = 0;
  for (const dataset of await dueDatasets(db, now, REFRESHES_PER_RUN)) {
    const recipe = JSON.parse(dataset.recipe) as Recipe;
    if (!(await claimRefresh(db, dataset.id, dataset.next_refresh_at, nextRun(recipe.schedule, now)))) continue;
    try {
      await startRefresh(env, dataset, now);
      started += 1;
    } catch (err) {
      // A refused refresh waits for its next scheduled time, as a missed cron run would.
      log.info("dataset refresh not started", { dataset: dataset.slug, error: err });
    }
  }
  return started;
}
