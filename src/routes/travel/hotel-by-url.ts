// GET /v1/travel/hotel?url=: any hotel's page by its address, read by the travel platform that owns
// its host or by the generic lodging reader.
import { z, type OpenAPIHono } from "@hono/zod-openapi";
import { apiKey, defineRoute } from "../define-route";
import type { AppEnv } from "../../env";
import { ApiError } from "../../errors";
import { genericLodging } from "../../platforms/hotel-readers/generic-hotel";
import { TRAVEL_PLATFORMS } from "../../platforms/index";
import { travelSiteOf } from "../../platforms/sites";
import { scrapeConfig } from "../../scrape/config";
import { scrapeHotelAt } from "../../travel/hotel-page";
import { freshnessOf } from "../freshness";
import { guardedUrl } from "../guarded-url";
import { scrapeErrorToApi } from "../scrape-errors";
import { answerCurrency } from "./params";
import { CurrencyHeader } from "./schemas";
import { answerHotelPage, hotelPageQuery, hotelResponses, stayNights } from "./hotel-answer";

const PLATFORM_NAMES = Object.values(TRAVEL_PLATFORMS)
  .map((platform) => platform.slug)
  .join(", ");

const pageRoute = defineRoute({
  access: apiKey("travel:read"),
  readsSites: true,
  method: "get",
  path: "/v1/travel/hotel",
  tags: ["travel"],
  summary: "Any hotel's page by its address",
  description:
    `A hotel page by \`url\`, answered like \`GET /v1/travel/{platform}/hotels/{id}\`: a page of a travel platform (${PLATFORM_NAMES}) is read by that platform's reader, ` +
    "any other page (a hotel's own site or booking engine) by the generic reader: schema.org `Hotel`/`LodgingBusiness` data in JSON-LD, meta tags, the main heading, the address shown, a review widget's score and count, a map's pin, and the room prices the page lists. " +
    "`data.platforms` names the reader (`generic` for a page off the platforms). The page is read as it is at that address: give `check_in` and `check_out` when it is priced for a stay, so that a stay's total is also given per night. " +
    "A page that shows no place to stay (a shop's product, a list) is a 422 `no_data`; a bot wall is `upstream_blocked`; neither is charged.",
  request: {
    query: hotelPageQuery({
      url: z
        .string({ error: "url is required: the address of a hotel's page" })
        .min(1, "url must not be empty")
        .max(2_000)
        .openapi({
          description:
            "The hotel page's address (http or https, a public host); the example is a hotel's own booking engine as the local replicas serve it",
          example: "http://127.0.0.1:8790/real/nostructured/hotelscraper_hotel_includio_regensburg_ibe.html",
        }),
    }),
    headers: CurrencyHeader,
  },
  responses: hotelResponses,
});

export function registerTravelHotelByUrl(app: OpenAPIHono<AppEnv>) {
  app.openapi(pageRoute, async (c) => {
    const query = c.req.valid("query");
    const url = guardedUrl(c.env, query.url);
    const currency = await answerCurrency(c, c.req.valid("header")["x-currency"]);
    const reader = travelSiteOf(url, scrapeConfig(c.env)) ?? genericLodging;
    try {
      const { record, meta } = await scrapeHotelAt(c.env, (p) => c.executionCtx.waitUntil(p), {
        reader,
        url,
        params: { url },
        accountId: c.get("identity").accountId,
        freshness: freshnessOf(query),
      });
      // The readers name no hotel on a page that shows none (a shop's product, a list), after the browser's try.
      if (!record.name)
        throw new ApiError(
          "no_data",
          `The page ${meta.source_url} shows no hotel: nothing on it names a place to stay (no lodging data, rooms, nightly or stay price, stars, or a name or title that says hotel, hostel, inn…). Pass the address of one hotel's own page.`,
        );
      // No price history: an address the caller chose is not the platform's own listing of a hotel it names.
      const nights = stayNights(query);
      return answerHotelPage(c, { reader, record, meta, nights, currency, explain: query.explain });
    } catch (err) {
      throw scrapeErrorToApi(err);
    }
  });
}
