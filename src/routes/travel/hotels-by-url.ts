// GET /v1/travel/hotel-list?url=: any travel site's list of places to stay by its address (a search's
// results, a city's page of hotels), read by the travel platform that owns its host or by the generic
// list reader, each card as the list shows it.
import { z, type OpenAPIHono } from "@hono/zod-openapi";
import { apiKey, defineRoute } from "../define-route";
import type { AppEnv } from "../../env";
import { exampleEnvelope, openApiErrorResponses, successBody } from "../../envelope";
import { ApiError } from "../../errors";
import { genericLodging } from "../../platforms/hotel-readers/generic-hotel";
import { type HotelListPage, readHotelList } from "../../platforms/hotel-readers/hotel-list";
import type { HotelRecord } from "../../platforms/hotel-types";
import { travelSiteOf } from "../../platforms/sites";
import { completenessSchema, hasValue, listCompleteness } from "../../scrape/completeness";
import { scrapeConfig } from "../../scrape/config";
import { hotelConfidence } from "../../scrape/extract/confidence";
import { type ScrapeMeta, scrape } from "../../scrape/scrape";
import { freshnessOf, freshnessQuery } from "../freshness";
import { guardedUrl } from "../guarded-url";
import { scrapeErrorToApi } from "../scrape-errors";

const nullableText = z.string().nullable();

const ListedHotelSchema = z
  .object({
    id: nullableText.openapi({ description: "The site's own id for the hotel, where the card shows one" }),
    name: nullableText,
    review_score: z.number().nullable().openapi({ description: "0–10, from the list's own scale" }),
    review_score_original: z.object({ score: z.number(), scale: z.number().int() }).nullable().openapi({
      description: "The score as the card prints it, on the list's scale (10 when any card scores above 5)",
    }),
    review_count: z.number().int().nullable(),
    price_per_night: z.number().nullable().openapi({
      description: "The price the card shows, in `currency`: a night's on most lists (the site's own terms say which)",
    }),
    currency: nullableText,
    image_url: nullableText,
    booking_url: nullableText.openapi({ description: "The card's link: the hotel's page on that site" }),
    sponsored: z.boolean(),
  })
  .openapi("ListedHotel");

const LIST_EXAMPLE = {
  url: "http://127.0.0.1:8790/real/corpus/batch-04/googlehotels/delulu_google_hotels_search_paris-budget.html",
  platform: "generic",
  hotels: [
    {
      id: null,
      name: "Au Royal Mad",
      review_score: 6.2,
      review_score_original: { score: 3.1, scale: 5 },
      review_count: 704,
      price_per_night: 52,
      currency: "EUR",
      image_url:
        "https://lh6.googleusercontent.com/proxy/ci8hUcYu8V7sV9A_-9HTS0MdSIj1bay_40HRYx5xRc8M7O4BxAXNR-sohb0qcZxZJr7j9erypdGuByLlipJDNOzjtGFqJs-n-Akwn2sZXcJJgtZsuzUcfWnFXEwpSrE6qZHb-X3B1j49G44lHCyonvwNw4X4qEw=s287-w287-h192-n-k-no-v1",
      booking_url: "http://127.0.0.1:8790/travel/hotels/entity/ChgIi9f9tKThzLagARoLL2cvMXRneGhjYjYQAQ?q=Paris",
      sponsored: false,
    },
  ],
  total_results: 320,
  has_next_page: true,
};

