// How a batch job's items are paced and kept, and the sentences that refuse a job past its plan's
// limits (the limits themselves: jobLimits in db/plan-limits.ts).
import { tuning } from "../tuning";

/** The refusal of a job of `items` calls over the plan's items per job. */
export const tooManyItems = (planId: string, maxItems: number, items: number) =>
  `A job on the ${planId} plan holds at most ${maxItems} items; this one has ${items}. Split it into several jobs or move to a larger plan.`;

/** The refusal of a job (or a dataset refresh) past the plan's jobs at once. */
export const tooManyRunning = (planId: string, maxRunning: number) =>
  `The ${planId} plan runs at most ${maxRunning} job${maxRunning === 1 ? "" : "s"} at a time and that many are unfinished; wait for one to finish or cancel it.`;

/**
 * Messages one job has on the queue at a time; each finished item sends the next. A big job
 * therefore never holds more than this many places in line, and other jobs' items get in between.
 */
export const ITEMS_IN_FLIGHT_PER_JOB = 10;

/** Attempts of an item that failed in a way worth retrying (429, 5xx, timeouts, blocked pages). */
export const MAX_ATTEMPTS = 3;

/**
 * The most of one item's answer a job keeps (in R2, read back by the results route): 2 MB, four
 * times a records page at its 1,000-record limit. A larger answer fails the item, uncharged.
 */
export const MAX_ITEM_ANSWER_BYTES = 2 * 1024 * 1024;

/** Results and the item index are deleted this long after the job finished. */
export const RESULT_RETENTION_DAYS = 7;

export function retryDelaySeconds(env: Env, attempt: number): number {
  const base = tuning(env, "JOB_RETRY_BASE_SECONDS", 30);
  return Math.min(12 * 3600, base * 4 ** (attempt - 1));
}

export function stallMs(env: Env): number {
  return tuning(env, "JOB_STALL_SECONDS", 300) * 1000;
}

/** How long a consumer holds an item before another may take it over. */
export const leaseMs = (env: Env) => stallMs(env);
