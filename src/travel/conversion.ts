// Converting between currencies with a set of rates against EUR; pure, so it runs anywhere.
// The rates themselves are stored in D1 and refreshed by cron (currency.ts).
import { minorUnitDigits } from "../scrape/extract/currency";

export interface Rates {
  base: "EUR";
  date: string;
  source: string;
  perEur: Record<string, number>;
}

export class UnknownCurrencyError extends Error {
  constructor(readonly currency: string) {
    super(`Unknown currency \`${currency}\``);
    this.name = "UnknownCurrencyError";
  }
}

/** `rate` is units of `to` per 1 `from`; the amount is rounded to the minor unit of `to` (0 decimals for JPY, KRW, CLP…). */
export function convert(amount: number, from: string, to: string, rates: Rates): { amount: number; rate: number } {
  const fromPerEur = rates.perEur[from.toUpperCase()];
  const toPerEur = rates.perEur[to.toUpperCase()];
  if (fromPerEur === undefined) throw new UnknownCurrencyError(from);
  if (toPerEur === undefined) throw new UnknownCurrencyError(to);
  // Twelve significant digits keep the feed's own figures and drop the float noise of a cross rate.
  const rate = Number((toPerEur / fromPerEur).toPrecision(12));
  const scale = 10 ** minorUnitDigits(to.toUpperCase());
  return { amount: Math.round(amount * rate * scale) / scale, rate };
}
