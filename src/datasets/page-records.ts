// A pages recipe's records: one per address listed, holding the page's Markdown and metadata as
// GET /v1/page answered them, with a digest of the Markdown, the one value tracked: a record is
// "changed" (`changed_since`, history) when its main content changed, not when a date in a footer,
// a rail of other posts or the page's scripts did.
import { sha256Hex } from "../digest";

const field = (name: string, type: "string" | "integer" | "boolean" | "datetime" | "url", description: string) => ({
  name,
  type,
  description,
});

export const PAGE_RECORD_FIELDS = [
  field("key", "string", "The page's address as the recipe lists it"),
  field("platform", "string", "Always `page`"),
  field("url", "url", "The address read, after redirects"),
  field("title", "string", "The page's title"),
  field("description", "string", "Its meta or OpenGraph description"),
  field("language", "string", "As the page declares it"),
  field("author", "string", "Author, where the page names one"),
  field("published_at", "string", "Published date as the page writes it"),
  field("modified_at", "string", "Modified date as the page writes it"),
  field("canonical_url", "url", "rel=canonical"),
  field("markdown", "string", "The main content (or the whole page, per the recipe) as Markdown"),
  field("characters", "integer", "Characters of the Markdown"),
  field("content_digest", "string", "SHA-256 (hex) of the Markdown: what tells a changed page"),
  field("truncated", "boolean", "The Markdown was cut at the answer's size cap; the digest covers what was kept"),
  field("source_url", "url", "The page the values were read from"),
  field("observed_at", "datetime", "When the page was read"),
  field("changed_at", "datetime", "When the Markdown last changed"),
];

export const PAGE_TRACKED_FIELDS = ["content_digest"];

const text = (value: unknown) => (typeof value === "string" && value.length > 0 ? value : null);

/** The record of one /v1/page answer; `path` is the call that made it, whose `url` is the key. */
export async function pageRecords(
  path: string,
  answer: { data?: Record<string, unknown> },
  observedAt: number,
): Promise<Record<string, unknown>[]> {
  const key = new URL(path, "http://item.invalid").searchParams.get("url");
  const data = answer.data ?? {};
  const markdown = typeof data["markdown"] === "string" ? data["markdown"] : null;
  if (!key || markdown === null) return [];
  const metadata = (data["metadata"] ?? {}) as Record<string, unknown>;
  return [
    {
      key,
      platform: "page",
      url: text(data["url"]),
      title: text(data["title"]) ?? text(metadata["title"]),
      description: text(metadata["description"]),
      language: text(metadata["language"]),
      author: text(metadata["author"]),
      published_at: text(metadata["published_at"]),
      modified_at: text(metadata["modified_at"]),
      canonical_url: text(metadata["canonical_url"]),
      markdown,
      characters: markdown.length,
      content_digest: await sha256Hex(markdown),
      truncated: Array.isArray(data["truncated_formats"]) && data["truncated_formats"].includes("markdown"),
      source_url: text(data["url"]),
      observed_at: new Date(observedAt).toISOString(),
    },
  ];
}
