import { hotelConfidence } from "../../scrape/extract/confidence";
import { freshnessOf } from "../freshness";
import { z, type OpenAPIHono } from "@hono/zod-openapi";
import { apiKey, defineRoute } from "../define-route";
import { observeHotelSearch } from "../../price-observations";
import { localHint } from "../../replica-hint";
import { TRAVEL_PLATFORMS } from "../../platforms/index";
import type { AppEnv } from "../../env";
import { csvResponse, schemaColumns, wantsCsv } from "../../csv";
import { completenessSchema, HOTEL_FIELDS, hasValue, listCompleteness } from "../../scrape/completeness";
import { exampleEnvelope, openApiErrorResponses, successBody } from "../../envelope";
import { CountedPaginationSchema, pagination } from "../../pagination";
import { ApiError } from "../../errors";
import { mergeHotels } from "../../travel/merge";
import { isPoint, resolveDestination, searchCity } from "../../travel/places";
import { activeFilters, arrangeHotels, relevanceOrder } from "../../travel/results";
import { searchPlatforms } from "../../travel/search";
import { ENRICHMENT, enrichHotels } from "../../travel/enrich";
import { hotelPageLoader } from "../../travel/hotel-page";
import { searchReasons } from "../../travel/provenance";
import { answerCurrency, platformList, TRAVEL_SLUGS } from "./params";
import { HotelSchema } from "./hotel-schema";
import { CurrencyHeader, nightsBetween, parseRadius } from "./schemas";
import { HotelSearchQuery, hotelFilters } from "./search-query";
import {
  alternativeOf,
  defaultRadiusKm,
  FiltersSchema,
  filtersReport,
  LocationAlternativeSchema,
  LocationSchema,
  locationOf,
  answeredHotels,
  conversionsUsed,
  searchCentre,
} from "./search-answer";
import { HOTEL_SEARCH_EXAMPLE, HOTEL_SEARCH_META_EXAMPLE } from "./examples";

const tags = ["travel"];

const searchRoute = defineRoute({
  access: apiKey("travel:read"),
  readsSites: true,
  method: "get",
  path: "/v1/travel/{platform}/hotels/search",
  tags,
  summary: "Hotels with prices and availability, from one platform or several merged",
  description:
    `\`{platform}\` is one of ${Object.keys(TRAVEL_PLATFORMS).join(", ")}, a comma list, or \`all\`. ` +
    "Platforms are queried in parallel under a deadline; " +
    "the same hotel on several platforms is merged with one offer per platform, cheapest first; `data.meta.platforms` reports each platform's status. " +
    "`meta.completeness` says which hotel fields every hotel has and why the others are missing; `explain=true` adds each field's source.",
  request: {
    params: z.object({
      platform: z.string().openapi({
        param: { name: "platform", in: "path" },
        description: `one of ${Object.keys(TRAVEL_PLATFORMS).join(", ")}, a comma list of them, or all`,
        example: "booking,expedia",
      }),
    }),
    query: HotelSearchQuery,
    headers: CurrencyHeader,
  },
  responses: {
    200: {
      description: "Hotels",
      content: {
        "application/json": {
          schema: z
            .object({
              status: z.literal("success"),
              data: z.object({
                platform: z.string(),
                destination: z.string().openapi({ description: "`destination` as sent" }),
                location: LocationSchema,
                check_in: z.string(),
                check_out: z.string(),
                hotels: z.array(HotelSchema),
                meta: z
                  .object({
                    request_id: z.string(),
                    timestamp: z.string(),
                    data_freshness: z.enum(["real-time", "cached"]),
                    cached_at: z.string().optional(),
                    enriched_from: z.record(z.string(), z.record(z.string(), z.string())).openapi({
                      description:
                        "Per hotel id, each field filled from elsewhere than its search card: another platform's copy (`expedia`) or its own page (`booking hotel page`)",
                    }),
                    filters: FiltersSchema,
                    location_alternatives: z
                      .array(LocationAlternativeSchema)
                      .openapi({ description: "Other places of the same name; send `Name, CC` to pick one" }),
                  })
                  .passthrough(),
              }),
              meta: z
                .object({
                  request_id: z.string(),
                  timestamp: z.string(),
                  completeness: completenessSchema("hotel-search"),
                  pagination: CountedPaginationSchema.openapi({
                    description: "Over the merged, filtered hotels: `total` counts those that passed the filters",
                  }),
                })
                .passthrough(),
            })
            .openapi("HotelSearchEnvelope"),
          example: exampleEnvelope(HOTEL_SEARCH_EXAMPLE, HOTEL_SEARCH_META_EXAMPLE),
        },
        "text/csv": { schema: z.string() },
      },
    },
    ...openApiErrorResponses,
  },
});

async function destinationOr400(db: D1Database, text: string) {
  const resolved = await resolveDestination(db, text);
  if (resolved.place) return resolved;
  const hint = resolved.suggestions.length
    ? ` Did you mean ${resolved.suggestions.map((p) => `${p.name} (${p.country})`).join(", ")}?`
    : "";
  throw new ApiError(
    "invalid_request",
    `We do not know the destination \`${text}\`; use a city, region or landmark name, or latitude,longitude.${hint}`,
    {
      details: [{ parameter: "destination", in: "query", message: "unknown place" }],
    },
  );
}

