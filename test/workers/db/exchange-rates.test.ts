import { inArray } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { database } from "../../../src/db/client";
import { allExchangeRates, upsertExchangeRates } from "../../../src/db/exchange-rates";
import { exchangeRates } from "../../../src/db/schema";
import { env } from "../helpers";

const db = () => database(env.DB);
// Codes with digits, which no currency has, so no other test reads them.
const CODES = Array.from({ length: 30 }, (_, i) => `Z${String(i).padStart(2, "0")}`);
const rows = (date: string, perEur: number) =>
  CODES.map((currency) => ({ currency, perEur, rateDate: date, source: `test ${date}` }));
const stored = async () =>
  (await allExchangeRates(db()))
    .filter((row) => CODES.includes(row.currency))
    .map((row) => [row.currency, row.rateDate, row.perEur]);

afterAll(async () => {
  await db().delete(exchangeRates).where(inArray(exchangeRates.currency, CODES));
});

describe("upserting exchange rates", () => {
  it("writes more rows than one statement binds, and keeps a currency's newer date over an older one", async () => {
    await upsertExchangeRates(db(), rows("2026-03-01", 2));
    expect(await stored()).toHaveLength(30);

    // One currency moved on alone; a later upsert of older rates leaves it and updates the rest.
    await upsertExchangeRates(db(), [{ currency: "Z01", perEur: 9, rateDate: "2026-03-05", source: "test" }]);
    await upsertExchangeRates(db(), rows("2026-03-03", 3));
    const after = await stored();
    expect(after.find(([currency]) => currency === "Z01")).toEqual(["Z01", "2026-03-05", 9]);
    expect(after.filter(([, date]) => date === "2026-03-03")).toHaveLength(29);

    // The same date again replaces (a corrected feed); an older one changes nothing.
    await upsertExchangeRates(db(), rows("2026-03-03", 4));
    await upsertExchangeRates(db(), rows("2026-02-01", 5));
    const last = await stored();
    expect(last).toHaveLength(30);
    expect(last.filter(([, date, perEur]) => date === "2026-03-03" && perEur === 4)).toHaveLength(29);
    expect(last.find(([currency]) => currency === "Z01")).toEqual(["Z01", "2026-03-05", 9]);
  });
});
