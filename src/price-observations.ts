// What a product or hotel answer adds to the price history (docs/products.md#price-history): the
// item, its market and its price, never who asked. Written after the answer, in `waitUntil`; a
// failed write is logged and the answer stands. An answer from the cache adds nothing: its
// reading was recorded when it was read live. The history is shared by every account, so it takes
// only pages the platform's own sites served (docs/products.md#price-history).
import type { Context } from "hono";
import { type HistoryItem, type PriceObservation, recordPriceObservations } from "./db/price-history";
import type { AppEnv } from "./env";
import { log } from "./log";
import { scrapeConfig } from "./scrape/config";
import { countryOfUrl } from "./scrape/extract/url";
import { fromOwnOrigin } from "./platforms/sites";
import type { CacheState } from "./scrape/cache";
import type { HotelDetail } from "./platforms/hotel-types";
import type { ProductLookup, ProductRecord } from "./scrape/types";
import type { ProductPlatform } from "./platforms/types";
import type { PricedHotel } from "./travel/merge";
import type { TravelPlatform } from "./platforms/types";

const AVAILABLE = "available";
const SOLD_OUT = "sold out";

/** A reading made for this answer, not one served from the cache. */
const readLive = (cache: CacheState | null | undefined) => cache === "miss" || cache === "bypass";

const usablePrice = (price: number | null | undefined): price is number =>
  typeof price === "number" && Number.isFinite(price) && price > 0;

const cents = (amount: number) => Math.round(amount * 100) / 100;

/**
 * Where a product's history is kept: by its id (or, on a URL-only platform, its checked URL) and
 * the national site read, as the country code that site's origin has ("" for a single-site platform).
 * A URL lookup on a marketplace is kept under the id the page gave; null when there is none.
 */
export function productItem(
  platform: ProductPlatform,
  lookup: ProductLookup,
  readId: string | null = null,
): HistoryItem | null {
  if (platform.idParam === "url")
    return lookup.url ? { platform: platform.slug, itemId: lookup.url, market: "" } : null;
  const itemId = lookup.id ?? (readId && platform.id?.pattern.test(readId) ? readId : null);
  if (!itemId) return null;
  const country = lookup.country?.toLowerCase();
  const site = platform.origins[country ?? "default"] ?? platform.origins.default ?? "";
  const fromUrl = lookup.url ? countryOfUrl(lookup.url, platform.origins) : null;
  return { platform: platform.slug, itemId, market: fromUrl ?? countryOfUrl(site, platform.origins) ?? country ?? "" };
}

/** Travel sites are one site each: a hotel's history is kept by its id on the platform. */
export const hotelItem = (platform: string, id: string): HistoryItem => ({ platform, itemId: id, market: "" });

/** Records `observations()` after the answer; nothing it does, throwing included, reaches the answer. */
function recordInBackground(c: Context<AppEnv>, observations: () => PriceObservation[]): void {
  const at = new Date();
  const work = Promise.resolve()
    .then(() => {
      const list = observations();
      return list.length > 0 ? recordPriceObservations(c.get("db"), list, at) : undefined;
    })
    .catch((err) => log.error("price history not recorded", { error: err }));
  try {
    c.executionCtx.waitUntil(work);
  } catch {
    // No execution context (an app called directly in a test): the promise still runs.
  }
}

/**
 * A product answer read live from the platform's own site (`source_url`, the page's address after
 * redirects; see platforms/sites.ts): one observation of its price. A page from anywhere else
 * still answers its caller, but what it claims never enters the history every account reads.
 */
export function observeProduct(
  c: Context<AppEnv>,
  answer: {
    platform: ProductPlatform;
    lookup: ProductLookup;
    product: ProductRecord;
    cache: CacheState;
    sourceUrl: string;
  },
): void {
  const { platform, lookup, product, cache, sourceUrl } = answer;
  if (!readLive(cache) || !usablePrice(product.price?.amount)) return;
  const fetched = { finalUrl: sourceUrl, requestedUrl: lookup.url };
  if (!fromOwnOrigin(platform, fetched, scrapeConfig(c.env))) return;
  recordInBackground(c, () => {
    const item = productItem(platform, lookup, product.id);
    if (!item || !product.price) return [];
    return [
      { ...item, price: product.price.amount, currency: product.price.currency, availability: product.availability },
    ];
  });
}

/**
 * A hotel search: one observation per card of each platform read live from the site itself, at the
 * site's own nightly price and currency (the answer's `X-Currency` would split a hotel's days by who
 * asked). In the hotel search route: `observeHotelSearch(c, hotels, reports, fromOwnSite)` after
 * `searchPlatforms`, which says which platforms' pages came from their own origin.
 */
export function observeHotelSearch(
  c: Context<AppEnv>,
  hotels: readonly PricedHotel[],
  reports: Readonly<Record<string, { cache: CacheState | null }>>,
  fromOwnSite: readonly string[],
): void {
  recordInBackground(c, () =>
    hotels.flatMap(({ platform, offer, currency, rooms_available }) => {
      const nightly = offer.original.price_per_night;
      if (!fromOwnSite.includes(platform) || !readLive(reports[platform]?.cache)) return [];
      if (!offer.id || !usablePrice(nightly)) return [];
      return [
        {
          ...hotelItem(platform, offer.id),
          price: nightly,
          // A card without a currency was priced as the answer's (travel/pricing.ts).
          currency: offer.original.currency ?? currency,
          availability: rooms_available === 0 ? SOLD_OUT : AVAILABLE,
        },
      ];
    }),
  );
}

/**
 * A hotel page read from the site itself: one observation of its headline nightly price (a stay's
 * total over its nights). In the hotel route:
 * `observeHotelPage(c, { platform, id, detail, nights, cache: meta.cache, sourceUrl: meta.source_url })`.
 */
export function observeHotelPage(
  c: Context<AppEnv>,
  page: {
    platform: TravelPlatform;
    id: string;
    detail: HotelDetail;
    nights: number | null;
    cache: CacheState;
    sourceUrl: string;
  },
): void {
  const { detail, nights } = page;
  const nightly =
    detail.price_per_night ?? (detail.total_price !== null && nights ? detail.total_price / nights : null);
  if (!readLive(page.cache) || !usablePrice(nightly)) return;
  if (!fromOwnOrigin(page.platform, { finalUrl: page.sourceUrl }, scrapeConfig(c.env))) return;
  const soldOut = detail.rooms.length > 0 && detail.rooms.every((room) => room.available === false);
  recordInBackground(c, () => [
    {
      ...hotelItem(page.platform.slug, page.id),
      price: cents(nightly),
      currency: detail.currency,
      availability: soldOut ? SOLD_OUT : AVAILABLE,
    },
  ]);
}
