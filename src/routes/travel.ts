import { z, type OpenAPIHono } from "@hono/zod-openapi";
import { apiKey, defineRoute } from "./define-route";
import type { Context } from "hono";
import type { AppEnv } from "../env";
import { csvResponse, wantsCsv } from "../csv";
import { MetaSchema, openApiErrorResponses, successBody, successEnvelope } from "../envelope";
import { ApiError } from "../errors";
import { TRAVEL_PLATFORMS, type TravelSlug } from "../scrape/platforms/travel";
import { loadRates, type Rates } from "../travel/currency";
import { mergeHotels } from "../travel/merge";
import { distanceKm, resolveDestination, type Place } from "../travel/places";
import { searchPlatforms } from "../travel/search";
import { CurrencyHeader, HotelSchema, HotelSearchQuery, nightsBetween, parseRadius } from "./travel-schemas";

const tags = ["travel"];
const SLUGS = Object.keys(TRAVEL_PLATFORMS) as TravelSlug[];

const searchRoute = defineRoute({ access: apiKey("travel:read"), 
  method: "get",
  path: "/v1/travel/{platform}/hotels/search",
  tags,
  summary: "Hotels with prices and availability, from one platform or several merged",
  description:
    "`{platform}` is one of booking, expedia, hotels, airbnb, a comma list, or `all`. Platforms are queried in parallel under a deadline; " +
    "the same hotel on several platforms is merged with one offer per platform, cheapest first; `data.meta.platforms` reports each platform's status.",
  request: { params: z.object({ platform: z.string().openapi({ param: { name: "platform", in: "path" }, example: "booking,expedia" }) }), query: HotelSearchQuery, headers: CurrencyHeader },
  responses: {
    200: {
      description: "Hotels",
      content: {
        "application/json": {
          schema: z.object({
            status: z.literal("success"),
            data: z.object({
              platform: z.string(),
              destination: z.string(),
              check_in: z.string(),
              check_out: z.string(),
              hotels: z.array(HotelSchema),
              meta: z.object({ request_id: z.string(), timestamp: z.string(), data_freshness: z.enum(["real-time", "cached"]), cached_at: z.string().optional(), total_results: z.number().int() }).passthrough(),
            }),
            meta: MetaSchema,
          }).openapi("HotelSearchEnvelope"),
        },
        "text/csv": { schema: z.string() },
      },
    },
    ...openApiErrorResponses,
  },
});

const platformsRoute = defineRoute({ access: apiKey("travel:read"), 
  method: "get",
  path: "/v1/travel/platforms",
  tags,
  summary: "Travel platforms",
  responses: {
    200: {
      description: "Travel platforms and their review scales",
      content: { "application/json": { schema: successEnvelope(z.array(z.object({ slug: z.string(), name: z.string(), review_scale: z.number(), engines: z.array(z.string()) })), "TravelPlatformsEnvelope") } },
    },
    ...openApiErrorResponses,
  },
});

export function platformList(text: string): TravelSlug[] {
  const requested = text === "all" ? SLUGS : [...new Set(text.split(",").map((s) => s.trim().toLowerCase()))];
  const unknown = requested.filter((slug) => !SLUGS.includes(slug as TravelSlug));
  if (unknown.length > 0 || requested.length === 0) {
    throw new ApiError("not_found", `Unknown travel platform ${unknown.map((u) => `\`${u}\``).join(", ")}; use ${SLUGS.join(", ")}, a comma list of them, or all.`);
  }
  return requested as TravelSlug[];
}

export async function answerCurrency(c: Context<AppEnv>, requested: string | undefined): Promise<{ code: string; rates: Rates }> {
  const rates = await loadRates(c.env.DB);
  const code = (requested ?? "EUR").toUpperCase();
  if (!(code in rates.perEur)) {
    throw new ApiError("invalid_request", `X-Currency \`${code}\` is not a currency we have rates for; use one of ${Object.keys(rates.perEur).sort().join(", ")}.`, {
      details: [{ parameter: "X-Currency", in: "header", message: "unknown currency" }],
    });
  }
  return { code, rates };
}

async function destinationOr400(db: D1Database, text: string): Promise<Place> {
  const resolved = await resolveDestination(db, text);
  if (resolved.place) return resolved.place;
  const hint = resolved.suggestions.length ? ` Did you mean ${resolved.suggestions.map((p) => `${p.name} (${p.country})`).join(", ")}?` : "";
  throw new ApiError("invalid_request", `We do not know the destination \`${text}\`; use a city, region or landmark name.${hint}`, {
    details: [{ parameter: "destination", in: "query", message: "unknown place" }],
  });
}

/** The city the sites are searched with: the place itself, or the nearest big city to a region or landmark. */
async function searchCity(db: D1Database, place: Place): Promise<string> {
  if (place.kind === "city") return place.name;
  const row = await db
    .prepare(`SELECT name FROM places WHERE kind = 'city' AND population >= 100000 ORDER BY ((latitude - ?1) * (latitude - ?1) + (longitude - ?2) * (longitude - ?2)) LIMIT 1`)
    .bind(place.latitude, place.longitude)
    .first<{ name: string }>();
  return row?.name ?? place.name;
}

