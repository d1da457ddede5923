// Runs one job item: take it, hold a unit of the account's monthly volume, GET its path through the
// same data routes as a direct call, keep the answer in R2 (unless the job keeps only what its owner
// collects: a refresh's records), record the outcome once. The unit stays
// charged when the answer is (the one rule, charging.ts) and the job keeps it; otherwise it goes
// back, and a failure is retried with backoff when retrying can help.
import { finishItem, type JobMessage, type Outcome, requeueItem, setCharged, takeItem } from "../db/job-items";
import { findJobById, moveJob } from "../db/jobs";
import type { JobRow } from "../db/schema-jobs";
import { database } from "../db/client";
import { findLiveKeyById } from "../db/keys";
import { jobAnswerKey } from "../db/objects";
import type { InProcess } from "../in-process";
import { log } from "../log";
import { BodyTooLarge, readBytes, readJson, sizeText } from "../net/read-body";
import { leaseMs, MAX_ATTEMPTS, MAX_ITEM_ANSWER_BYTES, retryDelaySeconds } from "./limits";
import type { JobHooks } from "./hooks";
import { afterItem } from "./progress";

/** Where an item's answer is kept. */

/** What the queue should do with the message: done, or deliver again after a delay. */
export type Verdict = { ack: true } | { ack: false; delaySeconds: number };

const RETRYABLE = new Set([429, 500, 502, 503, 504]);
/** An error envelope is a few hundred bytes; more is not one. */
const MAX_ERROR_BYTES = 64 * 1024;

async function errorOf(response: Response): Promise<{ errorCode: string | null; errorMessage: string | null }> {
  const body = await readJson<{ error?: { code?: string; message?: string } }>(response, MAX_ERROR_BYTES).catch(
    () => null,
  );
  return { errorCode: body?.error?.code ?? null, errorMessage: body?.error?.message ?? `HTTP ${response.status}` };
}

/** Records a finished item and moves the job on (next item in, completion). */
async function finish(
  env: Env,
  ctx: ExecutionContext,
  hooks: JobHooks,
  job: JobRow,
  message: JobMessage,
  outcome: Outcome,
) {
  if (await finishItem(database(env.DB), message, outcome, Date.now()))
    await afterItem(env, (promise) => ctx.waitUntil(promise), job, hooks);
}

