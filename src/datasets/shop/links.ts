// What a fetched page offers the crawl: the links on its site, which of them page through the
// listing it shows (rel=next, a paging parameter), and the canonical address it claims.
import { loadHtml } from "../../scrape/extract/dom";
import { selectAll, selectOne } from "../../scrape/extract/select";
import { canonicalUrl, isAnotherPage } from "./urls";

export interface PageLinks {
  /** Links to other pages of the same site, canonical, each once. */
  links: string[];
  /** Of those, the ones that page through this listing: followed at the same depth. */
  pagination: Set<string>;
  /** The page's rel=canonical on the same site, canonical; null when it names none. */
  canonical: string | null;
}

/** Files that are never pages. */
const NOT_A_PAGE = /\.(png|jpe?g|gif|webp|svg|ico|css|js|mjs|json|pdf|zip|gz|mp4|mp3|woff2?|ttf|xml)$/i;

const resolved = (href: string | undefined | null, base: string): string | null => {
  if (!href || /^(javascript|mailto|tel|data):/i.test(href.trim())) return null;
  try {
    const url = new URL(href.trim(), base);
    return url.protocol === "http:" || url.protocol === "https:" ? url.toString() : null;
  } catch {
    return null;
  }
};

/** Whether `link` lies under the site root `root` (its origin, or a replica's prefix). */
const isUnder = (link: string, root: string) =>
  link === root || link.startsWith(`${root}/`) || link.startsWith(`${root}?`);

/** The links of `html` (fetched from `url`) that stay under `root` (the site's origin, or a replica's prefix). */
export function pageLinks(html: string, url: string, root: string): PageLinks {
  const page = loadHtml(html);
  const links = new Set<string>();
  const pagination = new Set<string>();
  const add = (href: string | undefined | null, paging: boolean) => {
    const link = resolved(href, url);
    if (!link || !isUnder(link, root) || NOT_A_PAGE.test(new URL(link).pathname)) return;
    const canonical = canonicalUrl(link);
    links.add(canonical);
    if (paging || isAnotherPage(url, link)) pagination.add(canonical);
  };
  for (const element of selectAll(page, 'link[rel="next"], a[rel="next"], link[rel="prev"]'))
    add(element.getAttribute("href"), true);
  for (const anchor of selectAll(page, "a[href]")) {
    if (/\bnofollow\b/i.test(anchor.getAttribute("rel") ?? "")) continue;
    add(anchor.getAttribute("href"), false);
  }
  links.delete(canonicalUrl(url));
  return { links: [...links], pagination, canonical: declaredCanonical(html, url, root) };
}

/** The page's rel=canonical when it is on the same site, without tracking parameters; else null. */
export function declaredCanonical(html: string, url: string, root: string): string | null {
  const declared = resolved(selectOne(loadHtml(html), 'link[rel="canonical"]')?.getAttribute("href"), url);
  return declared && isUnder(declared, root) ? canonicalUrl(declared) : null;
}
