// An account's windows (src/durable/admission.ts): counters written together in one statement (the
// minute, the month and the day's charged calls) are all stored, and an object that starts again
// reads them back; an object that kept its days in a table of their own has them moved over.
import { runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { Admission } from "../../../src/durable/admission";
import { DailyUsage } from "../../../src/durable/daily-usage";
import { env } from "../helpers";

const NOW = Date.UTC(2026, 10, 27, 12, 0, 30);
const admit = (admission: Admission, units = 1, now = NOW) =>
  admission.admit({ subject: "account", perMinute: 5, perMonth: 8, units, now });

describe("Admission", () => {
  it("stores the minute and the month of an admitted call, and a new object reads both back", async () => {
    const stub = env.ACCOUNT_METER.get(env.ACCOUNT_METER.idFromName(`admission-${crypto.randomUUID()}`));
    await runInDurableObject(stub, (_instance, state) => {
      const first = new Admission(state.storage.sql);
      expect(admit(first, 2).decision.minute.remaining).toBe(3);
      expect(admit(first, 3).decision).toMatchObject({
        allowed: true,
        minute: { remaining: 0 },
        month: { remaining: 3 },
      });
      expect(admit(first).decision).toMatchObject({ allowed: false, exceeded: "minute" });

      // As after an eviction: nothing in memory, everything from SQLite.
      const again = new Admission(state.storage.sql);
      expect(again.peek("account", 5, 8, NOW)).toMatchObject({ minute: { remaining: 0 }, month: { remaining: 3 } });
      // The next minute starts empty; the month keeps its five and refuses past eight.
      const nextMinute = NOW + 60_000;
      expect(admit(again, 3, nextMinute).decision).toMatchObject({ allowed: true, month: { remaining: 0 } });
      expect(admit(again, 1, nextMinute).decision).toMatchObject({ allowed: false, exceeded: "month" });
      expect(again.takeMonthUnit(8, nextMinute).allowed).toBe(false);
      expect(new DailyUsage(state.storage.sql).since("2026-11-01")).toEqual([
        { day: "2026-11-27", charged: 8, attempted: 8 },
      ]);
      again.giveBack(Date.UTC(2026, 10, 1), 2, "2026-11-27", nextMinute);
      expect(new Admission(state.storage.sql).monthUsed(nextMinute)).toBe(6);
      expect(new DailyUsage(state.storage.sql).since("2026-11-27")).toEqual([
        { day: "2026-11-27", charged: 6, attempted: 6 },
      ]);
      // A day before the one asked from is left out; a day of another month is its own row.
      admit(new Admission(state.storage.sql), 1, Date.UTC(2026, 11, 1, 0, 0, 1));
      expect(new DailyUsage(state.storage.sql).since("2026-11-28")).toEqual([
        { day: "2026-12-01", charged: 1, attempted: 1 },
      ]);
    });
  });

  it("moves the days an older object kept in its own table into its counters, once", async () => {
    const stub = env.ACCOUNT_METER.get(env.ACCOUNT_METER.idFromName(`admission-${crypto.randomUUID()}`));
    await runInDurableObject(stub, (_instance, state) => {
      const { sql } = state.storage;
      admit(new Admission(sql), 2);
      sql.exec(`CREATE TABLE daily_usage (day TEXT PRIMARY KEY, count INTEGER NOT NULL)`);
      sql.exec(`INSERT INTO daily_usage (day, count) VALUES ('2026-10-31', 40), ('2026-11-27', 3)`);
      sql.exec(`INSERT INTO daily_refunds (day, count) VALUES ('2026-10-31', 5)`);
      expect(new DailyUsage(sql).since("2026-10-01")).toEqual([
        { day: "2026-10-31", charged: 40, attempted: 45 },
        { day: "2026-11-27", charged: 5, attempted: 5 },
      ]);
      expect(sql.exec(`SELECT name FROM sqlite_master WHERE name = 'daily_usage'`).toArray()).toEqual([]);
      // Moved once: a second start finds nothing more to move, and the day keeps counting.
      const admission = new Admission(sql);
      new DailyUsage(sql);
      admit(admission, 1);
      expect(new DailyUsage(sql).since("2026-11-27")).toEqual([{ day: "2026-11-27", charged: 6, attempted: 6 }]);
    });
  });
});