export async function runItem(
  env: Env,
  ctx: ExecutionContext,
  local: InProcess,
  message: JobMessage,
  hooks: JobHooks,
): Promise<Verdict> {
  const job = await findJobById(database(env.DB), message.jobId);
  if (!job) return { ack: true };
  const item = await takeItem(database(env.DB), message, Date.now(), leaseMs(env));
  // Another delivery of this message holds the item, or it already has its outcome.
  if (!item) return { ack: true };
  if (job.status === "cancelled") {
    await finish(env, ctx, hooks, job, message, { status: "cancelled" });
    return { ack: true };
  }
  if (job.status === "queued") await moveJob(database(env.DB), job.id, ["queued"], "running", Date.now());
  const identity = await findLiveKeyById(database(env.DB), job.keyId);
  if (!identity) {
    await finish(env, ctx, hooks, job, message, {
      status: "failed",
      errorCode: "unauthorized",
      errorMessage: "The key that created this job was revoked.",
    });
    return { ack: true };
  }
  // The item's unit of the monthly volume: taken once whatever happens to this run, kept if the
  // answer is charged by the rule and kept by the job, given back if not.
  const unit = `job:${job.id}:${item.idx}`;
  const prepaid = await hooks.reserveUnit(env, identity.accountId, identity.perMonth, unit);
  if (!prepaid.allowed) {
    await finish(env, ctx, hooks, job, message, {
      status: "failed",
      httpStatus: 429,
      errorCode: "quota_exceeded",
      errorMessage: "The account's monthly quota is used up; this item was not run.",
    });
    return { ack: true };
  }

  let response: Response;
  let charged = false;
  // An item the job's owner runs itself (a whole-shop crawl step) goes to its hook, any other is a v1 call.
  const ownRun = hooks.ownItem?.(env, job, item) ?? null;
  try {
    ({ response, charged } = await (ownRun ?? local.getData(env, ctx, identity, item.path, { prepaid })));
  } catch (err) {
    log.error("job item crashed", { job: job.id, idx: item.idx, error: err });
    response = new Response(null, { status: 500 });
  }
  if (response.ok) {
    const answer = await keptAnswer(response);
    if (answer instanceof Uint8Array) {
      // The owner keeps what its own item read (a shop's products in D1); storing the item's small
      // tally as well would leave one R2 object per crawl step. A refresh keeps only its records.
      if (!ownRun && job.keepsAnswers)
        await env.RESULTS.put(jobAnswerKey(job.id, item.idx), answer, {
          httpMetadata: { contentType: "application/json" },
        });
      // A dataset refresh keeps the answer's records too; a failure here runs the item again.
      await hooks.collected(env, job, item, answer);
      // An `empty` answer is kept for the caller to see, uncharged.
      if (charged) await setCharged(database(env.DB), message, 1);
      else await hooks.releaseUnit(env, identity.accountId, unit);
      await finish(env, ctx, hooks, job, message, { status: "succeeded", httpStatus: response.status });
      return { ack: true };
    }
    // Data the job cannot keep is data the caller never gets.
    await hooks.releaseUnit(env, identity.accountId, unit);
    await finish(env, ctx, hooks, job, message, { status: "failed", httpStatus: response.status, ...answer });
    return { ack: true };
  }
  const error = await errorOf(response);
  if (charged) {
    // The site says the product or page does not exist: an answer, charged, and final.
    await setCharged(database(env.DB), message, 1);
    await finish(env, ctx, hooks, job, message, { status: "failed", httpStatus: response.status, ...error });
    return { ack: true };
  }
  // No data, no charge.
  await hooks.releaseUnit(env, identity.accountId, unit);
  // An answer without Retry-After says asking again will not help (a page too large to read); a
  // 500 is a crash of ours, which may not happen twice.
  const worthRetrying = response.status === 500 || response.headers.has("Retry-After");
  if (RETRYABLE.has(response.status) && worthRetrying && item.attempts < MAX_ATTEMPTS) {
    if (await requeueItem(database(env.DB), message, Date.now()))
      return { ack: false, delaySeconds: retryDelaySeconds(env, item.attempts) };
    return { ack: true };
  }
  await finish(env, ctx, hooks, job, message, { status: "failed", httpStatus: response.status, ...error });
  return { ack: true };
}

/**
 * The answer as it is kept: JSON of at most `MAX_ITEM_ANSWER_BYTES`, read no further than that;
 * otherwise why the item cannot keep it (items are checked to ask for JSON, so that is a guard).
 */
async function keptAnswer(response: Response): Promise<Uint8Array | { errorCode: string; errorMessage: string }> {
  if (!/^application\/json\b/i.test(response.headers.get("Content-Type") ?? "")) {
    await response.body?.cancel().catch(() => {});
    return { errorCode: "invalid_request", errorMessage: "The answer is not JSON, and job items keep JSON only." };
  }
  try {
    return await readBytes(response, MAX_ITEM_ANSWER_BYTES);
  } catch (err) {
    if (!(err instanceof BodyTooLarge)) throw err;
    return {
      errorCode: "invalid_request",
      errorMessage: `The answer is larger than ${sizeText(MAX_ITEM_ANSWER_BYTES)}, the most one job item keeps; ask for less (a smaller limit, fewer fields).`,
    };
  }
}

/** A message the queue gave up on (the consumer failed on it every time): its item fails. */
export async function deadLetter(env: Env, ctx: ExecutionContext, message: JobMessage, hooks: JobHooks): Promise<void> {
  const job = await findJobById(database(env.DB), message.jobId);
  if (!job) return;
  // Take it first so the outcome is recorded by one hand only.
  const item = await takeItem(database(env.DB), message, Date.now(), leaseMs(env));
  if (!item) return;
  const identity = await findLiveKeyById(database(env.DB), job.keyId);
  if (identity) await hooks.releaseUnit(env, identity.accountId, `job:${job.id}:${item.idx}`);
  await finish(env, ctx, hooks, job, message, {
    status: "failed",
    errorCode: "internal",
    errorMessage: "The item could not be run after repeated attempts (dead-lettered).",
  });
}
