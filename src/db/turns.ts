import { asc, type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";

/**
 * ORDER BY terms that let accounts take turns: every account's longest-waiting row first, then
 * every account's second, and so on; within a turn, the longest-waiting first. A batch cut from
 * the front then holds some of every account's work, however much one account has queued.
 */
export function inTurnsByAccount(account: SQLiteColumn, waitingSince: SQLiteColumn): SQL[] {
  return [sql`row_number() over (partition by ${account} order by ${waitingSince})`, asc(waitingSince)];
}
