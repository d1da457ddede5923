// The docs' tables of platforms, written from the one registry (src/platforms/index.ts), so a
// platform added there is documented by running `npm run docs:platforms`, which rewrites the block
// between the markers in docs/products.md (marketplaces and the shop reader) and docs/travel.md
// (travel sites); test/codebase/platform-table.test.ts fails when either differs.
import { readFileSync, writeFileSync } from "node:fs";
import { isMainModule } from "../replicas/http.ts";
import { PRODUCT_PLATFORMS, TRAVEL_PLATFORMS } from "../src/platforms/index.ts";
import type { ProductPlatform, TravelPlatform } from "../src/platforms/types.ts";

export const PLATFORM_DOC = new URL("../docs/products.md", import.meta.url);
export const TRAVEL_PLATFORM_DOC = new URL("../docs/travel.md", import.meta.url);
const START = "<!-- platform table: written by `npm run docs:platforms` from the registry; do not edit by hand -->";
const END = "<!-- end of platform table -->";

function identifier(platform: ProductPlatform): string {
  if (!platform.id) return "`url` only";
  return `\`${platform.idParam}\`: ${platform.id.describes} (e.g. \`${platform.id.example}\`), or \`url\``;
}

const endpoints = (platform: ProductPlatform) =>
  ["product", platform.searchUrl && "search", platform.reviewsUrl && "reviews"].filter(Boolean).join(", ");

const countries = (platform: ProductPlatform) =>
  Object.keys(platform.origins)
    .filter((country) => country !== "default")
    .join(", ") || "any";

/** The product platforms' table as markdown, one row per platform in registry order. */
export function platformTable(): string {
  const rows = Object.values(PRODUCT_PLATFORMS).map(
    (p) => `| \`${p.slug}\` (${p.name}) | ${p.description} | ${identifier(p)} | ${countries(p)} | ${endpoints(p)} |`,
  );
  return [
    "| platform | what it reads | a product by | `country` | endpoints |",
    "| --- | --- | --- | --- | --- |",
    ...rows,
  ].join("\n");
}

const lacks = (platform: TravelPlatform) =>
  platform.lacks.length > 0 ? platform.lacks.map((field) => `\`${field}\``).join(", ") : "none";

/** The travel sites' table as markdown, one row per site in registry order. */
export function travelPlatformTable(): string {
  const rows = Object.values(TRAVEL_PLATFORMS).map(
    (p) => `| \`${p.slug}\` (${p.name}) | ${p.origins.default} | out of ${p.reviewScale} | ${lacks(p)} |`,
  );
  return [
    "| platform | site | its own review scale (answers use 0–10) | fields its pages never show |",
    "| --- | --- | --- | --- |",
    ...rows,
  ].join("\n");
}

/** `markdown` with the block between the markers replaced by `table`. */
function withTable(markdown: string, table: string, doc: URL): string {
  const start = markdown.indexOf(START);
  const end = markdown.indexOf(END);
  if (start < 0 || end < start) throw new Error(`${doc.pathname} has no platform table markers (${START})`);
  return `${markdown.slice(0, start)}${START}\n${table}\n${markdown.slice(end)}`;
}

/** docs/products.md with its platform table as the registry gives it. */
export const withPlatformTable = (markdown: string) => withTable(markdown, platformTable(), PLATFORM_DOC);

/** docs/travel.md with its platform table as the registry gives it. */
export const withTravelPlatformTable = (markdown: string) =>
  withTable(markdown, travelPlatformTable(), TRAVEL_PLATFORM_DOC);

if (isMainModule(import.meta.url)) {
  writeFileSync(PLATFORM_DOC, withPlatformTable(readFileSync(PLATFORM_DOC, "utf8")));
  writeFileSync(TRAVEL_PLATFORM_DOC, withTravelPlatformTable(readFileSync(TRAVEL_PLATFORM_DOC, "utf8")));
  console.log("docs/products.md and docs/travel.md: platform tables written");
}
