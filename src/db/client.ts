// The drizzle client over D1, built once per request (routes) or per job (cron, queue).
// Raw SQL: pingDatabase's SELECT 1, which reads no table (drizzle builds a select from one).
import { drizzle } from "drizzle-orm/d1";
import type { Db } from "./keys";

export const database = (d1: D1Database): Db => drizzle(d1);

/** The cheapest query D1 answers: whether the database is reachable, for /v1/health. */
export const pingDatabase = (d1: D1Database) => d1.prepare("SELECT 1").first();