const listRoute = defineRoute({
  access: apiKey("travel:read"),
  readsSites: true,
  method: "get",
  path: "/v1/travel/hotel-list",
  tags: ["travel"],
  summary: "Any travel site's list of hotels by its address",
  description:
    "The hotels a list page shows (a search's results, a city's page of hotels, on any travel site), each card as the list shows it: name, price, review score and count, link and picture. " +
    "A page of a travel platform (booking, expedia, hotels, airbnb) is read by that platform's reader, any other site's by the generic list reader, which reads the cards the way shops' lists are read. " +
    "The price is the card's own (a night's on most lists, a stay's on some: the site's own terms say which); scores are given out of 10 and as printed. " +
    "A page that lists no hotel is a 422 `no_data`, a bot wall `upstream_blocked`; neither is charged. To search by city and dates across platforms, use `GET /v1/travel/{platform}/hotels/search`.",
  request: {
    query: z.object({
      url: z
        .string({ error: "url is required: the address of a travel site's list of hotels" })
        .min(1, "url must not be empty")
        .max(2_000)
        .openapi({
          description: "The list page's address (http or https, a public host)",
          example: LIST_EXAMPLE.url,
        }),
      ...freshnessQuery,
    }),
  },
  responses: {
    200: {
      description: "The hotels the list shows, in its order",
      content: {
        "application/json": {
          schema: z
            .object({
              status: z.literal("success"),
              data: z.object({
                url: z.string(),
                platform: z.string().openapi({ description: "The reader: a travel platform's slug, or `generic`" }),
                hotels: z.array(ListedHotelSchema),
                total_results: z.number().int().nullable().openapi({ description: "The site's own count, if shown" }),
                has_next_page: z.boolean(),
              }),
              meta: z
                .object({
                  request_id: z.string(),
                  timestamp: z.string(),
                  completeness: completenessSchema("hotel-list"),
                })
                .passthrough(),
            })
            .openapi("HotelListEnvelope"),
          example: exampleEnvelope(LIST_EXAMPLE, {
            scrape: {
              source_url: LIST_EXAMPLE.url,
              engine: "fetch",
              cache: "miss",
              fetched_at: "2026-12-06T09:59:56.204Z",
              proxy: null,
              captcha: "none",
            } satisfies ScrapeMeta,
            data_freshness: "real-time",
            completeness: listCompleteness("hotel-list", LIST_EXAMPLE.hotels),
          }),
        },
      },
    },
    ...openApiErrorResponses,
  },
});

/** The card fields the confidence table knows (scripts/calibrate.ts). */
const CARD_FIELDS = ["name", "price_per_night", "currency", "review_score", "review_count"] as const;

/** A card as the answer gives it: its score out of 10 beside the score as printed. */
function listedHotel(hotel: HotelRecord, scale: number) {
  const printed = hotel.review_score === null ? null : Math.round(((hotel.review_score * scale) / 10) * 100) / 100;
  return {
    id: hotel.id,
    name: hotel.name,
    review_score: hotel.review_score,
    review_score_original: printed === null ? null : { score: printed, scale },
    review_count: hotel.review_count,
    price_per_night: hotel.price_per_night ?? hotel.total_price,
    currency: hotel.currency,
    image_url: hotel.image_url,
    booking_url: hotel.booking_url,
    sponsored: hotel.sponsored,
  };
}

export function registerTravelHotelsByUrl(app: OpenAPIHono<AppEnv>) {
  app.openapi(listRoute, async (c) => {
    const query = c.req.valid("query");
    const url = guardedUrl(c.env, query.url);
    const platform = travelSiteOf(url, scrapeConfig(c.env));
    const read = (html: string, at: string): HotelListPage =>
      platform ? { ...platform.parseSearch(html, at), review_scale: platform.reviewScale } : readHotelList(html, at);
    try {
      const { record, meta } = await scrape<HotelListPage>(c.env, {
        platform: platform?.slug ?? genericLodging.slug,
        kind: "hotel-search",
        url,
        params: { url },
        engines: (platform ?? genericLodging).engines,
        parse: read,
        isEmpty: (page) => page.hotels.length === 0,
        detectChallenge: (html, status) => (platform ?? genericLodging).detectChallenge(html, status),
        accountId: c.get("identity").accountId,
        freshness: freshnessOf(query),
        waitUntil: (p) => c.executionCtx.waitUntil(p),
      });
      if (record.hotels.length === 0)
        throw new ApiError(
          "no_data",
          `The page ${meta.source_url} lists no hotel: no card on it names a place with a link. Pass the address of a travel site's list of hotels (a search's results or a city's page).`,
        );
      const hotels = record.hotels.map((hotel) => listedHotel(hotel, record.review_scale));
      const counted = listCompleteness("hotel-list", hotels);
      // Each field any card of the list holds, with how often such a value was right on real pages.
      const held = CARD_FIELDS.filter((field) => hotels.some((hotel) => hasValue(hotel[field])));
      const completeness = { ...counted, confidence: hotelConfidence(held, platform ? "site" : "list") };
      return c.json(
        successBody(
          c,
          {
            url,
            platform: platform?.slug ?? "generic",
            hotels,
            total_results: record.total_results,
            has_next_page: record.has_next_page,
          },
          {
            scrape: meta,
            data_freshness:
              meta.cache === "hit" || meta.cache === "stale" ? ("cached" as const) : ("real-time" as const),
            completeness,
          },
        ),
        200,
      );
    } catch (err) {
      throw scrapeErrorToApi(err);
    }
  });
}
