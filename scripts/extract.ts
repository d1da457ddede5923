// Prints the record a saved page yields:
//   npm run extract -- <platform> <kind> <file.html | file.html.gz>
// e.g. npm run extract -- amazon product test/fixtures/pages/amazon/mshopping_amazon.html.gz
// The page is decoded like a fetched body (charset sniffing) and parsed with url file://<path>.
// With --explain, prints for each product field every reader's candidate, the one taken and why
// (the most trusted reader with a usable value) and which readers agreed; the platform defaults to generic:
//   npm run extract -- --explain <file.html | file.html.gz> [platform]
// With --report, prints each field's fill rate and accuracy over a folder of saved pages and its
// expected.tsv (see scripts/extract-report.ts), then the hotel fields' fill rates over the replica
// sites (scripts/hotel-fill.ts):
//   npm run extract -- --report test/fixtures/pages
// or over several folders at once (the whole corpus):
//   npm run extract -- --report test/fixtures/pages test/fixtures/corpus/*/
// With --misses, writes the folder's misses.tsv: the values its corpus test expects to be missed
// (test/fixtures/corpus/README.md):
//   npm run extract -- --misses test/fixtures/corpus/batch-01
import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { gunzipSync } from "node:zlib";
import { decodeHtml } from "../src/scrape/extract/charset";
import type { FieldEvidence } from "../src/scrape/extract/evidence";
import type { ApiError } from "../src/errors";
import { describeProduct, productOr422 } from "../src/routes/products/answers";
import { explainPage, readProductPage } from "../src/platforms/product-page";
import { PRODUCT_PLATFORMS } from "../src/platforms/index";
import type { ProductPlatform } from "../src/platforms/types";

type Parser = (html: string, url: string) => unknown;

/** Page kinds and where each finds its parser for a platform slug; a new kind is one entry. */
const KINDS: Record<string, (slug: string) => Promise<Parser | undefined>> = {
  product: async (slug) => {
    const platform = PRODUCT_PLATFORMS[slug];
    return platform && ((html, url) => productAnswer(platform, html, url));
  },
  search: async (slug) => PRODUCT_PLATFORMS[slug]?.parseSearch,
  reviews: async (slug) => PRODUCT_PLATFORMS[slug]?.parseReviews,
  // Travel adapters load lazily so product kinds never depend on them.
  "hotel-search": async (slug) => travelPlatform(slug).then((platform) => platform?.parseSearch),
  // `generic` reads any hotel's own page, as GET /v1/travel/hotel?url= does off the travel platforms.
  hotel: async (slug) =>
    (slug === "generic" ? genericHotelPage() : travelPlatform(slug)).then((reader) => reader?.parseHotel),
};

/**
 * A product page as `GET /v1/{platform}` would answer it: `upstream_blocked` for a wall, `no_data` for a
 * page that holds no product, else the record with `meta.completeness` (states, reasons, confidence).
 */
function productAnswer(platform: ProductPlatform, html: string, url: string) {
  const challenge = platform.detectChallenge(html, 200);
  if (challenge)
    return {
      status: "error",
      error: {
        code: "upstream_blocked",
        message: `the page is a bot wall or challenge (${challenge.kind}), not the product`,
      },
    };
  const reading = readProductPage(platform, html, url);
  try {
    productOr422(reading, url, platform.slug);
  } catch (error) {
    const { code, message } = error as ApiError;
    return { status: "error", error: { code, message } };
  }
  const { data, completeness } = describeProduct(reading, new Date().toISOString(), false);
  return { status: "success", data, meta: { completeness } };
}

async function travelPlatform(slug: string) {
  const { TRAVEL_PLATFORMS } = await import("../src/platforms/index");
  return (TRAVEL_PLATFORMS as Record<string, (typeof TRAVEL_PLATFORMS)[keyof typeof TRAVEL_PLATFORMS]>)[slug];
}

async function genericHotelPage() {
  return (await import("../src/platforms/hotel-readers/generic-hotel")).genericLodging;
}

