// Price watches: one check reads the current price through the API's own routes (fresh data,
// one call against the owner's quota), compares it with the last seen one and emits an event.
import type { Completeness } from "../scrape/completeness";
import type { WatchRow } from "../db/schema-events";
import { claimWatchCheck, dueWatches, recordCheck } from "../db/watches";
import { productCallPath } from "../platforms/calls";
import { convert } from "../travel/conversion";
import { loadRates } from "../travel/currency";
import { emitEvent } from "./delivery";
import { database } from "../db/client";
import { findLiveKeyById } from "../db/keys";
import type { InProcess } from "../in-process";
import { cronBudgetMs, workInTurns } from "./turns";
import { log } from "../log";
import { BodyTooLarge, readJson } from "../net/read-body";

export interface HotelTarget {
  destination: string;
  check_in: string;
  check_out: string;
  hotel_id?: string;
  hotel_name?: string;
}
export interface ProductTarget {
  id: string;
  country?: string;
}
/** A product watch made without a currency stores this until its first check reads the page's. */
export const PAGE_CURRENCY = "";
/** Hotel search answers in EUR unless asked otherwise, so a hotel watch without a currency does too. */
export const HOTEL_SEARCH_CURRENCY = "EUR";

interface Observation {
  price: number;
  /** The watch's currency, or for a product watch made without one, its page's. */
  currency: string;
  item: { id: string | null; name: string | null };
}

export interface CheckResult {
  outcome: "fired" | "unchanged" | "failed";
  price: number | null;
  previous_price: number | null;
  /** What both prices are in; null while a product watch made without a currency has read no page. */
  currency: string | null;
  error?: string;
}

/**
 * Whether a new price meets the watch's condition. A fire needs a drop from the last price seen, so
 * the first check only arms the watch (a price already below the threshold is no news), one change
 * notifies once, and a further drop fires again.
 */
export function shouldFire(
  watch: Pick<WatchRow, "condition" | "threshold">,
  previous: number | null,
  price: number,
): boolean {
  if (previous === null || price >= previous) return false;
  if (watch.condition === "below") return price < watch.threshold;
  return previous > 0 && ((previous - price) / previous) * 100 >= watch.threshold;
}

/** The data call a watch makes, always fresh: its platform's hotel search, or its product's page. */
export function watchCall(watch: Pick<WatchRow, "kind" | "platform" | "target" | "currency">): {
  path: string;
  headers: Record<string, string>;
} {
  if (watch.kind === "hotel") {
    const target = JSON.parse(watch.target) as HotelTarget;
    const query = new URLSearchParams({
      destination: target.destination,
      check_in: target.check_in,
      check_out: target.check_out,
      fresh: "true",
      limit: "50",
    });
    return { path: `/v1/travel/${watch.platform}/hotels/search?${query}`, headers: { "X-Currency": watch.currency } };
  }
  const target = JSON.parse(watch.target) as ProductTarget;
  const params = { fresh: "true", ...(target.country ? { country: target.country } : {}) };
  return { path: productCallPath(watch.platform, "product", target.id, params), headers: {} };
}

async function observe(env: Env, ctx: ExecutionContext, local: InProcess, watch: WatchRow): Promise<Observation> {
  const identity = await findLiveKeyById(database(env.DB), watch.keyId);
  if (!identity) throw new Error("the key that created this watch was revoked");
  const { path, headers } = watchCall(watch);
  const { response } = await local.getData(env, ctx, identity, path, { headers });
  const { data, meta } = await readAnswer(response);
  if (watch.kind === "hotel") {
    const target = JSON.parse(watch.target) as HotelTarget;
    const hotels = (data.hotels as { id: string | null; name: string; price_per_night: number | null }[]).filter(
      (h) => h.price_per_night !== null,
    );
    const wanted = target.hotel_name?.toLowerCase();
    const hotel = target.hotel_id
      ? hotels.find((h) => h.id === target.hotel_id)
      : wanted
        ? hotels.find((h) => h.name.toLowerCase().includes(wanted))
        : hotels.sort((a, b) => a.price_per_night! - b.price_per_night!)[0];
    if (!hotel) throw new Error("the hotel is not in the results (no price for these dates)");
    return { price: hotel.price_per_night!, currency: watch.currency, item: { id: hotel.id, name: hotel.name } };
  }
  const target = JSON.parse(watch.target) as ProductTarget;
  const price = data.price as { amount: number; currency: string } | null;
  // A price the answer does not vouch for is no observation: a drop "to nothing" never fires.
  const missing = meta.completeness?.missing.find((field) => field.field === "price");
  if (!price || missing) throw new Error(`the product page shows no price (${missing?.reason ?? "not_on_page"})`);
  // Made without a currency: the page's own, kept from the first check on.
  const currency = watch.currency || price.currency;
  const amount =
    price.currency === currency
      ? price.amount
      : convert(price.amount, price.currency, currency, await loadRates(env.DB)).amount;
  return {
    price: Math.round(amount * 100) / 100,
    currency,
    item: { id: target.id, name: (data.title as string) ?? null },
  };
}

