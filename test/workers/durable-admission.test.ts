// An account's windows (src/durable/admission.ts): counters written together in one statement are
// both stored, and an object that starts again reads them back.
import { runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { Admission } from "../../src/durable/admission";
import { env } from "./helpers";

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
      again.giveBack(Date.UTC(2026, 10, 1), 2, nextMinute);
      expect(new Admission(state.storage.sql).monthUsed(nextMinute)).toBe(6);
    });
  });
});
