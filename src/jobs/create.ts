// Creating a batch job, for every caller that makes one (POST /v1/jobs, a dataset refresh): the row,
// its items and the snapshot it fills written as one, under the account's cap on running jobs, then
// its first window of items queued.
import { database } from "../db/client";
import { insertJob } from "../db/jobs";
import { newId } from "../db/keys";
import type { JobRow } from "../db/schema-jobs";
import { RESULT_RETENTION_DAYS } from "./limits";
import { startJob } from "./progress";

export interface NewJob {
  accountId: string;
  keyId: string;
  paths: string[];
  /** The account's cap on jobs running at once; null for the service's own work. */
  maxRunning: number | null;
  /** The dataset snapshot the job's items fill, if any. */
  snapshot?: { id: string; datasetId: number } | null;
  /** False when the snapshot is all the job keeps (a dataset refresh): no answer is stored for its results. */
  keepsAnswers?: boolean;
  webhookEndpointId?: string | null;
  idempotencyKey?: string | null;
  requestHash?: string | null;
  now?: number;
}

/**
 * Writes and starts the job; null when it could not be written: the account's running jobs are at
 * their cap, or the dataset it fills already has a snapshot collecting.
 */
export async function createJob(env: Env, spec: NewJob): Promise<JobRow | null> {
  const now = spec.now ?? Date.now();
  const job: JobRow = {
    id: newId("job"),
    accountId: spec.accountId,
    keyId: spec.keyId,
    status: "queued",
    total: spec.paths.length,
    webhookEndpointId: spec.webhookEndpointId ?? null,
    idempotencyKey: spec.idempotencyKey ?? null,
    requestHash: spec.requestHash ?? null,
    createdAt: new Date(now),
    startedAt: null,
    finishedAt: null,
    expiresAt: new Date(now + RESULT_RETENTION_DAYS * 86_400_000),
    keepsAnswers: spec.keepsAnswers ?? true,
  };
  const snapshot = spec.snapshot ? { ...spec.snapshot, startedAt: now } : null;
  if (!(await insertJob(database(env.DB), job, spec.paths, spec.maxRunning, snapshot))) return null;
  await startJob(env, job.id);
  return job;
}