/** A product or hotel-search answer is tens of KB; a watch reads no more of one than this. */
const MAX_ANSWER_BYTES = 2 * 1024 * 1024;

/** A data answer: anything but a 200 with data (a blocked page, a timeout, no product) is a failed check. */
async function readAnswer(response: Response) {
  const body = await readJson<{
    status: string;
    data?: Record<string, unknown>;
    meta?: { completeness?: Pick<Completeness, "state" | "missing"> };
    error?: { code: string; message: string };
  }>(response, MAX_ANSWER_BYTES).catch((err) => {
    throw err instanceof BodyTooLarge ? new Error(`the answer is ${err.message}`) : err;
  });
  if (response.status !== 200 || !body.data)
    throw new Error(`${body.error?.code ?? response.status}: ${body.error?.message ?? "no data"}`);
  return { data: body.data, meta: body.meta ?? {} };
}

/** Checks one watch now, stores what it saw and emits the event when the condition is met. */
export async function checkWatch(
  env: Env,
  ctx: ExecutionContext,
  local: InProcess,
  watch: WatchRow,
  now = Date.now(),
): Promise<CheckResult> {
  const db = database(env.DB);
  const previous = watch.lastPrice;
  const next = { nextCheckAt: new Date(now + watch.intervalSeconds * 1000), lastCheckedAt: new Date(now) };
  let seen: Observation;
  try {
    seen = await observe(env, ctx, local, watch);
  } catch (err) {
    const failures = watch.consecutiveFailures + 1;
    const error = err instanceof Error ? err.message : String(err);
    await recordCheck(db, watch.id, { ...next, consecutiveFailures: failures, lastError: error });
    if (watch.alertAfterFailures && failures === watch.alertAfterFailures) {
      await emitEvent(
        env,
        (p) => ctx.waitUntil(p),
        watch.accountId,
        "watch.failing",
        { watch_id: watch.id, consecutive_failures: failures, last_error: error },
        now,
      );
    }
    return { outcome: "failed", price: null, previous_price: previous, currency: watch.currency || null, error };
  }
  const fire = shouldFire(watch, previous, seen.price);
  await recordCheck(db, watch.id, {
    ...next,
    lastPrice: seen.price,
    currency: seen.currency,
    consecutiveFailures: 0,
    lastError: null,
    ...(fire ? { lastFiredAt: new Date(now) } : {}),
  });
  if (fire) {
    await emitEvent(
      env,
      (p) => ctx.waitUntil(p),
      watch.accountId,
      watch.kind === "hotel" ? "hotel.rate_dropped" : "product.price_changed",
      {
        watch_id: watch.id,
        kind: watch.kind,
        platform: watch.platform,
        target: JSON.parse(watch.target),
        item: seen.item,
        condition: watch.condition,
        threshold: watch.threshold,
        currency: seen.currency,
        old_price: previous,
        new_price: seen.price,
        checked_at: new Date(now).toISOString(),
      },
      now,
    );
  }
  return {
    outcome: fire ? "fired" : "unchanged",
    price: seen.price,
    previous_price: previous,
    currency: seen.currency,
  };
}

/** Checks every watch that has come due; claiming `nextCheckAt` first keeps two cron runs from both checking it. */
export async function processDueWatches(
  env: Env,
  ctx: ExecutionContext,
  local: InProcess,
  now = Date.now(),
  batch = 50,
): Promise<number> {
  const db = database(env.DB);
  const due = await dueWatches(db, new Date(now), batch);
  return workInTurns(due, { budgetMs: cronBudgetMs(env) }, async (watch) => {
    if (!(await claimWatchCheck(db, watch, new Date(now + watch.intervalSeconds * 1000)))) return false;
    await checkWatch(env, ctx, local, watch, now).catch((err) =>
      log.error("watch check crashed", { id: watch.id, error: err }),
    );
    return true;
  });
}
