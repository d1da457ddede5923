import { z, type OpenAPIHono } from "@hono/zod-openapi";
import { apiKey, defineRoute } from "../define-route";
import type { Context } from "hono";
import type { AppEnv } from "../../env";
import { csvResponse, wantsCsv } from "../../csv";
import { exampleEnvelope, FormatQuery, openApiErrorResponses, successBody } from "../../envelope";
import { ApiError } from "../../errors";
import { scrapeConfig, siteOrigin } from "../../scrape/config";
import { PRODUCT_PLATFORMS, productPlatform } from "../../scrape/platforms";
import { scrape, type ScrapeJob } from "../../scrape/scrape";
import { urlGuardOptions } from "../../net/guard-options";
import { checkUrl } from "../../net/url-guard";
import type { ProductLookup, ProductPlatform, ProductRecord, ReviewsPage, SearchPage } from "../../scrape/types";
import { scrapeErrorToApi } from "../scrape-errors";
import {
  ProductEnvelope,
  PRODUCT_EXAMPLE,
  PRODUCT_META_EXAMPLE,
  REVIEWS_EXAMPLE,
  REVIEWS_META_EXAMPLE,
  ReviewsEnvelope,
  SEARCH_EXAMPLE,
  SEARCH_META_EXAMPLE,
  SearchEnvelope,
} from "./examples";

const tags = ["products"];
const PlatformParam = z.object({
  platform: z.string().openapi({ param: { name: "platform", in: "path" }, example: "amazon" }),
});

const freshnessFields = {
  max_age: z.coerce
    .number()
    .int()
    .min(0)
    .max(604_800)
    .optional()
    .openapi({ description: "Accept a cached result at most this many seconds old", example: 300 }),
  fresh: z
    .enum(["true", "false"])
    .optional()
    .openapi({ description: "`true` skips the cache and scrapes now", example: "false" }),
};
const identityFields = {
  asin: z
    .string()
    .regex(/^[A-Z0-9]{10}$/i, "asin is 10 letters or digits")
    .optional()
    .openapi({ description: "amazon's product id", example: "B0057OC5O8" }),
  id: z
    .string()
    .min(1)
    .max(100)
    .regex(/^[\w.-]+$/, "id holds letters, digits, dots, dashes and underscores")
    .optional()
    .openapi({ description: "ebay's, walmart's or etsy's product id", example: "256348110321" }),
  sku: z
    .string()
    .regex(/^[\w-]{1,40}$/, "sku holds letters, digits and dashes")
    .optional()
    .openapi({ description: "bestbuy's product id", example: "6501087" }),
  url: z.string().max(2_000).optional().openapi({
    description: "A product page URL instead of an id (the only way for `generic`)",
    example: "https://www.amazon.com/dp/B0057OC5O8",
  }),
  country: z
    .string()
    .regex(/^[A-Za-z]{2}$/, "country is an ISO 3166-1 alpha-2 code")
    .optional()
    .openapi({ description: "Which national site, e.g. `de` for amazon.de", example: "us" }),
};

const ProductQuery = z.object({ ...identityFields, format: FormatQuery, ...freshnessFields });
const SearchQuery = z
  .object({
    q: z
      .string({ error: "q is required: what to search for" })
      .trim()
      .min(1, "q must not be empty")
      .max(200)
      .openapi({ example: "laptop" }),
    page: z.coerce.number().int().min(1).max(100).default(1).openapi({ example: 1 }),
    sort: z
      .string()
      .regex(/^[\w-]{1,40}$/)
      .optional()
      .openapi({ description: "The site's own sort key", example: "price-asc-rank" }),
    min_price: z.coerce.number().min(0).optional().openapi({ example: 200 }),
    max_price: z.coerce.number().min(0).optional().openapi({ example: 600 }),
    country: identityFields.country,
    format: FormatQuery,
    ...freshnessFields,
  })
  .refine((q) => q.min_price === undefined || q.max_price === undefined || q.min_price <= q.max_price, {
    message: "min_price must not exceed max_price",
    path: ["min_price"],
  });
const ReviewsQuery = z.object({
  ...identityFields,
  page: z.coerce.number().int().min(1).max(100).default(1).openapi({ example: 1 }),
  sort: z.enum(["recent", "helpful"]).optional().openapi({ example: "recent" }),
  rating: z.coerce
    .number()
    .int()
    .min(1)
    .max(5)
    .optional()
    .openapi({ description: "Only reviews with this many stars", example: 5 }),
  format: FormatQuery,
  ...freshnessFields,
});

const answer = <T extends z.ZodType>(schema: T, example: ReturnType<typeof exampleEnvelope>, csv: string) => ({
  description: `Scraped data with \`meta.scrape\` (source_url, engine, cache, fetched_at, proxy, captcha); CSV: ${csv}`,
  content: { "application/json": { schema, example }, "text/csv": { schema: z.string() } },
});

