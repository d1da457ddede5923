// Hotel search over one or several travel platforms in parallel, under a deadline.
import type { Freshness } from "../scrape/cache";
import { UpstreamTimeout } from "../scrape/errors";
import { TRAVEL_PLATFORMS, type TravelSlug } from "../platforms/index";
import { scrape, type ScrapeMeta } from "../scrape/scrape";
import { scrapeConfig } from "../scrape/config";
import { fromOwnOrigin, originFor } from "../platforms/sites";
import type { Rates } from "./conversion";
import type { PricedHotel } from "./merge";
import { pricedHotel } from "./pricing";
import { withTimeout } from "../timeout";
import { withoutSponsoredRepeats } from "../sponsored";
import { failureOf, type PlatformStatus } from "./page-outcome";

export interface PlatformReport {
  status: PlatformStatus;
  latency_ms: number;
  cache: ScrapeMeta["cache"] | null;
  fetched_at: string | null;
  hotels: number;
  message?: string;
}

export interface StayQuery {
  /** The name the sites are searched with (a city). */
  searchName: string;
  checkIn: string;
  checkOut: string;
  nights: number;
  adults: number;
  /** Each child's age. */
  children: number[];
  rooms: number;
}

/** The whole multi-platform search must answer within this, partial or not. */
export const SEARCH_DEADLINE_MS = 20_000;

/**
 * Searches every platform at once. A platform that fails or misses the deadline is reported
 * in its status block; the others still answer.
 */
export async function searchPlatforms(
  env: Env,
  waitUntil: (promise: Promise<unknown>) => void,
  options: {
    slugs: TravelSlug[];
    stay: StayQuery;
    accountId: string;
    currency: string;
    rates: Rates;
    freshness: Freshness;
  },
) {
  const reports: Record<string, PlatformReport> = {};
  const hotels: PricedHotel[] = [];
  /** Platforms whose results page came from the site itself, after redirects: only they add to the price history. */
  const fromOwnSite: TravelSlug[] = [];
  await Promise.all(
    options.slugs.map(async (slug) => {
      const platform = TRAVEL_PLATFORMS[slug];
      const started = Date.now();
      const query = {
        destination: options.stay.searchName,
        checkIn: options.stay.checkIn,
        checkOut: options.stay.checkOut,
        adults: options.stay.adults,
        children: options.stay.children,
        rooms: options.stay.rooms,
        page: 1,
      };
      const scraping = scrape(env, {
        platform: slug,
        kind: "hotel-search",
        url: platform.searchUrl(query, originFor(scrapeConfig(env), platform)),
        params: query,
        engines: platform.engines,
        parse: (html, url) => platform.parseSearch(html, url),
        isEmpty: (page) => page.hotels.length === 0,
        detectChallenge: (html, status) => platform.detectChallenge(html, status),
        accountId: options.accountId,
        freshness: options.freshness,
        waitUntil,
      });
      try {
        const { record, meta } = await withTimeout(
          scraping,
          SEARCH_DEADLINE_MS,
          () => new UpstreamTimeout(`no answer within ${SEARCH_DEADLINE_MS / 1000} s`),
        );
        const found = withoutSponsoredRepeats(record.hotels, (hotel) => hotel.id).map((hotel) =>
          pricedHotel(hotel, platform, options.stay.nights, options.currency, options.rates),
        );
        hotels.push(...found);
        if (fromOwnOrigin(platform, { finalUrl: meta.source_url }, scrapeConfig(env))) fromOwnSite.push(slug);
        reports[slug] = {
          status: "ok",
          latency_ms: Date.now() - started,
          cache: meta.cache,
          fetched_at: meta.fetched_at,
          hotels: found.length,
        };
      } catch (err) {
        reports[slug] = {
          status: failureOf(err),
          latency_ms: Date.now() - started,
          cache: null,
          fetched_at: null,
          hotels: 0,
          message: String((err as Error)?.message ?? err).slice(0, 200),
        };
      }
    }),
  );
  return { hotels, reports, fromOwnSite };
}
