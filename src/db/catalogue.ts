// Catalogue lists and search (look-ups by key are in catalogue-lookups.ts).
// Raw SQL: listDatasets and searchDatasets, which read the FTS5 index (MATCH, bm25, highlight,
// snippet: no drizzle builder) and share their WHERE with the count and facets of one round trip.
import type { Db } from "./keys";

/** Common words that would match nearly everything as prefixes. */
const STOPWORDS = new Set([
  "a",
  "an",
  "and",
  "the",
  "of",
  "in",
  "on",
  "for",
  "to",
  "by",
  "with",
  "from",
  "data",
  "dataset",
  "datasets",
]);

/**
 * Turns free text into an FTS5 query: each word becomes a quoted prefix term
 * (quotes keep FTS syntax out of user input). Returns null when nothing searchable is left.
 */
export function ftsQuery(text: string, join: "AND" | "OR" = "AND"): string | null {
  const words = searchWords(text);
  if (words.length === 0) return null;
  return words.map((word) => `"${word}"*`).join(` ${join} `);
}

/** The words of a query that search: lower case, stopwords dropped. */
function searchWords(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0 && !STOPWORDS.has(word));
}

/** The searched text of an account's own dataset, matched word by word (the index holds public datasets only). */
const OWN_TEXT =
  "lower(d.name || ' ' || d.description || ' ' || d.tags || ' ' || d.field_names || ' ' || d.category_name || ' ' || d.country_names || ' ' || coalesce(d.search_terms, ''))";

/**
 * The condition an account's own dataset matches `text` by (each word a substring, all or any), with its
 * parameters: no statistics over other accounts' datasets, so nothing of theirs shapes the answer.
 */