const productRoute = defineRoute({
  access: apiKey("products:read"),
  method: "get",
  path: "/v1/{platform}",
  tags,
  summary: "One product",
  description:
    "A product page read live (or from a recent cache): title, price, availability, images, rating, first reviews, specs, variants, seller. Identify it by exactly one of the platform's id (`asin`, `id` or `sku`) or a `url`. `format=csv` for one CSV row.",
  request: { params: PlatformParam, query: ProductQuery },
  responses: {
    200: answer(
      ProductEnvelope,
      exampleEnvelope(PRODUCT_EXAMPLE, PRODUCT_META_EXAMPLE),
      "one row, nested values as JSON",
    ),
    ...openApiErrorResponses,
  },
});
const searchRoute = defineRoute({
  access: apiKey("products:read"),
  method: "get",
  path: "/v1/{platform}/search",
  tags,
  summary: "Search a marketplace",
  description:
    "One page of a marketplace's search results for `q` in `data.results`, with price filters and the site's own sort; `meta.total_results` and `meta.has_next_page` for paging. `format=csv` for the results as CSV.",
  request: { params: PlatformParam, query: SearchQuery },
  responses: {
    200: answer(SearchEnvelope, exampleEnvelope(SEARCH_EXAMPLE, SEARCH_META_EXAMPLE), "one row per result"),
    ...openApiErrorResponses,
  },
});
const reviewsRoute = defineRoute({
  access: apiKey("products:read"),
  method: "get",
  path: "/v1/{platform}/reviews",
  tags,
  summary: "A product's reviews",
  description:
    "One page of a product's reviews in `data.reviews`, identified like GET /v1/{platform}; `sort` and `rating` filter them (not with `url`). `format=csv` for the reviews as CSV.",
  request: { params: PlatformParam, query: ReviewsQuery },
  responses: {
    200: answer(ReviewsEnvelope, exampleEnvelope(REVIEWS_EXAMPLE, REVIEWS_META_EXAMPLE), "one row per review"),
    ...openApiErrorResponses,
  },
});

function platformOr404(slug: string): ProductPlatform {
  const platform = productPlatform(slug);
  if (!platform)
    throw new ApiError(
      "not_found",
      `No platform \`${slug}\`. Valid platforms: ${Object.keys(PRODUCT_PLATFORMS).join(", ")}; see GET /v1/platforms.`,
    );
  return platform;
}

function originFor(c: Context<AppEnv>, platform: ProductPlatform, country?: string): string {
  const config = scrapeConfig(c.env);
  const key = country?.toLowerCase() ?? "default";
  if (country && !platform.origins[key]) {
    throw new ApiError(
      "invalid_request",
      `\`${platform.slug}\` has no site for country ${country.toUpperCase()}; use one of: ${
        Object.keys(platform.origins)
          .filter((k) => k !== "default")
          .join(", ")
          .toUpperCase() || "(none)"
      }.`,
      { details: [{ parameter: "country", in: "query", message: "not served" }] },
    );
  }
  return siteOrigin(config, platform.slug, platform.origins[key] ?? platform.origins.default!);
}