export function registerTravel(app: OpenAPIHono<AppEnv>) {
  app.openapi(searchRoute, async (c) => {
    const slugs = platformList(c.req.valid("param").platform);
    const query = c.req.valid("query");
    const currency = await answerCurrency(c, c.req.valid("header")["x-currency"]);
    const { place, alternatives } = await destinationOr400(c.env.DB, query.destination);
    const nights = nightsBetween(query.check_in, query.check_out);
    const centre = searchCentre(place, query);
    const radiusKm = query.radius !== undefined ? parseRadius(query.radius)! : defaultRadiusKm(place);
    const children = query.children ?? [];
    const filters = hotelFilters(query, radiusKm);

    const { hotels, reports, fromOwnSite } = await searchPlatforms(c.env, (p) => c.executionCtx.waitUntil(p), {
      slugs,
      stay: {
        searchName: await searchCity(c.env.DB, place),
        checkIn: query.check_in,
        checkOut: query.check_out,
        nights,
        adults: query.adults,
        children,
        rooms: query.rooms,
      },
      accountId: c.get("identity").accountId,
      currency: currency.code,
      rates: currency.rates,
      freshness: freshnessOf(query),
    });
    if (Object.values(reports).every((r) => r.status !== "ok")) {
      throw new ApiError(
        "upstream_blocked",
        `No platform answered: ${Object.entries(reports)
          .map(([slug, r]) => `${slug} ${r.status}`)
          .join(", ")}. Retry later.`,
        { retryAfter: 30 },
      );
    }

    observeHotelSearch(c, hotels, reports, fromOwnSite);

    // Cards leave out what only a hotel's own page shows; those pages fill it, a few at a time.
    const merged = await enrichHotels(mergeHotels(hotels, place.name), {
      ...ENRICHMENT,
      maxHotels: query.enrich === "true" ? ENRICHMENT.maxHotels : 0,
      load: hotelPageLoader(c.env, (p) => c.executionCtx.waitUntil(p), {
        stay: { checkIn: query.check_in, checkOut: query.check_out, adults: query.adults },
        accountId: c.get("identity").accountId,
        freshness: freshnessOf(query),
      }),
      nights,
      currency: currency.code,
      rates: currency.rates,
    });
    const arranged = arrangeHotels(merged, {
      ...filters,
      centre,
      sort: query.sort ?? (isPoint(place) || centre.explicit ? "distance" : "price"),
      relevance: relevanceOrder(hotels, slugs),
      page: query.page,
      limit: query.limit,
    });
    const { hotels: answered, enrichedFrom } = answeredHotels(arranged.page, query.explain === "true");
    if (wantsCsv(c)) return csvResponse(c, answered, "hotels.csv", schemaColumns(HotelSchema));
    // A field a failed platform shows might have come from its copy of a hotel.
    const failed = Object.keys(reports).filter((slug) => reports[slug]!.status !== "ok");
    const counted = listCompleteness("hotel-search", arranged.page, searchReasons(failed));
    // Each field any hotel of the page holds, with how often such a value was right on real pages.
    const held = HOTEL_FIELDS.filter((field) => arranged.page.some((hotel) => hasValue(hotel[field])));
    const completeness = { ...counted, confidence: hotelConfidence(held) };
    const fetchedAts = Object.values(reports)
      .map((r) => r.fetched_at)
      .filter((t): t is string => t !== null);
    const allLive = Object.values(reports).every(
      (r) => r.status !== "ok" || r.cache === "miss" || r.cache === "bypass",
    );
    const { request_id, timestamp } = successBody(c, null).meta;
    // Locally, an empty answer names what the replica sites hold (nothing in production).
    const hint = arranged.total === 0 ? await localHint(c.env, { kind: "hotels" }) : undefined;
    return c.json(
      successBody(
        c,
        {
          platform:
            slugs.length === TRAVEL_SLUGS.length && c.req.valid("param").platform === "all" ? "all" : slugs.join(","),
          // As sent: the place it resolved to is `location`.
          destination: c.req.query("destination") ?? query.destination,
          location: locationOf(place, centre, radiusKm),
          check_in: query.check_in,
          check_out: query.check_out,
          hotels: answered,
          meta: {
            request_id,
            timestamp,
            data_freshness: allLive ? ("real-time" as const) : ("cached" as const),
            ...(allLive ? {} : { cached_at: fetchedAts.sort()[0] }),
            enriched_from: enrichedFrom,
            filters: filtersReport(
              children,
              activeFilters(filters).map((filter) => filter.parameter),
            ),
            location_alternatives: alternatives.map(alternativeOf),
            nights,
            currency: {
              code: currency.code,
              conversions: conversionsUsed(hotels, currency),
              source: currency.rates.source,
            },
            platforms: reports,
          },
        },
        { completeness, pagination: pagination(query.page, query.limit, arranged.total), ...(hint && { hint }) },
      ),
      200,
    );
  });
}