function usage(message: string): never {
  console.error(
    `${message}\nusage: npm run extract -- <platform> <${Object.keys(KINDS).join("|")}> <file.html>\n` +
      "       npm run extract -- --explain <file.html> [platform]\n" +
      "       npm run extract -- --report <dir with expected.tsv>\n" +
      "       npm run extract -- --misses <dir with expected.tsv>",
  );
  process.exit(2);
}

async function main(): Promise<void> {
  const [slug, kind, file] = process.argv.slice(2);
  if (slug === "--report") {
    if (!kind) usage("--report needs the folder that holds expected.tsv");
    // Loaded only here: the report reads every platform, travel ones included.
    const { accuracyReport, formatReport, mergeReports } = await import("./extract-report");
    // Several folders (the saved pages and every corpus batch) make one report.
    const folders = process.argv.slice(3).filter((arg) => !arg.startsWith("--"));
    const reports = folders.map((folder) => accuracyReport(resolve(folder)));
    process.stdout.write(formatReport(reports.length === 1 ? reports[0]! : mergeReports(reports, folders)));
    const { formatFillReport, hotelFillReport } = await import("./hotel-fill");
    process.stdout.write(`\n${formatFillReport(await hotelFillReport())}`);
    return;
  }
  if (slug === "--misses") {
    if (!kind) usage("--misses needs the folder that holds expected.tsv");
    const { accuracyReport, formatMisses } = await import("./extract-report");
    writeFileSync(resolve(kind, "misses.tsv"), formatMisses(accuracyReport(resolve(kind))));
    return;
  }
  if (slug === "--explain") {
    if (!kind) usage("--explain needs a saved page");
    const platform = PRODUCT_PLATFORMS[file ?? "generic"];
    if (!platform) usage(`unknown platform "${file}"`);
    const path = resolve(kind);
    process.stdout.write(formatEvidence(explainPage(platform, readHtml(path), `file://${path}`).fields));
    return;
  }
  if (!slug || !kind || !file) usage("missing arguments");
  const findParser = KINDS[kind];
  if (!findParser) usage(`unknown kind "${kind}"`);
  const parser = await findParser(slug);
  if (!parser) usage(`platform "${slug}" has no ${kind} parser`);
  const path = resolve(file);
  console.log(JSON.stringify(parser(readHtml(path), `file://${path}`), null, 2));
}

/** A saved page decoded like a fetched body (charset sniffing), gzipped or not. */
function readHtml(path: string): string {
  const bytes = readFileSync(path);
  return decodeHtml(path.endsWith(".gz") ? gunzipSync(bytes) : bytes);
}

const isFilled = (value: unknown) =>
  value !== null &&
  !(Array.isArray(value) && value.length === 0) &&
  !(typeof value === "object" && !Object.keys(value).length);

const shown = (value: unknown) => {
  const text = JSON.stringify(value) ?? "null";
  return text.length > 100 ? `${text.slice(0, 97)}...` : text;
};

/** One block per field: the value and its reader, then the readers that agreed, were passed over or outvoted. */
function formatEvidence(fields: FieldEvidence[]): string {
  return fields
    .map((field) => {
      const lines = [`${field.field}: ${shown(field.value)}`];
      lines.push(
        field.source
          ? `  taken from ${field.source}, the most trusted reader with a usable value`
          : isFilled(field.value)
            ? "  derived (the page's address, or the id from the ASIN or SKU)"
            : "  no reader gave a usable value",
      );
      if (field.agreed.length > 0) lines.push(`  agreed: ${field.agreed.join(", ")}`);
      for (const other of field.passedOver)
        lines.push(`  passed over: ${other.source} ${shown(other.value)} (empty, 0, or after a priceless offer)`);
      for (const other of field.outvoted) lines.push(`  less trusted: ${other.source} ${shown(other.value)}`);
      return lines.join("\n");
    })
    .join("\n")
    .concat("\n");
}

await main();
