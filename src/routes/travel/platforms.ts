import { z, type OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../env";
import { openApiErrorResponses, successBody, successEnvelope } from "../../envelope";
import { TRAVEL_PLATFORMS } from "../../scrape/platforms/travel";
import { apiKey, defineRoute } from "../define-route";

const route = defineRoute({
  access: apiKey("travel:read"),
  method: "get",
  path: "/v1/travel/platforms",
  tags: ["travel"],
  summary: "Travel platforms",
  responses: {
    200: {
      description: "Travel platforms and their review scales",
      content: { "application/json": { schema: successEnvelope(z.array(z.object({ slug: z.string(), name: z.string(), review_scale: z.number(), engines: z.array(z.string()) })), "TravelPlatformsEnvelope") } },
    },
    ...openApiErrorResponses,
  },
});

export function registerTravelPlatforms(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, (c) =>
    c.json(successBody(c, Object.values(TRAVEL_PLATFORMS).map((p) => ({ slug: p.slug, name: p.name, review_scale: p.reviewScale, engines: p.engines }))), 200),
  );
}
