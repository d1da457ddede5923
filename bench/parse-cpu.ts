// CPU milliseconds each platform's parser spends on the real saved pages (test/fixtures/pages), in
// Node: the same V8 and the same pure parsers the Worker runs (house habit 5), timed with
// process.cpuUsage, since a Worker's own clock does not move while it computes.
import { fileURLToPath } from "node:url";
import { parseSavedPage, readExpectedRows, readPageHtml, type PageKind } from "../scripts/saved-pages.ts";
import { median, ms } from "./stats.ts";
import { printPageCpu } from "./page-cpu.ts";

const PAGES = fileURLToPath(new URL("../test/fixtures/pages/", import.meta.url));

function cpuMsOf(work: () => unknown): number {
  const before = process.cpuUsage();
  work();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}

interface PageCpu {
  platform: string;
  kind: PageKind;
  file: string;
  megabytes: number;
  cpuMs: number;
}

// Passes over every saved page before timing: a Worker isolate that parses all day runs each
// reader's optimised code, and one warm-up parse of a page leaves the readers of page kinds met
// rarely (a shop's result cards, a hotel list) in V8's first tiers, so a page's figure depended on
// the pages before it in file order.
const WARM_PASSES = 2;

/** Every saved page parsed `WARM_PASSES` times, then `repeats` timed passes over all pages in turn; the median CPU ms per page. */
function parseCpu(repeats = 5): PageCpu[] {
  const pages = readExpectedRows(PAGES).map((row) => {
    const html = readPageHtml(PAGES, row.file);
    return { row, html, parse: () => parseSavedPage(row, html), runs: [] as number[] };
  });
  for (let pass = 0; pass < WARM_PASSES; pass++) for (const page of pages) page.parse();
  for (let pass = 0; pass < repeats; pass++) for (const page of pages) page.runs.push(cpuMsOf(page.parse));
  return pages.map(({ row, html, runs }) => ({
    platform: row.adapter,
    kind: row.kind,
    file: row.file,
    megabytes: Buffer.byteLength(html) / 1e6,
    cpuMs: median(runs),
  }));
}

function printParseCpu(pages: PageCpu[], repeats: number) {
  console.log(
    `\n**Parser CPU per page** on the real saved pages, in Node (after ${WARM_PASSES} passes over all pages, median of ${repeats} timed passes)\n`,
  );
  console.log("| platform | pages | MB (median, max) | CPU ms median | CPU ms max | heaviest page |");
  console.log("|---|---:|---:|---:|---:|---|");
  const platforms = [...new Set(pages.map((page) => page.platform))].sort();
  for (const platform of platforms) {
    const own = pages.filter((page) => page.platform === platform);
    const heaviest = own.reduce((a, b) => (b.cpuMs > a.cpuMs ? b : a));
    const mb = own.map((page) => page.megabytes);
    console.log(
      `| ${platform} | ${own.length} | ${median(mb).toFixed(2)}, ${Math.max(...mb).toFixed(2)} | ${ms(median(own.map((page) => page.cpuMs)))} | ${ms(heaviest.cpuMs)} | ${heaviest.file} (${heaviest.kind}) |`,
    );
  }
  const big = pages.filter((page) => page.megabytes >= 1);
  if (big.length) {
    console.log(
      `\nPages of 1 MB or more: ${big.length}, median ${ms(median(big.map((page) => page.cpuMs)))} ms CPU, max ${ms(Math.max(...big.map((page) => page.cpuMs)))} ms.`,
    );
  }
}

// `tsx bench/parse-cpu.ts [repeats]` prints the table alone, without starting a stack (`npm run bench` runs it so).
if (import.meta.url === `file://${process.argv[1]}`) {
  const repeats = Number(process.argv[2] ?? 5);
  printParseCpu(parseCpu(repeats), repeats);
  printPageCpu(repeats);
}
