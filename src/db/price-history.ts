// Price history: observations folded into daily rows (one per item, market, UTC day and currency)
// and read back as daily points. Nothing here knows who asked, or at what time of day.
import { and, asc, eq, gte, lt, min, sql } from "drizzle-orm";
import type { Db } from "./keys";
import { priceHistory } from "./schema-history";

/** What is recorded of one answer: the item, where it is sold, and its price then. */
export interface PriceObservation {
  platform: string;
  /** A product's id (ASIN, SKU, item id), a generic page's URL, or a hotel's id. */
  itemId: string;
  /** Lower-case country code of the site read, or "" where the platform has one site. */
  market: string;
  /** ISO 4217; null when the page named none. */
  currency: string | null;
  price: number;
  availability: string | null;
}

export type HistoryItem = Pick<PriceObservation, "platform" | "itemId" | "market">;

/** One day of an item's price, as the history routes answer it. */
export interface PricePoint {
  date: string;
  low: number;
  high: number;
  last: number;
  currency: string | null;
  availability: string | null;
}

/** Rows per upsert: D1 binds at most 100 parameters per statement, and a row takes 10. */
const UPSERT_CHUNK = 10;
const DAY_MS = 86_400_000;

/** The UTC day of `at`, as rows store it. */
export const dayOf = (at: Date): string => at.toISOString().slice(0, 10);

/**
 * Folds observations made at `at` into their day's rows in one batch: low and high widen, the last
 * price and availability become these. Observations in one call are taken in order.
 */
export async function recordPriceObservations(db: Db, observations: PriceObservation[], at: Date): Promise<void> {
  const day = dayOf(at);
  const rows = observations.map((observation) => ({
    platform: observation.platform,
    itemId: observation.itemId,
    market: observation.market,
    day,
    currency: observation.currency ?? "",
    low: observation.price,
    high: observation.price,
    last: observation.price,
    availability: observation.availability,
    observations: 1,
  }));
  const statements = [];
  for (let i = 0; i < rows.length; i += UPSERT_CHUNK) {
    statements.push(
      db
        .insert(priceHistory)
        .values(rows.slice(i, i + UPSERT_CHUNK))
        .onConflictDoUpdate({
          target: [
            priceHistory.platform,
            priceHistory.itemId,
            priceHistory.market,
            priceHistory.day,
            priceHistory.currency,
          ],
          set: {
            low: sql`min(${priceHistory.low}, excluded.low)`,
            high: sql`max(${priceHistory.high}, excluded.high)`,
            last: sql`excluded.last`,
            availability: sql`excluded.availability`,
            observations: sql`${priceHistory.observations} + 1`,
          },
        }),
    );
  }
  const [first, ...rest] = statements;
  if (first) await db.batch([first, ...rest]);
}

const itemIs = (item: HistoryItem) =>
  and(
    eq(priceHistory.platform, item.platform),
    eq(priceHistory.itemId, item.itemId),
    eq(priceHistory.market, item.market),
  );

/**
 * The item's daily points over the last `days` UTC days (today included), oldest first (a day
 * priced in two currencies has a point for each), and the first day it was ever observed.
 */
export async function readPriceHistory(
  db: Db,
  item: HistoryItem,
  days: number,
  now = new Date(),
): Promise<{ points: PricePoint[]; firstObserved: string | null }> {
  const since = dayOf(new Date(now.getTime() - (days - 1) * DAY_MS));
  const [rows, [first]] = await db.batch([
    db
      .select({
        date: priceHistory.day,
        low: priceHistory.low,
        high: priceHistory.high,
        last: priceHistory.last,
        currency: priceHistory.currency,
        availability: priceHistory.availability,
      })
      .from(priceHistory)
      .where(and(itemIs(item), gte(priceHistory.day, since)))
      .orderBy(asc(priceHistory.day), asc(priceHistory.currency)),
    db
      .select({ day: min(priceHistory.day) })
      .from(priceHistory)
      .where(itemIs(item)),
  ]);
  return {
    points: rows.map((row) => ({ ...row, currency: row.currency || null })),
    firstObserved: first?.day ?? null,
  };
}

/** Deletes the days before `before` (UTC): the routes read a year at most. */
export async function prunePriceHistory(db: Db, before: Date): Promise<number> {
  const result = await db.delete(priceHistory).where(lt(priceHistory.day, dayOf(before)));
  return result.meta.changes;
}
