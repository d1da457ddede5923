// D1 reads retried through the errors D1 documents as transient.
import { errorChain } from "../errors";
import { withRetry } from "../retry";

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
