import { beforeAll, describe, expect, it } from "vitest";
import snapshot from "../../../replicas/fx/eur.json";
import { convert, type Rates, UnknownCurrencyError } from "../../../src/travel/conversion";
import { loadRates, RatesFeedError, refreshRates } from "../../../src/travel/currency";
import { env } from "../helpers";

const FEED_URL = "https://feed.test/v1/currencies/eur.json";

/** A stand-in for fetch that always answers with `body`. */
function serving(body: unknown, status = 200): typeof fetch {
  return async () =>
    new Response(typeof body === "string" ? body : JSON.stringify(body), {
      status,
      headers: { "Content-Type": "application/json" },
    });
}

let seeded: Rates;
beforeAll(async () => {
  seeded = await loadRates(env.DB);
});

describe("loadRates", () => {
  it("reads the seeded snapshot: its date, its source and 35 currencies with EUR = 1", () => {
    expect(seeded.date).toBe(snapshot.date);
    expect(seeded.source).toBe("fawazahmed0/currency-api 2026.9.29 (snapshot)");
    expect(Object.keys(seeded.perEur)).toHaveLength(35);
    expect(seeded.perEur["EUR"]).toBe(1);
    expect(seeded.perEur["USD"]).toBe(snapshot.eur.usd);
  });
});

describe("convert", () => {
  it("converts EUR to USD at the snapshot rate exactly", () => {
    expect(convert(100, "EUR", "USD", seeded)).toEqual({
      rate: snapshot.eur.usd,
      amount: Math.round(100 * snapshot.eur.usd * 100) / 100,
    });
  });

  it("crosses USD to GBP through EUR", () => {
    const { amount, rate } = convert(250, "usd", "gbp", seeded);
    expect(rate).toBeCloseTo(snapshot.eur.gbp / snapshot.eur.usd, 10);
    expect(amount).toBe(Math.round(250 * rate * 100) / 100);
    expect(convert(1, "GBP", "GBP", seeded)).toEqual({ amount: 1, rate: 1 });
  });

  it("rounds zero-decimal currencies to whole units", () => {
    const yen = convert(10.37, "EUR", "JPY", seeded);
    expect(yen.amount).toBe(Math.round(10.37 * snapshot.eur.jpy));
    expect(Number.isInteger(yen.amount)).toBe(true);
    expect(Number.isInteger(convert(10.37, "EUR", "KRW", seeded).amount)).toBe(true);
    expect(convert(10.37, "EUR", "CHF", seeded).amount).toBe(Math.round(10.37 * snapshot.eur.chf * 100) / 100);
  });

  it("throws UnknownCurrencyError for a code it has no rate for", () => {
    expect(() => convert(1, "EUR", "XYZ", seeded)).toThrow(UnknownCurrencyError);
    expect(() => convert(1, "BTC", "EUR", seeded)).toThrow(UnknownCurrencyError);
  });
});

describe("refreshRates", () => {
  it("stores the feed's rates and date, skipping crypto tokens", async () => {
    const feed = { date: "2026-10-01", eur: { ...snapshot.eur, usd: 1.2, btc: 0.00001 } };
    expect(await refreshRates(env.DB, FEED_URL, serving(feed))).toEqual({ date: "2026-10-01", currencies: 35 });
    const rates = await loadRates(env.DB);
    expect(rates.date).toBe("2026-10-01");
    expect(rates.perEur["USD"]).toBe(1.2);
    expect(rates.perEur["GBP"]).toBe(snapshot.eur.gbp);
    expect(rates.perEur["BTC"]).toBeUndefined();
    expect(rates.source).toContain("2026-10-01");
  });

  it("rejects a malformed feed and leaves the stored rates as they were", async () => {
    const before = await loadRates(env.DB);
    const broken: [string, unknown, number?][] = [
      ["not JSON", "<html>oops</html>"],
      ["no date", { eur: { usd: 1.3 } }],
      ["a bad date", { date: "yesterday", eur: { usd: 1.3 } }],
      ["a non-numeric rate", { date: "2026-10-02", eur: { usd: 1.3, gbp: "0.9" } }],
      ["no currencies", { date: "2026-10-02", eur: { btc: 0.00001 } }],
      ["an error status", { date: "2026-10-02", eur: { usd: 1.3 } }, 503],
    ];
    for (const [what, body, status] of broken) {
      await expect(refreshRates(env.DB, FEED_URL, serving(body, status)), what).rejects.toThrow(RatesFeedError);
    }
    expect(await loadRates(env.DB)).toEqual(before);
  });

  it("never replaces newer rates with an older feed", async () => {
    const before = await loadRates(env.DB);
    await refreshRates(env.DB, FEED_URL, serving({ date: "2026-09-01", eur: { usd: 0.5 } }));
    expect(await loadRates(env.DB)).toEqual(before);
  });
});
