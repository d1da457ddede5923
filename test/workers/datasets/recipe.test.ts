import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  frequencyOf,
  nextRun,
  RecipeSchema,
  recipePaths,
  recipeSamplePaths,
  recipeSize,
} from "../../../src/datasets/recipe";

const NOW = Date.parse("2026-11-25T10:00:00Z");

describe("recipePaths", () => {
  it("expands a search recipe into one call per platform, country, query and page", () => {
    const recipe = RecipeSchema.parse({
      kind: "search",
      platforms: ["amazon", "ebay"],
      countries: ["US"],
      queries: ["power bank"],
      pages: 2,
      max_age: 60,
    });
    expect(recipePaths(recipe, NOW)).toEqual([
      "/v1/amazon/search?q=power+bank&country=us&max_age=60",
      "/v1/amazon/search?q=power+bank&country=us&max_age=60&page=2",
      "/v1/ebay/search?q=power+bank&country=us&max_age=60",
      "/v1/ebay/search?q=power+bank&country=us&max_age=60&page=2",
    ]);
  });

  it("names products by each platform's own id parameter, and links by url", () => {
    const recipe = RecipeSchema.parse({
      kind: "product",
      platform: "amazon",
      inputs: ["B0YP4NUNPU", "https://www.amazon.com/dp/B0YP4NUNPU"],
    });
    expect(recipePaths(recipe, NOW)).toEqual([
      "/v1/amazon?asin=B0YP4NUNPU&max_age=3600",
      "/v1/amazon?url=https%3A%2F%2Fwww.amazon.com%2Fdp%2FB0YP4NUNPU&max_age=3600",
    ]);
  });

  it("dates hotel stays from the refresh: check-in days ahead, check-out nights later", () => {
    const recipe = RecipeSchema.parse({
      kind: "hotels",
      platforms: ["booking"],
      destinations: ["Paris"],
      check_in_days: [30],
      nights: 2,
    });
    const [path] = recipePaths(recipe, NOW);
    const url = new URL(path!, "http://x");
    expect(url.pathname).toBe("/v1/travel/booking/hotels/search");
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      destination: "Paris",
      check_in: "2026-12-25",
      check_out: "2026-12-27",
      adults: "2",
    });
  });

  it("refuses a schedule that is not a cron expression and a recipe of an unknown kind", () => {
    expect(
      RecipeSchema.safeParse({ kind: "search", platforms: ["amazon"], queries: ["x"], schedule: "daily" }).success,
    ).toBe(false);
    expect(RecipeSchema.safeParse({ kind: "flights", platforms: ["amazon"] }).success).toBe(false);
  });
});

describe("schedules", () => {
  it("finds the next run in UTC and names common frequencies", () => {
    expect(new Date(nextRun("0 3 * * *", NOW)!).toISOString()).toBe("2026-11-26T03:00:00.000Z");
    expect(nextRun("not a cron", NOW)).toBeNull();
    expect(frequencyOf("0 3 * * *")).toBe("daily");
    expect(frequencyOf("15 * * * *")).toBe("hourly");
    expect(frequencyOf("0 6 * * 1")).toBe("weekly");
    expect(frequencyOf("0 6 1 * *")).toBe("monthly");
  });
});

describe("recipeSize and recipeSamplePaths", () => {
  const words = (prefix: string, count: number) => Array.from({ length: count }, (_, i) => `${prefix} ${i}`);
  const countries = (count: number) => ["US", "GB", "DE", "FR", "IT", "ES", "CA", "JP", "AU", "NL"].slice(0, count);

  it("sizes every kind of recipe arithmetically as its expansion's length", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("product", "reviews", "search", "hotels"),
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 0, max: 3 }),
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 1, max: 3 }),
        (kind, lists, countryCount, items, pages) => {
          const recipe = RecipeSchema.parse(
            kind === "hotels"
              ? {
                  kind,
                  platforms: ["booking", "expedia", "hotels", "airbnb"].slice(0, lists),
                  destinations: words("city", items),
                  check_in_days: [10, 20, 30].slice(0, pages),
                }
              : kind === "search"
                ? {
                    kind,
                    platforms: ["amazon", "ebay", "walmart", "etsy"].slice(0, lists),
                    countries: countries(countryCount),
                    queries: words("q", items),
                    pages,
                  }
                : {
                    kind,
                    platform: "amazon",
                    countries: countries(countryCount),
                    inputs: words("id", items),
                    ...(kind === "reviews" ? { pages } : {}),
                  },
          );
          const paths = recipePaths(recipe, NOW);
          expect(recipeSize(recipe)).toBe(paths.length);
          // What the client sent, before any validation or default, sizes the same.
          expect(recipeSize(JSON.parse(JSON.stringify(recipe)))).toBe(paths.length);
          const samples = recipeSamplePaths(recipe, NOW);
          expect(samples.every((path) => paths.includes(path))).toBe(true);
          // Each distinct value of each list is in some sampled call.
          const sampled = samples.join("\n");
          for (const value of [
            ...("inputs" in recipe ? recipe.inputs : []),
            ...("queries" in recipe ? recipe.queries : []),
          ])
            expect(sampled).toContain(new URLSearchParams({ v: value }).toString().slice(2));
          expect(samples.length).toBeLessThanOrEqual(lists + countryCount + items + pages + 1);
        },
      ),
      { seed: 44, numRuns: 200 },
    );
  });

  it("sizes the largest recipe without expanding it, and gives up on an unknown kind", () => {
    const largest = {
      kind: "search",
      platforms: words("p", 10),
      countries: countries(10),
      queries: words("q", 200),
      pages: 10,
    };
    expect(recipeSize(largest)).toBe(200_000);
    expect(recipeSize({ kind: "shoes" })).toBeNull();
    expect(recipeSize(null)).toBeNull();
  });
});
