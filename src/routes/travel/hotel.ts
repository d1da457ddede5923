import { hotelConfidence } from "../../scrape/extract/confidence";
import { z, type OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import { apiKey, defineRoute } from "../define-route";
import { observeHotelPage } from "../../price-observations";
import type { AppEnv } from "../../env";
import { completenessSchema, recordCompleteness } from "../../scrape/completeness";
import { exampleEnvelope, openApiErrorResponses, successBody } from "../../envelope";
import { ApiError } from "../../errors";
import { TRAVEL_PLATFORMS } from "../../platforms/index";
import { scrapeHotelAt, scrapeHotelPage } from "../../travel/hotel-page";
import type { HotelPage } from "../../travel/provenance";
import type { HotelPageReader } from "../../platforms/types";
import { genericLodging } from "../../platforms/hotel-readers/generic-hotel";
import { travelSiteOf } from "../../platforms/sites";
import { checkUrl } from "../../net/url-guard";
import { urlGuardOptions } from "../../net/guard-options";
import { scrapeConfig } from "../../scrape/config";
import type { ScrapeMeta } from "../../scrape/scrape";
import { pricedDetail, unreadablePrices } from "../../travel/pricing";
import { answerSources, pageReasons } from "../../travel/provenance";
import { scrapeErrorToApi } from "../scrape-errors";
import { answerCurrency, platformList } from "./params";
import { CurrencyHeader, ExplainQuery, nightsBetween, STAY_EXAMPLE } from "./schemas";
import { freshnessOf, freshnessQuery } from "../freshness";
import { HOTEL_DETAIL_EXAMPLE, HOTEL_DETAIL_META_EXAMPLE } from "./examples";
import { HotelDetailSchema } from "./hotel-schema";

/**
 * A hotel page's query: `fields` first, then the stay it is asked for (both dates or neither, at
 * least one night), freshness and `explain`.
 */
function hotelPageQuery<Fields extends z.ZodRawShape>(fields: Fields) {
  return z
    .object({
      ...fields,
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
    .refine((q) => datesTogether(q as Stay), { message: "check_in and check_out go together", path: ["check_out"] })
    .refine((q) => atLeastOneNight(q as Stay), { message: "check_out must be after check_in", path: ["check_out"] });
}

type Stay = { check_in?: string; check_out?: string };
const datesTogether = (q: Stay) => (q.check_in === undefined) === (q.check_out === undefined);
const atLeastOneNight = (q: Stay) => !q.check_in || !q.check_out || nightsBetween(q.check_in, q.check_out) >= 1;

const hotelResponses = {
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
};

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

const pageRoute = defineRoute({
  access: apiKey("travel:read"),
  readsSites: true,
  method: "get",
  path: "/v1/travel/hotel",
  tags: ["travel"],
  summary: "Any hotel's page by its address",
  description:
    "A hotel page by `url`, answered like `GET /v1/travel/{platform}/hotels/{id}`: a page of a travel platform (booking, expedia, hotels, airbnb) is read by that platform's reader, " +
    "any other page (a hotel's own site or booking engine) by the generic reader: schema.org `Hotel`/`LodgingBusiness` data, meta tags, the main heading, the address shown, a review widget's score and count, and the room prices the page lists. " +
    "`data.platforms` names the reader (`generic` for a page off the platforms). The page is read as it is at that address: give `check_in` and `check_out` when it is priced for a stay, so that a stay's total is also given per night. " +
    "A page that shows no hotel is a 422 `no_data`; a bot wall is `upstream_blocked`; neither is charged.",
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

  app.openapi(pageRoute, async (c) => {
    const query = c.req.valid("query");
    let url: string;
    try {
      // Names are resolved and checked by the engines, which guard every request they make.
      url = checkUrl(query.url, urlGuardOptions(c.env)).url.toString();
    } catch (err) {
      throw scrapeErrorToApi(err);
    }
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

const stayNights = (query: Stay) =>
  query.check_in && query.check_out ? nightsBetween(query.check_in, query.check_out) : null;

/** A hotel page's answer: priced for the stay in the answer's currency, its completeness, and its sources for `explain=true`. */
function answerHotelPage(
  c: Context<AppEnv>,
  page: {
    reader: HotelPageReader;
    record: HotelPage;
    meta: ScrapeMeta;
    nights: number | null;
    currency: Awaited<ReturnType<typeof answerCurrency>>;
    explain: string | undefined;
  },
) {
  const { reader, meta, nights, currency } = page;
  const { sources, ...detail } = page.record;
  const data = pricedDetail(detail, reader, nights, currency.code, currency.rates);
  const reasons = pageReasons(reader, {
    dated: nights !== null,
    soldOut: detail.rooms.length > 0 && detail.rooms.every((room) => room.available === false),
    unreadable: unreadablePrices(detail, currency.rates),
  });
  const explained = { ...data, sources: answerSources(data, sources, `${reader.slug} hotel page`) };
  const counted = recordCompleteness("hotel", data, reasons);
  const completeness = { ...counted, confidence: hotelConfidence(counted.filled) };
  return c.json(
    successBody(c, page.explain === "true" ? explained : data, {
      scrape: meta,
      data_freshness: meta.cache === "hit" || meta.cache === "stale" ? ("cached" as const) : ("real-time" as const),
      completeness,
    }),
    200,
  );
}
