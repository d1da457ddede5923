// What GET /v1/page takes and answers: the zod schemas of the reference at /docs and an example read
// from a real article page. Imports nothing of the worker's, so Node-side tests load it too.
import { freshnessQuery } from "../freshness";
import { z } from "@hono/zod-openapi";

export const PAGE_FORMATS = ["markdown", "html", "text", "links", "metadata", "screenshot"] as const;
export type PageFormat = (typeof PAGE_FORMATS)[number];
/** What an answer holds when `formats` is not given. */
export const DEFAULT_FORMATS: PageFormat[] = ["markdown", "metadata"];
/** The most characters of one text format an answer carries unless `max_characters` says otherwise. */
export const DEFAULT_MAX_CHARACTERS = 100_000;
export const MOST_CHARACTERS = 1_000_000;

const formatList = z
  .string()
  .max(200)
  .transform((value, context) => {
    const names = [...new Set(value.split(",").map((name) => name.trim().toLowerCase()))].filter(Boolean);
    const unknown = names.filter((name) => !(PAGE_FORMATS as readonly string[]).includes(name));
    if (unknown.length > 0 || names.length === 0) {
      context.addIssue({
        code: "custom",
        message: `${unknown.length > 0 ? `unknown format ${unknown.map((name) => `\`${name}\``).join(", ")}` : "no format named"}; formats is a comma list of ${PAGE_FORMATS.join(", ")}`,
      });
      return z.NEVER;
    }
    return names as PageFormat[];
  });
const flag = (description: string, example: "true" | "false") =>
  z.enum(["true", "false"]).optional().openapi({ description, example });

export const PageQuery = z.object({
  url: z
    .string({ error: "url is required: the address of the page to read" })
    .min(1, "url is required: the address of the page to read")
    .max(2_000)
    .openapi({
      description:
        "The page to read (http or https). The example is a page of the local replica sites `npm start` serves.",
      example: "http://127.0.0.1:8790/amazon/dp/B0057OC5O8",
    }),
  formats: formatList.optional().openapi({
    type: "string",
    pattern: `^(${PAGE_FORMATS.join("|")})(,(${PAGE_FORMATS.join("|")}))*$`,
    description: `A comma list of what to answer: ${PAGE_FORMATS.join(", ")} (default: ${DEFAULT_FORMATS.join(",")}); \`screenshot\` reads the page with the browser`,
    example: "markdown,links,metadata",
  }),
  only_main_content: flag(
    "`false` converts the whole page (navigation, footers and side content included); default `true`: the main content only",
    "true",
  ),
  engine: z.enum(["fetch", "browser"]).optional().openapi({
    description:
      "Read the page with this engine only: `fetch` (plain HTTP) or `browser` (Chromium, runs the page's scripts). Default: fetch first, the browser when the fetched page shows no content.",
    example: "fetch",
  }),
  wait_for: z.string().max(200).optional().openapi({
    description:
      "Browser only: a CSS selector to wait for, or a number of milliseconds (at most 10000), before the page is read",
    example: "article",
  }),
  screenshot_full_page: flag("With `screenshot`: the whole page rather than the first screen", "false"),
  screenshot_type: z
    .enum(["png", "jpeg"])
    .optional()
    .openapi({ description: "With `screenshot`: png (default) or jpeg", example: "png" }),
  max_characters: z.coerce
    .number()
    .int()
    .min(100)
    .max(MOST_CHARACTERS)
    .optional()
    .openapi({
      description: `The most characters of each text format (markdown, html, text) in the answer (default ${DEFAULT_MAX_CHARACTERS}); a longer one is cut at a line and \`truncated\` says so`,
      example: 20_000,
    }),
  cursor: z.coerce.number().int().min(0).optional().openapi({
    description:
      "Where to start reading a long page: the `next_cursor` of the previous answer (a character offset into the one text format asked for)",
    example: 20_000,
  }),
  country: z
    .string()
    .regex(/^[A-Za-z]{2}$/, "country is an ISO 3166-1 alpha-2 code")
    .optional()
    .openapi({
      description:
        "Read the page as a visitor from this country (ISO 3166-1 alpha-2): asked for in the country's language (`Accept-Language`, for sites that pick their language or region from it) and cached apart from other countries' reads",
      example: "de",
    }),
  ...freshnessQuery,
  explain: flag("`true` adds `data.explain`: how the main content was chosen", "false"),
});

const text = z.string().nullable();

export const PageLinkSchema = z
  .object({
    url: z.string().openapi({ description: "Absolute address" }),
    text,
    internal: z.boolean().openapi({ description: "On the page's own site (same host, `www.` aside)" }),
    in_main_content: z.boolean(),
    rel: text.openapi({ description: "`rel` as written (nofollow, sponsored, ugc)" }),
  })
  .openapi("PageLink");

