// The usage ledger: what an account's admitted calls cost and what they were. Calls per day
// (attempted and charged), answers per endpoint, the month units batch-job items hold, and the
// admitted calls remembered for their retries and their refunds. Admission (admission.ts) keeps
// the windows; the ledger gives month units back through it.
import type { Admission, LimitDecision } from "./admission";
import { DailyUsage, type DailyCalls } from "./daily-usage";
import { type AnsweredCall, EndpointUsage, type EndpointUsageRow } from "./endpoint-usage";
import { minuteWindow, monthWindow, utcDay } from "./windows";
import { RecentDecisions } from "./recent-decisions";

const MINUTE_MS = 60_000;
/**
 * How long an admitted call is remembered. Its retries come within a second, but its refund comes
 * after its answer: up to the scrape deadline (90 s by default) and the 250 ms a refund waits for
 * company (durable/account-meter-client.ts), more for a hotel read with its enrichment. Five minutes
 * covers that with room to spare; a refund later than that gives nothing back.
 */
const REMEMBER_MS = 5 * MINUTE_MS;

/** An admitted call, remembered by its idempotency key for its retries and its refund. */
export interface AdmittedCall {
  decision: LimitDecision;
  /** Whose minute window it was counted in, and that minute's start (a lease's unused units go back there). */
  subject: string;
  minuteStart: number;
  /** Units it took of the month: 0 for a refusal (remembered for the answers or refunds it carried) or a limiter without one. */
  monthUnits: number;
  monthStart: number;
  /** The UTC day it was counted on, which its refund gives back. */
  day: string;
  /** Month units given back so far: all of them for an answer without data, some for an MCP batch's tool calls. */
  refundedUnits: number;
  /** Of those, the lease's units no call used (never more than `decision.leased`). */
  unusedReturned: number;
}

export class UsageLedger {
  /** In memory, so a call's only storage write is its counters (the day's among them); lost on a restart (see refund). */
  private readonly calls = new RecentDecisions<AdmittedCall>(REMEMBER_MS);
  private readonly daily: DailyUsage;
  private readonly endpoints: EndpointUsage;

  constructor(
    private readonly sql: SqlStorage,
    private readonly admission: Admission,
  ) {
    this.daily = new DailyUsage(sql);
    this.endpoints = new EndpointUsage(sql);
    // Batch-job items holding a unit of this month's volume.
    this.sql.exec(`CREATE TABLE IF NOT EXISTS job_units (item_key TEXT PRIMARY KEY, month_start INTEGER NOT NULL)`);
  }

  recall(idempotencyKey: string): AdmittedCall | undefined {
    return this.calls.get(idempotencyKey);
  }

  /** Books an admission (its units already charged to the day with the month): the call remembered by `idempotencyKey`. */
  book(idempotencyKey: string | undefined, subject: string, decision: LimitDecision, monthUnits: number, now: number) {
    if (!idempotencyKey) return;
    const call: AdmittedCall = {
      decision,
      subject,
      minuteStart: minuteWindow(now).start,
      monthUnits,
      monthStart: monthWindow(now).start,
      day: utcDay(now),
      refundedUnits: 0,
      unusedReturned: 0,
    };
    this.calls.set(idempotencyKey, call, now);
  }

  /**
   * Gives back `units` (all by default) of the month units of an admitted call, never more than it
   * took: nothing for a call this object did not admit or no longer remembers (restarted, or older
   * than REMEMBER_MS: the unit stays charged), units already given back, or a call counted in an
   * earlier month (that month's count is gone). The minute window keeps the call.
   */
  refund(idempotencyKey: string, now: number, units = Number.POSITIVE_INFINITY) {
    const given = this.takeBack(idempotencyKey, units, now);
    if (!given) return;
    this.admission.giveBack(given.call.monthStart, given.units, given.call.day, now);
    this.daily.giveBack(given.call.day, given.units);
  }

  /**
   * Gives back `units` a lease took with the call `idempotencyKey` and no call used: to its minute
   * too (they were never calls) and not counted as given back in the day, within the units its
   * lease took: the call's own go back only as a refund.
   */
  returnUnused(idempotencyKey: string, units: number, now: number) {
    const call = this.calls.get(idempotencyKey);
    if (!call) return;
    const given = this.takeBack(
      idempotencyKey,
      Math.min(units, (call.decision.leased ?? 0) - call.unusedReturned),
      now,
    );
    if (!given) return;
    call.unusedReturned += given.units;
    this.admission.giveBackUnused({ ...call, units: given.units }, now);
  }

  /** Marks up to `units` of a remembered call's month units given back this month; null when none can be. */
  private takeBack(idempotencyKey: string, units: number, now: number) {
    const call = this.calls.get(idempotencyKey);
    if (!call || call.monthStart !== monthWindow(now).start) return null;
    const given = Math.min(units, call.monthUnits - call.refundedUnits);
    if (given <= 0) return null;
    call.refundedUnits += given;
    return { call, units: given };
  }

  /**
   * One unit of the month for a batch-job item, once per `itemKey` and month: the item holds it
   * until `releaseItem`, so a Worker that stops midway and a retry that asks again never take a
   * second one.
   */
  reserveItem(itemKey: string, perMonth: number, now: number): LimitDecision {
    const monthStart = monthWindow(now).start;
    const held =
      this.sql.exec(`SELECT 1 FROM job_units WHERE item_key = ? AND month_start = ?`, itemKey, monthStart).toArray()
        .length > 0;
    if (held) return this.admission.monthOnly(perMonth, this.admission.monthUsed(now), now);
    const decision = this.admission.takeMonthUnit(perMonth, now);
    if (decision.allowed) {
      this.sql.exec(`DELETE FROM job_units WHERE month_start < ?`, monthStart);
      this.sql.exec(`INSERT INTO job_units (item_key, month_start) VALUES (?, ?)`, itemKey, monthStart);
    }
    return decision;
  }

  /** Gives back the unit `itemKey` holds (its item produced no data); nothing when it holds none. */
  releaseItem(itemKey: string, now: number) {
    const monthStart = monthWindow(now).start;
    const held = this.sql
      .exec(`DELETE FROM job_units WHERE item_key = ? AND month_start = ? RETURNING item_key`, itemKey, monthStart)
      .toArray().length;
    if (held === 0) return;
    this.admission.giveBack(monthStart, 1, utcDay(now), now);
    this.daily.giveBack(utcDay(now), 1);
  }

  recordAnswers(answers: AnsweredCall[]) {
    this.endpoints.record(answers);
  }

  dailyCalls(sinceDay: string): DailyCalls[] {
    return this.daily.since(sinceDay);
  }

  endpointUsage(sinceDay: string): EndpointUsageRow[] {
    return this.endpoints.since(sinceDay);
  }
}
