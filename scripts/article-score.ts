// Word-shingle precision, recall and F1 of an extracted text against a hand-marked one, as the public
// article-extraction benchmarks score main content; and a corpus batch's pages read and scored.
// docs/page.md#quality states the definition.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { parse as parseCsv } from "csv-parse/sync";
import { decodeHtml } from "../src/scrape/extract/charset.ts";
import { readingOnce } from "../src/scrape/extract/dom.ts";
import { readWebPage } from "../src/scrape/page/read-page.ts";

/** Shingles of this many consecutive tokens. */
export const SHINGLE = 4;
/** A character of a script written without spaces between words (Han, kana, Thai): each is a token of its own. */
const UNSPACED = "\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Thai}";
const WORD = new RegExp(`[${UNSPACED}]|(?:(?![${UNSPACED}])[\\p{L}\\p{N}\\p{M}])+`, "gu");

/** A soft hyphen marks where a word may break at a line's end: it shows nothing and splits no word. */
const SOFT_HYPHEN = /\u00ad/g;

/**
 * Tokens: maximal runs of letters, digits and marks, lower-cased; in scripts written without spaces
 * (Chinese, Japanese, Thai) every character is a token, as those texts have no word boundaries to split at.
 * Soft hyphens are dropped first.
 */
export const tokens = (text: string): string[] => text.replace(SOFT_HYPHEN, "").toLowerCase().match(WORD) ?? [];

/** The multiset of shingles (a text shorter than one shingle is one shingle of all its tokens). */
export function shingles(text: string): Map<string, number> {
  const words = tokens(text);
  const counts = new Map<string, number>();
  const last = Math.max(0, words.length - SHINGLE);
  for (let at = 0; at <= last && words.length > 0; at++) {
    const key = words.slice(at, at + SHINGLE).join(" ");
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

export interface Score {
  precision: number;
  recall: number;
  f1: number;
}

/** Precision and recall over the shingle multisets; both texts empty score 1, one empty scores 0. */
export function scoreText(extracted: string, truth: string): Score {
  const got = shingles(extracted);
  const want = shingles(truth);
  const size = (counts: Map<string, number>) => [...counts.values()].reduce((sum, n) => sum + n, 0);
  const [gotSize, wantSize] = [size(got), size(want)];
  if (gotSize === 0 && wantSize === 0) return { precision: 1, recall: 1, f1: 1 };
  let common = 0;
  for (const [key, count] of got) common += Math.min(count, want.get(key) ?? 0);
  const precision = gotSize === 0 ? 0 : common / gotSize;
  const recall = wantSize === 0 ? 0 : common / wantSize;
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { precision, recall, f1 };
}

export interface ArticleRow {
  name: string;
  site: string;
  kind: string;
  language: string;
  title: string;
  source: string;
  marked: string;
  notes: string;
}

export const readArticleRows = (batch: string): ArticleRow[] =>
  parseCsv(readFileSync(join(batch, "sources.tsv"), "utf8"), {
    delimiter: "\t",
    columns: true,
    quote: false,
    relax_column_count: true,
  }) as ArticleRow[];

/** A page's address: its canonical host from the row, so links resolve as on the site. */
const pageUrl = (row: ArticleRow) =>
  `https://${row.site.replace(/^https?:\/\//, "").replace(/\/.*$/, "") || "example.com"}/`;

/** A page's HTML, decoded as a fetch from its address would be (a page that declares no charset by its country's). */
export function readArticleHtml(batch: string, row: ArticleRow): string {
  const plain = join(batch, "pages", `${row.name}.html`);
  const bytes = existsSync(plain) ? readFileSync(plain) : gunzipSync(readFileSync(`${plain}.gz`));
  return decodeHtml(bytes, undefined, pageUrl(row));
}

export interface PageScore extends Score {
  name: string;
  row: ArticleRow;
  extracted: string;
  truth: string;
  failed?: string;
}

/** A reader of a page's main text (without its title) from the page's HTML and address. */
export type TextExtractor = (html: string, url: string) => string;

/** /v1/page's `text` format. */
export const readPageText: TextExtractor = (html, url) => readingOnce(html, () => readWebPage(html, url).text);

/** Every page of a batch folder (pages/, truth/, sources.tsv) read by `extract` (ours unless given) and scored. */
export function scoreBatch(batch: string, extract: TextExtractor = readPageText): PageScore[] {
  return readArticleRows(batch).map((row) => {
    const html = readArticleHtml(batch, row);
    let extracted = "";
    // A page the reader fails on scores as an empty extraction (and `failed` says why).
    let failed: string | undefined;
    try {
      extracted = extract(html, pageUrl(row));
    } catch (err) {
      failed = String(err);
    }
    const truth = readFileSync(join(batch, "truth", `${row.name}.txt`), "utf8");
    return { name: row.name, row, extracted, truth, failed, ...scoreText(extracted, truth) };
  });
}

/** Pages' scores averaged (each page counts once, whatever its length). */
export function averageScore(scores: Score[]): Score {
  const mean = (pick: (score: Score) => number) =>
    scores.length === 0 ? 0 : scores.reduce((sum, score) => sum + pick(score), 0) / scores.length;
  return { precision: mean((s) => s.precision), recall: mean((s) => s.recall), f1: mean((s) => s.f1) };
}

export const batchFolders = (root: string): string[] =>
  readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => join(root, entry.name))
    .sort();
