// docs/products.md's platform table is written from the registry (`npm run docs:platforms`): it must
// be what the script writes today, one row per platform, so a platform added or changed without
// rewriting it fails here.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  PLATFORM_DOC,
  platformTable,
  TRAVEL_PLATFORM_DOC,
  travelPlatformTable,
  withPlatformTable,
  withTravelPlatformTable,
} from "../../scripts/platform-table.ts";
import { PRODUCT_PLATFORMS, TRAVEL_PLATFORMS } from "../../src/platforms/index.ts";

const doc = readFileSync(PLATFORM_DOC, "utf8");
const travelDoc = readFileSync(TRAVEL_PLATFORM_DOC, "utf8");

describe("docs/products.md's platform table", () => {
  it("is the table the registry gives (run `npm run docs:platforms` after changing a platform)", () => {
    expect(doc).toBe(withPlatformTable(doc));
  });

  it("has a row for every platform, with its id parameter and example id", () => {
    const rows = platformTable().split("\n").slice(2);
    expect(rows).toHaveLength(Object.keys(PRODUCT_PLATFORMS).length);
    for (const [index, platform] of Object.values(PRODUCT_PLATFORMS).entries()) {
      expect(rows[index]).toContain(`| \`${platform.slug}\` (${platform.name}) | ${platform.description} |`);
      expect(rows[index]).toContain(platform.id ? `\`${platform.idParam}\`` : "`url` only");
      if (platform.id) expect(rows[index]).toContain(`\`${platform.id.example}\``);
    }
  });

  it("notices a table that is stale", () => {
    expect(withPlatformTable(doc.replace("| `amazon` (Amazon) |", "| `amazon` (Amazon.com) |"))).toBe(doc);
    expect(doc.replace("| `amazon` (Amazon) |", "| `amazon` (Amazon.com) |")).not.toBe(doc);
  });
});

describe("docs/travel.md's platform table", () => {
  it("is the table the registry gives (run `npm run docs:platforms` after changing a travel site)", () => {
    expect(travelDoc).toBe(withTravelPlatformTable(travelDoc));
  });

  it("has a row for every travel site, with its review scale and the fields it never shows", () => {
    const rows = travelPlatformTable().split("\n").slice(2);
    expect(rows).toHaveLength(Object.keys(TRAVEL_PLATFORMS).length);
    expect(rows.find((row) => row.startsWith("| `airbnb` (Airbnb) |"))).toContain(
      "| out of 5 | `star_rating`, `rooms` |",
    );
    expect(rows.find((row) => row.startsWith("| `booking` (Booking.com) |"))).toContain("| out of 10 | none |");
  });
});
