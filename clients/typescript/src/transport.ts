// How one call reaches the API: the key's headers, a deadline (`timeout` and the caller's
// AbortSignal), and retries with exponential backoff and jitter — of 429, 502, 503 and 504 answers
// (after their `Retry-After` when they name one) and of network errors, for requests that are safe
// to send twice: GET and HEAD, and a POST carrying an `Idempotency-Key` (the API answers the same
// key with the same object).
import { WebDataConnectionError, WebDataTimeoutError } from "./errors.js";

export type Fetch = (request: Request) => Promise<Response>;

export interface RetryPolicy {
  /** Retries after the first attempt; 0 turns retrying off. */
  maxRetries: number;
  /** Longest wait for one retry, in seconds; an answer asking for longer (a monthly quota) is returned as it is. */
  maxRetryAfterSeconds: number;
  /** The first backoff without `Retry-After`, in ms; each later one doubles, up to `maxDelayMs`, with jitter. */
  baseDelayMs: number;
  maxDelayMs: number;
}

/** Per call: a deadline in ms for the whole call (retries and waits included) and the caller's own signal. */
export interface CallOptions {
  timeout?: number;
  signal?: AbortSignal;
}

export const RETRYABLE_STATUSES = new Set([429, 502, 503, 504]);

/** `Retry-After` in seconds (RFC 9110 §10.2.3: seconds or an HTTP date), if the answer has it. */
export function retryAfterSeconds(response: Response): number | undefined {
  const header = response.headers.get("Retry-After");
  if (header === null) return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim());
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, (date - Date.now()) / 1000);
}

/** Safe to send twice: the API answers a repeat as it answered the first. */
export function isRetrySafe(request: Request): boolean {
  if (request.method === "GET" || request.method === "HEAD") return true;
  return request.method === "POST" && request.headers.has("Idempotency-Key");
}

/** Exponential backoff with jitter: between half and all of base·2^attempt, capped. */
export function backoffMs(policy: RetryPolicy, attempt: number, random = Math.random): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** attempt);
  return ceiling / 2 + (ceiling / 2) * random();
}

/** An NDJSON or CSV answer is read by the caller as it streams; any other is read whole within the deadline. */
function isStreamed(request: Request): boolean {
  return /ndjson|csv/.test(request.headers.get("Accept") ?? "");
}

/** One signal for a call: aborted by the caller's signal or when `timeout` ms have passed. */
function deadline(timeout: number | undefined, callerSignal: AbortSignal | undefined) {
  const controller = new AbortController();
  let timedOut = false;
  const onAbort = () => controller.abort(callerSignal?.reason);
  if (callerSignal?.aborted) onAbort();
  callerSignal?.addEventListener("abort", onAbort, { once: true });
  const timer =
    timeout !== undefined && Number.isFinite(timeout)
      ? setTimeout(() => {
          timedOut = true;
          controller.abort(new WebDataTimeoutError(`no answer within the call's timeout of ${timeout} ms`));
        }, timeout)
      : undefined;
  return {
    signal: controller.signal,
    timedOut: () => timedOut,
    /**
     * The call is over: the deadline no longer applies. A streamed body is still read at the
     * caller's pace, so the caller's signal stays linked to it; otherwise the link is dropped (a
     * signal reused for many calls would gather one listener each).
     */
    release: (streaming: boolean) => {
      clearTimeout(timer);
      if (!streaming) callerSignal?.removeEventListener("abort", onAbort);
    },
  };
}

/** A wait that ends early, rejecting with the signal's reason, when the signal aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

/** A fetch for openapi-fetch that applies the policy and the call's deadline. */
export function callFetch(send: Fetch, policy: RetryPolicy, call: CallOptions = {}): Fetch {
  return async function fetchWithRetries(request) {
    const { signal, timedOut, release } = deadline(call.timeout, call.signal);
    const retrySafe = isRetrySafe(request);
    try {
      for (let attempt = 0; ; attempt++) {
        const last = !retrySafe || attempt >= policy.maxRetries;
        let response: Response;
        try {
          response = await send(new Request(request.clone(), { signal }));
          // Read here, so that the deadline covers the body and a connection dropped mid-body is retried.
          if (!isStreamed(request)) response = await whole(response);
        } catch (failure) {
          if (signal.aborted) throw timedOut() ? signal.reason : (call.signal?.reason ?? failure);
          if (last) {
            throw new WebDataConnectionError(`${request.method} ${request.url} failed: ${describe(failure)}`, failure);
          }
          await sleep(backoffMs(policy, attempt), signal);
          continue;
        }
        if (last || !RETRYABLE_STATUSES.has(response.status)) return response;
        const seconds = retryAfterSeconds(response) ?? backoffMs(policy, attempt) / 1000;
        if (seconds > policy.maxRetryAfterSeconds) return response;
        await response.body?.cancel();
        await sleep(seconds * 1000, signal);
      }
    } catch (failure) {
      throw timedOut() ? signal.reason : failure;
    } finally {
      release(isStreamed(request));
    }
  };
}

/** The same answer with its body already read (so reading it later cannot fail or hang). */
async function whole(response: Response): Promise<Response> {
  const body = [204, 205, 304].includes(response.status) ? null : await response.arrayBuffer();
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
}

function describe(failure: unknown): string {
  const cause = (failure as { cause?: { code?: string; message?: string } })?.cause;
  return [failure instanceof Error ? failure.message : String(failure), cause?.code ?? cause?.message]
    .filter(Boolean)
    .join(": ");
}
