// Fills what search cards leave out (street address, coordinates, amenities, rooms left, the
// room's terms) from the hotel's own page on the platform whose offer it shows, then another's.
// Pages load a few at a time, through the same cache as the hotel route, within a time budget;
// each filled field says where it came from, and each page that failed is kept in the hotel's trail.
import { isTravelSlug, TRAVEL_PLATFORMS, type TravelSlug } from "../platforms/index";
import type { HotelDetail } from "../platforms/hotel-types";
import { fillFrom, FILLABLE_FIELDS, lacks, type MergedHotel } from "./merge";
import { failureOf, type PageFailure } from "./page-outcome";
import { pricedHotel } from "./pricing";
import type { Rates } from "./conversion";

export type HotelPageLoader = (platform: TravelSlug, id: string) => Promise<HotelDetail>;

export interface EnrichOptions {
  load: HotelPageLoader;
  nights: number;
  currency: string;
  rates: Rates;
  /** Pages loading at once from one site; sites are read side by side. */
  concurrency: number;
  /** At most this many hotels are filled (the first ones); the rest keep their cards' fields. */
  maxHotels: number;
  /** Pages are not waited for past this many milliseconds from the start. */
  budgetMs: number;
  /** At most this many pages per hotel. */
  pagesPerHotel?: number;
}

/**
 * How the search route fills hotels: six pages at once per site, the first 60 hotels, two pages
 * each at most, and no waiting past 8 s (a page that comes later fills the cache for next time).
 */
export const ENRICHMENT = { concurrency: 6, maxHotels: 60, pagesPerHotel: 2, budgetMs: 8_000 };

/** A hotel's own pages worth reading: its offers' platforms, cheapest first. */
function pagesOf(hotel: MergedHotel): { platform: TravelSlug; id: string }[] {
  return hotel.offers.flatMap((offer) =>
    offer.id !== null && isTravelSlug(offer.platform) ? [{ platform: offer.platform, id: offer.id }] : [],
  );
}

/** At most `limit` loads at once per site: a search over four sites reads four times as many pages at once as over one. */
function perSite(load: HotelPageLoader, limit: number): HotelPageLoader {
  const running = new Map<TravelSlug, number>();
  const waiting = new Map<TravelSlug, (() => void)[]>();
  return async (platform, id) => {
    const queue = waiting.get(platform) ?? [];
    waiting.set(platform, queue);
    if ((running.get(platform) ?? 0) >= limit) await new Promise<void>((resolve) => queue.push(resolve));
    else running.set(platform, (running.get(platform) ?? 0) + 1);
    try {
      return await load(platform, id);
    } finally {
      // The slot passes straight to the next waiter, so no newcomer can slip in beside it.
      const next = queue.shift();
      if (next) next();
      else running.set(platform, running.get(platform)! - 1);
    }
  };
}

async function enrichOne(
  hotel: MergedHotel,
  options: EnrichOptions,
  load: HotelPageLoader,
  deadline: number,
): Promise<MergedHotel> {
  let filled = hotel;
  for (const page of pagesOf(hotel).slice(0, options.pagesPerHotel ?? 2)) {
    if (!FILLABLE_FIELDS.some((field) => lacks(filled, field)) || Date.now() >= deadline) break;
    const loaded = await withDeadline(load(page.platform, page.id), deadline);
    if (loaded !== null && "failure" in loaded) {
      const failedPages = { ...filled.trail.failedPages, [page.platform]: loaded.failure };
      filled = { ...filled, trail: { ...filled.trail, failedPages } };
    }
    if (loaded === null || !("page" in loaded)) continue;
    const platform = TRAVEL_PLATFORMS[page.platform];
    const priced = pricedHotel(loaded.page, platform, options.nights, options.currency, options.rates);
    filled = fillFrom(filled, priced, `${page.platform} hotel page`);
  }
  return filled;
}

/** The page's record, how it failed, or null when the deadline came first (the page was not waited for). */
async function withDeadline<T>(
  promise: Promise<T>,
  deadline: number,
): Promise<{ page: T } | { failure: PageFailure } | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), Math.max(0, deadline - Date.now()));
  });
  try {
    return await Promise.race([
      promise.then(
        (page) => ({ page }),
        (err) => ({ failure: failureOf(err) }),
      ),
      late,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

function inTurnsBySite<T extends { hotel: MergedHotel }>(items: T[]): T[] {
  const bySite = new Map<string, T[]>();
  for (const item of items) {
    const site = pagesOf(item.hotel)[0]?.platform ?? "";
    bySite.set(site, [...(bySite.get(site) ?? []), item]);
  }
  const queues = [...bySite.values()];
  const turns: T[] = [];
  for (let round = 0; turns.length < items.length; round++)
    for (const queue of queues) if (queue[round]) turns.push(queue[round]!);
  return turns;
}

/** Every hotel with the fields its cards lacked filled where its own pages have them. */
export async function enrichHotels(hotels: MergedHotel[], options: EnrichOptions): Promise<MergedHotel[]> {
  const deadline = Date.now() + options.budgetMs;
  const result = [...hotels];
  const todo = hotels
    .map((hotel, index) => ({ hotel, index }))
    .slice(0, options.maxHotels)
    .filter(({ hotel }) => FILLABLE_FIELDS.some((field) => lacks(hotel, field)));
  // Taken in turns by site, so that one busy site does not hold up the pages of the others.
  const queue = inTurnsBySite(todo);
  const load = perSite(options.load, options.concurrency);
  const sites = new Set(todo.flatMap(({ hotel }) => pagesOf(hotel).map((page) => page.platform))).size;
  let next = 0;
  const worker = async () => {
    // Past the budget no page is started: the answer is not waiting for it any more.
    while (next < queue.length && Date.now() < deadline) {
      const { hotel, index } = queue[next++]!;
      result[index] = await enrichOne(hotel, options, load, deadline);
    }
  };
  await Promise.all(Array.from({ length: Math.min(options.concurrency * Math.max(1, sites), todo.length) }, worker));
  return result;
}
