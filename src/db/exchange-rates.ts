// Exchange rates against EUR, one row per currency, as the daily reference feed last gave them.
import { sql } from "drizzle-orm";
import type { Db } from "./keys";
import { exchangeRates } from "./schema";

export type ExchangeRateRow = typeof exchangeRates.$inferSelect;

/** Rows per upsert: D1 binds at most 100 parameters per statement, and a row takes 4. */
const UPSERT_CHUNK = 25;

export function allExchangeRates(db: Db): Promise<ExchangeRateRow[]> {
  return db.select().from(exchangeRates);
}

/** Writes every rate in one batch; a currency's row never goes back from a newer date to an older one. */
export async function upsertExchangeRates(db: Db, rows: ExchangeRateRow[]): Promise<void> {
  const statements = [];
  for (let i = 0; i < rows.length; i += UPSERT_CHUNK) {
    statements.push(
      db
        .insert(exchangeRates)
        .values(rows.slice(i, i + UPSERT_CHUNK))
        .onConflictDoUpdate({
          target: exchangeRates.currency,
          set: { perEur: sql`excluded.per_eur`, rateDate: sql`excluded.rate_date`, source: sql`excluded.source` },
          setWhere: sql`excluded.rate_date >= ${exchangeRates.rateDate}`,
        }),
    );
  }
  const [first, ...rest] = statements;
  if (first) await db.batch([first, ...rest]);
}
