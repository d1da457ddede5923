// The drizzle client over D1, one per binding and isolate: it holds no request's state, and the
// statements prepared on it (dataset-snapshots.ts) are built once.
// Raw SQL: pingDatabase's SELECT 1, which reads no table (drizzle builds a select from one).
import { drizzle } from "drizzle-orm/d1";
import type { Db } from "./keys";

const clients = new WeakMap<D1Database, Db>();

export function database(d1: D1Database): Db {
  let db = clients.get(d1);
  if (!db) {
    db = drizzle(d1);
    clients.set(d1, db);
  }
  return db;
}

/** The cheapest query D1 answers: whether the database is reachable, for /v1/health. */
export const pingDatabase = (d1: D1Database) => d1.prepare("SELECT 1").first();
