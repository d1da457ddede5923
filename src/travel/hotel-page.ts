// A hotel's own page on one platform, scraped (and cached) the same way for the hotel route
// and for filling search results: one cache entry per hotel, stay and party.
import type { Freshness } from "../scrape/cache";
import { TRAVEL_PLATFORMS, type TravelSlug } from "../platforms/index";
import type { HotelPageReader } from "../platforms/types";
import { scrape } from "../scrape/scrape";
import { scrapeConfig } from "../scrape/config";
import { originFor } from "../platforms/sites";
import type { HotelPageLoader } from "./enrich";
import { type HotelPage, readHotelPage } from "./provenance";

export interface HotelPageQuery {
  checkIn?: string;
  checkOut?: string;
  adults?: number;
}

export function scrapeHotelPage(
  env: Env,
  waitUntil: (promise: Promise<unknown>) => void,
  request: {
    platform: TravelSlug;
    id: string;
    stay: HotelPageQuery;
    accountId: string;
    freshness: Freshness;
  },
) {
  const platform = TRAVEL_PLATFORMS[request.platform];
  return scrapeHotelAt(env, waitUntil, {
    reader: platform,
    url: platform.hotelUrl(request.id, request.stay, originFor(scrapeConfig(env), platform)),
    params: { id: request.id, ...request.stay },
    accountId: request.accountId,
    freshness: request.freshness,
  });
}

/**
 * A hotel page at `url` read by `reader` (a travel site's adapter, or the generic reader of any
 * hotel's own page), cached under the reader and `params`: what the page was asked for.
 */
export function scrapeHotelAt(
  env: Env,
  waitUntil: (promise: Promise<unknown>) => void,
  request: {
    reader: HotelPageReader;
    url: string;
    params: Record<string, unknown>;
    accountId: string;
    freshness: Freshness;
  },
) {
  const { reader } = request;
  return scrape<HotelPage>(env, {
    platform: reader.slug,
    kind: "hotel",
    url: request.url,
    params: request.params,
    engines: reader.engines,
    parse: (html, url) => readHotelPage(reader, html, url),
    isEmpty: (hotel) => !hotel.name,
    detectChallenge: (html, status) => reader.detectChallenge(html, status),
    accountId: request.accountId,
    freshness: request.freshness,
    waitUntil,
  });
}

/** Hotel pages for filling search results, for one stay and party, through the same cache. */
export function hotelPageLoader(
  env: Env,
  waitUntil: (promise: Promise<unknown>) => void,
  request: { stay: HotelPageQuery; accountId: string; freshness: Freshness },
): HotelPageLoader {
  return async (platform, id) => {
    const { sources: _sources, ...detail } = (await scrapeHotelPage(env, waitUntil, { ...request, platform, id }))
      .record;
    return detail;
  };
}
