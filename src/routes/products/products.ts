import { z, type OpenAPIHono } from "@hono/zod-openapi";
import { freshnessOf } from "../freshness";
import { apiKey, defineRoute } from "../define-route";
import { localHint } from "../../replica-hint";
import type { AppEnv } from "../../env";
import type { Context } from "hono";
import type { Completeness } from "../../scrape/completeness";
import { csvResponse, schemaColumns, wantsCsv } from "../../csv";
import { exampleEnvelope, openApiErrorResponses, successBody } from "../../envelope";
import { ApiError } from "../../errors";
import { sitePagination } from "../../pagination";
import { observeProduct } from "../../price-observations";
import { readProductPage } from "../../platforms/product-page";
import { withoutSponsoredRepeats } from "../../sponsored";
import { changed, extentKey, knownExtent, learn, pastTheEnd, rememberExtent, searchPagination } from "./search-extent";
import { describeProduct, describeReviews, describeSearch, productOr422 } from "./answers";
import {
  enginesFor,
  idNames,
  lookupFrom,
  PlatformParam,
  platformOr404,
  ProductQuery,
  ReviewsQuery,
  run,
  SearchQuery,
  siteUrl,
} from "./lookup";
import {
  ProductEnvelope,
  PRODUCT_EXAMPLE,
  PRODUCT_META_EXAMPLE,
  REVIEWS_EXAMPLE,
  REVIEWS_META_EXAMPLE,
  ReviewsEnvelope,
  ReviewSchema,
  SEARCH_EXAMPLE,
  SEARCH_META_EXAMPLE,
  SearchEnvelope,
  SearchItemSchema,
} from "./examples";
import { originFor } from "../../platforms/sites";
import { scrapeConfig } from "../../scrape/config";

const tags = ["products"];
const answer = <T extends z.ZodType>(schema: T, example: ReturnType<typeof exampleEnvelope>, csv: string) => ({
  description: `Scraped data with \`meta.scrape\` (source_url, engine, cache, fetched_at, proxy, captcha); CSV: ${csv}`,
  content: { "application/json": { schema, example }, "text/csv": { schema: z.string() } },
});

const productRoute = defineRoute({
  access: apiKey("products:read"),
  readsBesideLimiter: true,
  readsSites: true,
  method: "get",
  path: "/v1/{platform}",
  tags,
  summary: "One product",
  description: `A product page read live (or from a recent cache): title, price, availability, images, rating, first reviews, specs, variants, seller. Identify it by exactly one of the platform's id (${idNames()}) or a \`url\`. \`meta.completeness\` says which fields the page gave and why the others are missing; \`explain=true\` adds each field's source. A page that holds no product (a search page, a sign-in wall, an empty shell) is a 422 \`no_data\` saying what it is. \`format=csv\` for one CSV row.`,
  request: { params: PlatformParam, query: ProductQuery },
  responses: {
    200: answer(
      ProductEnvelope,
      exampleEnvelope(PRODUCT_EXAMPLE, PRODUCT_META_EXAMPLE),
      "one row, nested values flattened into columns (`price.amount`, `reviews.0.rating`)",
    ),
    ...openApiErrorResponses,
  },
});
const searchRoute = defineRoute({
  access: apiKey("products:read"),
  readsBesideLimiter: true,
  readsSites: true,
  method: "get",
  path: "/v1/{platform}/search",
  tags,
  summary: "Search a marketplace",
  description:
    "One page of a marketplace's search results for `q` in `data.results`, with price filters and the site's own sort; `meta.pagination` for paging (`total` is the site's own count). Sponsored results are kept, flagged `sponsored: true`, unless they repeat an organic result of the page. `format=csv` for the results as CSV.",
  request: { params: PlatformParam, query: SearchQuery },
  responses: {
    200: answer(SearchEnvelope, exampleEnvelope(SEARCH_EXAMPLE, SEARCH_META_EXAMPLE), "one row per result"),
    ...openApiErrorResponses,
  },
});
const reviewsRoute = defineRoute({
  access: apiKey("products:read"),
  readsBesideLimiter: true,
  readsSites: true,
  method: "get",
  path: "/v1/{platform}/reviews",
  tags,
  summary: "A product's reviews",
  description:
    "One page of a product's reviews in `data.reviews`, identified like GET /v1/{platform}; `sort` and `rating` filter them (not with `url`); `meta.pagination` for paging. `format=csv` for the reviews as CSV.",
  request: { params: PlatformParam, query: ReviewsQuery },
  responses: {
    200: answer(ReviewsEnvelope, exampleEnvelope(REVIEWS_EXAMPLE, REVIEWS_META_EXAMPLE), "one row per review"),
    ...openApiErrorResponses,
  },
});

