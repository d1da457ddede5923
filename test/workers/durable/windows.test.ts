// The UTC day a meter files a call under (src/durable/windows.ts): it keeps the last day it
// named, so it must still name every instant as toISOString does, across day ends and back.
import { describe, expect, it } from "vitest";
import { utcDay } from "../../../src/durable/windows";

const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

describe("utcDay", () => {
  it("names the UTC day of instants on both sides of day ends, in any order", () => {
    const midnight = Date.UTC(2026, 10, 28);
    const instants = [
      midnight - 1,
      midnight,
      midnight + 1,
      midnight - 1,
      Date.UTC(2024, 1, 29, 12),
      Date.UTC(2024, 2, 1),
      0,
      -1,
      86_399_999,
      86_400_000,
      Date.UTC(2026, 11, 31, 23, 59, 59, 999),
      Date.UTC(2027, 0, 1),
    ];
    expect(instants.map(utcDay)).toEqual(instants.map(iso));
    expect(utcDay(midnight - 1)).toBe("2026-11-27");
    expect(utcDay(midnight)).toBe("2026-11-28");
  });

  it("agrees with toISOString on many random instants", () => {
    for (let i = 0; i < 5_000; i++) {
      const ms = Math.floor((Math.random() - 0.2) * 4e12);
      expect(utcDay(ms)).toBe(iso(ms));
    }
  });
});
