// What a job's owner does with what the job collects, handed down from the entry (src/job-hooks.ts):
// the job machinery knows only its items, so a dataset snapshot or a webhook never calls back up into it.
import type { JobRow } from "../db/schema-jobs";
import type { LimitDecision } from "../durable/account-meter";

export type WaitUntil = (promise: Promise<unknown>) => void;
export type JobEnd = "completed" | "failed" | "cancelled";
export interface ItemCounts {
  succeeded: number;
  failed: number;
}

export interface JobHooks {
  /** Takes an item's unit of the account's month before it runs; the decision prepays the item's call. */
  reserveUnit(env: Env, accountId: string, perMonth: number, unit: string): Promise<LimitDecision>;
  /** Gives an item's unit back: its answer held no data, or the job could not keep it. */
  releaseUnit(env: Env, accountId: string, unit: string): Promise<unknown>;
  /** Runs an item its owner runs itself (a whole-shop crawl step) instead of a stored v1 call; null for any other. */
  ownItem?(
    env: Env,
    job: JobRow,
    item: { idx: number; path: string },
  ): Promise<{ response: Response; charged: boolean }> | null;
  /** Keeps what an item's answer holds for the job's owner (a dataset refresh's records). */
  collected(env: Env, job: JobRow, item: { idx: number; path: string }, answer: Uint8Array): Promise<void>;
  /** The job reached its end: what was built from its items is finished (a snapshot published). */
  ended(env: Env, waitUntil: WaitUntil, job: JobRow, status: JobEnd, counts: ItemCounts): Promise<void>;
  /** Tells the job's account that it completed or failed (webhooks). */
  announce(
    env: Env,
    waitUntil: WaitUntil,
    job: JobRow,
    type: "job.completed" | "job.failed",
    data: object,
  ): Promise<void>;
}
