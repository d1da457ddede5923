import { z, type OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../env";
import { jsonResponse, openApiErrorResponses, successBody } from "../../envelope";
import { AMENITY_LABELS } from "../../travel/amenities";
import { TRAVEL_PLATFORMS } from "../../platforms/index";
import { apiKey, defineRoute } from "../define-route";
import { AmenitySchema } from "./hotel-schema";

// What the travel routes' `{platform}` and hotels' `amenities` can hold.

/** Each travel site as the registry declares it. */
const travelPlatforms = () =>
  Object.values(TRAVEL_PLATFORMS).map((p) => ({
    slug: p.slug,
    name: p.name,
    review_scale: p.reviewScale,
    engines: p.engines,
  }));

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
      travelPlatforms(),
    ),
    ...openApiErrorResponses,
  },
});

const amenitiesRoute = defineRoute({
  access: apiKey("travel:read"),
  method: "get",
  path: "/v1/travel/amenities",
  tags: ["travel"],
  summary: "The amenity vocabulary",
  description:
    "Every code a hotel's `amenities` may hold, and the `amenities` filter of a hotel search takes, with its label. Each site's own words (`Free WiFi`, `Wi-Fi gratuito`) are read as one of these codes; `other` stands for whatever a page lists outside them.",
  responses: {
    200: jsonResponse(
      z.array(z.object({ code: AmenitySchema, label: z.string() })),
      "TravelAmenitiesEnvelope",
      "The amenity codes and their labels",
      [
        { code: "wifi", label: AMENITY_LABELS.wifi },
        { code: "parking", label: AMENITY_LABELS.parking },
        { code: "other", label: AMENITY_LABELS.other },
      ],
    ),
    ...openApiErrorResponses,
  },
});

export function registerTravelPlatforms(app: OpenAPIHono<AppEnv>) {
  app.openapi(amenitiesRoute, (c) =>
    c.json(
      successBody(
        c,
        Object.entries(AMENITY_LABELS).map(([code, label]) => ({ code: code as keyof typeof AMENITY_LABELS, label })),
      ),
      200,
    ),
  );
  app.openapi(route, (c) => c.json(successBody(c, travelPlatforms()), 200));
}
