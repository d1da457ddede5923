// Retries with backoff for operations that are safe to repeat (reads, idempotent calls).
// Written by hand: a loop this small is not worth a dependency, and the bounds are ours to choose.

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
