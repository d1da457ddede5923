// src/jobs/limits.ts: the retry backoff and the stall time, and the test vars that shorten them.
import { describe, expect, it } from "vitest";
import { leaseMs, retryDelaySeconds, stallMs } from "../../../src/jobs/limits";

const vars = (values: Record<string, string> = {}) => values as unknown as Env;

describe("retryDelaySeconds", () => {
  it("waits 30 s before the first retry and four times longer before each next one", () => {
    expect([1, 2, 3, 4].map((attempt) => retryDelaySeconds(vars(), attempt))).toEqual([30, 120, 480, 1920]);
  });

  it("starts from JOB_RETRY_BASE_SECONDS when set, and from 30 s when it is not a number", () => {
    expect([1, 2, 3].map((attempt) => retryDelaySeconds(vars({ JOB_RETRY_BASE_SECONDS: "2" }), attempt))).toEqual([
      2, 8, 32,
    ]);
    expect(retryDelaySeconds(vars({ JOB_RETRY_BASE_SECONDS: "soon" }), 1)).toBe(30);
  });

  it("never waits more than 12 hours", () => {
    expect(retryDelaySeconds(vars(), 7)).toBe(12 * 3600);
    expect(retryDelaySeconds(vars(), 40)).toBe(12 * 3600);
  });
});

describe("stallMs and leaseMs", () => {
  it("call an item stalled after 5 minutes, or JOB_STALL_SECONDS, and lease an item as long", () => {
    expect(stallMs(vars())).toBe(300_000);
    expect(stallMs(vars({ JOB_STALL_SECONDS: "2" }))).toBe(2_000);
    expect(stallMs(vars({ JOB_STALL_SECONDS: "0" }))).toBe(300_000);
    expect(leaseMs(vars({ JOB_STALL_SECONDS: "2" }))).toBe(2_000);
  });
});
