// The per-request log: one row per answered call of an account, written after the answer (off its
// path, the calls of a moment in one insert) by the middleware that counts usage by endpoint, and
// read a page at a time by the dashboard.
// It stays bounded as it is written: one row in TRIM_EVERY (by the row's id) also deletes the
// account's rows older than REQUEST_LOG_DAYS and those beyond its newest REQUEST_LOG_ROWS_PER_ACCOUNT.
// The trim walks up to that many of the account's rows; on every call it cost about a hundred times
// the insert (and as many rows read), so an account may hold a few dozen rows over the cap between
// trims, and reads never show a call older than REQUEST_LOG_DAYS.
import { and, desc, eq, gte, inArray, lt, sql } from "drizzle-orm";
import type { Db } from "./keys";
import { requestLog } from "./schema-request-log";

/** How long a call stays in the log. */
export const REQUEST_LOG_DAYS = 30;
/** The most rows one account keeps; the oldest go first. */
export const REQUEST_LOG_ROWS_PER_ACCOUNT = 5_000;
const LONGEST_PATH = 300;
/** One row in this many (by row id) trims its account's log. */
export const TRIM_EVERY = 64;

export interface LoggedCall {
  accountId: string;
  keyId: string;
  at: number;
  method: string;
  route: string;
  path: string;
  status: number;
  units: number;
  latencyMs: number;
  requestId: string;
}

/** Rows per insert: D1 binds at most 100 values a statement, and a row binds 10. */
const ROWS_PER_INSERT = 9;

/** Adds calls; each row whose id is a multiple of `bounds.trimEvery` also trims its account's log to its bounds. */
export async function logRequests(
  db: Db,
  calls: LoggedCall[],
  bounds = { rows: REQUEST_LOG_ROWS_PER_ACCOUNT, trimEvery: TRIM_EVERY },
) {
  // Each statement's rows stand alone: one that fails loses its own rows, not the others'.
  let failure: unknown = null;
  for (let start = 0; start < calls.length; start += ROWS_PER_INSERT) {
    const chunk = calls.slice(start, start + ROWS_PER_INSERT);
    try {
      const rows = await db
        .insert(requestLog)
        .values(chunk.map((call) => ({ ...call, path: call.path.slice(0, LONGEST_PATH), at: new Date(call.at) })))
        .returning({ id: requestLog.id, accountId: requestLog.accountId, at: requestLog.at });
      for (const row of rows)
        if (row.id % bounds.trimEvery === 0) await trim(db, row.accountId, row.at.getTime(), bounds.rows);
    } catch (err) {
      failure ??= err;
    }
  }
  if (failure) throw failure;
}

/** Deletes the account's rows older than REQUEST_LOG_DAYS before `now` and those beyond its newest `rows`. */
async function trim(db: Db, accountId: string, now: number, rows: number) {
  const oldest = now - REQUEST_LOG_DAYS * 86_400_000;
  // The id of the newest row past the cap: it and every older row of the account go.
  const pastCap = sql`(SELECT ${requestLog.id} FROM ${requestLog} WHERE ${requestLog.accountId} = ${accountId}
    ORDER BY ${requestLog.id} DESC LIMIT 1 OFFSET ${rows})`;
  await db
    .delete(requestLog)
    .where(
      and(
        eq(requestLog.accountId, accountId),
        sql`(${requestLog.at} < ${oldest} OR ${requestLog.id} <= coalesce(${pastCap}, 0))`,
      ),
    );
}

export type RequestLogRow = typeof requestLog.$inferSelect;

/**
 * One page of an account's log, newest first: the rows before `before` (an id from the previous
 * page), optionally of one key, and whether an older page follows.
 */
export async function readRequestLog(
  db: Db,
  accountId: string,
  { before, keyId, limit = 50, now = Date.now() }: { before?: number; keyId?: string; limit?: number; now?: number },
): Promise<{ rows: RequestLogRow[]; olderBefore: number | null }> {
  const rows = await db
    .select()
    .from(requestLog)
    .where(
      and(
        eq(requestLog.accountId, accountId),
        gte(requestLog.at, new Date(now - REQUEST_LOG_DAYS * 86_400_000)),
        before ? lt(requestLog.id, before) : undefined,
        keyId !== undefined ? eq(requestLog.keyId, keyId) : undefined,
      ),
    )
    .orderBy(desc(requestLog.id))
    .limit(limit + 1);
  const more = rows.length > limit;
  const page = rows.slice(0, limit);
  return { rows: page, olderBefore: more ? page.at(-1)!.id : null };
}

/** The latest distinct paths of the account's answered (2xx) calls of `routes`, newest first. */
export async function recentPaths(db: Db, accountId: string, routes: string[], limit = 10): Promise<string[]> {
  if (routes.length === 0) return [];
  const rows = await db
    .select({ path: requestLog.path, last: sql<number>`max(${requestLog.id})` })
    .from(requestLog)
    .where(
      and(
        eq(requestLog.accountId, accountId),
        inArray(requestLog.route, routes),
        gte(requestLog.status, 200),
        lt(requestLog.status, 300),
      ),
    )
    .groupBy(requestLog.path)
    .orderBy(desc(sql`max(${requestLog.id})`))
    .limit(limit);
  return rows.map((row) => row.path);
}
