// Every link of a page: its absolute address, its text, whether it stays on the page's site and
// whether it sits in the main content.
import type { HTMLElement } from "node-html-parser";
import { cleanText, resolvedUrl, visibleText } from "../extract/dom";
import { attributeValue } from "../extract/tree-nodes";

export interface PageLink {
  url: string;
  text: string | null;
  /** On the page's own site (the same host, `www.` aside). */
  internal: boolean;
  in_main_content: boolean;
  /** `rel` as written (nofollow, sponsored, ugc), or null. */
  rel: string | null;
}

/** The most links an answer lists: a page can carry tens of thousands (a sitemap page). */
export const MAX_LINKS = 2_000;

const siteOf = (host: string) => host.toLowerCase().replace(/^www\./, "");

/** The shown links (`a` elements) in document order, each address and text once; `inMain` tells the main content's. */
export function readLinks(anchors: HTMLElement[], url: string, inMain: (element: HTMLElement) => boolean): PageLink[] {
  const site = siteOf(new URL(url).host);
  const seen = new Set<string>();
  const links: PageLink[] = [];
  for (const anchor of anchors) {
    if (links.length >= MAX_LINKS) break;
    const resolved = resolvedUrl(attributeValue(anchor, "href"), url);
    if (!resolved || (resolved.protocol !== "http:" && resolved.protocol !== "https:")) continue;
    const href = resolved.toString();
    const text =
      cleanText(visibleText(anchor)) ??
      cleanText(attributeValue(anchor, "title") ?? attributeValue(anchor, "aria-label"));
    const key = `${href}\n${text ?? ""}`;
    if (seen.has(key)) continue;
    seen.add(key);
    links.push({
      url: href,
      text,
      internal: siteOf(resolved.host) === site,
      in_main_content: inMain(anchor),
      rel: cleanText(attributeValue(anchor, "rel")),
    });
  }
  return links;
}
