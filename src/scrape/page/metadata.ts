// What a page says about itself: title, description, language, canonical address, dates, author,
// OpenGraph and its JSON-LD blocks. Read from meta tags and JSON-LD with the product readers' helpers.
import type { HTMLElement } from "node-html-parser";
import { absoluteUrl, cleanText, firstText } from "../extract/dom";
import { type JsonLdNode, jsonLdNodes, nodeTypes, textAt } from "../extract/json-ld";
import { metaTags, metaValue, pageLocale } from "../extract/meta";
import { selectAll, selectOne } from "../extract/select";

export interface PageMetadata {
  title: string | null;
  description: string | null;
  /** The page's declared language (BCP 47 as written, e.g. "en-GB"), or null. */
  language: string | null;
  canonical_url: string | null;
  published_at: string | null;
  modified_at: string | null;
  author: string | null;
  site_name: string | null;
  image: string | null;
  /** Every `og:*` tag, its first value, keyed without the prefix. */
  opengraph: Record<string, string>;
  /** Every JSON-LD object on the page (`@graph` flattened), as the page wrote it. */
  json_ld: JsonLdNode[];
}

/** The most JSON-LD objects an answer carries: a page can embed hundreds (a listing's items). */
const MAX_JSON_LD = 50;
const CREATIVE_WORK = /article|posting|blog|report|webpage|creativework|newsarticle|qapage|howto|recipe|product/i;

/** The main JSON-LD object of a page: the article (or other creative work) it describes. */
function mainNode(nodes: JsonLdNode[]): JsonLdNode | undefined {
  return (
    nodes.find((node) => nodeTypes(node).some((type) => /article|posting|blog/i.test(type))) ??
    nodes.find((node) => nodeTypes(node).some((type) => CREATIVE_WORK.test(type)))
  );
}

export function readMetadata(root: HTMLElement, url: string): PageMetadata {
  const tags = metaTags(root);
  const nodes = jsonLdNodes(root);
  const main = mainNode(nodes);
  const opengraph: Record<string, string> = {};
  for (const [key, values] of tags) if (key.startsWith("og:")) opengraph[key.slice(3)] = values[0]!;
  const canonical = selectAll(root, "link").find((link) => link.getAttribute("rel")?.toLowerCase() === "canonical");
  const time = selectOne(root, "time[datetime]")?.getAttribute("datetime");
  return {
    title:
      metaValue(tags, "og:title", "twitter:title") ??
      (main && textAt(main, "headline")) ??
      firstText(root, ["title", "h1"]),
    description: metaValue(tags, "description", "og:description", "twitter:description"),
    language: pageLocale(root),
    canonical_url: absoluteUrl(canonical?.getAttribute("href"), url) ?? absoluteUrl(metaValue(tags, "og:url"), url),
    published_at:
      metaValue(tags, "article:published_time", "datepublished", "date", "dc.date", "dcterms.created") ??
      (main && textAt(main, "datePublished")) ??
      cleanText(time),
    modified_at:
      metaValue(tags, "article:modified_time", "og:updated_time", "datemodified", "dcterms.modified") ??
      (main && textAt(main, "dateModified")) ??
      null,
    author: metaValue(tags, "author", "article:author", "twitter:creator") ?? (main && textAt(main, "author")) ?? null,
    site_name: metaValue(tags, "og:site_name", "application-name"),
    image: absoluteUrl(metaValue(tags, "og:image", "twitter:image"), url),
    opengraph,
    json_ld: nodes.slice(0, MAX_JSON_LD),
  };
}