export const PageMetadataSchema = z
  .object({
    title: text,
    description: text,
    language: text.openapi({ description: "As the page declares it (`<html lang>`, og:locale)" }),
    canonical_url: text,
    published_at: text.openapi({ description: "As the page writes it (meta tags, JSON-LD, `<time>`)" }),
    modified_at: text,
    author: text,
    site_name: text,
    image: text,
    opengraph: z.record(z.string(), z.string()).openapi({ description: "Every og:* tag, without the prefix" }),
    json_ld: z
      .array(z.record(z.string(), z.unknown()))
      .openapi({ description: "The page's JSON-LD objects (at most 50)" }),
  })
  .openapi("PageMetadata");

const ExplainSchema = z
  .object({
    method: z.enum(["main content", "whole page"]),
    container: z.string().openapi({ description: "The chosen element, written like a CSS selector" }),
    score: z.number().openapi({ description: "Its score: prose below it (sentences, commas), less its link text" }),
    joined_siblings: z.number().int(),
    runners_up: z.array(z.object({ container: z.string(), score: z.number() })),
    removed: z.record(z.string(), z.number()).openapi({ description: "Elements left out inside it, counted by why" }),
  })
  .openapi("PageExplain");

export const PageDataSchema = z
  .object({
    url: z.string().openapi({ description: "The page read (after redirects)" }),
    title: text,
    markdown: z
      .string()
      .optional()
      .openapi({ description: "The content as Markdown (CommonMark, GitHub tables), title first" }),
    html: z
      .string()
      .optional()
      .openapi({ description: "The content as clean HTML: structure, links and images kept, no classes or scripts" }),
    text: z
      .string()
      .optional()
      .openapi({ description: "The content as plain text, one block a line, without the title" }),
    links: z.array(PageLinkSchema).optional(),
    metadata: PageMetadataSchema.optional(),
    screenshot: z
      .object({ content_type: z.enum(["image/png", "image/jpeg"]), base64: z.string() })
      .optional()
      .openapi({ description: "The page as the browser showed it, base64-encoded" }),
    truncated: z.boolean().openapi({ description: "Some format was cut at `max_characters` (or the links at 2,000)" }),
    truncated_formats: z.array(z.string()),
    next_cursor: z.number().int().nullable().openapi({
      description:
        "Pass as `cursor` to read on where this answer's one text format was cut; null when it ends here or several formats were asked for",
    }),
    explain: ExplainSchema.optional(),
  })
  .openapi("Page");

export const PageCompletenessSchema = z
  .object({
    state: z.enum(["complete", "partial", "empty"]).openapi({
      description:
        "`complete`: content and a title; `partial`: content without a title; `empty` never answers (it is a 422 `no_data`)",
    }),
    filled: z.array(z.string()),
    missing: z.array(z.object({ field: z.string(), reason: z.literal("not_on_page") })),
    content_characters: z.number().int().openapi({ description: "Characters (not whitespace) of the content's text" }),
    words: z.number().int(),
    page_characters: z
      .number()
      .int()
      .openapi({ description: "Characters (not whitespace) of all the page's visible text" }),
    main_content_share: z.number().openapi({ description: "content_characters ÷ page_characters" }),
  })
  .openapi("PageCompleteness");

export const PAGE_EXAMPLE = {
  url: "https://blog.example.com/posts/edge-caching",
  title: "Caching at the edge",
  markdown:
    "# Caching at the edge\n\nA cache close to the reader answers in milliseconds.\n\n## What to cache\n\n- Pages that change hourly\n- Images\n\n| Kind | TTL |\n| --- | --- |\n| Prices | 5 min |",
  metadata: {
    title: "Caching at the edge",
    description: "How a cache near the reader changes an API's latency.",
    language: "en",
    canonical_url: "https://blog.example.com/posts/edge-caching",
    published_at: "2026-10-02T08:00:00Z",
    modified_at: null,
    author: "Ada Lovelace",
    site_name: "Example Blog",
    image: "https://blog.example.com/images/edge.png",
    opengraph: { title: "Caching at the edge", type: "article" },
    json_ld: [{ "@type": "BlogPosting", headline: "Caching at the edge" }],
  },
  truncated: false,
  truncated_formats: [],
  next_cursor: null,
} satisfies z.input<typeof PageDataSchema>;

export const PageEnvelope = z
  .object({
    status: z.literal("success"),
    data: PageDataSchema,
    meta: z.object({ completeness: PageCompletenessSchema }).passthrough(),
  })
  .openapi("PageAnswer");
