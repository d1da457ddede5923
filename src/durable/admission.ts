// Admission: an account's (or a client IP's) fixed windows, the calendar minute per subject and the
// calendar month for the whole object, in UTC, and beside the month the day each unit of it was
// taken on (the account's calls per day, daily-usage.ts). Check-and-increment never awaits, and a
// Durable Object runs one call at a time, so N parallel calls at limit L admit exactly L.
import { dayScope } from "./daily-usage";
import { dayWindow, minuteWindow, monthWindow, windowState, type WindowState } from "./windows";

export interface LimitDecision {
  allowed: boolean;
  /** Which window refused the request, if one did. */
  exceeded: "minute" | "month" | null;
  minute: WindowState;
  month: WindowState | null;
  /**
   * Units taken beyond the call's for the caller's next calls (a lease, account-meter-client.ts),
   * counted in `used` like the call's own; absent when none were asked for or given.
   */
  leased?: number;
}

/** How long a lease's units may be used; what is left then goes back (account-meter-client.ts). */
export const LEASE_MS = 1_000;
/** A lease ends this long before its minute does, so that no clock's drift lets a unit of one minute serve the next. */
export const LEASE_CLOCK_MARGIN_MS = 1_000;
/**
 * A lease is given only while both windows hold this many leases' room beyond it: near a limit
 * every call is decided here alone, so no isolate's unused units refuse another's calls there.
 */
const LEASE_HEADROOM = 4;

export interface Admit {
  /** Who the per-minute window belongs to (the account, or an admin or sign-up guard). */
  subject: string;
  perMinute: number;
  /** Omitted for limiters with no monthly volume (the per-IP guard). */
  perMonth?: number;
  /** Requests this call stands for (a batch of MCP messages); all are admitted or none. */
  units: number;
  /**
   * Counted in the minute window alone: the month is reported, neither taken nor able to refuse
   * (a read of the account's own usage or keys, charging.ts).
   */
  monthFree?: boolean;
  /** Units wanted beyond the call's, taken with it when the windows have room to spare (`LimitDecision.leased`). */
  lease?: number;
  now: number;
}

/** Units a lease took and no call used, given back to the windows and the day they were taken in. */
export interface UnusedUnits {
  subject: string;
  units: number;
  minuteStart: number;
  monthStart: number;
  day: string;
}

/** A counter row as written: scope, window start, count. */
type Counter = [scope: string, windowStart: number, count: number];

export class Admission {
  /**
   * The counters as stored, read once from SQLite and then kept here: the object is their only
   * writer and runs one call at a time, so the copy never goes stale and a call's only storage
   * work is its writes.
   */
  private readonly counters = new Map<string, { windowStart: number; count: number }>();

  constructor(private readonly sql: SqlStorage) {
    this.sql.exec(`CREATE TABLE IF NOT EXISTS counters (
      scope TEXT PRIMARY KEY, window_start INTEGER NOT NULL, count INTEGER NOT NULL)`);
  }

  /** Counts `units` if both windows have room, else nothing; returns the decision and what the month took. */
  admit({ subject, perMinute, perMonth, units, monthFree, lease = 0, now }: Admit): {
    decision: LimitDecision;
    monthUnits: number;
  } {
    const minute = minuteWindow(now);
    const minuteScope = `minute:${subject}`;
    const minuteUsed = this.count(minuteScope, minute.start);
    const month = perMonth === undefined ? null : monthWindow(now);
    const monthUsed = month ? this.count("month", month.start) : 0;
    const takesMonth = month !== null && !monthFree;

    let exceeded: LimitDecision["exceeded"] = null;
    if (takesMonth && monthUsed + units > perMonth!) exceeded = "month";
    else if (minuteUsed + units > perMinute) exceeded = "minute";

    const room = (taken: number) => minuteUsed + taken <= perMinute && (!takesMonth || monthUsed + taken <= perMonth!);
    const leased =
      exceeded === null &&
      lease > 0 &&
      takesMonth &&
      minute.end - now >= LEASE_MS + LEASE_CLOCK_MARGIN_MS &&
      room(units + lease * (1 + LEASE_HEADROOM))
        ? lease
        : 0;
    const admitted = exceeded === null ? units + leased : 0;
    const monthUnits = takesMonth ? admitted : 0;
    if (admitted) {
      const rows: Counter[] = [[minuteScope, minute.start, minuteUsed + admitted]];
      if (monthUnits)
        rows.push(["month", month!.start, monthUsed + monthUnits], this.dayRow(dayWindow(now), monthUnits));
      this.store(rows);
    }
    const decision: LimitDecision = {
      allowed: exceeded === null,
      exceeded,
      minute: windowState(perMinute, minuteUsed + admitted, minute.end),
      month: month ? windowState(perMonth!, monthUsed + monthUnits, month.end) : null,
      ...(leased ? { leased } : {}),
    };
    return { decision, monthUnits };
  }

