// Sitemaps (sitemaps.org 0.9): an index of sitemaps or a set of URLs, each with its lastmod,
// plain or gzip. Hand-written: a sitemap is a flat list of <loc>/<lastmod> pairs, and the
// HTML tree the readers use would lower-case and rebuild what an XML parser is needed for.

export interface SitemapEntry {
  loc: string;
  lastmod: string | null;
}

export interface Sitemap {
  kind: "index" | "urlset";
  entries: SitemapEntry[];
}

const XML_ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
const decodeXml = (text: string) =>
  text
    .replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, "$1")
    .replace(/&(amp|lt|gt|quot|apos);/g, (_, name: string) => XML_ENTITIES[name]!)
    .trim();

const tagText = (block: string, tag: string) => {
  const match = new RegExp(`<(?:[a-z]+:)?${tag}\\b[^>]*>([\\s\\S]*?)</(?:[a-z]+:)?${tag}>`, "i").exec(block);
  return match ? decodeXml(match[1]!) : null;
};

/** The entries of a sitemap's XML, at most `limit` of them; null when the text is no sitemap. */
export function parseSitemap(xml: string, limit = 50_000): Sitemap | null {
  const kind = /<(?:[a-z]+:)?sitemapindex\b/i.test(xml)
    ? "index"
    : /<(?:[a-z]+:)?urlset\b/i.test(xml)
      ? "urlset"
      : null;
  if (!kind) return null;
  const tag = kind === "index" ? "sitemap" : "url";
  const entries: SitemapEntry[] = [];
  const blocks = new RegExp(`<(?:[a-z]+:)?${tag}\\b[^>]*>([\\s\\S]*?)</(?:[a-z]+:)?${tag}>`, "gi");
  for (const [, block] of xml.matchAll(blocks)) {
    const loc = tagText(block!, "loc");
    if (loc && /^https?:\/\//i.test(loc)) entries.push({ loc, lastmod: tagText(block!, "lastmod") });
    if (entries.length >= limit) break;
  }
  return { kind, entries };
}

/** The two bytes every gzip stream starts with (RFC 1952). */
const isGzip = (bytes: Uint8Array) => bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;

/**
 * A sitemap's text from the bytes its server sent: gunzipped when they are gzip (a `.xml.gz`
 * served as application/gzip), read no further than `maxBytes` once inflated.
 */
export async function sitemapText(bytes: Uint8Array, maxBytes: number): Promise<string> {
  if (!isGzip(bytes)) return new TextDecoder().decode(bytes.subarray(0, maxBytes));
  const inflated = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  const reader = inflated.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.byteLength;
    if (size >= maxBytes) {
      await reader.cancel();
      break;
    }
  }
  const joined = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    joined.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return new TextDecoder().decode(joined.subarray(0, maxBytes));
}
