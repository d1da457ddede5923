// Batch jobs: create one (safely retried: it always carries an Idempotency-Key), read it, wait for
// it to finish, cancel it, and read its results item by item.
import { type Core, streamed, unwrap } from "./core.js";
import { WebDataTimeoutError } from "./errors.js";
import { ndjsonLines } from "./ndjson.js";
import { splitCall } from "./options.js";
import type { Body } from "./query-types.js";
import type { components } from "./schema.js";
import { type CallOptions, sleep } from "./transport.js";

export type Job = components["schemas"]["Job"];
export type JobResult = components["schemas"]["JobResult"];
export type CreateJob = Body<"/v1/jobs">;

export interface WaitOptions {
  /** Between two reads of the job, in ms. Default 1000. */
  pollInterval?: number;
  /** Longest wait in ms before a `WebDataTimeoutError` (the job itself goes on). Default 600 000. */
  timeout?: number;
  /** Called with the job after each read (`status`, `progress`, `counts`, `eta_seconds`). */
  onProgress?: (job: Job) => void;
  signal?: AbortSignal;
}

const FINISHED: ReadonlySet<Job["status"]> = new Set(["completed", "failed", "cancelled"]);

/** A key unique to this job: a retried POST with it answers the same job instead of a second one. */
function newIdempotencyKey(): string {
  const random = globalThis.crypto?.randomUUID?.();
  return `sdk-${random ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`}`;
}

export function jobMethods(core: Core) {
  const { api, fetchFor } = core;

  /**
   * `POST /v1/jobs`: `{ requests: [{ path }] }` or `{ platform, kind, inputs }`. Sent with
   * `idempotencyKey`, or a new one, so a retry after a lost answer cannot make a second job.
   */
  async function create(body: CreateJob, options: { idempotencyKey?: string } & CallOptions = {}) {
    const [{ idempotencyKey = newIdempotencyKey() }, call] = splitCall(options);
    return unwrap(
      await api.POST("/v1/jobs", { body, headers: { "Idempotency-Key": idempotencyKey }, fetch: fetchFor(call) }),
    );
  }

  /** `GET /v1/jobs/{id}`: its status, progress and counts. */
  async function get(id: string, call: CallOptions = {}) {
    return unwrap(await api.GET("/v1/jobs/{id}", { params: { path: { id } }, fetch: fetchFor(call) }));
  }

  /** `GET /v1/jobs`: the account's jobs, newest first. */
  async function list(call: CallOptions = {}) {
    return unwrap(await api.GET("/v1/jobs", { fetch: fetchFor(call) }));
  }

  /** `POST /v1/jobs/{id}/cancel`: items not yet started are not run. */
  async function cancel(id: string, call: CallOptions = {}) {
    return unwrap(await api.POST("/v1/jobs/{id}/cancel", { params: { path: { id } }, fetch: fetchFor(call) }));
  }

  /** The job once `completed`, `failed` or `cancelled`, read every `pollInterval` ms. */
  async function waitForJob(id: string, options: WaitOptions = {}): Promise<Job> {
    const { pollInterval = 1000, timeout = 600_000, onProgress, signal } = options;
    const deadline = Date.now() + timeout;
    for (;;) {
      const job = (await get(id, { signal })).data;
      onProgress?.(job);
      if (FINISHED.has(job.status)) return job;
      if (Date.now() + pollInterval > deadline) {
        throw new WebDataTimeoutError(`job ${id} is still ${job.status} (${job.progress}%) after ${timeout} ms`);
      }
      await sleep(pollInterval, signal);
    }
  }

  /** Each item's outcome in order (`index`, `path`, `status`, `http_status`, `error`, `data`), streamed as NDJSON. */
  async function* results(id: string, call: CallOptions = {}) {
    const result = await api.GET("/v1/jobs/{id}/results", {
      params: { path: { id }, query: { format: "ndjson" } },
      headers: { Accept: "application/x-ndjson" },
      parseAs: "stream",
      fetch: fetchFor(call),
    });
    yield* ndjsonLines<JobResult>(await streamed(result));
  }

  return { create, get, list, cancel, wait: waitForJob, results, waitForJob };
}
