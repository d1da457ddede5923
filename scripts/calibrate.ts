// Calibrates the confidence of product fields on the corpus of real pages (`npm run calibrate`):
// every checked value a product page's record says is filed by its evidence key (field, reader kind,
// support: src/scrape/extract/confidence.ts); the share right per key, (right + 1) / (values + 2), is
// written to src/scrape/extract/confidence-table.ts. Then it prints the reliability table twice: with
// that table, and leave-one-site-out (each site's values judged by a table made without that site),
// the honest figure for shops nobody has seen. With --check it writes nothing and fails when the
// table in the repository is not the one the corpus gives. With --held-out <batch folder> it writes
// nothing and prints the reliability table of that batch's values judged by a table made from every
// other folder: the figure for pages the table never saw, the same whenever it is computed.
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { type AccuracyReport, accuracyReport, type Judgment } from "./extract-report";

const FIXTURES = fileURLToPath(new URL("../test/fixtures/", import.meta.url));
const TABLE_FILE = fileURLToPath(new URL("../src/scrape/extract/confidence-table.ts", import.meta.url));

/** The saved pages and every corpus batch scored so far (one with its misses.tsv): the folders that judge the readers. */
export function corpusFolders(): string[] {
  const corpus = join(FIXTURES, "corpus");
  const batches = readdirSync(corpus, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(corpus, entry.name, "misses.tsv")))
    .map((entry) => join(corpus, entry.name))
    .sort();
  return [join(FIXTURES, "pages"), ...batches];
}

/** Every judged value of the corpus; `report` reads a folder (a caller that has read some already passes its own). */
export const corpusJudgments = (report: (folder: string) => AccuracyReport = accuracyReport): Judgment[] =>
  corpusFolders().flatMap((folder) => report(folder).judgments);

const share = (right: number, values: number) => (right + 1) / (values + 2);

/** The share right per evidence key, and pooled per reader kind and support, and per reader kind. */
export function calibrationTable(judgments: Judgment[]): Record<string, number> {
  const tallies = new Map<string, { right: number; values: number }>();
  const count = (key: string, right: boolean) => {
    const tally = tallies.get(key) ?? { right: 0, values: 0 };
    tally.values++;
    if (right) tally.right++;
    tallies.set(key, tally);
  };
  for (const judgment of judgments) {
    const [, kind, support] = judgment.key.split("|");
    count(judgment.key, judgment.right);
    count(`*|${kind}|${support}`, judgment.right);
    count(`*|${kind}|*`, judgment.right);
  }
  const entries = [...tallies.entries()].sort(([a], [b]) => a.localeCompare(b));
  return Object.fromEntries(entries.map(([key, { right, values }]) => [key, Number(share(right, values).toFixed(3))]));
}

const lookup = (table: Record<string, number>, key: string) => {
  const [, kind, support] = key.split("|");
  return table[key] ?? table[`*|${kind}|${support}`] ?? table[`*|${kind}|*`] ?? 0.5;
};

const BINS = [0.9, 0.8, 0.7, 0.6, 0.5, 0];

/** Per confidence band: how many values, and the share right. */
export function reliability(scored: { confidence: number; right: boolean }[]) {
  return BINS.map((low, index) => {
    const high = index === 0 ? 1.0001 : BINS[index - 1]!;
    const inBand = scored.filter((value) => value.confidence >= low && value.confidence < high);
    const right = inBand.filter((value) => value.right).length;
    return { band: `${low.toFixed(1)}–${index === 0 ? "1.0" : high.toFixed(1)}`, values: inBand.length, right };
  });
}

/** Each site's values judged by the table made from every other site. */
export function leaveOneSiteOut(judgments: Judgment[]) {
  const sites = [...new Set(judgments.map((judgment) => judgment.site))];
  return sites.flatMap((site) => {
    const table = calibrationTable(judgments.filter((judgment) => judgment.site !== site));
    return judgments
      .filter((judgment) => judgment.site === site)
      .map((judgment) => ({ confidence: lookup(table, judgment.key), right: judgment.right }));
  });
}

const formatBands = (title: string, rows: ReturnType<typeof reliability>) =>
  [
    `### ${title}`,
    "",
    "| confidence | values | right | share right |",
    "| --- | --- | --- | --- |",
    ...rows.map(
      (row) =>
        `| ${row.band} | ${row.values} | ${row.right} | ${row.values === 0 ? "—" : `${Math.round((100 * row.right) / row.values)}%`} |`,
    ),
  ].join("\n");

const tableSource = (table: Record<string, number>) =>
  [
    "// Written by `npm run calibrate` (scripts/calibrate.ts) from the corpus of real pages: for each field,",
    "// reader kind and evidence, the share of values right, (right + 1) / (values + 2). Do not edit by hand.",
    "export const CONFIDENCE_TABLE: Record<string, number> = {",
    ...Object.entries(table).map(([key, value]) => `  "${key}": ${value},`),
    "};",
    "",
  ].join("\n");

/**
 * A batch's values judged by a table made from every other folder of the corpus, as the batch would
 * have been judged had it never been seen: the same figure whenever it is computed.
 */
function heldOut(folder: string): void {
  const others = corpusFolders().filter((other) => resolve(other) !== resolve(folder));
  const table = calibrationTable(others.flatMap((other) => accuracyReport(other).judgments));
  const judgments = accuracyReport(folder).judgments;
  const scored = judgments.map((judgment) => ({ confidence: lookup(table, judgment.key), right: judgment.right }));
  console.log(`${judgments.length} values with evidence in ${folder}\n`);
  console.log(formatBands("With a table made without it", reliability(scored)));
}

function main(): void {
  if (process.argv.includes("--held-out")) {
    const batch = process.argv[process.argv.indexOf("--held-out") + 1];
    if (!batch || batch.startsWith("--")) throw new Error("--held-out needs a batch folder");
    heldOut(batch);
    return;
  }
  const judgments = corpusJudgments();
  const table = calibrationTable(judgments);
  const source = tableSource(table);
  if (process.argv.includes("--check")) {
    if (readFileSync(TABLE_FILE, "utf8") !== source) {
      console.error("src/scrape/extract/confidence-table.ts is not what the corpus gives: run npm run calibrate");
      process.exit(1);
    }
    return;
  }
  writeFileSync(TABLE_FILE, source);
  const inSample = judgments.map((judgment) => ({ confidence: lookup(table, judgment.key), right: judgment.right }));
  console.log(
    `${judgments.length} values with evidence (products and hotels), ${new Set(judgments.map((j) => j.site)).size} sites\n`,
  );
  console.log(formatBands("With the table (every page)", reliability(inSample)));
  console.log();
  console.log(formatBands("Leave one site out", reliability(leaveOneSiteOut(judgments))));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
