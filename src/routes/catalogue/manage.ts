// An account's own datasets: create one from a recipe, refresh it now, delete it with its snapshots.
import { z, type OpenAPIHono } from "@hono/zod-openapi";
import { apiKey, defineRoute } from "../define-route";
import type { Context } from "hono";
import type { AppEnv } from "../../env";
import { jsonBody, jsonResponse, openApiErrorResponses, successBody } from "../../envelope";
import { ApiError, type ErrorDetail } from "../../errors";
import { categoryExists, countryExists, getDataset } from "../../db/catalogue-lookups";
import { deleteDatasetRows, findVisibleDataset, insertDataset } from "../../db/datasets";
import { deleteDatasetObjects } from "../../db/objects";
import {
  frequencyOf,
  nextRun,
  type RecipeKind,
  RecipeSchema,
  recipePlatforms,
  recipeSamplePaths,
  recipeSize,
} from "../../datasets/recipe";
import { assertRoomFor } from "../../db/object-caps";
import type { MiddlewareHandler } from "hono";
import { RECORD_FIELDS } from "../../datasets/records";
import { RefreshRefused, startRefresh } from "../../datasets/refresh";
import { startUrlProblems } from "../../datasets/shop/start-urls";
import { itemProblem } from "../jobs/items";
import { PRODUCT_PLATFORMS } from "../../platforms/index";
import { TRAVEL_PLATFORMS } from "../../platforms/index";
import { refuseOverCap } from "../events/over-cap";
import { assertMayUseDataset } from "./dataset-access";
import { DATASET_DETAIL_EXAMPLE } from "./datasets";
import { describeDetail } from "./detail";
import { DatasetDetailSchema, SlugParam } from "./schemas";

const CreateBody = z
  .object({
    name: z.string().trim().min(1).max(100).openapi({ example: "Earbud prices" }),
    description: z.string().trim().max(500).optional(),
    tags: z.array(z.string().trim().min(1).max(40)).max(10).optional(),
    countries: z
      .array(z.string().regex(/^[A-Za-z]{2}$/))
      .max(10)
      .optional()
      .openapi({ example: ["US"] }),
    recipe: RecipeSchema,
  })
  .strict();

/** An account's own dataset, named as POST /v1/datasets named it. */
const OwnSlugParam = z.object({ slug: SlugParam.shape.slug.openapi({ example: "earbud-prices-4k2x9q" }) });

const RefreshSchema = z.object({ job_id: z.string(), snapshot_id: z.string(), items: z.number().int() });
const CreatedSchema = DatasetDetailSchema.extend({ refresh: RefreshSchema.nullable() });

const RECIPE_EXAMPLE = {
  kind: "search" as const,
  platforms: ["amazon"],
  queries: ["wireless earbuds"],
  pages: 1,
  schedule: "0 6 * * *",
  max_age: 3600,
};

/** A recipe of 1,000 inputs of 200 characters with room to spare. */
const MAX_DATASET_BODY_BYTES = 1024 * 1024;

/**
 * Refuses a recipe that could never run under the plan, from the lengths of its lists, before it
 * is validated or expanded: each refresh is one job, which holds at most the plan's items.
 */
const sizeRecipe: MiddlewareHandler<AppEnv> = async function sizeRecipe(c, next) {
  const body = (await c.req.json().catch(() => null)) as { recipe?: unknown } | null;
  const calls = recipeSize(body?.recipe);
  const { planId, jobs } = c.get("identity");
  const { maxItems } = jobs;
  if (calls !== null && calls > maxItems)
    throw new ApiError(
      "invalid_request",
      `This recipe makes ${calls} calls at each refresh, and a refresh on the ${planId} plan runs at most ${maxItems}, so it could never run; list fewer inputs, queries, destinations, countries or pages, or move to a larger plan. Nothing was stored.`,
      { details: [{ parameter: "recipe", in: "body", message: `${calls} calls, over ${maxItems}` }] },
    );
  return next();
};

