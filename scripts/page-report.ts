// `npm run page-report -- [--baseline readability] [--pages] <batch folder>…`: word-shingle precision, recall
// and F1 of /v1/page's main text on hand-marked article pages (test/fixtures/articles/batch-NN,
// docs/page.md#quality), per batch and, with --pages, per page worst first; with --baseline, of another
// reader's text on the same pages, scored the same way.
import { parseArgs } from "node:util";
import { averageScore, type PageScore, readPageText, scoreBatch, type TextExtractor } from "./article-score.ts";
import { readReadabilityText } from "./readability-text.ts";

/** Other readers whose text can be scored in place of ours. */
const BASELINES: Record<string, TextExtractor> = { readability: readReadabilityText };
const USAGE = `usage: npm run page-report -- [--baseline ${Object.keys(BASELINES).join("|")}] [--pages] <batch folder>...`;

const { values, positionals: folders } = parseArgs({
  options: { pages: { type: "boolean", default: false }, baseline: { type: "string" } },
  allowPositionals: true,
});
const extract = values.baseline === undefined ? readPageText : BASELINES[values.baseline];
if (folders.length === 0 || !extract) {
  console.error(USAGE);
  process.exit(2);
}
const perPage = values.pages;
const pct = (value: number) => value.toFixed(3);
const all: PageScore[] = [];
for (const folder of folders) {
  const scores = scoreBatch(folder, extract);
  all.push(...scores);
  const mean = averageScore(scores);
  const failed = scores.filter((score) => score.failed).length;
  console.log(
    `${folder}\tpages ${scores.length}${failed ? ` (${failed} failed)` : ""}\tP ${pct(mean.precision)}\tR ${pct(mean.recall)}\tF1 ${pct(mean.f1)}`,
  );
  if (!perPage) continue;
  for (const score of [...scores].sort((a, b) => a.f1 - b.f1))
    console.log(
      `  ${score.name}\t${score.row.kind}\t${score.row.language}\tP ${pct(score.precision)}\tR ${pct(score.recall)}\tF1 ${pct(score.f1)}`,
    );
}
if (folders.length > 1) {
  const mean = averageScore(all);
  console.log(`all\tpages ${all.length}\tP ${pct(mean.precision)}\tR ${pct(mean.recall)}\tF1 ${pct(mean.f1)}`);
}
