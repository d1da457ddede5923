// The shop crawler's pace per site (src/durable/host-budget.ts): start times handed out a
// crawl-delay apart to every caller of the site's object, sites apart from each other, and a
// queue longer than a minute refused rather than grown.
import { describe, expect, it } from "vitest";
import { env } from "../helpers";

const budget = (site: string) => env.HOST_BUDGET.get(env.HOST_BUDGET.idFromName(site));

describe("HostBudget", () => {
  it("spaces the starts it hands out by the delay, whoever asks", async () => {
    const site = budget(`https://shop-${crypto.randomUUID()}.example`);
    const waits = await Promise.all(Array.from({ length: 5 }, () => site.reserve(200)));
    const sorted = [...waits].sort((a, b) => a - b);
    expect(sorted[0]).toBeLessThanOrEqual(5);
    // Each next start is one delay later, less the time between the calls, which a busy machine stretches.
    for (let index = 1; index < sorted.length; index++)
      expect(sorted[index]! - sorted[index - 1]!).toBeGreaterThanOrEqual(150);
    expect(sorted[4]).toBeGreaterThanOrEqual(600);
  });

  it("keeps each site's pace apart", async () => {
    await budget("https://busy.example").reserve(5_000);
    expect(await budget(`https://quiet-${crypto.randomUUID()}.example`).reserve(5_000)).toBe(0);
  });

  it("refuses a start more than a minute ahead", async () => {
    const site = budget(`https://slow-${crypto.randomUUID()}.example`);
    for (let index = 0; index < 7; index++) expect(await site.reserve(10_000)).toBeGreaterThanOrEqual(0);
    expect(await site.reserve(10_000)).toBe(-1);
  });
});
