// A recipe says what a dataset collects and how often. A refresh expands it into `/v1/...` GET
// paths, which run as one batch job through the same routes, engines, proxies and cache as
// direct calls; each path's answer becomes records (records.ts).
import { z } from "@hono/zod-openapi";
import { productCallPath } from "../platforms/calls";
import { PagesRecipe, pagesRecipePaths } from "./pages-recipe";
import { common, Country, HttpUrl, Slug, Words } from "./recipe-fields";
import { SHOP_LIMITS, shopCallShapes, shopItemsBound, shopRefreshPaths } from "./shop/recipe";

const ProductRecipe = z.object({
  kind: z.literal("product"),
  platform: Slug,
  countries: z.array(Country).max(10).optional(),
  inputs: z
    .array(Words)
    .min(1)
    .max(1_000)
    .openapi({ description: "product ids or URLs", example: ["B0C1GHS4GF"] }),
  ...common,
});

const SearchRecipe = z.object({
  kind: z.literal("search"),
  platforms: z.array(Slug).min(1).max(10),
  countries: z.array(Country).max(10).optional(),
  queries: z
    .array(Words)
    .min(1)
    .max(200)
    .openapi({ example: ["wireless earbuds"] }),
  /** Result pages read per query and platform. */
  pages: z.number().int().min(1).max(10).default(1),
  ...common,
});

const ReviewsRecipe = z.object({
  kind: z.literal("reviews"),
  platform: Slug,
  countries: z.array(Country).max(10).optional(),
  inputs: z.array(Words).min(1).max(500),
  pages: z.number().int().min(1).max(10).default(1),
  ...common,
});

const HotelsRecipe = z.object({
  kind: z.literal("hotels"),
  platforms: z
    .array(Slug)
    .min(1)
    .max(4)
    .openapi({ example: ["booking", "expedia"] }),
  destinations: z
    .array(Words)
    .min(1)
    .max(100)
    .openapi({ example: ["Dublin"] }),
  /** Days from the refresh to the check-in of each stay collected (30: stays a month ahead). */
  check_in_days: z.array(z.number().int().min(0).max(330)).min(1).max(12).default([30]),
  nights: z.number().int().min(1).max(30).default(2),
  adults: z.number().int().min(1).max(16).default(2),
  ...common,
});

