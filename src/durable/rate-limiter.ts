import { DurableObject } from "cloudflare:workers";
import { DailyUsage, utcDay, type DailyCalls } from "./daily-usage";
import { type AnsweredCall, EndpointUsage, type EndpointUsageRow } from "./endpoint-usage";
import { RecentDecisions } from "./recent-decisions";
import { minuteWindow, monthWindow, windowState, type WindowState } from "./windows";

export interface LimitDecision {
  allowed: boolean;
  /** Which window refused the request, if one did. */
  exceeded: "minute" | "month" | null;
  minute: WindowState;
  month: WindowState | null;
}

export interface ConsumeRequest {
  /** Who the per-minute window belongs to (an API key id, or an IP address). */
  subject: string;
  perMinute: number;
  /** Omitted for limiters with no monthly volume (the per-IP guard). */
  perMonth?: number;
  /** Requests this call stands for (a batch of MCP messages); all are admitted or none. Default 1. */
  units?: number;
  now?: number;
  /**
   * Made up by the caller once per request and repeated on every retry of it: a retry whose
   * first attempt was counted (its answer lost on the way back) gets that decision again
   * instead of being counted twice. Never taken from the client, who could replay it for free.
   */
  idempotencyKey?: string;
  /** Earlier answered calls of the account, carried along to be counted by endpoint (see recordAnswers). */
  answers?: AnsweredCall[];
  /** Idempotency keys of earlier admitted calls whose answer held no data, carried along (see recordAnswers). */
  refunds?: string[];
}

export type { AnsweredCall, EndpointUsageRow };

const MINUTE_MS = 60_000;
/**
 * How long an admitted call is remembered. Its retries come within a second, but its refund comes
 * after its answer: up to the scrape deadline (90 s by default) and the 250 ms a refund waits for
 * company (durable/rate-limit-client.ts), more for a hotel read with its enrichment. Five minutes
 * covers that with room to spare; a refund later than that gives nothing back.
 */
const REMEMBER_MS = 5 * MINUTE_MS;

/** An admitted `consume`, remembered by its idempotency key for its retries and its refund. */
interface AdmittedCall {
  decision: LimitDecision;
  /** Units it took of the month: 0 for a refusal (remembered for the answers it carried) or a limiter without one. */
  monthUnits: number;
  monthStart: number;
  /** The UTC day it was counted on, which its refund gives back. */
  day: string;
  refunded: boolean;
}

/**
 * Exact request counters for one account (or one client IP).
 *
 * Fixed windows: a per-minute window per subject (calendar minute, UTC) and a
 * monthly window (calendar month, UTC) for the whole object. A Durable Object
 * runs one call at a time and `consume` never awaits, so check-and-increment
 * is atomic: N parallel calls at limit L admit exactly L. Counts live in the
 * object's SQLite storage, so they survive eviction and restarts. Admitted calls are
 * remembered by idempotency key for five minutes, so a retried call is never counted twice and a
 * call's refund finds it: in memory, so the only write of a call is its counters. Should the
 * object restart between a call and its retry, the retry is counted again (under-admits by one,
 * never over-admits); should it restart before the call's refund, the refund finds nothing and
 * the unit stays charged (an under-refund, never a double one).
 */
