// `npm run page-report -- <batch folder>…`: word-shingle precision, recall and F1 of /v1/page's main
// text on hand-marked article pages (test/fixtures/articles/batch-NN, docs/page.md#quality), per batch
// and, with --pages, per page worst first.
import { averageScore, type PageScore, scoreBatch } from "./article-score.ts";

const args = process.argv.slice(2);
const perPage = args.includes("--pages");
const folders = args.filter((arg) => !arg.startsWith("--"));
if (folders.length === 0) {
  console.error("usage: npm run page-report -- [--pages] <batch folder>...");
  process.exit(2);
}
const pct = (value: number) => value.toFixed(3);
const all: PageScore[] = [];
for (const folder of folders) {
  const scores = scoreBatch(folder);
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
