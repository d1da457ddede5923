// What the three product routes read the same way: the platform, the product's identifier, the
// country's site, freshness, and the scrape call that turns engine failures into API errors.
import { z } from "@hono/zod-openapi";
import { freshnessQuery } from "../freshness";
import type { Context } from "hono";
import type { AppEnv } from "../../env";
import { FormatQuery } from "../../envelope";
import { ApiError } from "../../errors";
import { scrapeConfig } from "../../scrape/config";
import { PRODUCT_PLATFORMS, productPlatform } from "../../platforms";
import { foreignPageProblem } from "../../platforms/sites";
import {
  exampleProductUrl,
  idDescription,
  type IdParameter,
  idParameters,
  orList,
  urlOnlyPlatforms,
} from "../../platforms/surfaces";
import type { EngineName } from "../../scrape/engines";
import { InvalidLookup } from "../../scrape/errors";
import { scrape, type ScrapeRequest } from "../../scrape/scrape";
import type { IdParamName, ProductPlatform } from "../../platforms/types";
import type { ProductLookup } from "../../scrape/types";
import { scrapeErrorToApi } from "../scrape-errors";
import { admitted } from "../../middleware/auth";
import { guardedUrl } from "../guarded-url";

export const PlatformParam = z.object({
  platform: z.string().openapi({
    param: { name: "platform", in: "path" },
    description: `The marketplace: one of ${Object.keys(PRODUCT_PLATFORMS).join(", ")} (GET /v1/platforms lists each with its id parameter)`,
    example: Object.keys(PRODUCT_PLATFORMS)[0],
  }),
});

const engineFields = {
  engine: z.enum(["fetch", "browser"]).optional().openapi({
    description:
      "Read the page with this engine only: `fetch` (plain HTTP) or `browser` (Chromium, runs the page's scripts). Default: fetch first, the browser when the fetched page lacks the data.",
    example: "browser",
  }),
};
// A value written as a web address, which belongs in `url=`.
const ADDRESS = /^(?:https?:)?\/\/|^www\./i;

/** A platform's id parameter as the routes check and document it (surfaces.ts reads them off the registry). */
function idField(parameter: IdParameter) {
  const { rule } = parameter;
  let text = z.string();
  if (rule.minLength !== undefined) text = text.min(rule.minLength);
  if (rule.maxLength !== undefined) text = text.max(rule.maxLength);
  return text
    .regex(rule.pattern, `${rule.message}, e.g. ${parameter.example}`)
    .refine(
      (value) => !ADDRESS.test(value),
      `${parameter.name} takes the id, not an address: pass a product's address as url= instead`,
    )
    .optional()
    .openapi({ description: idDescription(parameter), example: parameter.example });
}

const ID_PARAMETERS = idParameters();
const ID_NAMES = ID_PARAMETERS.map((parameter) => parameter.name);

export const identityFields = {
  ...(Object.fromEntries(ID_PARAMETERS.map((parameter) => [parameter.name, idField(parameter)])) as Record<
    IdParamName,
    ReturnType<typeof idField>
  >),
  url: z
    .string()
    .max(2_000)
    .optional()
    .openapi({
      description: `A product page URL instead of an id (the only way for ${orList(urlOnlyPlatforms().map((p) => `\`${p.slug}\``))})`,
      example: exampleProductUrl(),
    }),
  country: z
    .string()
    .regex(/^[A-Za-z]{2}$/, "country is an ISO 3166-1 alpha-2 code")
    .optional()
    .openapi({
      description:
        "Which national site of the platform (ISO 3166-1 alpha-2); GET /v1/platforms lists each platform's countries",
      example: "us",
    }),
};

export const ProductQuery = z.object({
  ...identityFields,
  format: FormatQuery,
  ...freshnessQuery,
  ...engineFields,
  explain: z.enum(["true", "false"]).optional().openapi({
    description: "`true` adds `data.sources`: each filled field's reader and the readers that agreed with it",
    example: "false",
  }),
});
export const SearchQuery = z
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
    ...freshnessQuery,
    ...engineFields,
  })
  .refine((q) => q.min_price === undefined || q.max_price === undefined || q.min_price <= q.max_price, {
    message: "min_price must not exceed max_price",
    path: ["min_price"],
  });
export const ReviewsQuery = z.object({
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
  ...freshnessQuery,
  ...engineFields,
});

export function platformOr404(slug: string): ProductPlatform {
  const platform = productPlatform(slug);
  if (!platform)
    throw new ApiError(
      "not_found",
      `No platform \`${slug}\`. Valid platforms: ${Object.keys(PRODUCT_PLATFORMS).join(", ")}; see GET /v1/platforms.`,
    );
  return platform;
}

