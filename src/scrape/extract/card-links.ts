// The links of result cards resolved against the page (cards.ts). Each card links its item several
// times and a page repeats its links, while parsing a URL is dear: an href is resolved once a page.
import { resolvedUrl, type HTMLElement } from "./dom";
import { rawAttr } from "./raw-attr";

export interface ItemLink {
  url: string;
  /** Its path without trailing slashes: two links with one path lead to one item. */
  path: string;
}

export type LinkResolver = (link: HTMLElement) => ItemLink | null;

/**
 * Resolves links against `base`, each href once for one reading of a page: a link that leads
 * somewhere, not an in-page anchor, a script or the page itself.
 */
export function linkResolver(base: string): LinkResolver {
  const known = new Map<string, ItemLink | null>();
  return (link) => {
    const href = rawAttr(link, "href");
    if (!href || (href.startsWith("#") && !HASH_ROUTE.test(href))) return null;
    let found = known.get(href);
    if (found === undefined) {
      found = resolveLink(href, base);
      known.set(href, found);
    }
    return found;
  };
}

const QUICK_VIEW = /(?:^|\/)quick[-_]?view(?:\/|$)/i;
// A route of a page that draws its views by script ("#!/content/63207", the crawlable AJAX scheme, its "!" escaped or
// not): an item's address.
const HASH_ROUTE = /^#(?:!|%21)(?=\/.)/;

/** One parse per href: a link that cannot be parsed leads nowhere a card could name. */
function resolveLink(href: string, base: string): ItemLink | null {
  const resolved = resolvedUrl(href, base);
  if (!resolved) return null;
  const url = resolved.toString();
  if (HASH_ROUTE.test(href)) return { url, path: href.replace(HASH_ROUTE, "").replace(/\/+$/, "") };
  if (url.split("#")[0] === base.split("#")[0]) return null;
  const { pathname } = resolved;
  // A quick view ("/quickView/698072/…") opens a preview over the list: its label is a control's, not the item's name.
  if (QUICK_VIEW.test(pathname)) return null;
  return pathname.length > 1 ? { url, path: pathname.replace(/\/+$/, "") } : null;
}
