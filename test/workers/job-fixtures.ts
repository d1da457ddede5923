// Batch jobs for the jobs-*.test.ts files: a job inserted straight into D1, its items read back,
// and a jobs queue producer that records what is sent instead of delivering it (the worker's own
// consumer would otherwise run the items while a test looks at them).
import type { JobMessage } from "../../src/db/job-items";
import { database } from "../../src/db/client";
import { insertJob } from "../../src/db/jobs";
import { newId } from "../../src/db/keys";
import type { JobRow } from "../../src/db/schema-jobs";
import { env, newAccount, type TestAccount } from "./helpers";

/** A job row of `total` items for `owner`: queued, created now and kept a week unless `fields` say otherwise. */
export function testJobRow(
  owner: { accountId: string; keyId: string },
  total: number,
  fields: Partial<JobRow> = {},
): JobRow {
  const now = Date.now();
  return {
    id: newId("job"),
    accountId: owner.accountId,
    keyId: owner.keyId,
    status: "queued",
    total,
    webhookEndpointId: null,
    idempotencyKey: null,
    requestHash: null,
    createdAt: new Date(now),
    startedAt: null,
    finishedAt: null,
    expiresAt: new Date(now + 7 * 86_400_000),
    keepsAnswers: true,
    ...fields,
  };
}

/** Inserts a job of `paths` (queued, kept a week) for `account`, or a fresh free account. */
export async function insertTestJob(
  paths: string[],
  { account, ...fields }: { account?: TestAccount } & Partial<JobRow> = {},
): Promise<JobRow & { account: TestAccount }> {
  const owner = account ?? (await newAccount());
  const job = testJobRow(owner, paths.length, fields);
  await insertJob(database(env.DB), job, paths);
  return { ...job, account: owner };
}

/** `n` distinct item paths. */
export const amazonPaths = (n: number) =>
  Array.from({ length: n }, (_, i) => `/v1/amazon?asin=B${String(i).padStart(9, "0")}`);

export interface ItemState {
  idx: number;
  status: string;
  attempts: number;
  charged: number;
  http_status: number | null;
  error_code: string | null;
  queued_at: number | null;
}

export async function itemsOf(jobId: string): Promise<ItemState[]> {
  const { results } = await env.DB.prepare(
    "SELECT idx, status, attempts, charged, http_status, error_code, queued_at FROM job_items WHERE job_id = ? ORDER BY idx",
  )
    .bind(jobId)
    .all<ItemState>();
  return results;
}

export async function jobStatus(jobId: string): Promise<string | undefined> {
  return (await env.DB.prepare("SELECT status FROM jobs WHERE id = ?").bind(jobId).first<{ status: string }>())?.status;
}

/** The test env with a jobs queue that records the messages sent (and `vars` added). */
export function recordingQueue(vars: Record<string, string> = {}) {
  const sent: JobMessage[] = [];
  const JOBS = {
    send: async (body: JobMessage) => void sent.push(body),
    sendBatch: async (messages: Iterable<{ body: JobMessage }>) => {
      for (const message of messages) sent.push(message.body);
    },
  };
  return { sent, env: { ...env, ...vars, JOBS } as unknown as Env };
}

/** `waitUntil` that keeps the promises, for a test to await. */
export function keptPromises() {
  const promises: Promise<unknown>[] = [];
  return { waitUntil: (promise: Promise<unknown>) => void promises.push(promise), settle: () => Promise.all(promises) };
}
