// One address per page: tracking parameters dropped, the rest sorted, the fragment gone, so the
// same product linked with `?utm_source=…` or `?gclid=…` is fetched once; and the include and
// exclude patterns a recipe restricts its crawl with.

/** Parameters that only say where a visitor came from; never part of what a page shows. */
const TRACKING =
  /^(utm_[a-z_]+|gclid|gbraid|wbraid|dclid|fbclid|msclkid|yclid|igshid|mc_cid|mc_eid|_ga|_gl|srsltid|ref|ref_src|spm|trk|cmpid|campaign|source)$/i;
/** Parameters that pick a variant of the same product page. */
const VARIANT = /^(variant|variation|color|colour|size|sku|option\w*)$/i;

/** The address a page is filed under: no fragment, tracking or variant parameters, sorted query. */
export function canonicalUrl(url: string): string {
  const parsed = new URL(url);
  parsed.hash = "";
  const kept = [...parsed.searchParams].filter(([name]) => !TRACKING.test(name) && !VARIANT.test(name));
  kept.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  parsed.search = new URLSearchParams(kept).toString();
  return parsed.toString();
}

/** Parameters that page through a listing. */
const PAGE_PARAMS = /^(page|p|pg|pagenum|page_number|pagenumber|start|offset|from|skip)$/i;

/** Whether `link` is another page of the listing at `url` (same path, only a paging parameter differs). */
export function isAnotherPage(url: string, link: string): boolean {
  const a = new URL(url);
  const b = new URL(link);
  if (a.origin !== b.origin || a.pathname.replace(/\/$/, "") !== b.pathname.replace(/\/$/, "")) return false;
  const strip = (u: URL) =>
    [...u.searchParams]
      .filter(([name]) => !PAGE_PARAMS.test(name))
      .map(([n, v]) => `${n}=${v}`)
      .sort()
      .join("&");
  return strip(a) === strip(b) && a.search !== b.search;
}

/**
 * A pattern as recipes write them: a path with `*` for any run of characters (`/products/*`,
 * `*sale*`), matched against the address's path and query. Hand-written so a pattern can never be
 * a regular expression that backtracks for seconds.
 */
export function matchesPattern(url: string, pattern: string): boolean {
  const parsed = new URL(url);
  const target = `${parsed.pathname}${parsed.search}`;
  const parts = pattern.split("*");
  if (parts.length === 1) return target === pattern || target.startsWith(pattern);
  let at = 0;
  for (const [index, part] of parts.entries()) {
    if (index === 0) {
      if (!target.startsWith(part)) return false;
      at = part.length;
      continue;
    }
    const found = index === parts.length - 1 && part !== "" ? target.lastIndexOf(part) : target.indexOf(part, at);
    if (found < at) return false;
    at = found + part.length;
  }
  return parts.at(-1) === "" || at === target.length;
}

/** Whether a recipe's patterns let the crawl follow `url`: any include (when there are some), no exclude. */
export function patternsAllow(url: string, include: readonly string[], exclude: readonly string[]): boolean {
  if (include.length > 0 && !include.some((pattern) => matchesPattern(url, pattern))) return false;
  return !exclude.some((pattern) => matchesPattern(url, pattern));
}