export class RateLimiter extends DurableObject<Env> {
  private readonly sql: SqlStorage;
  /**
   * The counters as stored, read once from SQLite and then kept here: this object is their only
   * writer and runs one call at a time, so the copy never goes stale and a call's only storage
   * work is its writes.
   */
  private readonly counters = new Map<string, { windowStart: number; count: number }>();
  /** Admitted `consume` calls by idempotency key, for their retries and refunds. */
  private readonly recentConsumes = new RecentDecisions<AdmittedCall>(REMEMBER_MS);
  private readonly daily: DailyUsage;
  private readonly endpoints: EndpointUsage;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    this.sql.exec(`CREATE TABLE IF NOT EXISTS counters (
      scope TEXT PRIMARY KEY, window_start INTEGER NOT NULL, count INTEGER NOT NULL)`);
    this.daily = new DailyUsage(this.sql);
    this.sql.exec(`CREATE TABLE IF NOT EXISTS recent_consumes (
      idempotency_key TEXT PRIMARY KEY, decided_at INTEGER NOT NULL, decision TEXT NOT NULL)`);
    this.sql.exec(`CREATE INDEX IF NOT EXISTS recent_consumes_by_age ON recent_consumes (decided_at)`);
    // Batch-job items holding a unit of this month's volume.
    this.sql.exec(`CREATE TABLE IF NOT EXISTS job_units (item_key TEXT PRIMARY KEY, month_start INTEGER NOT NULL)`);
    this.endpoints = new EndpointUsage(this.sql);
  }

  /**
   * Counts the request (`units` of them) if both windows have room; otherwise counts nothing. A
   * repeated `idempotencyKey` of a counted request returns the first decision and counts nothing.
   * Answers and refunds carried along are settled first, so the decision already reflects them.
   */
  consume(request: ConsumeRequest): LimitDecision {
    const now = request.now ?? Date.now();
    const units = request.units ?? 1;
    if (request.idempotencyKey) {
      const remembered = this.recentConsumes.get(request.idempotencyKey);
      if (remembered) return remembered.decision;
    }
    this.recordAnswers(request.answers ?? [], request.refunds ?? [], now);
    const minute = minuteWindow(now);
    const minuteScope = `minute:${request.subject}`;
    const minuteUsed = this.count(minuteScope, minute.start);

    let month: { start: number; end: number } | null = null;
    let monthUsed = 0;
    if (request.perMonth !== undefined) {
      month = monthWindow(now);
      monthUsed = this.count("month", month.start);
    }

    let exceeded: LimitDecision["exceeded"] = null;
    if (month && monthUsed + units > request.perMonth!) exceeded = "month";
    else if (minuteUsed + units > request.perMinute) exceeded = "minute";

    const admitted = exceeded === null ? units : 0;
    if (admitted) {
      this.store(minuteScope, minute.start, minuteUsed + admitted);
      if (month) {
        this.store("month", month.start, monthUsed + admitted);
        this.daily.charge(utcDay(now), admitted);
      }
    }

    const decision: LimitDecision = {
      allowed: exceeded === null,
      exceeded,
      minute: windowState(request.perMinute, minuteUsed + admitted, minute.end),
      month: month ? windowState(request.perMonth!, monthUsed + admitted, month.end) : null,
    };
    // Refusals count nothing, so a retry may simply be decided again: only admissions are kept.
    // A retry must neither count the call again nor record the answers it carried twice.
    if ((admitted || request.answers?.length) && request.idempotencyKey) {
      const monthUnits = month ? admitted : 0;
      const admittedCall = { decision, monthUnits, monthStart: month?.start ?? 0, day: utcDay(now), refunded: false };
      this.recentConsumes.set(request.idempotencyKey, admittedCall, now);
    }
    return decision;
  }

  /**
   * Takes one unit of the monthly volume for a batch-job item, once per `itemKey` and month: the
   * item holds it until `releaseItem`, so a Worker that stops midway and a retry that asks again
   * never take a second one. The per-minute window is left alone (jobs pace themselves on the queue).
   */
  reserveItem(request: { itemKey: string; perMonth: number; now?: number }): LimitDecision {
    const now = request.now ?? Date.now();
    const month = monthWindow(now);
    const used = this.count("month", month.start);
    const held =
      this.sql
        .exec(`SELECT 1 FROM job_units WHERE item_key = ? AND month_start = ?`, request.itemKey, month.start)
        .toArray().length > 0;
    const allowed = held || used < request.perMonth;
    if (allowed && !held) {
      this.store("month", month.start, used + 1);
      this.daily.charge(utcDay(now), 1);
      this.sql.exec(`DELETE FROM job_units WHERE month_start < ?`, month.start);
      this.sql.exec(`INSERT INTO job_units (item_key, month_start) VALUES (?, ?)`, request.itemKey, month.start);
    }
    const taken = allowed && !held ? 1 : 0;
    return {
      allowed,
      exceeded: allowed ? null : "month",
      minute: windowState(Number.MAX_SAFE_INTEGER, 0, minuteWindow(now).end),
      month: windowState(request.perMonth, used + taken, month.end),
    };
  }

  /** Gives back the unit `itemKey` holds (its item produced no data); nothing when it holds none. */
  releaseItem(request: { itemKey: string; now?: number }): void {
    const now = request.now ?? Date.now();
    const month = monthWindow(now);
    const held = this.sql
      .exec(
        `DELETE FROM job_units WHERE item_key = ? AND month_start = ? RETURNING item_key`,
        request.itemKey,
        month.start,
      )
      .toArray().length;
    if (held === 0) return;
    this.store("month", month.start, Math.max(0, this.count("month", month.start) - 1));
    this.daily.giveBack(utcDay(now), 1);
  }

  /** Current counts without counting anything. */
  peek(request: Omit<ConsumeRequest, "now"> & { now?: number }): LimitDecision {
    const now = request.now ?? Date.now();
    const minute = minuteWindow(now);
    const month = request.perMonth === undefined ? null : monthWindow(now);
    return {
      allowed: true,
      exceeded: null,
      minute: windowState(request.perMinute, this.count(`minute:${request.subject}`, minute.start), minute.end),
      month: month ? windowState(request.perMonth!, this.count("month", month.start), month.end) : null,
    };
  }

  /** Calls attempted and charged per UTC day since `sinceDay` (YYYY-MM-DD): the days with calls. */
  dailyUsage(sinceDay: string): DailyCalls[] {
    return this.daily.since(sinceDay);
  }

  /**
   * Counts answered calls by endpoint and status class (`2xx`…`5xx`); refused calls (429) of the
   * account are answers too. `refunds` name admitted calls (by their `consume`'s idempotency key)
   * whose answer held no data (charging.ts): their month units are given back. A call's answer
   * exists only after its `consume`, so both come along with a later call's `consume`, or on
   * their own (durable/rate-limit-client.ts).
   */
  recordAnswers(answers: AnsweredCall[], refunds: string[] = [], now = Date.now()): void {
    for (const idempotencyKey of refunds) this.refund(idempotencyKey, now);
    this.endpoints.record(answers);
  }

  /** Answered calls per UTC day, endpoint and status class since `sinceDay` (YYYY-MM-DD). */
  endpointUsage(sinceDay: string): EndpointUsageRow[] {
    return this.endpoints.since(sinceDay);
  }

  /**
   * Gives back the month units of an admitted call, once: nothing for a call this object did not
   * admit or no longer remembers (restarted, or older than REMEMBER_MS: the unit stays charged),
   * one already given back, or one counted in an earlier month (that month's count is gone).
   * The minute window keeps the call.
   */
  private refund(idempotencyKey: string, now: number) {
    const call = this.recentConsumes.get(idempotencyKey);
    const month = monthWindow(now);
    if (!call || call.refunded || call.monthUnits === 0 || call.monthStart !== month.start) return;
    call.refunded = true;
    this.store("month", month.start, Math.max(0, this.count("month", month.start) - call.monthUnits));
    this.daily.giveBack(call.day, call.monthUnits);
  }

  private count(scope: string, windowStart: number): number {
    let counter = this.counters.get(scope);
    if (!counter) {
      const row = this.sql
        .exec<{ window_start: number; count: number }>(
          `SELECT window_start, count FROM counters WHERE scope = ?`,
          scope,
        )
        .toArray()[0];
      counter = { windowStart: row?.window_start ?? 0, count: row?.count ?? 0 };
      this.counters.set(scope, counter);
    }
    return counter.windowStart === windowStart ? counter.count : 0;
  }

  private store(scope: string, windowStart: number, count: number) {
    this.sql.exec(
      `INSERT INTO counters (scope, window_start, count) VALUES (?, ?, ?)
       ON CONFLICT(scope) DO UPDATE SET window_start = excluded.window_start, count = excluded.count`,
      scope,
      windowStart,
      count,
    );
    this.counters.set(scope, { windowStart, count });
  }
}
