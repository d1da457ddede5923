// An account's calls per UTC day, in its meter object's storage: those charged to the month and
// those given back (an answer without data, a job item that produced none). Attempted calls are
// both together. The charged count is a day window among the meter's counters (admission.ts),
// written in the same statement as the minute and the month; what was given back is kept here.

/** One UTC day's calls: admitted by the limiter (`attempted`) and kept on the month (`charged`). */
export interface DailyCalls {
  day: string;
  attempted: number;
  charged: number;
}

const DAY_PREFIX = "day:";
/** The counter scope of a day's charged calls, `day:YYYY-MM-DD`, so that scopes sort by day. */
export const dayScope = (day: string) => `${DAY_PREFIX}${day}`;
// The first scope after every day's (";" follows ":"), and where the day starts in one (SQL counts from 1).
const AFTER_DAYS = `${DAY_PREFIX.slice(0, -1)};`;
const DAY_AT = DAY_PREFIX.length + 1;

export class DailyUsage {
  /** Needs the meter's `counters` table, which `Admission` creates. */
  constructor(private readonly sql: SqlStorage) {
    // Objects made before the day was a counter kept it in a table of its own: moved over once.
    const legacy = this.sql
      .exec(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'daily_usage'`)
      .toArray().length;
    if (legacy) {
      this.sql.exec(`INSERT INTO counters (scope, window_start, count)
        SELECT '${DAY_PREFIX}' || day, unixepoch(day) * 1000, count FROM daily_usage WHERE true
        ON CONFLICT(scope) DO UPDATE SET count = count + excluded.count`);
      this.sql.exec(`DROP TABLE daily_usage`);
    }
    this.sql.exec(`CREATE TABLE IF NOT EXISTS daily_refunds (day TEXT PRIMARY KEY, count INTEGER NOT NULL)`);
  }

  /** Counts `units` of `day` as given back; the day's charged count went down with the month (admission.ts). */
  giveBack(day: string, units: number) {
    this.sql.exec(
      `INSERT INTO daily_refunds (day, count) VALUES (?, ?) ON CONFLICT(day) DO UPDATE SET count = count + excluded.count`,
      day,
      units,
    );
  }

  /** Every day with calls since `sinceDay` (YYYY-MM-DD), oldest first. */
  since(sinceDay: string): DailyCalls[] {
    return this.sql
      .exec<{ day: string; attempted: number; charged: number }>(
        `SELECT substr(charged.scope, ${DAY_AT}) AS day, charged.count AS charged,
           charged.count + COALESCE(refunds.count, 0) AS attempted
         FROM counters AS charged LEFT JOIN daily_refunds AS refunds ON refunds.day = substr(charged.scope, ${DAY_AT})
         WHERE charged.scope >= ? AND charged.scope < ? ORDER BY charged.scope`,
        dayScope(sinceDay),
        AFTER_DAYS,
      )
      .toArray()
      .map(({ day, attempted, charged }) => ({ day, attempted, charged }));
  }
}