const Pattern = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[/*]/, "a path pattern starting with `/` or `*`, such as `/products/*`");

/** A whole shop: every product found from its sitemaps and listings (docs/catalogue.md#whole-shops). */
const ShopRecipe = z.object({
  kind: z.literal("shop"),
  start_urls: z
    .array(HttpUrl)
    .min(1)
    .max(SHOP_LIMITS.startUrls)
    .openapi({
      description: "home, category or sitemap pages of one or more shops",
      example: ["https://shop.example.com/"],
    }),
  max_products: z.number().int().min(1).max(SHOP_LIMITS.products).default(1_000),
  /** Pages fetched per refresh, products, listings and sitemaps together; twice max_products plus 200 by default. */
  max_pages: z.number().int().min(1).max(SHOP_LIMITS.pages).optional(),
  /** Links followed from a start page (another page of the same listing does not count). */
  max_depth: z.number().int().min(0).max(SHOP_LIMITS.depth).default(5),
  include: z
    .array(Pattern)
    .max(20)
    .default([])
    .openapi({ example: ["/products/*", "/collections/*"] }),
  exclude: z
    .array(Pattern)
    .max(20)
    .default([])
    .openapi({ example: ["*/gift-card*"] }),
  ...common,
});

export const RecipeSchema = z
  .discriminatedUnion("kind", [ProductRecipe, SearchRecipe, ReviewsRecipe, HotelsRecipe, ShopRecipe, PagesRecipe])
  .openapi("DatasetRecipe");
export type Recipe = z.infer<typeof RecipeSchema>;
export type RecipeKind = Recipe["kind"];
export { nextRun } from "./recipe-fields";

/** A readable refresh frequency for the catalogue, from the recipe's cron. */
export function frequencyOf(cron: string): string {
  const fields = cron.trim().split(/\s+/);
  if (fields.length !== 5) return cron;
  const [minute, hour, day, month, weekday] = fields;
  if (day === "*" && month === "*" && weekday === "*") {
    if (hour === "*") return minute === "*" ? "every minute" : "hourly";
    if (/^\d+$/.test(hour!)) return "daily";
  }
  if (day === "*" && month === "*" && /^\d$/.test(weekday!)) return "weekly";
  if (/^\d+$/.test(day!) && month === "*") return "monthly";
  return cron;
}

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Platforms a recipe reads, for the catalogue's `source_platforms` (a shop: `generic`, or the adapter owning its host). */
export const recipePlatforms = (recipe: Recipe): string[] =>
  recipe.kind === "shop"
    ? ["generic"]
    : recipe.kind === "pages"
      ? ["page"]
      : "platforms" in recipe
        ? recipe.platforms
        : [recipe.platform];

/** The lists a recipe multiplies, by kind: one call per combination of their values (and per page). */
const DIMENSIONS = {
  product: ["countries", "inputs"],
  reviews: ["countries", "inputs"],
  search: ["platforms", "countries", "queries"],
  hotels: ["platforms", "destinations", "check_in_days"],
  shop: [],
  pages: ["urls"],
} as const satisfies Record<RecipeKind, readonly string[]>;

/**
 * The calls one refresh of `recipe` makes, worked out from the lengths of its lists without
 * expanding it (it equals `recipePaths(recipe).length`). It reads a body not yet validated too:
 * null when the recipe has no known kind, and each list that is missing or not a list counts as
 * its default.
 */
export function recipeSize(recipe: unknown): number | null {
  const fields = (recipe ?? {}) as Record<string, unknown>;
  const kind = fields["kind"] as RecipeKind;
  if (!Object.hasOwn(DIMENSIONS, kind)) return null;
  if (kind === "shop") return shopItemsBound(fields);
  const lengthOf = (name: string) => {
    const value = fields[name];
    // An empty or missing list of countries is one call without a country; check_in_days defaults to [30].
    return Array.isArray(value) && value.length > 0 ? value.length : 1;
  };
  const pages = kind === "search" || kind === "reviews" ? Number(fields["pages"] ?? 1) : 1;
  return DIMENSIONS[kind].reduce(
    (size, name) => size * lengthOf(name),
    Number.isInteger(pages) ? Math.max(1, pages) : 1,
  );
}

/**
 * The recipe's calls with every list at its first value but one, for each list and each page:
 * every distinct value a call can carry appears in at least one of them, so checking these
 * checks each value once in a call of its shape (the sum of the lists' lengths, not their product).
 */
export function recipeSamplePaths(recipe: Recipe, now: number): string[] {
  if (recipe.kind === "shop") return shopCallShapes(recipe);
  const first = Object.fromEntries(
    DIMENSIONS[recipe.kind].map((name) => {
      const values = (recipe as Record<string, unknown>)[name] as unknown[] | undefined;
      return [name, values?.slice(0, 1)];
    }),
  );
  const pages = "pages" in recipe ? { pages: 1 } : {};
  const samples: Recipe[] = [
    ...DIMENSIONS[recipe.kind].map(
      (name) => ({ ...recipe, ...first, ...pages, [name]: (recipe as Record<string, unknown>)[name] }) as Recipe,
    ),
    // Every page, once.
    { ...recipe, ...first } as Recipe,
  ];
  return [...new Set(samples.flatMap((sample) => recipePaths(sample, now)))];
}

/**
 * One call of each route and platform a refresh makes (the first input, query or destination of
 * each), found without expanding the recipe: the scopes its calls need are judged by these.
 */
export function recipeCallShapes(recipe: Recipe, now: number): string[] {
  if (recipe.kind === "shop") return shopCallShapes(recipe).slice(0, 1);
  const first = <T>(list: readonly T[] | undefined) => list?.slice(0, 1);
  if (recipe.kind === "pages") return recipePaths({ ...recipe, urls: first(recipe.urls)! }, now);
  if (recipe.kind === "hotels")
    return recipePaths(
      { ...recipe, destinations: first(recipe.destinations)!, check_in_days: first(recipe.check_in_days)! },
      now,
    );
  const countries = first(recipe.countries);
  if (recipe.kind === "search")
    return recipePaths({ ...recipe, countries, queries: first(recipe.queries)!, pages: 1 }, now);
  if (recipe.kind === "reviews")
    return recipePaths({ ...recipe, countries, inputs: first(recipe.inputs)!, pages: 1 }, now);
  return recipePaths({ ...recipe, countries, inputs: first(recipe.inputs)! }, now);
}

/** The GET paths one refresh runs, in order; `now` dates hotel stays. */
export function recipePaths(recipe: Recipe, now: number): string[] {
  if (recipe.kind === "shop") return shopRefreshPaths();
  const freshness = { max_age: String(recipe.max_age) };
  if (recipe.kind === "pages") return pagesRecipePaths(recipe);
  if (recipe.kind === "hotels") {
    return recipe.platforms.flatMap((platform) =>
      recipe.destinations.flatMap((destination) =>
        recipe.check_in_days.map((days) => {
          const checkIn = now + days * 86_400_000;
          const params = new URLSearchParams({
            destination,
            check_in: isoDay(checkIn),
            check_out: isoDay(checkIn + recipe.nights * 86_400_000),
            adults: String(recipe.adults),
            limit: "50",
            ...freshness,
          });
          return `/v1/travel/${platform}/hotels/search?${params}`;
        }),
      ),
    );
  }
  const countries: (string | undefined)[] = recipe.countries?.length ? recipe.countries : [undefined];
  const withCountry = (params: URLSearchParams, country: string | undefined) => {
    if (country) params.set("country", country);
    for (const [name, value] of Object.entries(freshness)) params.set(name, value);
    return params;
  };
  if (recipe.kind === "search") {
    return recipe.platforms.flatMap((platform) =>
      countries.flatMap((country) =>
        recipe.queries.flatMap((q) =>
          Array.from({ length: recipe.pages }, (_, index) => {
            const params = withCountry(new URLSearchParams({ q }), country);
            if (index > 0) params.set("page", String(index + 1));
            return `/v1/${platform}/search?${params}`;
          }),
        ),
      ),
    );
  }
  const pages = recipe.kind === "reviews" ? recipe.pages : 1;
  return countries.flatMap((country) =>
    recipe.inputs.flatMap((input) =>
      Array.from({ length: pages }, (_, index) => {
        const params = withCountry(new URLSearchParams(), country);
        if (index > 0) params.set("page", String(index + 1));
        return productCallPath(recipe.platform, recipe.kind, input, params);
      }),
    ),
  );
}
