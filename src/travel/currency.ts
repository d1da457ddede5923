// Exchange rates against EUR, stored in D1 and refreshed from a public daily reference feed
// (the shape of @fawazahmed0/currency-api's v1/currencies/eur.json).
import { database } from "../db/client";
import { allExchangeRates, upsertExchangeRates } from "../db/exchange-rates";
import { BodyTooLarge, readJson } from "../net/read-body";
import type { Rates } from "./conversion";

/** The feed answered with something that is not a usable set of rates; stored rates are left alone. */
export class RatesFeedError extends Error {
  override name = "RatesFeedError";
}

const FEED_TIMEOUT_MS = 10_000;
/** The daily feed is about 10 KB (some 300 currencies). */
const MAX_FEED_BYTES = 1024 * 1024;

export async function loadRates(db: D1Database): Promise<Rates> {
  const rows = await allExchangeRates(database(db));
  const latest = rows.reduce<(typeof rows)[number] | undefined>(
    (best, row) => (!best || row.rateDate > best.rateDate ? row : best),
    undefined,
  );
  const perEur: Record<string, number> = Object.fromEntries(rows.map((row) => [row.currency, row.perEur]));
  perEur["EUR"] = 1;
  return { base: "EUR", date: latest?.rateDate ?? "", source: latest?.source ?? "", perEur };
}

/** Fetches the feed, validates all of it, then upserts every ISO 4217 currency in one batch (never an older date over a newer one). */
export async function refreshRates(
  db: D1Database,
  feedUrl: string,
  fetcher: typeof fetch = fetch,
): Promise<{ date: string; currencies: number }> {
  const response = await fetcher(feedUrl, {
    headers: { Accept: "application/json" },
    signal: AbortSignal.timeout(FEED_TIMEOUT_MS),
  });
  if (!response.ok) throw new RatesFeedError(`rates feed answered ${response.status}`);
  let body: unknown;
  try {
    body = await readJson(response, MAX_FEED_BYTES);
  } catch (err) {
    throw new RatesFeedError(err instanceof BodyTooLarge ? `rates feed is ${err.message}` : "rates feed is not JSON");
  }
  const { date, perEur } = parseFeed(body);
  const source = `fawazahmed0/currency-api ${date} (${new URL(feedUrl).host})`;
  const rows = Object.entries(perEur).map(([currency, rate]) => ({ currency, perEur: rate, rateDate: date, source }));
  await upsertExchangeRates(database(db), rows);
  return { date, currencies: rows.length };
}

function parseFeed(body: unknown): { date: string; perEur: Record<string, number> } {
  if (typeof body !== "object" || body === null) throw new RatesFeedError("rates feed is not an object");
  const { date, eur } = body as { date?: unknown; eur?: unknown };
  if (typeof date !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(date)))
    throw new RatesFeedError(`rates feed has no valid date`);
  if (typeof eur !== "object" || eur === null || Array.isArray(eur))
    throw new RatesFeedError("rates feed has no `eur` object");
  if ("eur" in eur && eur.eur !== 1) throw new RatesFeedError("rates feed is not based on EUR");

  // The feed mixes ISO 4217 currencies with crypto tokens; keep the ones ICU knows as currencies.
  const iso = new Set(Intl.supportedValuesOf("currency"));
  const perEur: Record<string, number> = {};
  for (const [key, value] of Object.entries(eur)) {
    const code = key.toUpperCase();
    if (!/^[A-Z]{3}$/.test(code) || !iso.has(code)) continue;
    if (typeof value !== "number" || !Number.isFinite(value) || value <= 0)
      throw new RatesFeedError(`rates feed has an invalid rate for ${code}`);
    perEur[code] = value;
  }
  if (Object.keys(perEur).every((code) => code === "EUR")) throw new RatesFeedError("rates feed lists no currencies");
  perEur["EUR"] = 1;
  return { date, perEur };
}