/** A CSV answer, charged by the same rule as its JSON: an empty list gives its unit back (its header from `rowSchema`). */
function csvAnswer(
  c: Context<AppEnv>,
  rows: object[],
  filename: string,
  completeness: Completeness,
  rowSchema?: z.ZodType,
) {
  c.set("outcome", { ok: true, completeness });
  return csvResponse(c, rows, filename, rowSchema ? schemaColumns(rowSchema) : []);
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
    const { format: _format, max_age, fresh, engine, ...lookup } = query;
    const url = siteUrl(
      () => platform.searchUrl!(lookup, originFor(scrapeConfig(c.env), platform, query.country)),
      platform,
    );
    const extentAt = await extentKey(platform.slug, lookup);
    const known = await knownExtent(c.env.CACHE, extentAt);
    // A page past the known end is answered from what the pages read taught, without loading it.
    const { record, meta } =
      known && fresh !== "true" && pastTheEnd(known, query.page)
        ? {
            record: { items: [], page: query.page, total_results: null, has_next_page: false },
            meta: { ...known.learntFrom, source_url: url, cache: "hit" as const },
          }
        : await run(c, {
            platform: platform.slug,
            kind: "search",
            url,
            params: { ...lookup, engine },
            engines: enginesFor(platform, engine),
            parse: (html, url) => platform.parseSearch!(html, url),
            isEmpty: (page) => page.items.length === 0,
            detectChallenge: platform.detectChallenge,
            freshness: freshnessOf({ max_age, fresh }),
          });
    const extent = learn(known, query.page, record, meta);
    if (changed(known, extent)) c.executionCtx.waitUntil(rememberExtent(c.env.CACHE, extentAt, extent));
    const items = withoutSponsoredRepeats(record.items, (item) => item.id ?? item.url);
    const { data, completeness } = describeSearch(platform.slug, query.q, { ...record, items }, meta.fetched_at);
    if (wantsCsv(c)) return csvAnswer(c, items, `${platform.slug}-search.csv`, completeness, SearchItemSchema);
    // Locally, an empty answer names what the replica sites hold (nothing in production).
    const hint = items.length === 0 ? await localHint(c.env, { kind: "products", platform: platform.slug }) : undefined;
    return c.json(
      successBody(c, data, {
        // An empty answer is given back, so it holds nothing the site said either (its total of results);
        // total_pages is the same whichever page is asked (search-extent.ts).
        pagination: searchPagination(query.page, items.length, extent),
        scrape: meta,
        completeness,
        ...(hint && { hint }),
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
    const url =
      lookup.url ??
      siteUrl(() => platform.reviewsUrl!(lookup, originFor(scrapeConfig(c.env), platform, query.country)), platform);
    const { record, meta } = await run(c, {
      platform: platform.slug,
      kind: "reviews",
      url,
      params: { ...lookup, engine: query.engine },
      engines: enginesFor(platform, query.engine),
      parse: (html, url) => platform.parseReviews!(html, url),
      isEmpty: (page) => page.reviews.length === 0,
      detectChallenge: platform.detectChallenge,
      freshness: freshnessOf(query),
    });
    const { data, completeness } = describeReviews(lookup, record, meta.fetched_at);
    if (wantsCsv(c)) return csvAnswer(c, record.reviews, `${platform.slug}-reviews.csv`, completeness, ReviewSchema);
    return c.json(
      successBody(c, data, {
        // The product's review count also counts ratings without a text, which no page lists.
        pagination: sitePagination(query.page, record.reviews.length, null, record.has_next_page),
        // Given back when it holds no review, the answer keeps none of the product's figures.
        rating: record.reviews.length > 0 ? record.rating : null,
        review_count: record.reviews.length > 0 ? record.review_count : null,
        scrape: meta,
        completeness,
      }),
      200,
    );
  });

  app.openapi(productRoute, async (c) => {
    const platform = platformOr404(c.req.valid("param").platform);
    const query = c.req.valid("query");
    const lookup = lookupFrom(c, platform, query);
    const url =
      lookup.url ??
      siteUrl(() => platform.productUrl(lookup, originFor(scrapeConfig(c.env), platform, query.country)), platform);
    const { record, meta } = await run(c, {
      platform: platform.slug,
      kind: "product",
      url,
      params: { ...lookup, engine: query.engine },
      engines: enginesFor(platform, query.engine),
      parse: (html, url) => readProductPage(platform, html, url),
      isEmpty: ({ product }) => !product.title || !product.price,
      detectChallenge: platform.detectChallenge,
      freshness: freshnessOf(query),
    });
    productOr422(record, meta.source_url, platform.slug);
    const { data, completeness } = describeProduct(record, meta.fetched_at, query.explain === "true");
    observeProduct(c, { platform, lookup, product: record.product, cache: meta.cache, sourceUrl: meta.source_url });
    if (wantsCsv(c)) return csvAnswer(c, [data], `${platform.slug}-product.csv`, completeness);
    return c.json(successBody(c, data, { scrape: meta, completeness }), 200);
  });
}
