// What a job's owner does with what the job collects, handed down from the entry (src/job-hooks.ts):
// the job machinery knows only its items, so a dataset snapshot or a webhook never calls back up into it.
import type { JobRow } from "../db/schema-jobs";

export type WaitUntil = (promise: Promise<unknown>) => void;
export type JobEnd = "completed" | "failed" | "cancelled";
export interface ItemCounts {
  succeeded: number;
  failed: number;
}

export interface JobHooks {
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
