// CPU milliseconds per megabyte of GET /v1/page's reading (main content found, Markdown, clean HTML,
// text, links and metadata made) on the real saved pages, beside the parse of the same pages into the
// tree alone, in Node: the same V8 and pure functions the Worker runs.
import { fileURLToPath } from "node:url";
import { readArticleHtml, readArticleRows } from "../scripts/article-score.ts";
import { readExpectedRows, readPageHtml } from "../scripts/saved-pages.ts";
import { loadHtml, readingOnce } from "../src/scrape/extract/dom.ts";
import { readWebPage } from "../src/scrape/page/read-page.ts";
import { median, ms } from "./stats.ts";

const PAGES = fileURLToPath(new URL("../test/fixtures/pages/", import.meta.url));
const ARTICLES = fileURLToPath(new URL("../test/fixtures/articles/batch-01/", import.meta.url));

function cpuMsOf(work: () => unknown): number {
  const before = process.cpuUsage();
  work();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}

interface Measured {
  megabytes: number;
  parseMs: number[];
  readMs: number[];
}

function measure(pages: string[], repeats: number): Measured[] {
  const measured = pages.map((html) => ({
    html,
    megabytes: Buffer.byteLength(html) / 1e6,
    parseMs: [] as number[],
    readMs: [] as number[],
  }));
  const read = (html: string) => readingOnce(html, () => readWebPage(html, "https://example.com/"));
  for (const page of measured) read(page.html); // warm
  for (let pass = 0; pass < repeats; pass++) {
    for (const page of measured) {
      page.parseMs.push(cpuMsOf(() => loadHtml(page.html)));
      page.readMs.push(cpuMsOf(() => read(page.html)));
    }
  }
  return measured;
}

/** Prints the median CPU ms per MB of the tree parse and of the whole reading, for the product pages and the article pages. */
export function printPageCpu(repeats: number): void {
  const sets = {
    "saved product pages (test/fixtures/pages)": readExpectedRows(PAGES).map((row) => readPageHtml(PAGES, row.file)),
    "article pages (articles/batch-01)": readArticleRows(ARTICLES).map((row) => readArticleHtml(ARTICLES, row)),
  };
  console.log(
    `\n**Page reading CPU per MB** (GET /v1/page, all formats; median over pages of ${repeats} timed passes)\n`,
  );
  console.log("| pages | count | MB median | tree parse ms/MB | whole reading ms/MB (parse included) |");
  console.log("|---|---:|---:|---:|---:|");
  for (const [name, htmls] of Object.entries(sets)) {
    const measured = measure(htmls, repeats);
    const perMb = (pick: (page: Measured) => number[]) =>
      median(measured.map((page) => median(pick(page)) / page.megabytes));
    console.log(
      `| ${name} | ${measured.length} | ${median(measured.map((page) => page.megabytes)).toFixed(2)} | ${ms(perMb((page) => page.parseMs))} | ${ms(perMb((page) => page.readMs))} |`,
    );
  }
}

if (import.meta.url === `file://${process.argv[1]}`) printPageCpu(Number(process.argv[2] ?? 5));