export function registerTravel(app: OpenAPIHono<AppEnv>) {
  app.openapi(platformsRoute, (c) =>
    c.json(successBody(c, Object.values(TRAVEL_PLATFORMS).map((p) => ({ slug: p.slug, name: p.name, review_scale: p.reviewScale, engines: p.engines }))), 200),
  );

  app.openapi(searchRoute, async (c) => {
    const slugs = platformList(c.req.valid("param").platform);
    const query = c.req.valid("query");
    const currency = await answerCurrency(c, c.req.valid("header")["x-currency"]);
    const place = await destinationOr400(c.env.DB, query.destination);
    const nights = nightsBetween(query.check_in, query.check_out);
    const centre = query.latitude !== undefined && query.longitude !== undefined ? { latitude: query.latitude, longitude: query.longitude } : place;
    // A landmark means "near it": without an explicit radius, its own surroundings.
    const radiusKm = query.radius !== undefined ? parseRadius(query.radius)! : place.kind === "landmark" ? Math.max(place.radius_km, 3) : null;

    const { hotels, reports } = await searchPlatforms(c.env, (p) => c.executionCtx.waitUntil(p), {
      slugs,
      stay: { searchName: await searchCity(c.env.DB, place), checkIn: query.check_in, checkOut: query.check_out, nights, adults: query.adults, rooms: query.rooms },
      accountId: c.var.identity.accountId,
      currency: currency.code,
      rates: currency.rates,
      freshness: { maxAge: query.max_age, fresh: query.fresh === "true" },
    });
    if (Object.values(reports).every((r) => r.status !== "ok")) {
      throw new ApiError("upstream_blocked", `No platform answered: ${Object.entries(reports).map(([slug, r]) => `${slug} ${r.status}`).join(", ")}. Retry later.`, { retryAfter: 30 });
    }

    let merged = mergeHotels(hotels, place.name).map((hotel) => {
      if (hotel.latitude === null || hotel.longitude === null) return hotel;
      return { ...hotel, distance_km: Math.round(distanceKm(centre.latitude, centre.longitude, hotel.latitude, hotel.longitude) * 100) / 100 };
    });
    merged = merged.filter((hotel) => {
      const distance = (hotel as { distance_km?: number }).distance_km;
      if (radiusKm !== null && (distance === undefined || distance > radiusKm)) return false;
      if (query.min_stars !== undefined && (hotel.star_rating ?? 0) < query.min_stars) return false;
      if (query.min_price !== undefined && (hotel.price_per_night === null || hotel.price_per_night < query.min_price)) return false;
      if (query.max_price !== undefined && (hotel.price_per_night === null || hotel.price_per_night > query.max_price)) return false;
      return true;
    });
    const sort = query.sort ?? (place.kind === "landmark" || query.latitude !== undefined ? "distance" : "price");
    const key = (hotel: (typeof merged)[number]) =>
      sort === "price" ? (hotel.price_per_night ?? Infinity) : sort === "rating" ? -(hotel.review_score ?? -1) : ((hotel as { distance_km?: number }).distance_km ?? Infinity);
    merged.sort((a, b) => key(a) - key(b));

    const page = merged.slice((query.page - 1) * query.limit, query.page * query.limit);
    if (wantsCsv(c)) return csvResponse(c, page, "hotels.csv");
    const fetchedAts = Object.values(reports).map((r) => r.fetched_at).filter((t): t is string => t !== null);
    const allLive = Object.values(reports).every((r) => r.status !== "ok" || r.cache === "miss" || r.cache === "bypass");
    const rateUsed = [...new Set(hotels.map((h) => h.offer.original.currency).filter((from): from is string => !!from && from !== currency.code))].map((from) => ({
      from,
      to: currency.code,
      rate: Math.round((currency.rates.perEur[currency.code]! / currency.rates.perEur[from]!) * 1e6) / 1e6,
      date: currency.rates.date,
    }));
    const { request_id, timestamp } = successBody(c, null).meta;
    return c.json(
      successBody(c, {
        platform: slugs.length === SLUGS.length && c.req.valid("param").platform === "all" ? "all" : slugs.join(","),
        destination: `${place.name}, ${place.country}`,
        check_in: query.check_in,
        check_out: query.check_out,
        hotels: page,
        meta: {
          request_id,
          timestamp,
          data_freshness: allLive ? ("real-time" as const) : ("cached" as const),
          ...(allLive ? {} : { cached_at: fetchedAts.sort()[0] }),
          total_results: merged.length,
          page: query.page,
          limit: query.limit,
          nights,
          location: { kind: place.kind, name: place.name, country: place.country, latitude: centre.latitude, longitude: centre.longitude, radius_km: radiusKm },
          currency: { code: currency.code, conversions: rateUsed, source: currency.rates.source },
          platforms: reports,
        },
      }),
      200,
    );
  });
}
