// GET /v1/travel/{platform}/hotels/{id}/history: a hotel's daily nightly prices, from what the
// hotel searches and hotel pages read of it for anyone (src/price-observations.ts). Storage only.
import { z, type OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../env";
import { exampleEnvelope, openApiErrorResponses } from "../../envelope";
import { ApiError } from "../../errors";
import { hotelItem } from "../../price-observations";
import { apiKey, defineRoute } from "../define-route";
import { answerHistory, historyResponse, HistoryQueryFields } from "../history-answer";
import { HOTEL_SEARCH_EXAMPLE } from "./examples";
import { platformList } from "./params";

// The hotel of the search example, by its booking offer's id as the search answers it (URL-encoded
// in a path: `ie%2Fthe-spencer`); the local replicas have read its prices, so the example has points.
const EXAMPLE_OFFER = HOTEL_SEARCH_EXAMPLE.hotels[0]!.offers.find((offer) => offer.platform === "booking")!;

const EXAMPLE = exampleEnvelope(
  {
    platform: EXAMPLE_OFFER.platform,
    id: EXAMPLE_OFFER.id,
    days: 90,
    points: [
      { date: "2026-11-23", low: 189, high: 204, last: 204, currency: "EUR", availability: "available" },
      { date: "2026-11-24", low: 176, high: 176, last: 176, currency: "EUR", availability: "available" },
    ],
  },
  { history: { days_observed: 2, first_observed: "2026-11-23", enough: true, message: null } },
);

const route = defineRoute({
  access: apiKey("travel:read"),
  method: "get",
  path: "/v1/travel/{platform}/hotels/{id}/history",
  tags: ["travel"],
  summary: "A hotel's daily nightly prices",
  description:
    "The nightly prices the service has read of a hotel on one platform, one point per UTC day (lowest, highest and last, in the site's own currency, and whether it was sold out), oldest first, over the last `days`. " +
    "Hotel searches and hotel pages read live add to it whoever asked, for whatever stay they asked (a nightly price, so stays of different lengths compare); observations keep no account and no time of day. " +
    "`id` as the platform's search results give it (URL-encoded). `meta.history` says whether there are enough days yet: a hotel never read is a 200 with no points and a `message`.",
  request: {
    params: z.object({
      platform: z.string().openapi({ param: { name: "platform", in: "path" }, example: EXAMPLE_OFFER.platform }),
      id: z
        .string()
        .min(1)
        .max(200)
        .openapi({ param: { name: "id", in: "path" }, example: EXAMPLE_OFFER.id }),
    }),
    query: z.object(HistoryQueryFields),
  },
  responses: {
    200: historyResponse(
      "HotelHistoryEnvelope",
      { platform: z.string(), id: z.string().openapi({ description: "The hotel's id on the platform" }) },
      EXAMPLE,
    ),
    ...openApiErrorResponses,
  },
});

export function registerTravelHotelHistory(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => {
    const { platform: slugText, id } = c.req.valid("param");
    const [slug, ...others] = platformList(slugText);
    if (others.length > 0)
      throw new ApiError("invalid_request", "A hotel's history is on one platform: name one, not a list.", {
        details: [{ parameter: "platform", in: "path", message: "one platform" }],
      });
    return answerHistory(c, hotelItem(slug!, id), c.req.valid("query"), {
      what: `${slug} hotel ${id}`,
      data: { platform: slug, id },
    });
  });
}
