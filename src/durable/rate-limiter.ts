import { DurableObject } from "cloudflare:workers";
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
}

/** One answered call of an account, for the usage by endpoint. */
export interface AnsweredCall {
  /** The route as `GET /v1/amazon/search` (the platform filled in) or its template. */
  endpoint: string;
  /** The route's OpenAPI tag: catalogue, products, travel, events, keys, jobs… */
  group: string;
  status: number;
  now?: number;
}

export type EndpointUsageRow = {
  day: string;
  endpoint: string;
  group: string;
  statusClass: string;
  count: number;
};

/** Per-endpoint counts are kept this many days. */
const ENDPOINT_USAGE_DAYS = 400;
const MINUTE_MS = 60_000;
/** How long a counted request's decision is kept for its retries; they come within a second. */
const REMEMBER_MS = 2 * MINUTE_MS;

/**
 * Exact request counters for one account (or one client IP).
 *
 * Fixed windows: a per-minute window per subject (calendar minute, UTC) and a
 * monthly window (calendar month, UTC) for the whole object. A Durable Object
 * runs one call at a time and `consume` never awaits, so check-and-increment
 * is atomic: N parallel calls at limit L admit exactly L. Counts live in the
 * object's SQLite storage, so they survive eviction and restarts. Admitted calls are
 * remembered by idempotency key for two minutes, so a retried call is never counted twice: in
 * memory, as retries come within a second, so the only write of a call is its counters. Should
 * the object restart between a call and its retry, the retry is counted again: that can only
 * under-admit by one, never over-admit.
 */
export class RateLimiter extends DurableObject<Env> {
  private readonly sql: SqlStorage;
  private endpointsPrunedOn = "";
  /**
   * The counters as stored, read once from SQLite and then kept here: this object is their only
   * writer and runs one call at a time, so the copy never goes stale and a call's only storage
   * work is its writes.
   */
  private readonly counters = new Map<string, { windowStart: number; count: number }>();
  /** Decisions of admitted `consume` calls by idempotency key, for their retries. */
  private readonly recentConsumes = new RecentDecisions<LimitDecision>(REMEMBER_MS);

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    this.sql.exec(`CREATE TABLE IF NOT EXISTS counters (
      scope TEXT PRIMARY KEY, window_start INTEGER NOT NULL, count INTEGER NOT NULL)`);
    this.sql.exec(`CREATE TABLE IF NOT EXISTS daily_usage (day TEXT PRIMARY KEY, count INTEGER NOT NULL)`);
    this.sql.exec(`CREATE TABLE IF NOT EXISTS recent_consumes (
      idempotency_key TEXT PRIMARY KEY, decided_at INTEGER NOT NULL, decision TEXT NOT NULL)`);
    this.sql.exec(`CREATE INDEX IF NOT EXISTS recent_consumes_by_age ON recent_consumes (decided_at)`);
    // Batch-job items holding a unit of this month's volume.
    this.sql.exec(`CREATE TABLE IF NOT EXISTS job_units (item_key TEXT PRIMARY KEY, month_start INTEGER NOT NULL)`);
    this.sql.exec(`CREATE TABLE IF NOT EXISTS endpoint_usage (day TEXT NOT NULL, endpoint TEXT NOT NULL,
      endpoint_group TEXT NOT NULL, status_class TEXT NOT NULL, count INTEGER NOT NULL,
      PRIMARY KEY (day, endpoint, status_class))`);
  }

  /**
   * Counts the request (`units` of them) if both windows have room; otherwise counts nothing. A
   * repeated `idempotencyKey` of a counted request returns the first decision and counts nothing.
   */
  consume(request: ConsumeRequest): LimitDecision {
    const now = request.now ?? Date.now();
    const units = request.units ?? 1;
    if (request.idempotencyKey) {
      const remembered = this.recentConsumes.get(request.idempotencyKey);
      if (remembered) return remembered;
    }
    if (request.answers) this.recordAnswers(request.answers);
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
        this.addDaily(now, admitted);
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
    if ((admitted || request.answers?.length) && request.idempotencyKey)
      this.recentConsumes.set(request.idempotencyKey, decision, now);
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
      this.addDaily(now, 1);
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
    this.addDaily(now, -1);
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

  /** Requests admitted per UTC day, for the last `days` days. */
  dailyUsage(days = 31): { day: string; count: number }[] {
    const since = new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
    return this.sql
      .exec<{ day: string; count: number }>(`SELECT day, count FROM daily_usage WHERE day >= ? ORDER BY day`, since)
      .toArray();
  }

  /**
   * Counts answered calls by endpoint and status class (`2xx`…`5xx`); refused calls (429) of the
   * account are answers too. A call's answer exists only after its `consume`, so answers come
   * along with a later call's `consume`, or on their own (durable/rate-limit-client.ts).
   */
  recordAnswers(answers: AnsweredCall[]): void {
    const counted = new Map<string, { answer: AnsweredCall; day: string; statusClass: string; count: number }>();
    for (const answer of answers) {
      const day = new Date(answer.now ?? Date.now()).toISOString().slice(0, 10);
      const statusClass = `${Math.floor(answer.status / 100)}xx`;
      const key = `${day} ${statusClass} ${answer.endpoint}`;
      const entry = counted.get(key) ?? { answer, day, statusClass, count: 0 };
      entry.count += 1;
      counted.set(key, entry);
    }
    for (const { answer, day, statusClass, count } of counted.values()) {
      this.sql.exec(
        `INSERT INTO endpoint_usage (day, endpoint, endpoint_group, status_class, count) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT(day, endpoint, status_class) DO UPDATE SET count = count + excluded.count`,
        day,
        answer.endpoint,
        answer.group,
        statusClass,
        count,
      );
      // One pass a day is enough to keep the table to about a year and a month.
      if (day !== this.endpointsPrunedOn) {
        const cutoff = new Date(Date.parse(day) - ENDPOINT_USAGE_DAYS * 86_400_000).toISOString().slice(0, 10);
        this.sql.exec(`DELETE FROM endpoint_usage WHERE day < ?`, cutoff);
        this.endpointsPrunedOn = day;
      }
    }
  }

  /** Answered calls per UTC day, endpoint and status class since `sinceDay` (YYYY-MM-DD). */
  endpointUsage(sinceDay: string): EndpointUsageRow[] {
    return this.sql
      .exec<EndpointUsageRow>(
        `SELECT day, endpoint, endpoint_group AS "group", status_class AS statusClass, count
         FROM endpoint_usage WHERE day >= ? ORDER BY day, endpoint, status_class`,
        sinceDay,
      )
      .toArray();
  }

  private addDaily(now: number, delta: number) {
    this.sql.exec(
      `INSERT INTO daily_usage (day, count) VALUES (?, ?) ON CONFLICT(day) DO UPDATE SET count = MAX(0, count + ?)`,
      new Date(now).toISOString().slice(0, 10),
      Math.max(0, delta),
      delta,
    );
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