/** The names a product's id may travel in, as the product route's description lists them: "`asin`, `id` or `sku`". */
export const idNames = () => orList(ID_NAMES.map((name) => `\`${name}\``));

/**
 * Exactly one identifier: the platform's own (`asin`, `sku`, `id`) or a `url`; `accepted` narrows
 * them (the price history is kept by the platform's own id only).
 */
export function lookupFrom(
  c: Context<AppEnv>,
  platform: ProductPlatform,
  query: Pick<z.infer<typeof ProductQuery>, keyof typeof identityFields>,
  accepted: string[] = platform.idParam === "url" ? ["url"] : [platform.idParam, "url"],
): ProductLookup {
  const given = [...ID_NAMES, "url" as const].filter((name) => query[name] !== undefined);
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
    const url = guardedUrl(c.env, query.url);
    assertOwnPage(c.env, platform, url);
    return { url, country: query.country };
  }
  return { id: query[platform.idParam]!, country: query.country };
}

/**
 * A marketplace reads only its own pages (platforms/sites.ts): a page elsewhere is a 400
 * naming the route that reads it. Stored calls are held to it when they are made (routes/jobs/items.ts).
 */
export function assertOwnPage(env: Env, platform: ProductPlatform, url: string): void {
  const problem = foreignPageProblem(platform, url, scrapeConfig(env));
  if (problem)
    throw new ApiError("invalid_request", `${problem}.`, {
      details: [{ parameter: "url", in: "query", message: problem }],
    });
}

/**
 * The site's URL for a lookup; an identifier that cannot name a page is the caller's 400, saying
 * what `platform`'s ids look like (the route checked only what every platform's ids share).
 */
export function siteUrl(build: () => string, platform?: ProductPlatform): string {
  try {
    return build();
  } catch (err) {
    if (err instanceof InvalidLookup && platform?.id && err.parameter === platform.idParam) {
      const shape = `${platform.slug}'s ${err.parameter} is ${platform.id.describes}, e.g. ${platform.id.example}`;
      throw new ApiError("invalid_request", `${err.reason}: ${shape}. A product's address goes in url= instead.`, {
        details: [{ parameter: err.parameter, in: "query", message: `${shape}` }],
      });
    }
    throw scrapeErrorToApi(err);
  }
}

/** The engines a scrape may try: the platform's own in order, or only the one the caller named. */
export function enginesFor(platform: ProductPlatform, engine: EngineName | undefined): readonly EngineName[] {
  if (!engine) return platform.engines;
  if (!platform.engines.includes(engine)) {
    throw new ApiError("invalid_request", `\`${platform.slug}\` is not read with the ${engine} engine.`, {
      details: [{ parameter: "engine", in: "query", message: `one of ${platform.engines.join(", ")}` }],
    });
  }
  return [engine];
}

/** Runs a route's scrape as the calling account, answering once the call is admitted. */
export async function run<T>(
  c: Context<AppEnv>,
  request: Omit<ScrapeRequest<T>, "accountId" | "beforeAnswer" | "waitUntil">,
) {
  try {
    return await scrape(c.env, {
      ...request,
      accountId: c.get("identity").accountId,
      beforeAnswer: () => admitted(c),
      waitUntil: (promise) => c.executionCtx.waitUntil(promise),
    });
  } catch (err) {
    throw scrapeErrorToApi(err);
  }
}

// The seed's envelope on all three answers: id, name, capture time and a summary of what was read.
