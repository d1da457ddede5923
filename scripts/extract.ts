// Prints the record a saved page yields:
//   npm run extract -- <platform> <kind> <file.html | file.html.gz>
// e.g. npm run extract -- amazon product test/fixtures/pages/amazon/mshopping_amazon.html.gz
// The page is decoded like a fetched body (charset sniffing) and parsed with url file://<path>.
// With --report, prints each field's fill rate and accuracy over a folder of saved pages and its
// expected.tsv (see scripts/extract-report.ts), then the hotel fields' fill rates over the replica
// sites (scripts/hotel-fill.ts):
//   npm run extract -- --report test/fixtures/pages
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { gunzipSync } from "node:zlib";
import { decodeHtml } from "../src/scrape/extract/charset";
import { PRODUCT_PLATFORMS } from "../src/scrape/platforms/index";

type Parser = (html: string, url: string) => unknown;

/** Page kinds and where each finds its parser for a platform slug; a new kind is one entry. */
const KINDS: Record<string, (slug: string) => Promise<Parser | undefined>> = {
  product: async (slug) => PRODUCT_PLATFORMS[slug]?.parseProduct,
  search: async (slug) => PRODUCT_PLATFORMS[slug]?.parseSearch,
  reviews: async (slug) => PRODUCT_PLATFORMS[slug]?.parseReviews,
  // Travel adapters load lazily so product kinds never depend on them.
  "hotel-search": async (slug) => travelPlatform(slug).then((platform) => platform?.parseSearch),
  hotel: async (slug) => travelPlatform(slug).then((platform) => platform?.parseHotel),
};

async function travelPlatform(slug: string) {
  const { TRAVEL_PLATFORMS } = await import("../src/scrape/platforms/travel");
  return (TRAVEL_PLATFORMS as Record<string, (typeof TRAVEL_PLATFORMS)[keyof typeof TRAVEL_PLATFORMS]>)[slug];
}

function usage(message: string): never {
  console.error(
    `${message}\nusage: npm run extract -- <platform> <${Object.keys(KINDS).join("|")}> <file.html>\n` +
      "       npm run extract -- --report <dir with expected.tsv>",
  );
  process.exit(2);
}

async function main(): Promise<void> {
  const [slug, kind, file] = process.argv.slice(2);
  if (slug === "--report") {
    if (!kind) usage("--report needs the folder that holds expected.tsv");
    // Loaded only here: the report reads every platform, travel ones included.
    const { accuracyReport, formatReport } = await import("./extract-report");
    process.stdout.write(formatReport(accuracyReport(resolve(kind))));
    const { formatFillReport, hotelFillReport } = await import("./hotel-fill");
    process.stdout.write(`\n${formatFillReport(await hotelFillReport())}`);
    return;
  }
  if (!slug || !kind || !file) usage("missing arguments");
  const findParser = KINDS[kind];
  if (!findParser) usage(`unknown kind "${kind}"`);
  const parser = await findParser(slug);
  if (!parser) usage(`platform "${slug}" has no ${kind} parser`);
  const path = resolve(file);
  const bytes = readFileSync(path);
  const html = decodeHtml(path.endsWith(".gz") ? gunzipSync(bytes) : bytes);
  console.log(JSON.stringify(parser(html, `file://${path}`), null, 2));
}

await main();
