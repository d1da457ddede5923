import { z, type OpenAPIHono } from "@hono/zod-openapi";
import { apiKey, defineRoute } from "../define-route";
import type { AppEnv } from "../../env";
import { jsonResponse, openApiErrorResponses, successBody } from "../../envelope";
import { PRODUCT_PLATFORMS } from "../../scrape/platforms";
import { TRAVEL_PLATFORMS } from "../../scrape/platforms/travel";

const PlatformSchema = z
  .object({
    slug: z.string().openapi({ example: "amazon" }),
    name: z.string(),
    kind: z.enum(["marketplace", "shop", "travel"]),
    endpoints: z.array(z.string()),
    engines: z.array(z.enum(["fetch", "browser"])),
    status: z.literal("operational"),
  })
  .openapi("Platform");

const route = defineRoute({
  access: apiKey("products:read"),
  method: "get",
  path: "/v1/platforms",
  tags: ["products"],
  summary: "Every platform, its kind, endpoints and engines",
  description:
    "Marketplaces, the `generic` shop reader and travel platforms: the slug to put in the path, the endpoints each one answers and the engines that scrape it.",
  responses: {
    200: jsonResponse(z.array(PlatformSchema), "PlatformListEnvelope", "Platforms", [
      {
        slug: "amazon",
        name: "Amazon",
        kind: "marketplace",
        endpoints: ["/v1/amazon", "/v1/amazon/search", "/v1/amazon/reviews"],
        engines: ["fetch", "browser"],
        status: "operational",
      },
      {
        slug: "generic",
        name: "Any shop page",
        kind: "shop",
        endpoints: ["/v1/generic"],
        engines: ["fetch", "browser"],
        status: "operational",
      },
      {
        slug: "booking",
        name: "Booking.com",
        kind: "travel",
        endpoints: ["/v1/travel/booking/hotels/search", "/v1/travel/booking/hotels/{id}"],
        engines: ["fetch", "browser"],
        status: "operational",
      },
    ]),
    ...openApiErrorResponses,
  },
});

export function listPlatforms(): z.infer<typeof PlatformSchema>[] {
  const products = Object.values(PRODUCT_PLATFORMS).map((p) => ({
    slug: p.slug,
    name: p.name,
    kind: p.slug === "generic" ? ("shop" as const) : ("marketplace" as const),
    endpoints: [
      `/v1/${p.slug}`,
      ...(p.searchUrl ? [`/v1/${p.slug}/search`] : []),
      ...(p.reviewsUrl ? [`/v1/${p.slug}/reviews`] : []),
    ],
    engines: p.engines,
    status: "operational" as const,
  }));
  const travel = Object.values(TRAVEL_PLATFORMS).map((p) => ({
    slug: p.slug,
    name: p.name,
    kind: "travel" as const,
    endpoints: [`/v1/travel/${p.slug}/hotels/search`, `/v1/travel/${p.slug}/hotels/{id}`],
    engines: p.engines,
    status: "operational" as const,
  }));
  return [...products, ...travel];
}

export function registerPlatforms(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, (c) => c.json(successBody(c, listPlatforms()), 200));
}
