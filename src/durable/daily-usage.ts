// An account's calls per UTC day, in its meter object's storage: those charged to the month
// and those given back (an answer without data, a job item that produced none). Attempted calls
// are both together.

/** One UTC day's calls: admitted by the limiter (`attempted`) and kept on the month (`charged`). */
export interface DailyCalls {
  day: string;
  attempted: number;
  charged: number;
}

const DAY_MS = 86_400_000;
let lastDay = { start: Number.NEGATIVE_INFINITY, name: "" };

/** The UTC day of `epochMs` as YYYY-MM-DD; the last day named is kept, as every call of a meter asks. */
export function utcDay(epochMs: number): string {
  if (epochMs < lastDay.start || epochMs >= lastDay.start + DAY_MS) {
    const start = epochMs - (((epochMs % DAY_MS) + DAY_MS) % DAY_MS);
    lastDay = { start, name: new Date(start).toISOString().slice(0, 10) };
  }
  return lastDay.name;
}

export class DailyUsage {
  constructor(private readonly sql: SqlStorage) {
    this.sql.exec(`CREATE TABLE IF NOT EXISTS daily_usage (day TEXT PRIMARY KEY, count INTEGER NOT NULL)`);
    // A table beside daily_usage rather than a new column of it: objects created before it need
    // no migration, and their earlier days simply read as nothing given back.
    this.sql.exec(`CREATE TABLE IF NOT EXISTS daily_refunds (day TEXT PRIMARY KEY, count INTEGER NOT NULL)`);
  }

  charge(day: string, units: number) {
    this.add("daily_usage", day, units);
  }

  /** Moves `units` of `day` from charged to given back; attempted stays as it was. */
  giveBack(day: string, units: number) {
    this.add("daily_usage", day, -units);
    this.add("daily_refunds", day, units);
  }

  /** Every day with calls since `sinceDay` (YYYY-MM-DD), oldest first. */
  since(sinceDay: string): DailyCalls[] {
    return this.sql
      .exec<{ day: string; attempted: number; charged: number }>(
        `SELECT usage.day AS day, usage.count AS charged, usage.count + COALESCE(refunds.count, 0) AS attempted
         FROM daily_usage AS usage LEFT JOIN daily_refunds AS refunds ON refunds.day = usage.day
         WHERE usage.day >= ? ORDER BY usage.day`,
        sinceDay,
      )
      .toArray()
      .map(({ day, attempted, charged }) => ({ day, attempted, charged }));
  }

  private add(table: "daily_usage" | "daily_refunds", day: string, delta: number) {
    this.sql.exec(
      `INSERT INTO ${table} (day, count) VALUES (?, ?) ON CONFLICT(day) DO UPDATE SET count = MAX(0, count + ?)`,
      day,
      Math.max(0, delta),
      delta,
    );
  }
}
