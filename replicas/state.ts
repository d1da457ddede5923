// The replicas' mutable state: request counts, price overrides, challenge switches and faults.
// The HTTP admin API and the `Replicas` object both act through this one class.
import { PassSigner } from "./challenge.ts";
import { SITES } from "./sites/index.ts";
import type { PriceBook } from "./site.ts";

export interface Fault {
  /** Answer every request of the platform with this status. */
  status?: number;
  /** Wait this long before answering (before the status, if both are set). */
  delayMs?: number;
  /** Only the next this many requests of the platform fail; then the fault clears itself. */
  count?: number;
  /** This many requests of the platform pass untouched first (1: the second request is the first to fail). */
  skip?: number;
  /** Seconds for the Retry-After header of the status (default 30 on 429 and 503, none otherwise). */
  retryAfter?: number;
}

export class ReplicaState {
  readonly signer = new PassSigner();
  private readonly requestCounts = new Map<string, number>();
  private readonly challenges = new Set<string>();
  private readonly overrides = new Map<string, number>();
  private readonly faults = new Map<string, Fault>();

  readonly prices: PriceBook = {
    get: (platform, id) => this.overrides.get(`${platform}\n${id}`),
  };

  count(path: string): void {
    this.requestCounts.set(path, (this.requestCounts.get(path) ?? 0) + 1);
  }

  counts(): Record<string, number> {
    return Object.fromEntries([...this.requestCounts].sort(([a], [b]) => a.localeCompare(b)));
  }

  resetCounts(): void {
    this.requestCounts.clear();
  }

  challenged(platform: string): boolean {
    return this.challenges.has(platform);
  }

  setChallenge(platform: string, on: boolean): void {
    requirePlatform(platform);
    if (on) this.challenges.add(platform);
    else this.challenges.delete(platform);
  }

  setPrice(platform: string, id: string, amount: number): void {
    const entry = requirePlatform(platform);
    if (!Number.isFinite(amount) || amount <= 0)
      throw new RangeError(`amount must be a positive number, got ${amount}`);
    if (!entry.has(id)) throw new RangeError(`${platform} has no product or property with id "${id}"`);
    this.overrides.set(`${platform}\n${id}`, amount);
  }

  fault(platform: string): Fault | undefined {
    return this.faults.get(platform);
  }

  /** The fault that applies to this request, counting it against a fault's `skip` and `count`. */
  takeFault(platform: string): Fault | undefined {
    const fault = this.faults.get(platform);
    if (fault?.skip) {
      this.faults.set(platform, { ...fault, skip: fault.skip - 1 });
      return undefined;
    }
    if (fault?.count === undefined) return fault;
    if (fault.count <= 1) this.faults.delete(platform);
    else this.faults.set(platform, { ...fault, count: fault.count - 1 });
    return fault;
  }

  setFault(platform: string, fault: Fault | null): void {
    requirePlatform(platform);
    if (!fault || (fault.status === undefined && fault.delayMs === undefined)) {
      this.faults.delete(platform);
      return;
    }
    if (fault.status !== undefined && !(Number.isInteger(fault.status) && fault.status >= 100 && fault.status <= 599)) {
      throw new RangeError(`status must be an HTTP status code, got ${fault.status}`);
    }
    if (
      fault.delayMs !== undefined &&
      !(Number.isFinite(fault.delayMs) && fault.delayMs >= 0 && fault.delayMs <= 600_000)
    ) {
      throw new RangeError(`delayMs must be between 0 and 600000, got ${fault.delayMs}`);
    }
    if (fault.count !== undefined && !(Number.isInteger(fault.count) && fault.count >= 1))
      throw new RangeError(`count must be a positive integer, got ${fault.count}`);
    if (fault.retryAfter !== undefined && !(Number.isInteger(fault.retryAfter) && fault.retryAfter >= 0)) {
      throw new RangeError(`retryAfter must be a whole number of seconds, got ${fault.retryAfter}`);
    }
    if (fault.skip !== undefined && !(Number.isInteger(fault.skip) && fault.skip >= 0))
      throw new RangeError(`skip must be a whole number, got ${fault.skip}`);
    this.faults.set(platform, {
      status: fault.status,
      delayMs: fault.delayMs,
      count: fault.count,
      skip: fault.skip,
      retryAfter: fault.retryAfter,
    });
  }
}

function requirePlatform(platform: string) {
  const entry = SITES[platform];
  if (!entry) throw new RangeError(`unknown platform "${platform}"; known: ${Object.keys(SITES).join(", ")}`);
  return entry;
}