function ownMatch(text: string, join: "AND" | "OR") {
  const words = searchWords(text);
  return {
    sql: `(${words.map(() => `${OWN_TEXT} LIKE ? ESCAPE '\\'`).join(` ${join} `)})`,
    params: words.map((word) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`),
  };
}

/** Column weights for bm25: name, description, tags, field names, category, countries, extra terms. */
const BM25 = "bm25(datasets_fts, 10.0, 2.0, 4.0, 1.0, 3.0, 5.0, 3.0)";

export const SORTS = [
  "relevance",
  "name",
  "-name",
  "last_updated",
  "-last_updated",
  "record_count",
  "-record_count",
] as const;
export type Sort = (typeof SORTS)[number];

const ORDER_BY: Record<Sort, string> = {
  relevance: "rank, d.name",
  name: "d.name",
  "-name": "d.name DESC",
  last_updated: "d.last_updated, d.name",
  "-last_updated": "d.last_updated DESC, d.name",
  record_count: "d.record_count, d.name",
  "-record_count": "d.record_count DESC, d.name",
};

export interface DatasetFilter {
  q?: string;
  category?: string;
  country?: string;
  /** The reading account: its own datasets are listed beside the public ones. */
  accountId: string;
}

export interface DatasetRow {
  id: number;
  slug: string;
  name: string;
  description: string;
  category_slug: string;
  category_name: string;
  countries: string;
  tags: string;
  source_platforms: string;
  record_count: number;
  update_frequency: string;
  last_updated: string;
  formats: string;
  account_id: string | null;
}

const SUMMARY_COLUMNS =
  "d.id, d.slug, d.name, d.description, d.category_slug, d.category_name, d.countries, d.tags, d.source_platforms, d.record_count, d.update_frequency, d.last_updated, d.formats, d.account_id";

/** Public datasets and the reading account's own. */
const VISIBLE = "(d.account_id IS NULL OR d.account_id = ?)";
/** The public shape of a dataset in lists. */
export function describeDataset(row: DatasetRow) {
  return {
    slug: row.slug,
    name: row.name,
    description: row.description,
    category: row.category_slug,
    countries: JSON.parse(row.countries) as string[],
    tags: JSON.parse(row.tags) as string[],
    source_platforms: JSON.parse(row.source_platforms) as string[],
    record_count: row.record_count,
    update_frequency: row.update_frequency,
    /** Null until the first refresh finished. */
    last_updated: row.last_updated || null,
    formats: JSON.parse(row.formats) as string[],
    visibility: row.account_id === null ? ("public" as const) : ("private" as const),
  };
}

function filterSql(filter: DatasetFilter) {
  const match = filter.q ? ftsQuery(filter.q) : null;
  // Public datasets ranked by the index; the account's own matched word by word, listed first (rank null).
  const from = match
    ? `datasets d LEFT JOIN (SELECT rowid, ${BM25} AS rank FROM datasets_fts WHERE datasets_fts MATCH ?) f ON f.rowid = d.id`
    : "datasets d";
  const conditions: string[] = [VISIBLE];
  const params: unknown[] = match ? [match, filter.accountId] : [filter.accountId];
  if (match) {
    const own = ownMatch(filter.q!, "AND");
    conditions.push(`(f.rowid IS NOT NULL OR (d.account_id = ? AND ${own.sql}))`);
    params.push(filter.accountId, ...own.params);
  }
  if (filter.category) {
    conditions.push("d.category_slug = ?");
    params.push(filter.category);
  }
  if (filter.country) {
    conditions.push("d.id IN (SELECT dataset_id FROM dataset_countries WHERE country_code = ?)");
    params.push(filter.country);
  }
  // A query made only of stopwords matches everything, like no query at all.
  const where = `WHERE ${conditions.join(" AND ")}`;
  return { from, where, params, ranked: match !== null };
}

/** One page of datasets plus total and facets, in a single D1 round trip. */
export async function listDatasets(db: Db, filter: DatasetFilter, sort: Sort, page: number, limit: number) {
  const { from, where, params, ranked } = filterSql(filter);
  const order = ORDER_BY[sort === "relevance" && !ranked ? "name" : sort];
  const d1 = db.$client;
  const [rows, total, byCategory, byCountry] = await d1.batch([
    d1
      .prepare(`SELECT ${SUMMARY_COLUMNS} FROM ${from} ${where} ORDER BY ${order} LIMIT ? OFFSET ?`)
      .bind(...params, limit, (page - 1) * limit),
    d1.prepare(`SELECT count(*) AS total FROM ${from} ${where}`).bind(...params),
    d1
      .prepare(
        `SELECT d.category_slug AS slug, c.name, count(*) AS count FROM ${from} JOIN categories c ON c.slug = d.category_slug ${where} GROUP BY d.category_slug ORDER BY count DESC, d.category_slug`,
      )
      .bind(...params),
    d1
      .prepare(
        `SELECT dc.country_code AS code, n.name, count(*) AS count FROM ${from} JOIN dataset_countries dc ON dc.dataset_id = d.id JOIN countries n ON n.code = dc.country_code ${where} GROUP BY dc.country_code ORDER BY count DESC, dc.country_code`,
      )
      .bind(...params),
  ]);
  return {
    datasets: (rows!.results as unknown as DatasetRow[]).map(describeDataset),
    total: (total!.results[0] as { total: number }).total,
    facets: {
      categories: byCategory!.results as { slug: string; name: string; count: number }[],
      countries: byCountry!.results as { code: string; name: string; count: number }[],
    },
  };
}

/**
 * Full-text search with highlighted snippets: the account's own datasets that hold every word first (by
 * name), then public ones ranked by the index; falls back to any word when all words find nothing. No
 * score is given: a rank over an index is a fact about everything in it.
 */
export async function searchDatasets(db: Db, text: string, page: number, limit: number, accountId: string) {
  for (const join of ["AND", "OR"] as const) {
    const match = ftsQuery(text, join);
    if (!match) return { results: [], total: 0, matched: null };
    const own = ownMatch(text, join);
    const d1 = db.$client;
    const [owned, publicTotal] = await d1.batch([
      d1
        .prepare(`SELECT ${SUMMARY_COLUMNS} FROM datasets d WHERE d.account_id = ? AND ${own.sql} ORDER BY d.name`)
        .bind(accountId, ...own.params),
      d1.prepare("SELECT count(*) AS total FROM datasets_fts WHERE datasets_fts MATCH ?").bind(match),
    ]);
    const ownRows = owned!.results as unknown as DatasetRow[];
    const count = ownRows.length + (publicTotal!.results[0] as { total: number }).total;
    if (count > 0 || join === "OR") {
      const offset = (page - 1) * limit;
      const ownPage = ownRows.slice(offset, offset + limit).map((row) => ({
        ...describeDataset(row),
        name_highlighted: row.name,
        snippet: row.description,
      }));
      const publicLimit = limit - ownPage.length;
      const publicOffset = Math.max(0, offset - ownRows.length);
      const publicRows =
        publicLimit === 0
          ? []
          : ((
              await d1
                .prepare(
                  `SELECT ${SUMMARY_COLUMNS},
                     highlight(datasets_fts, 0, '<mark>', '</mark>') AS name_highlighted,
                     snippet(datasets_fts, -1, '<mark>', '</mark>', '…', 16) AS snippet
                   FROM datasets_fts JOIN datasets d ON d.id = datasets_fts.rowid
                   WHERE datasets_fts MATCH ? ORDER BY ${BM25}, d.name LIMIT ? OFFSET ?`,
                )
                .bind(match, publicLimit, publicOffset)
                .all()
            ).results as unknown as (DatasetRow & { name_highlighted: string; snippet: string })[]);
      const results = [
        ...ownPage,
        ...publicRows.map((row) => ({
          ...describeDataset(row),
          name_highlighted: row.name_highlighted,
          snippet: row.snippet,
        })),
      ];
      return { results, total: count, matched: join === "AND" ? "all_words" : "any_word" };
    }
  }
  return { results: [], total: 0, matched: null };
}