  /** Takes one unit of the month alone (a batch-job item: jobs pace themselves, not the minute window). */
  takeMonthUnit(perMonth: number, now: number): LimitDecision {
    const month = monthWindow(now);
    const used = this.count("month", month.start);
    const allowed = used < perMonth;
    if (allowed) this.store([["month", month.start, used + 1], this.dayRow(dayWindow(now), 1)]);
    return this.monthOnly(perMonth, used + (allowed ? 1 : 0), now, allowed);
  }

  /** The month as it stands, for a unit taken earlier (a job item asking again). */
  monthOnly(perMonth: number, used: number, now: number, allowed = true): LimitDecision {
    return {
      allowed,
      exceeded: allowed ? null : "month",
      minute: windowState(Number.MAX_SAFE_INTEGER, 0, minuteWindow(now).end),
      month: windowState(perMonth, used, monthWindow(now).end),
    };
  }

  /**
   * Gives `units` of the month starting `monthStart` back, taken on `day` (YYYY-MM-DD); nothing
   * once that month is over.
   */
  giveBack(monthStart: number, units: number, day: string, now: number) {
    const month = monthWindow(now);
    if (monthStart !== month.start) return;
    const start = Date.parse(day);
    this.store([
      ["month", month.start, Math.max(0, this.count("month", month.start) - units)],
      this.dayRow({ start, name: day }, -units),
    ]);
  }

  /** Gives back a lease's unused units to each window they were taken in that is still running. */
  giveBackUnused({ subject, units, minuteStart, monthStart, day }: UnusedUnits, now: number) {
    const rows: Counter[] = [];
    const minuteScope = `minute:${subject}`;
    if (minuteWindow(now).start === minuteStart)
      rows.push([minuteScope, minuteStart, Math.max(0, this.count(minuteScope, minuteStart) - units)]);
    if (monthWindow(now).start === monthStart)
      rows.push(
        ["month", monthStart, Math.max(0, this.count("month", monthStart) - units)],
        this.dayRow({ start: Date.parse(day), name: day }, -units),
      );
    if (rows.length) this.store(rows);
  }

  monthUsed(now: number): number {
    return this.count("month", monthWindow(now).start);
  }

  /** Current counts without counting anything. */
  peek(subject: string, perMinute: number, perMonth: number | undefined, now: number): LimitDecision {
    const minute = minuteWindow(now);
    const month = perMonth === undefined ? null : monthWindow(now);
    return {
      allowed: true,
      exceeded: null,
      minute: windowState(perMinute, this.count(`minute:${subject}`, minute.start), minute.end),
      month: month ? windowState(perMonth!, this.count("month", month.start), month.end) : null,
    };
  }

  /** The row of `day`'s charged calls after adding `units` (never below zero). */
  private dayRow(day: { start: number; name: string }, units: number): Counter {
    const scope = dayScope(day.name);
    return [scope, day.start, Math.max(0, this.count(scope, day.start) + units)];
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

  /** Writes counters in one statement: a call that takes the minute, the month and the day pays one write, not three. */
  private store(rows: Counter[]) {
    this.sql.exec(
      `INSERT INTO counters (scope, window_start, count) VALUES ${rows.map(() => "(?, ?, ?)").join(", ")}
       ON CONFLICT(scope) DO UPDATE SET window_start = excluded.window_start, count = excluded.count`,
      ...rows.flat(),
    );
    for (const [scope, windowStart, count] of rows) this.counters.set(scope, { windowStart, count });
  }
}
