// Standing objects (webhook endpoints, watches, schedules, datasets) make work every minute on their own,
// so an account holds at most its plan's cap of each, and at most 50 live keys. The insert enforces
// the cap itself, in one statement, so creations racing each other cannot pass it together (the
// jobs an account runs at once are capped the same way, in db/jobs.ts).
import { and, count, eq, getTableColumns, is, isNull, SQL, sql } from "drizzle-orm";
import { type Db, MAX_KEYS_PER_ACCOUNT } from "./keys";
import { accounts, apiKeys, datasets, plans } from "./schema";
import { schedules, watches, webhookEndpoints } from "./schema-events";

const CAPPED = {
  webhooks: { table: webhookEndpoints, cap: plans.maxWebhooks, counts: undefined },
  watches: { table: watches, cap: plans.maxWatches, counts: undefined },
  schedules: { table: schedules, cap: plans.maxSchedules, counts: undefined },
  datasets: { table: datasets, cap: plans.maxDatasets, counts: undefined },
  // Revoked keys stay listed but hold no place.
  keys: { table: apiKeys, cap: sql<number>`${MAX_KEYS_PER_ACCOUNT}`, counts: isNull(apiKeys.revokedAt) },
};
export type StandingObject = keyof typeof CAPPED;
type Table<K extends StandingObject> = (typeof CAPPED)[K]["table"];

/** The account already holds as many objects of this kind as its plan allows. */
export class ObjectCapReached extends Error {
  constructor(
    readonly kind: StandingObject,
    readonly cap: number,
    readonly planId: string,
  ) {
    super(
      `This account already has ${cap} ${kind}, the most the ${planId} plan allows; delete one first or move to a bigger plan.`,
    );
  }
}

/**
 * Throws ObjectCapReached when the account already holds its cap of `kind`: the cheap refusal a
 * route gives before costlier checks. Only the insert (insertWithinCap) decides a race.
 */
export async function assertRoomFor(db: Db, kind: StandingObject, accountId: string): Promise<void> {
  const { table, cap, counts } = CAPPED[kind];
  const [row] = await db
    .select({
      planId: plans.id,
      cap,
      held: sql<number>`(${db
        .select({ held: count() })
        .from(table)
        .where(and(eq(table.accountId, accountId), counts))})`,
    })
    .from(accounts)
    .innerJoin(plans, eq(plans.id, accounts.planId))
    .where(eq(accounts.id, accountId));
  if (row && row.held >= row.cap) throw new ObjectCapReached(kind, row.cap, row.planId);
}

/** Inserts `row` unless its account holds its plan's cap of `kind`; throws ObjectCapReached then. */
export async function insertWithinCap<K extends StandingObject>(
  db: Db,
  kind: K,
  row: Table<K>["$inferInsert"],
): Promise<Table<K>["$inferSelect"]> {
  const { table, cap, counts } = CAPPED[kind];
  // Capped objects always belong to an account (a dataset without one is the public catalogue's).
  const accountId = row.accountId as string;
  const held = db
    .select({ held: count() })
    .from(table)
    .where(and(eq(table.accountId, accountId), counts));
  const allowed = db
    .select({ cap })
    .from(accounts)
    .innerJoin(plans, eq(plans.id, accounts.planId))
    .where(eq(accounts.id, accountId));
  // INSERT … SELECT <the row> WHERE <room left>: SQLite runs it as one step, count and insert together.
  const values = Object.entries(getTableColumns(table)).map(([name, column]) => {
    const given = (row as Record<string, unknown>)[name];
    if (given !== undefined) return sql.param(given, column);
    if (is(column.default, SQL)) return column.default;
    return column.default === undefined ? sql`null` : sql.param(column.default, column);
  });
  const [inserted] = await db
    .insert(table)
    .select(sql`select ${sql.join(values, sql`, `)} where (${held}) < (${allowed})`)
    .returning();
  if (inserted) return inserted as Table<K>["$inferSelect"];
  const [plan] = await db
    .select({ id: plans.id, cap })
    .from(accounts)
    .innerJoin(plans, eq(plans.id, accounts.planId))
    .where(eq(accounts.id, accountId));
  throw new ObjectCapReached(kind, plan?.cap ?? 0, plan?.id ?? "current");
}
