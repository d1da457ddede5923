// A pages recipe: addresses of any site read as GET /v1/page reads them, one record each keyed by
// the address, compared by a digest of their Markdown (a page monitor; records in page-records.ts).
import { z } from "@hono/zod-openapi";
import { pageCallPath } from "../platforms/calls";
import { common, Country, HttpUrl } from "./recipe-fields";

/** Pages of any site read as GET /v1/page reads them, keyed by address: a page monitor (docs/page.md#page-monitors). */
export const PagesRecipe = z.object({
  kind: z.literal("pages"),
  urls: z
    .array(HttpUrl)
    .min(1)
    .max(1_000)
    .openapi({ description: "the pages to read, one record each", example: ["https://example.com/pricing"] }),
  /** `false` keeps the whole page converted, so a change anywhere on it counts. */
  only_main_content: z.boolean().default(true),
  engine: z.enum(["fetch", "browser"]).optional(),
  /** The country the pages are read from, as `country` on GET /v1/page. */
  country: Country.optional(),
  ...common,
});

type PagesRecipeValue = z.infer<typeof PagesRecipe>;

/** The GET /v1/page calls one refresh makes, in the recipe's order. */
export const pagesRecipePaths = (recipe: PagesRecipeValue): string[] =>
  recipe.urls.map((url) => pageCallPath(url, pageParams(recipe)));

/** What each page of a pages recipe is asked for: its Markdown and metadata, read as the recipe says. */
function pageParams(recipe: PagesRecipeValue): Record<string, string> {
  return {
    formats: "markdown,metadata",
    ...(recipe.only_main_content ? {} : { only_main_content: "false" }),
    ...(recipe.engine ? { engine: recipe.engine } : {}),
    ...(recipe.country ? { country: recipe.country } : {}),
    max_age: String(recipe.max_age),
  };
}
