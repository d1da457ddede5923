// An account's answered calls per UTC day, endpoint and status class, in its meter object's
// storage, for the dashboard's usage page.
import { utcDay } from "./windows";

/** One answered call of an account, for the usage by endpoint. */
export interface AnsweredCall {
  /** The route as `GET /v1/amazon/search` (the platform filled in) or its template. */
  endpoint: string;
  /** The route's OpenAPI tag: catalogue, products, travel, events, keys, jobs… */
  group: string;
  status: number;
  now?: number;
  /** Answers this entry stands for, all of the same endpoint, status and UTC day (default 1). */
  count?: number;
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

export class EndpointUsage {
  private prunedOn = "";

  constructor(private readonly sql: SqlStorage) {
    this.sql.exec(`CREATE TABLE IF NOT EXISTS endpoint_usage (day TEXT NOT NULL, endpoint TEXT NOT NULL,
      endpoint_group TEXT NOT NULL, status_class TEXT NOT NULL, count INTEGER NOT NULL,
      PRIMARY KEY (day, endpoint, status_class))`);
  }

  record(answers: AnsweredCall[]): void {
    const counted = new Map<string, { answer: AnsweredCall; day: string; statusClass: string; count: number }>();
    for (const answer of answers) {
      const day = utcDay(answer.now ?? Date.now());
      const statusClass = `${Math.floor(answer.status / 100)}xx`;
      const key = `${day} ${statusClass} ${answer.endpoint}`;
      const entry = counted.get(key) ?? { answer, day, statusClass, count: 0 };
      entry.count += answer.count ?? 1;
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
      if (day !== this.prunedOn) {
        this.sql.exec(
          `DELETE FROM endpoint_usage WHERE day < ?`,
          utcDay(Date.parse(day) - ENDPOINT_USAGE_DAYS * 86_400_000),
        );
        this.prunedOn = day;
      }
    }
  }

  /** Answered calls per UTC day, endpoint and status class since `sinceDay` (YYYY-MM-DD). */
  since(sinceDay: string): EndpointUsageRow[] {
    return this.sql
      .exec<EndpointUsageRow>(
        `SELECT day, endpoint, endpoint_group AS "group", status_class AS statusClass, count
         FROM endpoint_usage WHERE day >= ? ORDER BY day, endpoint, status_class`,
        sinceDay,
      )
      .toArray();
  }
}

/**
 * Adds an answer to a batch as one more of its entry for the same endpoint, status and UTC day, so
 * that a busy second's batch carries a few counts rather than every answer.
 */
export function addAnswer(answers: AnsweredCall[], answer: AnsweredCall) {
  const day = utcDay(answer.now ?? Date.now());
  const same = answers.find(
    (entry) =>
      entry.endpoint === answer.endpoint &&
      entry.status === answer.status &&
      entry.group === answer.group &&
      utcDay(entry.now ?? Date.now()) === day,
  );
  if (same) same.count = (same.count ?? 1) + (answer.count ?? 1);
  else answers.push({ ...answer });
}
