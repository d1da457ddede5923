// src/db/price-history.ts: observations fold into one row per item, market, UTC day and currency
// (low and high widen, last follows the latest), read back oldest first within a window of days;
// nothing of who observed or when in the day is stored.
import { describe, expect, it } from "vitest";
import { database } from "../../../src/db/client";
import {
  dayOf,
  type PriceObservation,
  prunePriceHistory,
  readPriceHistory,
  recordPriceObservations,
} from "../../../src/db/price-history";
import { env } from "../helpers";

const db = () => database(env.DB);
let serial = 0;
/** A product id no other test uses. */
const freshId = () => `DB${String(++serial).padStart(8, "0")}`;

const observation = (itemId: string, price: number, extra: Partial<PriceObservation> = {}): PriceObservation => ({
  platform: "amazon",
  itemId,
  market: "us",
  currency: "USD",
  price,
  availability: "In Stock",
  ...extra,
});

const at = (day: string, time = "12:00:00") => new Date(`${day}T${time}Z`);

describe("recordPriceObservations", () => {
  it("folds a day's observations into one row: low, high, last and the last availability", async () => {
    const id = freshId();
    await recordPriceObservations(db(), [observation(id, 20)], at("2026-11-20", "08:00:00"));
    await recordPriceObservations(db(), [observation(id, 17.5)], at("2026-11-20", "09:30:00"));
    await recordPriceObservations(
      db(),
      [observation(id, 19, { availability: "Only 2 left" })],
      at("2026-11-20", "23:59:59"),
    );
    await recordPriceObservations(db(), [observation(id, 22)], at("2026-11-21", "00:00:01"));

    const { points, firstObserved } = await readPriceHistory(
      db(),
      { platform: "amazon", itemId: id, market: "us" },
      90,
      at("2026-11-25"),
    );
    expect(points).toEqual([
      { date: "2026-11-20", low: 17.5, high: 20, last: 19, currency: "USD", availability: "Only 2 left" },
      { date: "2026-11-21", low: 22, high: 22, last: 22, currency: "USD", availability: "In Stock" },
    ]);
    expect(firstObserved).toBe("2026-11-20");
  });

  it("stores no account, key or time of day: only the item, its market, the day and the prices", async () => {
    const id = freshId();
    await recordPriceObservations(db(), [observation(id, 20), observation(id, 21)], at("2026-11-20", "08:17:42"));
    const rows = await env.DB.prepare("SELECT * FROM price_history WHERE item_id = ?").bind(id).all();
    expect(rows.results).toEqual([
      {
        platform: "amazon",
        item_id: id,
        market: "us",
        day: "2026-11-20",
        currency: "USD",
        low: 20,
        high: 21,
        last: 21,
        availability: "In Stock",
        observations: 2,
      },
    ]);
  });

  it("keeps platforms, markets and currencies apart, and writes more rows than one statement binds", async () => {
    const id = freshId();
    const many = Array.from({ length: 40 }, (_, i) => observation(`${id}-${i}`, i + 1));
    await recordPriceObservations(
      db(),
      [
        observation(id, 10),
        observation(id, 99, { platform: "ebay" }),
        observation(id, 8, { market: "gb", currency: "GBP" }),
        observation(id, 11, { currency: null }),
        ...many,
      ],
      at("2026-11-22"),
    );
    const read = (platform: string, market: string) =>
      readPriceHistory(db(), { platform, itemId: id, market }, 90, at("2026-11-22"));
    expect((await read("amazon", "us")).points.map(({ last, currency }) => [last, currency])).toEqual([
      [11, null],
      [10, "USD"],
    ]);
    expect((await read("ebay", "us")).points.map((point) => point.last)).toEqual([99]);
    expect((await read("amazon", "gb")).points.map((point) => point.last)).toEqual([8]);
    const lastOfMany = await readPriceHistory(
      db(),
      { platform: "amazon", itemId: `${id}-39`, market: "us" },
      1,
      at("2026-11-22"),
    );
    expect(lastOfMany.points.map((point) => point.last)).toEqual([40]);
  });
});

describe("readPriceHistory", () => {
  it("answers the last `days` UTC days, today included, and the first day ever observed", async () => {
    const id = freshId();
    for (const day of ["2026-10-01", "2026-11-18", "2026-11-19", "2026-11-20"])
      await recordPriceObservations(db(), [observation(id, Number(day.slice(-2)))], at(day));
    const item = { platform: "amazon", itemId: id, market: "us" };
    const lastThree = await readPriceHistory(db(), item, 3, at("2026-11-20", "06:00:00"));
    expect(lastThree.points.map((point) => point.date)).toEqual(["2026-11-18", "2026-11-19", "2026-11-20"]);
    expect(lastThree.firstObserved).toBe("2026-10-01");
    expect((await readPriceHistory(db(), item, 1, at("2026-11-20"))).points).toHaveLength(1);
  });

  it("answers nothing for an item never observed", async () => {
    expect(await readPriceHistory(db(), { platform: "amazon", itemId: freshId(), market: "us" }, 90)).toEqual({
      points: [],
      firstObserved: null,
    });
  });
});

describe("prunePriceHistory", () => {
  it("deletes the days before the given one and keeps that day", async () => {
    const id = freshId();
    for (const day of ["2024-01-01", "2024-01-02", "2024-01-03"])
      await recordPriceObservations(db(), [observation(id, 5)], at(day));
    expect(await prunePriceHistory(db(), at("2024-01-03"))).toBeGreaterThanOrEqual(2);
    const { points } = await readPriceHistory(
      db(),
      { platform: "amazon", itemId: id, market: "us" },
      10,
      at("2024-01-05"),
    );
    expect(points.map((point) => point.date)).toEqual(["2024-01-03"]);
    expect(dayOf(at("2024-01-03", "23:59:59"))).toBe("2024-01-03");
  });
});
