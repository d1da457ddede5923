// Leases: units an isolate takes with one of an account's calls for its next calls
// (account-meter-client.ts), their size and what a call sees of them.
import type { LimitDecision } from "./admission";
import { windowState } from "./windows";

/**
 * Units this isolate took with one of the account's calls for its next calls, so that a busy
 * account's calls mostly need no round trip to its object (one in `left + 1`). The object counted
 * them when it gave them (admission.ts), so leases never admit more than the windows hold: near a
 * limit the object gives none, and each call is decided there alone. What no call used goes back
 * when the lease ends (`LEASE_MS`, and before its minute does) or a newer one replaces it.
 */
export interface Lease {
  idempotencyKey: string;
  left: number;
  /** The object's decision for the call that took it, counting the whole lease as used. */
  decision: LimitDecision;
  expiresAt: number;
  perMinute: number;
  perMonth: number;
}

/** Accounts allowed fewer calls a minute than this decide every call in their object. */
const LEASE_FROM_PER_MINUTE = 256;
const LEASE_MAX_UNITS = 16;

/** Units to ask for beyond a call: a 64th of the minute's allowance, at most 16; none for small allowances. */
export const leaseSize = (perMinute: number) =>
  perMinute < LEASE_FROM_PER_MINUTE ? 0 : Math.min(LEASE_MAX_UNITS, Math.floor(perMinute / 64));

/** A decision as a call sees it: the units a lease still holds are not used yet. */
export function withUnitsHeld(decision: LimitDecision, held: number): LimitDecision {
  const { minute, month } = decision;
  return {
    allowed: decision.allowed,
    exceeded: decision.exceeded,
    minute: windowState(minute.limit, minute.used - held, minute.resetAt),
    month: month && windowState(month.limit, month.used - held, month.resetAt),
  };
}