const createRoute = defineRoute({
  access: apiKey("datasets:write"),
  method: "post",
  path: "/v1/datasets",
  maxBodyBytes: MAX_DATASET_BODY_BYTES,
  sizing: sizeRecipe,
  tags: ["catalogue"],
  summary: "Create a private dataset from a recipe",
  description:
    "The recipe names what to collect (`product`, `search`, `reviews`, `hotels`, `shop`: every product of a whole site, or `pages`: a list of addresses read as Markdown, whose changed pages `changed_since` lists), where and how often (`schedule`, cron, UTC). " +
    "The dataset is visible to this account only (`visibility: private`; a 404 to every other), refreshed on its schedule through the same routes as direct calls, each refresh charged like the calls it makes. " +
    "Its first refresh starts at once (`refresh` in the answer).",
  request: { body: jsonBody(CreateBody, true, { name: "Earbud prices", recipe: RECIPE_EXAMPLE }) },
  responses: {
    201: jsonResponse(CreatedSchema, "DatasetCreatedEnvelope", "The dataset and its first refresh", {
      ...DATASET_DETAIL_EXAMPLE,
      slug: "earbud-prices-4k2x9q",
      name: "Earbud prices",
      visibility: "private",
      record_count: 0,
      last_updated: null,
      preview: [],
      snapshots: [],
      refresh: { job_id: "job_7hx2", snapshot_id: "snap_7hx3", items: 1 },
    }),
    ...openApiErrorResponses,
  },
});

const refreshRoute = defineRoute({
  access: apiKey("datasets:write"),
  method: "post",
  path: "/v1/datasets/{slug}/refresh",
  tags: ["catalogue"],
  summary: "Refresh a private dataset now",
  description:
    "Starts a refresh of one of this account's datasets as a batch job (`GET /v1/jobs/{job_id}` follows it); a 409 while one is still collecting.",
  request: { params: OwnSlugParam },
  responses: {
    202: jsonResponse(RefreshSchema, "DatasetRefreshEnvelope", "The refresh started", {
      job_id: "job_7hx2",
      snapshot_id: "snap_7hx3",
      items: 12,
    }),
    ...openApiErrorResponses,
  },
});

const deleteRoute = defineRoute({
  access: apiKey("datasets:write"),
  method: "delete",
  path: "/v1/datasets/{slug}",
  tags: ["catalogue"],
  summary: "Delete a private dataset and its snapshots",
  description: "Removes one of this account's datasets, its snapshots and their history.",
  request: { params: OwnSlugParam },
  responses: {
    200: jsonResponse(z.object({ slug: z.string(), deleted: z.literal(true) }), "DatasetDeletedEnvelope", "Deleted", {
      slug: "earbud-prices-4k2x9q",
      deleted: true,
    }),
    ...openApiErrorResponses,
  },
});

/** Where a kind's datasets sit in the catalogue; marketplace kinds are e-commerce. */
const CATEGORY_OF_KIND: Partial<Record<RecipeKind, { slug: string; name: string }>> = {
  hotels: { slug: "travel", name: "Travel" },
  pages: { slug: "web", name: "Web pages" },
};

const slugOf = (name: string) =>
  `${
    name
      .normalize("NFKD")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 60) || "dataset"
  }-${crypto.randomUUID().replaceAll("-", "").slice(0, 6)}`;

/** The account's own dataset, whose calls' scopes the key holds; or the reason it cannot be acted on. */
async function ownDataset(c: Context<AppEnv>, slug: string) {
  const dataset = await findVisibleDataset(c.get("db"), slug, c.get("identity").accountId);
  if (!dataset) throw new ApiError("not_found", `No dataset \`${slug}\`; GET /v1/datasets lists yours.`);
  if (dataset.account_id === null)
    throw new ApiError("forbidden", `\`${slug}\` is a public dataset; the service refreshes it on its own schedule.`);
  assertMayUseDataset(c, dataset);
  return dataset;
}

function refusal(err: unknown): never {
  if (err instanceof RefreshRefused)
    throw new ApiError(err.reason === "too_large" ? "invalid_request" : "conflict", err.message);
  throw err;
}

