// What a fetched page offers the crawl: the links on its site, which of them page through the
// listing it shows (rel=next, a paging parameter, a "load more" control and the endpoint it
// calls), and the canonical address it claims. A "load more" endpoint may answer JSON: its
// addresses and the cards of any HTML it carries are read the same way.
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

/** Attributes in which a control keeps the address it loads more results from. */
const LOAD_ATTRIBUTES = [
  "data-url",
  "data-href",
  "data-next-url",
  "data-next",
  "data-load-more",
  "data-endpoint",
  "hx-get",
];
/** A control that loads the listing's next results, by its words or its class, in several languages. */
const LOAD_MORE =
  /load[\s_-]*more|show[\s_-]*more|more (products|results|items)|view more|next page|mehr (laden|anzeigen)|weitere (produkte|artikel)|voir plus|charger plus|afficher plus|cargar más|ver más|mostrar más|carica(re)? altr|mostra altr|carregar mais|ver mais|meer laden|toon meer|załaduj więcej|pokaż więcej|もっと見る|さらに表示|加载更多|查看更多/i;
/** A JSON key that names the next page of results. */
const NEXT_KEY = /^next(_?(page|url|link|href))?$/i;

/** The links of `text` (fetched from `url`) that stay under `root` (the site's origin, or a replica's prefix). */
export function pageLinks(text: string, url: string, root: string): PageLinks {
  const links = new Set<string>();
  const pagination = new Set<string>();
  const add = (href: string | undefined | null, paging: boolean) => {
    const link = resolved(href, url);
    if (!link || !isUnder(link, root) || (!paging && NOT_A_PAGE.test(new URL(link).pathname))) return;
    const canonical = canonicalUrl(link);
    links.add(canonical);
    if (paging || isAnotherPage(url, link)) pagination.add(canonical);
  };
  const json = jsonOf(text);
  if (json === undefined) {
    htmlLinks(text, add);
  } else {
    jsonLinks(json, add);
  }
  links.delete(canonicalUrl(url));
  return { links: [...links], pagination, canonical: json === undefined ? declaredCanonical(text, url, root) : null };
}

type AddLink = (href: string | undefined | null, paging: boolean) => void;

function htmlLinks(html: string, add: AddLink) {
  const page = loadHtml(html);
  for (const element of selectAll(page, 'link[rel="next"], a[rel="next"], link[rel="prev"]'))
    add(element.getAttribute("href"), true);
  for (const anchor of selectAll(page, "a[href]")) {
    if (/\bnofollow\b/i.test(anchor.getAttribute("rel") ?? "")) continue;
    add(anchor.getAttribute("href"), false);
  }
  for (const control of selectAll(page, LOAD_ATTRIBUTES.map((name) => `[${name}]`).join(", "))) {
    const words = [
      control.text,
      control.getAttribute("class"),
      control.getAttribute("id"),
      control.getAttribute("aria-label"),
    ];
    if (!LOAD_MORE.test(words.filter(Boolean).join(" "))) continue;
    for (const name of LOAD_ATTRIBUTES) add(control.getAttribute(name), true);
  }
}

/** The page's text as JSON when it is an object or a list; undefined for a page of markup. */
function jsonOf(text: string): unknown {
  if (!/^\s*[[{]/.test(text)) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** A JSON answer's links: a value under a "next" key pages on, markup is read as a page, other addresses are links. */
function jsonLinks(value: unknown, add: AddLink, key = "") {
  if (typeof value === "string") {
    if (/<a\s/i.test(value)) htmlLinks(value, add);
    else if (/^(https?:\/\/|\/)/i.test(value)) add(value, NEXT_KEY.test(key));
  } else if (Array.isArray(value)) {
    for (const item of value) jsonLinks(item, add, key);
  } else if (value && typeof value === "object") {
    for (const [name, item] of Object.entries(value)) jsonLinks(item, add, name);
  }
}

/** The page's rel=canonical when it is on the same site, without tracking parameters; else null. */
export function declaredCanonical(html: string, url: string, root: string): string | null {
  const declared = resolved(selectOne(loadHtml(html), 'link[rel="canonical"]')?.getAttribute("href"), url);
  return declared && isUnder(declared, root) ? canonicalUrl(declared) : null;
}
