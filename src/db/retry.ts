// Retries with backoff for operations that are safe to repeat (reads, idempotent calls).
// Written by hand: a loop this small is not worth a dependency, and the bounds are ours to choose.
import { errorChain } from "../errors";

export interface RetryOptions {
  /** Whether this error may go away on its own; anything else is thrown at once. */
  retryIf: (err: unknown) => boolean;
  /** Attempts in all, the first included. */
  attempts?: number;
  /** Upper bound of the first wait; each later one doubles. */
  baseDelayMs?: number;
  /** The waits together never exceed this, so a retry cannot stall a request for long. */
  maxTotalDelayMs?: number;
}

/** Runs `operation`, repeating it after retryable errors with exponential backoff and full jitter. */
export async function withRetry<T>(operation: () => Promise<T>, options: RetryOptions): Promise<T> {
  const { retryIf, attempts = 3, baseDelayMs = 100, maxTotalDelayMs = 300 } = options;
  let waited = 0;
  for (let attempt = 1; ; attempt++) {
    try {
      return await operation();
    } catch (err) {
      if (attempt >= attempts || !retryIf(err)) throw err;
      // Full jitter: isolates hit by the same blip do not all come back at the same instant.
      const delay = Math.min(Math.random() * baseDelayMs * 2 ** (attempt - 1), maxTotalDelayMs - waited);
      waited += delay;
      await scheduler.wait(delay);
    }
  }
}

/**
 * D1 errors whose documented action is "Retry the operation"
 * (https://developers.cloudflare.com/d1/observability/debug-d1/#error-list). Overload and
 * timeout errors are not among them: retrying those adds to the load that caused them.
 */
const TRANSIENT_D1 = [
  "Network connection lost",
  "storage caused object to be reset",
  "reset because its code was updated",
  "Cannot resolve D1 DB due to transient issue",
];

/** True for a transient D1 error, also when wrapped (drizzle's DrizzleQueryError keeps it as `cause`). */
export function isTransientD1Error(err: unknown): boolean {
  return errorChain(err).some((e) => TRANSIENT_D1.some((text) => e.message.includes(text)));
}

/**
 * A D1 read, retried on transient errors: 3 attempts, at most 300 ms of waiting. D1 already
 * retries read-only queries twice itself; this covers what still gets through. Never wrap a
 * write that is not idempotent.
 */
export function retryD1Read<T>(read: () => Promise<T>): Promise<T> {
  return withRetry(read, { retryIf: isTransientD1Error });
}
