import { z, type OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../env";
import { jsonResponse, openApiErrorResponses, successBody } from "../../envelope";
import { TRAVEL_PLATFORMS } from "../../travel/platforms";
import { apiKey, defineRoute } from "../define-route";

const route = defineRoute({
  access: apiKey("travel:read"),
  method: "get",
  path: "/v1/travel/platforms",
  tags: ["travel"],
  summary: "Travel platforms",
  description:
    "The slugs hotel search and hotel pages accept in `{platform}`, with the scale each site rates on (answers always use 0–10) and the engines that scrape it.",
  responses: {
    200: jsonResponse(
      z.array(z.object({ slug: z.string(), name: z.string(), review_scale: z.number(), engines: z.array(z.string()) })),
      "TravelPlatformsEnvelope",
      "Travel platforms and their review scales",
      [
        { slug: "booking", name: "Booking.com", review_scale: 10, engines: ["fetch", "browser"] },
        { slug: "expedia", name: "Expedia", review_scale: 5, engines: ["fetch", "browser"] },
        { slug: "hotels", name: "Hotels.com", review_scale: 10, engines: ["fetch", "browser"] },
        { slug: "airbnb", name: "Airbnb", review_scale: 5, engines: ["fetch", "browser"] },
      ],
    ),
    ...openApiErrorResponses,
  },
});

export function registerTravelPlatforms(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, (c) =>
    c.json(
      successBody(
        c,
        Object.values(TRAVEL_PLATFORMS).map((p) => ({
          slug: p.slug,
          name: p.name,
          review_scale: p.reviewScale,
          engines: p.engines,
        })),
      ),
      200,
    ),
  );
}
