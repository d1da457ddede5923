// The `data` and `meta.completeness` of GET /v1/page from a page's reading: the formats asked for,
// each text cut at the caller's size cap (and saying so), and what was found.
import type { PageReading } from "../../scrape/page/read-page";
import { MAX_LINKS } from "../../scrape/page/links";
import type { Screenshot } from "../../scrape/engines/types";
import type { PageFormat } from "./schemas";

/** `text` cut at the last line break before `max` characters (or at `max` when a line is longer). */
export function cutAt(text: string, max: number): { text: string; cut: boolean } {
  if (text.length <= max) return { text, cut: false };
  const head = text.slice(0, max);
  const lineEnd = head.lastIndexOf("\n");
  return { text: (lineEnd > max / 2 ? head.slice(0, lineEnd) : head).trimEnd(), cut: true };
}

const TEXT_FORMATS = ["markdown", "html", "text"] as const;
/** The text formats among those asked for: `cursor` pages one of them. */
export const textFormats = (formats: PageFormat[]) => TEXT_FORMATS.filter((format) => formats.includes(format));

const PAGE_FIELDS = ["title", "description", "language", "published_at", "author", "canonical_url"] as const;

export function pageCompleteness(reading: PageReading) {
  const filled: string[] = reading.content.characters > 0 ? ["content"] : [];
  const missing: { field: string; reason: "not_on_page" }[] = [];
  for (const field of PAGE_FIELDS) {
    if (reading.metadata[field]) filled.push(field);
    else missing.push({ field, reason: "not_on_page" });
  }
  const state = reading.content.characters === 0 ? "empty" : reading.metadata.title ? "complete" : "partial";
  return {
    state: state as "complete" | "partial" | "empty",
    filled,
    missing,
    content_characters: reading.content.characters,
    words: reading.content.words,
    page_characters: reading.content.page_characters,
    main_content_share: reading.content.main_content_share,
  };
}

export interface PageAnswerOptions {
  url: string;
  formats: PageFormat[];
  maxCharacters: number;
  /** Where the one text format asked for starts (a character offset). */
  cursor: number;
  explain: boolean;
  screenshot?: Screenshot;
}

export function pageAnswer(reading: PageReading, options: PageAnswerOptions) {
  const truncated: string[] = [];
  const texts: Partial<Record<"markdown" | "html" | "text", string>> = {};
  let nextCursor: number | null = null;
  for (const format of TEXT_FORMATS) {
    if (!options.formats.includes(format)) continue;
    const rest = reading[format].slice(options.cursor);
    const { text, cut } = cutAt(rest, options.maxCharacters);
    texts[format] = text;
    if (!cut) continue;
    truncated.push(format);
    // The next part starts after the cut and the line breaks at it.
    nextCursor = options.cursor + text.length + (/^\s*/.exec(rest.slice(text.length))?.[0].length ?? 0);
  }
  const wantsLinks = options.formats.includes("links");
  if (wantsLinks && reading.links.length >= MAX_LINKS) truncated.push("links");
  const data = {
    url: options.url,
    title: reading.metadata.title,
    ...texts,
    ...(wantsLinks ? { links: reading.links } : {}),
    ...(options.formats.includes("metadata") ? { metadata: reading.metadata } : {}),
    ...(options.screenshot ? { screenshot: options.screenshot } : {}),
    truncated: truncated.length > 0,
    truncated_formats: truncated,
    next_cursor: textFormats(options.formats).length === 1 ? nextCursor : null,
    ...(options.explain ? { explain: reading.choice } : {}),
  };
  return { data, completeness: pageCompleteness(reading) };
}
