// GET /v1/platforms: every platform as its registry entry describes it (src/platforms/index.ts,
// marketplaces and travel sites alike), so a platform added there is listed here.
import { z, type OpenAPIHono } from "@hono/zod-openapi";
import { apiKey, defineRoute } from "../define-route";
import type { AppEnv } from "../../env";
import { jsonResponse, openApiErrorResponses, successBody } from "../../envelope";
import { PRODUCT_PLATFORMS } from "../../platforms";
import { TRAVEL_PLATFORMS } from "../../platforms/index";
import type { ProductPlatform } from "../../platforms/types";

const PlatformSchema = z
  .object({
    slug: z.string().openapi({ example: "amazon" }),
    name: z.string(),
    kind: z.enum(["marketplace", "shop", "travel"]),
    endpoints: z.array(z.string()),
    engines: z.array(z.enum(["fetch", "browser"])),
    status: z.literal("operational"),
    description: z.string().optional().openapi({ description: "What the platform reads (products)" }),
    id_parameter: z
      .object({
        name: z.enum(["asin", "id", "sku"]),
        describes: z.string(),
        example: z.string(),
      })
      .nullable()
      .optional()
      .openapi({
        description:
          "The query parameter a product's own id travels in, what its ids are and one of them; null where only `url` names a product (products)",
      }),
    countries: z
      .array(z.string())
      .optional()
      .openapi({ description: "The `country` values that pick one of its national sites (products)" }),
  })
  .openapi("Platform");

type PlatformEntry = z.infer<typeof PlatformSchema>;

function productEntry(p: ProductPlatform): PlatformEntry {
  return {
    slug: p.slug,
    name: p.name,
    kind: p.kind,
    endpoints: [
      `/v1/${p.slug}`,
      ...(p.searchUrl ? [`/v1/${p.slug}/search`] : []),
      ...(p.reviewsUrl ? [`/v1/${p.slug}/reviews`] : []),
    ],
    engines: p.engines,
    status: "operational",
    description: p.description,
    id_parameter: p.id ? { name: p.idParam, describes: p.id.describes, example: p.id.example } : null,
    countries: Object.keys(p.origins).filter((country) => country !== "default"),
  };
}

export function listPlatforms(): PlatformEntry[] {
  const travel = Object.values(TRAVEL_PLATFORMS).map((p) => ({
    slug: p.slug,
    name: p.name,
    kind: "travel" as const,
    endpoints: [`/v1/travel/${p.slug}/hotels/search`, `/v1/travel/${p.slug}/hotels/{id}`],
    engines: p.engines,
    status: "operational" as const,
  }));
  return [...Object.values(PRODUCT_PLATFORMS).map(productEntry), ...travel];
}

/** The reference's example: the first marketplace, the first shop reader and the first travel platform. */
const example = () => {
  const all = listPlatforms();
  return (["marketplace", "shop", "travel"] as const).flatMap((kind) => all.find((p) => p.kind === kind) ?? []);
};

const route = defineRoute({
  access: apiKey("products:read"),
  method: "get",
  path: "/v1/platforms",
  tags: ["products"],
  summary: "Every platform, its kind, endpoints and engines",
  description:
    "Marketplaces, the `generic` shop reader and travel platforms: the slug to put in the path, the endpoints each one answers and the engines that scrape it.",
  responses: {
    200: jsonResponse(z.array(PlatformSchema), "PlatformListEnvelope", "Platforms", example()),
    ...openApiErrorResponses,
  },
});

export function registerPlatforms(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, (c) => c.json(successBody(c, listPlatforms()), 200));
}