/** Exactly one identifier: the platform's own (`asin`, `sku`, `id`) or a `url`. */
function lookupFrom(c: Context<AppEnv>, platform: ProductPlatform, query: z.infer<typeof ProductQuery>): ProductLookup {
  const given = (["asin", "id", "sku", "url"] as const).filter((name) => query[name] !== undefined);
  const accepted = platform.idParam === "url" ? ["url"] : [platform.idParam, "url"];
  if (given.length !== 1 || !accepted.includes(given[0]!)) {
    const problem =
      given.length === 0
        ? "is missing"
        : given.length > 1
          ? `is ambiguous (${given.join(" and ")} given)`
          : `cannot be \`${given[0]}\` here`;
    throw new ApiError(
      "invalid_request",
      `The product identifier ${problem}: send exactly one of ${accepted.map((a) => `\`${a}\``).join(" or ")} for ${platform.slug}.`,
      {
        details: [
          {
            parameter: given[1] ?? given[0] ?? accepted[0]!,
            in: "query",
            message: `send exactly one of ${accepted.join(", ")}`,
          },
        ],
      },
    );
  }
  if (query.url !== undefined) {
    try {
      // Names are resolved and checked by the engines, which guard every request they make.
      return { url: checkUrl(query.url, urlGuardOptions(c.env)).url.toString(), country: query.country };
    } catch (err) {
      throw scrapeErrorToApi(err);
    }
  }
  return { id: (query.asin ?? query.id ?? query.sku)!, country: query.country };
}

/** The site's URL for a lookup; an identifier that cannot name a page is the caller's 400. */
function siteUrl(build: () => string): string {
  try {
    return build();
  } catch (err) {
    throw scrapeErrorToApi(err);
  }
}

function freshness(query: { max_age?: number; fresh?: string }) {
  return { maxAge: query.max_age, fresh: query.fresh === "true" };
}

async function run<T>(c: Context<AppEnv>, job: Omit<ScrapeJob<T>, "accountId">) {
  try {
    return await scrape(c.env, (p) => c.executionCtx.waitUntil(p), { ...job, accountId: c.var.identity.accountId });
  } catch (err) {
    throw scrapeErrorToApi(err);
  }
}

// The seed's envelope on all three answers: id, name, capture time and a summary of what was read.

function describeProduct(record: ProductRecord, fetchedAt: string) {
  const inactive = /out ?of ?stock|unavailable|discontinued|sold ?out/i.test(record.availability ?? "");
  return {
    ...record,
    created_at: fetchedAt,
    attributes: { type: "product" as const, active: !inactive, count: record.variants.length },
  };
}

/** The id names the query, not the page: the same words on any page or filter share it. */
function describeSearch(platform: string, q: string, page: SearchPage, fetchedAt: string) {
  const words = q.trim().toLowerCase().replace(/\s+/g, " ");
  return {
    id: `search:${platform}:${words}`,
    name: q,
    created_at: fetchedAt,
    attributes: { type: "search" as const, active: page.items.length > 0, count: page.items.length },
    results: page.items,
  };
}

/** Review pages are read without the product's title, so `name` stays null rather than a guess. */
function describeReviews(lookup: ProductLookup, page: ReviewsPage, fetchedAt: string) {
  return {
    id: lookup.id ?? lookup.url ?? null,
    name: null,
    created_at: fetchedAt,
    attributes: { type: "reviews" as const, active: page.reviews.length > 0, count: page.reviews.length },
    reviews: page.reviews,
  };
}

export function registerProducts(app: OpenAPIHono<AppEnv>) {
  app.openapi(searchRoute, async (c) => {
    const platform = platformOr404(c.req.valid("param").platform);
    const query = c.req.valid("query");
    if (!platform.searchUrl || !platform.parseSearch)
      throw new ApiError(
        "not_found",
        `\`${platform.slug}\` has no search; pass a product URL to GET /v1/${platform.slug}.`,
      );
    const { format: _format, max_age, fresh, ...lookup } = query;
    const url = siteUrl(() => platform.searchUrl!(lookup, originFor(c, platform, query.country)));
    const { record, meta } = await run(c, {
      platform: platform.slug,
      kind: "search",
      url,
      params: lookup,
      engines: platform.engines,
      parse: (html, url) => platform.parseSearch!(html, url),
      isEmpty: (page) => page.items.length === 0,
      detectChallenge: platform.detectChallenge,
      freshness: freshness({ max_age, fresh }),
    });
    if (wantsCsv(c)) return csvResponse(c, record.items, `${platform.slug}-search.csv`);
    return c.json(
      successBody(c, describeSearch(platform.slug, query.q, record, meta.fetched_at), {
        page: query.page,
        total_results: record.total_results,
        has_next_page: record.has_next_page,
        scrape: meta,
      }),
      200,
    );
  });

  app.openapi(reviewsRoute, async (c) => {
    const platform = platformOr404(c.req.valid("param").platform);
    const query = c.req.valid("query");
    if (!platform.reviewsUrl || !platform.parseReviews)
      throw new ApiError(
        "not_found",
        `\`${platform.slug}\` has no review pages; GET /v1/${platform.slug} includes the first reviews.`,
      );
    const lookup = { ...lookupFrom(c, platform, query), page: query.page, sort: query.sort, rating: query.rating };
    if (lookup.url && (query.page > 1 || query.sort || query.rating)) {
      throw new ApiError(
        "invalid_request",
        "With `url` the reviews on that page are read as they are; to choose page, sort or rating, identify the product by its id instead.",
        {
          details: [{ parameter: "url", in: "query", message: "cannot be combined with page, sort or rating" }],
        },
      );
    }
    const url = lookup.url ?? siteUrl(() => platform.reviewsUrl!(lookup, originFor(c, platform, query.country)));
    const { record, meta } = await run(c, {
      platform: platform.slug,
      kind: "reviews",
      url,
      params: lookup,
      engines: platform.engines,
      parse: (html, url) => platform.parseReviews!(html, url),
      isEmpty: (page) => page.reviews.length === 0,
      detectChallenge: platform.detectChallenge,
      freshness: freshness(query),
    });
    if (wantsCsv(c)) return csvResponse(c, record.reviews, `${platform.slug}-reviews.csv`);
    return c.json(
      successBody(c, describeReviews(lookup, record, meta.fetched_at), {
        page: query.page,
        rating: record.rating,
        review_count: record.review_count,
        has_next_page: record.has_next_page,
        scrape: meta,
      }),
      200,
    );
  });

  app.openapi(productRoute, async (c) => {
    const platform = platformOr404(c.req.valid("param").platform);
    const query = c.req.valid("query");
    const lookup = lookupFrom(c, platform, query);
    const url = lookup.url ?? siteUrl(() => platform.productUrl(lookup, originFor(c, platform, query.country)));
    const { record, meta } = await run(c, {
      platform: platform.slug,
      kind: "product",
      url,
      params: { ...lookup },
      engines: platform.engines,
      parse: (html, url) => platform.parseProduct(html, url),
      isEmpty: (product) => !product.title || !product.price,
      detectChallenge: platform.detectChallenge,
      freshness: freshness(query),
    });
    const product = describeProduct(record, meta.fetched_at);
    if (wantsCsv(c)) return csvResponse(c, [product], `${platform.slug}-product.csv`);
    return c.json(successBody(c, product, { scrape: meta }), 200);
  });
}
