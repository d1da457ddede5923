import type { OpenAPIHono, z } from "@hono/zod-openapi";
import type { PageExtras } from "../../scrape/engines/types";
import type { AppEnv } from "../../env";
import { exampleEnvelope, openApiErrorResponses, successBody } from "../../envelope";
import { ApiError } from "../../errors";
import { detectChallenge } from "../../scrape/extract/challenge";
import { readingOnce } from "../../scrape/extract/dom";
import { type PageReading, readWebPage } from "../../scrape/page/read-page";
import { apiKey, defineRoute } from "../define-route";
import { freshnessOf } from "../freshness";
import { run } from "../products/lookup";
import { pageAnswer, textFormats } from "./answer";
import {
  DEFAULT_FORMATS,
  DEFAULT_MAX_CHARACTERS,
  PAGE_EXAMPLE,
  PageEnvelope,
  type PageFormat,
  PageQuery,
} from "./schemas";
import { guardedUrl } from "../guarded-url";

/**
 * Below this many characters of text the fetched page is a shell its scripts fill: the browser reads
 * it again. Below `EMPTY_CONTENT` whatever read it, the page holds nothing to answer.
 */
const THIN_CONTENT = 200;
const EMPTY_CONTENT = 1;
/**
 * All a shell shows before its scripts run, whatever the language of the rest: a loading placeholder,
 * or a request to turn scripts on. Content that is only this is no content.
 */
const SHELL_TEXT =
  /^(?:loading|please wait|(?:please )?(?:enable|turn on|activate) javascript|you need to enable javascript|javascript is (?:required|disabled|needed)|this (?:app|site|page|website) (?:requires|needs) javascript)\b[\s\S]{0,60}$/i;

/** Whether a page's reading holds nothing to answer: no text at all, or a shell's placeholder sentence. */
const holdsNothing = (reading: PageReading) =>
  reading.content.characters < EMPTY_CONTENT || SHELL_TEXT.test(reading.text.trim());

const pageRoute = defineRoute({
  access: apiKey("products:read"),
  readsBesideLimiter: true,
  readsSites: true,
  method: "get",
  path: "/v1/page",
  tags: ["pages"],
  summary: "Any page for agents",
  description:
    "Any web page's main content (navigation, headers, footers, cookie banners and “related” rails removed) as Markdown, clean HTML or plain text, with its links and metadata. `formats` picks what to answer; `only_main_content=false` converts the whole page. The same trust contract as every data route: a bot wall, a CAPTCHA the service cannot pass or an empty shell is `upstream_blocked` or `no_data` and is never charged; `meta.completeness` says how much content was found and what share of the page it is; `explain=true` says how the main content was chosen. See docs/page.md.",
  request: { query: PageQuery },
  responses: {
    200: {
      description: "The page read, with `meta.scrape` (source_url, engine, cache, fetched_at) and `meta.completeness`",
      content: {
        "application/json": {
          schema: PageEnvelope,
          example: exampleEnvelope(PAGE_EXAMPLE, {
            completeness: {
              state: "complete",
              filled: ["content", "title", "description", "language", "published_at", "author", "canonical_url"],
              missing: [],
              content_characters: 5120,
              words: 912,
              page_characters: 9830,
              main_content_share: 0.521,
            },
          }),
        },
      },
    },
    ...openApiErrorResponses,
  },
});

/** `de-DE,de;q=0.9,en;q=0.5` for `de`: the country's likely language first (CLDR's likely subtags, through Intl). */
export function acceptLanguageOf(country: string): string {
  const region = country.toUpperCase();
  const language = new Intl.Locale(`und-${region}`).maximize().language;
  return language === "und" || language === "en"
    ? `en-${region},en;q=0.9`
    : `${language}-${region},${language};q=0.9,en;q=0.5`;
}

/** The longest `wait_for` in milliseconds. */
const MOST_WAIT_MS = 10_000;

/** What the browser must do besides reading the page; a 400 when the caller named the fetch engine for it. */
function browserExtras(query: z.infer<typeof PageQuery>, formats: PageFormat[]): PageExtras | undefined {
  const screenshot = formats.includes("screenshot");
  if (!screenshot && query.wait_for === undefined) return undefined;
  if (query.engine === "fetch") {
    const names = [query.wait_for !== undefined && "wait_for", screenshot && "screenshot"]
      .filter(Boolean)
      .join(" and ");
    throw new ApiError("invalid_request", `${names} need the browser: use engine=browser, or leave engine out.`, {
      details: [{ parameter: "engine", in: "query", message: `fetch cannot serve ${names}` }],
    });
  }
  const waitMs = query.wait_for !== undefined && /^\d+$/.test(query.wait_for) ? Number(query.wait_for) : undefined;
  if (waitMs !== undefined && waitMs > MOST_WAIT_MS)
    throw new ApiError("invalid_request", `wait_for is at most ${MOST_WAIT_MS} milliseconds.`, {
      details: [{ parameter: "wait_for", in: "query", message: `at most ${MOST_WAIT_MS}` }],
    });
  return {
    ...(query.wait_for !== undefined ? { waitFor: waitMs ?? query.wait_for } : {}),
    ...(screenshot
      ? { screenshot: { fullPage: query.screenshot_full_page === "true", type: query.screenshot_type ?? "png" } }
      : {}),
  };
}

export function registerPage(app: OpenAPIHono<AppEnv>) {
  app.openapi(pageRoute, async (c) => {
    const query = c.req.valid("query");
    const formats = query.formats ?? DEFAULT_FORMATS;
    if (query.cursor !== undefined && textFormats(formats).length !== 1)
      throw new ApiError(
        "invalid_request",
        "`cursor` pages one text format: ask for exactly one of markdown, html or text.",
        {
          details: [
            { parameter: "cursor", in: "query", message: "needs formats with exactly one of markdown, html, text" },
          ],
        },
      );
    const url = guardedUrl(c.env, query.url);
    const onlyMainContent = query.only_main_content !== "false";
    const extras = browserExtras(query, formats);
    const country = query.country?.toLowerCase();
    const { record, meta } = await run(c, {
      platform: "page",
      kind: "page",
      url,
      params: { url, only_main_content: onlyMainContent, engine: query.engine, country, ...extras },
      engines: extras ? ["browser"] : query.engine ? [query.engine] : ["fetch", "browser"],
      ...(extras ? { extras } : {}),
      ...(country ? { headers: { "Accept-Language": acceptLanguageOf(country) } } : {}),
      parse: (html, at) => readingOnce(html, () => readWebPage(html, at, { onlyMainContent })),
      isEmpty: (reading) => reading.content.characters < THIN_CONTENT,
      detectChallenge,
      freshness: freshnessOf(query),
    });
    if (holdsNothing(record)) {
      throw new ApiError(
        "no_data",
        `The page ${meta.source_url} shows no readable content (an empty shell or a page of scripts only)${meta.engine === "fetch" ? "; should its scripts build it, retry with `engine=browser`" : ""}.`,
      );
    }
    const { screenshot, ...scrape } = meta;
    const { data, completeness } = pageAnswer(record, {
      screenshot,
      url: meta.source_url,
      formats,
      maxCharacters: query.max_characters ?? DEFAULT_MAX_CHARACTERS,
      cursor: query.cursor ?? 0,
      explain: query.explain === "true",
    });
    return c.json(successBody(c, data, { scrape, completeness }), 200);
  });
}