export function registerManageDatasets(app: OpenAPIHono<AppEnv>) {
  app.openapi(createRoute, async (c) => {
    const body = c.req.valid("json");
    const identity = c.get("identity");
    const now = Date.now();
    const known =
      body.recipe.kind === "hotels"
        ? Object.keys(TRAVEL_PLATFORMS)
        : body.recipe.kind === "pages"
          ? ["page"]
          : Object.keys(PRODUCT_PLATFORMS);
    const unknown = recipePlatforms(body.recipe).filter((slug) => !known.includes(slug));
    if (unknown.length > 0)
      throw new ApiError(
        "invalid_request",
        `Unknown platform(s) ${unknown.map((slug) => `\`${slug}\``).join(", ")} for a ${body.recipe.kind} recipe; use one of ${known.join(", ")}.`,
        { details: [{ parameter: "recipe.platforms", in: "body", message: `one of ${known.join(", ")}` }] },
      );
    // Sized already (sizeRecipe); the cheap refusal of a full account comes before the calls are checked.
    await assertRoomFor(c.get("db"), "datasets", identity.accountId).catch(refuseOverCap);
    // A shop's start addresses are checked as addresses to crawl, each refusal named once, by its place in the list.
    const starts = body.recipe.kind === "shop" ? body.recipe.start_urls : [];
    const startProblems = starts.length > 0 ? await startUrlProblems(c.env, starts) : [];
    const refusedStarts = new Set(startProblems.map(({ index }) => starts[index]));
    // Each value of each list checked once, in a call of its shape, not every combination.
    const problems: ErrorDetail[] = recipeSamplePaths(body.recipe, now).flatMap((path) => {
      if (refusedStarts.has(new URL(path, "http://call.invalid").searchParams.get("url") ?? "")) return [];
      const problem = itemProblem(c.env, path, identity.scopes, c.get("inProcess"));
      return problem ? [{ parameter: `recipe (call ${path})`, in: "body" as const, message: problem }] : [];
    });
    for (const { index, reason } of startProblems)
      problems.push({ parameter: `recipe.start_urls[${index}]`, in: "body", message: reason });
    if (problems.length > 0)
      throw new ApiError(
        "invalid_request",
        `${problems.length} of the recipe's calls cannot run; error.details names each.`,
        {
          details: problems.slice(0, 20),
        },
      );
    const category = CATEGORY_OF_KIND[body.recipe.kind] ?? { slug: "ecommerce", name: "E-commerce" };
    if (!(await categoryExists(c.get("db"), category.slug)))
      throw new ApiError("internal", "The catalogue has no categories.");
    const codes = [...new Set((body.countries ?? []).map((code) => code.toUpperCase()))];
    for (const code of codes)
      if (!(await countryExists(c.get("db"), code)))
        throw new ApiError("invalid_request", `\`${code}\` is not an ISO 3166-1 alpha-2 country code.`, {
          details: [{ parameter: "countries", in: "body", message: "unknown country code" }],
        });
    const platforms = recipePlatforms(body.recipe);
    const dataset = await insertDataset(c.get("db"), {
      slug: slugOf(body.name),
      name: body.name,
      description: body.description ?? `${body.recipe.kind} records from ${platforms.join(", ")}, collected by recipe.`,
      category,
      countries: codes.map((code) => ({ code, name: code })),
      tags: body.tags ?? [],
      platforms,
      fieldNames: RECORD_FIELDS[body.recipe.kind].map((field) => field.name),
      frequency: frequencyOf(body.recipe.schedule),
      recipe: JSON.stringify(body.recipe),
      accountId: identity.accountId,
      keyId: identity.keyId,
      nextRefreshAt: nextRun(body.recipe.schedule, now) ?? now,
      now,
    }).catch(refuseOverCap);
    const refresh = await startRefresh(c.env, dataset, now).catch(() => null);
    const detail = await getDataset(c.get("db"), dataset.slug, identity.accountId);
    const data = { ...(await describeDetail(c.env, detail!)), refresh };
    c.header("Location", `/v1/datasets/${dataset.slug}`);
    return c.json(successBody(c, data as z.infer<typeof CreatedSchema>), 201);
  });

  app.openapi(refreshRoute, async (c) => {
    const { slug } = c.req.valid("param");
    const dataset = await ownDataset(c, slug);
    const refresh = await startRefresh(c.env, dataset, Date.now()).catch(refusal);
    return c.json(successBody(c, refresh), 202);
  });

  app.openapi(deleteRoute, async (c) => {
    const { slug } = c.req.valid("param");
    const dataset = await ownDataset(c, slug);
    await deleteDatasetRows(c.get("db"), dataset.id);
    c.executionCtx.waitUntil(deleteDatasetObjects(c.env.RESULTS, dataset.id));
    return c.json(successBody(c, { slug, deleted: true as const }), 200);
  });
}
