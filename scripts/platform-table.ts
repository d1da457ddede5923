// The docs' table of product platforms, written from the registry (src/scrape/platforms/index.ts), so
// a platform added there is documented by running `npm run docs:platforms`, which rewrites the block
// between the markers in docs/products.md; test/codebase/platform-table.test.ts fails when it differs.
import { readFileSync, writeFileSync } from "node:fs";
import { isMainModule } from "../replicas/http.ts";
import { PRODUCT_PLATFORMS } from "../src/scrape/platforms/index.ts";
import type { ProductPlatform } from "../src/scrape/types.ts";

export const PLATFORM_DOC = new URL("../docs/products.md", import.meta.url);
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

/** The table as markdown, one row per platform in registry order. */
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

/** `markdown` with the block between the markers replaced by the current table. */
export function withPlatformTable(markdown: string): string {
  const start = markdown.indexOf(START);
  const end = markdown.indexOf(END);
  if (start < 0 || end < start) throw new Error(`docs/products.md has no platform table markers (${START})`);
  return `${markdown.slice(0, start)}${START}\n${platformTable()}\n${markdown.slice(end)}`;
}

if (isMainModule(import.meta.url)) {
  writeFileSync(PLATFORM_DOC, withPlatformTable(readFileSync(PLATFORM_DOC, "utf8")));
  console.log("docs/products.md: platform table written");
}
