// GET /v1/travel/{platform}/hotels/{id}: one hotel's page on a travel platform, by the platform's id.
import { z, type OpenAPIHono } from "@hono/zod-openapi";
import { apiKey, defineRoute } from "../define-route";
import { observeHotelPage } from "../../price-observations";
import type { AppEnv } from "../../env";
import { ApiError } from "../../errors";
import { TRAVEL_PLATFORMS } from "../../platforms/index";
import { scrapeHotelPage } from "../../travel/hotel-page";
import { freshnessOf } from "../freshness";
import { scrapeErrorToApi } from "../scrape-errors";
import { answerCurrency, platformList } from "./params";
import { CurrencyHeader } from "./schemas";
import { answerHotelPage, hotelPageQuery, hotelResponses, stayNights } from "./hotel-answer";

const route = defineRoute({
  access: apiKey("travel:read"),
  readsSites: true,
  method: "get",
  path: "/v1/travel/{platform}/hotels/{id}",
  tags: ["travel"],
  summary: "One hotel with its room types, prices and reviews",
  description:
    "A hotel page on one platform, as the hotel object of a search (its one platform in `platforms` and `offers`) plus its room types with their prices for the stay, its reviews and description, every price in the `X-Currency` asked for. " +
    "`id` as the platform's search results give it (booking's is the page path, e.g. `ie%2Favalon-house`, URL-encoded). " +
    "`meta.completeness` says which hotel fields the page gave and why the others are missing; `explain=true` adds `data.sources`, the reader each field came from " +
    "(`json-ld`, `meta`, `main heading`, `page address`, or the site's own markup, e.g. `booking markup`) and the other readers that gave the same value.",
  request: {
    params: z.object({
      platform: z.string().openapi({ param: { name: "platform", in: "path" }, example: "hotels" }),
      id: z
        .string()
        .min(1)
        .max(200)
        .openapi({ param: { name: "id", in: "path" }, example: "571511" }),
    }),
    query: hotelPageQuery({
      // First, so the one-parameter example call (llms.txt, the docs' examples) asks for the hotel without a stay.
      adults: z.coerce.number().int().min(1).max(30).default(2).openapi({ example: 2 }),
    }),
    headers: CurrencyHeader,
  },
  responses: hotelResponses,
});

export function registerTravelHotel(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => {
    const { platform: slugText, id } = c.req.valid("param");
    const [slug, ...others] = platformList(slugText);
    if (others.length > 0)
      throw new ApiError("invalid_request", "A hotel page is on one platform: name one, not a list.", {
        details: [{ parameter: "platform", in: "path", message: "one platform" }],
      });
    const platform = TRAVEL_PLATFORMS[slug!];
    const query = c.req.valid("query");
    const currency = await answerCurrency(c, c.req.valid("header")["x-currency"]);
    const stay = { checkIn: query.check_in, checkOut: query.check_out, adults: query.adults };
    try {
      const { record, meta } = await scrapeHotelPage(c.env, (p) => c.executionCtx.waitUntil(p), {
        platform: slug!,
        id,
        stay,
        accountId: c.get("identity").accountId,
        freshness: freshnessOf(query),
      });
      const nights = stayNights(query);
      observeHotelPage(c, { platform, id, detail: record, nights, cache: meta.cache, sourceUrl: meta.source_url });
      return answerHotelPage(c, { reader: platform, record, meta, nights, currency, explain: query.explain });
    } catch (err) {
      throw scrapeErrorToApi(err);
    }
  });
}
