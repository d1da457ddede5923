import { hotelConfidence } from "../../scrape/extract/confidence";
import { z, type OpenAPIHono } from "@hono/zod-openapi";
import { apiKey, defineRoute } from "../define-route";
import { observeHotelPage } from "../../price-observations";
import type { AppEnv } from "../../env";
import { completenessSchema, recordCompleteness } from "../../scrape/completeness";
import { exampleEnvelope, openApiErrorResponses, successBody } from "../../envelope";
import { ApiError } from "../../errors";
import { TRAVEL_PLATFORMS } from "../../platforms/index";
import { scrapeHotelPage } from "../../travel/hotel-page";
import { pricedDetail, unreadablePrices } from "../../travel/pricing";
import { answerSources, pageReasons } from "../../travel/provenance";
import { scrapeErrorToApi } from "../scrape-errors";
import { answerCurrency, platformList } from "./params";
import { CurrencyHeader, ExplainQuery, nightsBetween, STAY_EXAMPLE } from "./schemas";
import { freshnessOf, freshnessQuery } from "../freshness";
import { HOTEL_DETAIL_EXAMPLE, HOTEL_DETAIL_META_EXAMPLE } from "./examples";
import { HotelDetailSchema } from "./hotel-schema";

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
    query: z
      .object({
        // First, so the one-parameter example call (llms.txt, the docs' examples) asks for the hotel without a stay.
        adults: z.coerce.number().int().min(1).max(30).default(2).openapi({ example: 2 }),
        check_in: z
          .string()
          .regex(/^\d{4}-\d{2}-\d{2}$/, "check_in must be YYYY-MM-DD")
          .optional()
          .openapi({ example: STAY_EXAMPLE.check_in }),
        check_out: z
          .string()
          .regex(/^\d{4}-\d{2}-\d{2}$/, "check_out must be YYYY-MM-DD")
          .optional()
          .openapi({ example: STAY_EXAMPLE.check_out }),
        ...freshnessQuery,
        explain: ExplainQuery,
      })
      .refine((q) => (q.check_in === undefined) === (q.check_out === undefined), {
        message: "check_in and check_out go together",
        path: ["check_out"],
      })
      .refine((q) => !q.check_in || !q.check_out || nightsBetween(q.check_in, q.check_out) >= 1, {
        message: "check_out must be after check_in",
        path: ["check_out"],
      }),
    headers: CurrencyHeader,
  },
  responses: {
    200: {
      description: "The hotel",
      content: {
        "application/json": {
          schema: z
            .object({
              status: z.literal("success"),
              data: HotelDetailSchema,
              meta: z
                .object({ request_id: z.string(), timestamp: z.string(), completeness: completenessSchema("hotel") })
                .passthrough(),
            })
            .openapi("HotelEnvelope"),
          example: exampleEnvelope(HOTEL_DETAIL_EXAMPLE, HOTEL_DETAIL_META_EXAMPLE),
        },
      },
    },
    ...openApiErrorResponses,
  },
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
      const { sources, ...detail } = record;
      const nights = query.check_in && query.check_out ? nightsBetween(query.check_in, query.check_out) : null;
      observeHotelPage(c, { platform, id, detail, nights, cache: meta.cache, sourceUrl: meta.source_url });
      const data = pricedDetail(detail, platform, nights, currency.code, currency.rates);
      const reasons = pageReasons(platform, {
        dated: nights !== null,
        soldOut: detail.rooms.length > 0 && detail.rooms.every((room) => room.available === false),
        unreadable: unreadablePrices(detail, currency.rates),
      });
      const explained = { ...data, sources: answerSources(data, sources, `${platform.slug} hotel page`) };
      const counted = recordCompleteness("hotel", data, reasons);
      const completeness = { ...counted, confidence: hotelConfidence(counted.filled) };
      return c.json(
        successBody(c, query.explain === "true" ? explained : data, {
          scrape: meta,
          data_freshness: meta.cache === "hit" || meta.cache === "stale" ? ("cached" as const) : ("real-time" as const),
          completeness,
        }),
        200,
      );
    } catch (err) {
      throw scrapeErrorToApi(err);
    }
  });
}
