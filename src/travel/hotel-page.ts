// A hotel's own page on one platform, scraped (and cached) the same way for the hotel route
// and for filling search results: one cache entry per hotel, stay and party.
import type { Freshness } from "../scrape/cache";
import { TRAVEL_PLATFORMS, type TravelSlug } from "../platforms/index";
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
  return scrape<HotelPage>(env, {
    platform: platform.slug,
    kind: "hotel",
    url: platform.hotelUrl(request.id, request.stay, originFor(scrapeConfig(env), platform)),
    params: { id: request.id, ...request.stay },
    engines: platform.engines,
    parse: (html, url) => readHotelPage(platform, html, url),
    isEmpty: (hotel) => !hotel.name,
    detectChallenge: (html, status) => platform.detectChallenge(html, status),
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
