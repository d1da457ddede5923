// One account's meter (or one client IP's): admission to its windows (admission.ts) and the ledger
// of what its calls cost (usage-ledger.ts), in one Durable Object so that a request costs one
// round trip. Counts live in the object's SQLite storage and survive eviction and restarts.
import { DurableObject } from "cloudflare:workers";
import { Admission, type LimitDecision } from "./admission";
import type { DailyCalls } from "./daily-usage";
import type { AnsweredCall, EndpointUsageRow } from "./endpoint-usage";
import { UsageLedger } from "./usage-ledger";

export type { AnsweredCall, EndpointUsageRow, LimitDecision };

export interface ConsumeRequest {
  /** Who the per-minute window belongs to (the account, or an admin or sign-up guard). */
  subject: string;
  perMinute: number;
  /** Omitted for limiters with no monthly volume (the per-IP guard). */
  perMonth?: number;
  /** Requests this call stands for (a batch of MCP messages); all are admitted or none. Default 1. */
  units?: number;
  /** Counted in the minute window alone, the month reported but not taken (charging.ts). */
  monthFree?: boolean;
  now?: number;
  /**
   * Made up by the caller once per request and repeated on every retry of it: a retry whose
   * first attempt was counted (its answer lost on the way back) gets that decision again
   * instead of being counted twice. Never taken from the client, who could replay it for free.
   */
  idempotencyKey?: string;
  /** Units wanted beyond this call's for the caller's next calls (`LimitDecision.leased`). */
  lease?: number;
  /** Earlier answered calls of the account, carried along to be counted by endpoint (see recordAnswers). */
  answers?: AnsweredCall[];
  /** Idempotency keys of earlier admitted calls whose answer held no data, carried along (see recordAnswers). */
  refunds?: Refund[];
}

/**
 * An admitted call's idempotency key (all its month units given back), or the key and how many
 * units; `unused` units are a lease's that no call used, given back to the minute as well.
 */
export type Refund = string | { idempotencyKey: string; units: number; unused?: boolean };

/**
 * Exact, idempotent counting for one account. A retried `consume` (same idempotency key) gets its
 * first decision and counts nothing; should the object restart between a call and its retry, the
 * retry is counted again (under-admits by one, never over-admits); should it restart before the
 * call's refund, the refund finds nothing and the unit stays charged (never a double refund).
 */
export class AccountMeter extends DurableObject<Env> {
  private readonly admission: Admission;
  private readonly ledger: UsageLedger;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.admission = new Admission(ctx.storage.sql);
    this.ledger = new UsageLedger(ctx.storage.sql, this.admission);
  }

  /**
   * Counts the request (`units` of them) if both windows have room; otherwise counts nothing.
   * Answers and refunds carried along are settled first, so the decision already reflects them.
   */
  consume(request: ConsumeRequest): LimitDecision {
    const now = request.now ?? Date.now();
    if (request.idempotencyKey) {
      const remembered = this.ledger.recall(request.idempotencyKey);
      if (remembered) return remembered.decision;
    }
    this.recordAnswers(request.answers ?? [], request.refunds ?? [], now);
    const { decision, monthUnits } = this.admission.admit({
      subject: request.subject,
      perMinute: request.perMinute,
      perMonth: request.perMonth,
      units: request.units ?? 1,
      monthFree: request.monthFree,
      lease: request.lease,
      now,
    });
    // Refusals count nothing, so a retry may simply be decided again; a call that carried answers or
    // refunds is remembered all the same, so its retry does not record them twice (a refund of some
    // of a lease's units is not idempotent: each gives back more, up to what the lease took).
    if (decision.allowed || request.answers?.length || request.refunds?.length)
      this.ledger.book(request.idempotencyKey, request.subject, decision, monthUnits, now);
    return decision;
  }

  /** The month unit a batch-job item holds until `releaseItem`; asking again for the same item takes none. */
  reserveItem(request: { itemKey: string; perMonth: number; now?: number }): LimitDecision {
    return this.ledger.reserveItem(request.itemKey, request.perMonth, request.now ?? Date.now());
  }

  /** Gives back the unit `itemKey` holds (its item produced no data); nothing when it holds none. */
  releaseItem(request: { itemKey: string; now?: number }): void {
    this.ledger.releaseItem(request.itemKey, request.now ?? Date.now());
  }

  /** Current counts without counting anything. */
  peek(request: Omit<ConsumeRequest, "now"> & { now?: number }): LimitDecision {
    return this.admission.peek(request.subject, request.perMinute, request.perMonth, request.now ?? Date.now());
  }

  /** Calls attempted and charged per UTC day since `sinceDay` (YYYY-MM-DD): the days with calls. */
  dailyUsage(sinceDay: string): DailyCalls[] {
    return this.ledger.dailyCalls(sinceDay);
  }

  /**
   * Counts answered calls by endpoint and status class (`2xx`…`5xx`); refused calls (429) of the
   * account are answers too. `refunds` name admitted calls (by their `consume`'s idempotency key)
   * whose answer held no data (charging.ts): their month units are given back. A call's answer
   * exists only after its `consume`, so both come along with a later call's `consume`, or on
   * their own (durable/account-meter-client.ts).
   */
  recordAnswers(answers: AnsweredCall[], refunds: Refund[] = [], now = Date.now()): void {
    for (const refund of refunds)
      if (typeof refund === "string") this.ledger.refund(refund, now);
      else if (refund.unused) this.ledger.returnUnused(refund.idempotencyKey, refund.units, now);
      else this.ledger.refund(refund.idempotencyKey, now, refund.units);
    this.ledger.recordAnswers(answers);
  }

  /** Answered calls per UTC day, endpoint and status class since `sinceDay` (YYYY-MM-DD). */
  endpointUsage(sinceDay: string): EndpointUsageRow[] {
    return this.ledger.endpointUsage(sinceDay);
  }
}
