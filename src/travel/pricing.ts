// One platform's hotel in the answer's terms: whole-number nightly and stay prices in the
// answer's currency whichever of the two the site shows, exact figures kept when rounding or
// conversion changed them, the review score beside its original scale, and the platform's offer.
import type { HotelField, HotelPageReader, TravelPlatform } from "../platforms/types";
import type { HotelDetail, HotelRecord } from "../platforms/hotel-types";
import { normaliseAmenities } from "./amenities";
import { convert, type Rates } from "./conversion";
import type { Offer, PricedHotel } from "./merge";

export interface StayPrices {
  price_per_night: number | null;
  total_price: number | null;
  price_exact: { price_per_night: number; total_price: number } | null;
}

const cents = (amount: number) => Math.round(amount * 100) / 100;

/** A page's price that cannot be used: a figure of 0 or less, or one in a currency we have no rate for. */
export const unusablePrice = (amount: number | null, from: string | null, rates: Rates) =>
  amount !== null && (!(amount > 0) || (from !== null && !Object.hasOwn(rates.perEur, from.toUpperCase())));

/**
 * Nightly and stay prices from whichever a page shows (`basis`), in `currency`. The stay total is
 * what the guest pays; the nightly price is its average over the nights. An unusable figure gives none.
 */
export function stayPrices(
  amount: number | null,
  basis: "night" | "stay",
  from: string | null,
  nights: number,
  currency: string,
  rates: Rates,
): StayPrices {
  if (amount === null || unusablePrice(amount, from, rates))
    return { price_per_night: null, total_price: null, price_exact: null };
  const source = from ?? currency;
  const inCurrency = source === currency ? amount : convert(amount, source, currency, rates).amount;
  const total = basis === "stay" ? inCurrency : inCurrency * nights;
  const nightly = basis === "night" ? inCurrency : total / nights;
  const rounded = { price_per_night: Math.round(nightly), total_price: Math.round(total) };
  const exact = rounded.price_per_night !== nightly || rounded.total_price !== total || source !== currency;
  return { ...rounded, price_exact: exact ? { price_per_night: cents(nightly), total_price: cents(total) } : null };
}

/** Both prices, when the one figure a card or page shows them from cannot be used. */
export const unreadablePrices = (
  hotel: Pick<HotelRecord, "price_per_night" | "total_price" | "currency">,
  rates: Rates,
): HotelField[] =>
  unusablePrice(hotel.price_per_night ?? hotel.total_price, hotel.currency, rates)
    ? ["price_per_night", "total_price"]
    : [];

/** A hotel as one platform lists it, priced for the stay in the answer's currency. */
export function pricedHotel(
  hotel: HotelRecord,
  platform: TravelPlatform,
  nights: number,
  currency: string,
  rates: Rates,
): PricedHotel {
  const prices =
    hotel.price_per_night !== null
      ? stayPrices(hotel.price_per_night, "night", hotel.currency, nights, currency, rates)
      : stayPrices(hotel.total_price, "stay", hotel.currency, nights, currency, rates);
  return {
    ...hotel,
    ...prices,
    // Half stars (booking's own ratings of homes) count as the whole stars below them.
    star_rating: hotel.star_rating === null ? null : Math.floor(hotel.star_rating),
    amenities: normaliseAmenities(hotel.amenities),
    currency,
    review_score_original: scoreOnScale(hotel.review_score, platform),
    platform: platform.slug,
    enriched_from: {},
    unreadable: unreadablePrices(hotel, rates),
    offer: offerOf(hotel, platform, prices, currency, nights),
  };
}

/** The platform's offer of a hotel: its prices in the answer's currency beside the site's own nightly figure. */
function offerOf(
  hotel: HotelRecord,
  platform: HotelPageReader,
  prices: StayPrices,
  currency: string,
  nights: number | null,
): Offer {
  const original =
    hotel.price_per_night ?? (hotel.total_price === null || nights === null ? null : hotel.total_price / nights);
  return {
    platform: platform.slug,
    id: hotel.id,
    price_per_night: prices.price_per_night,
    total_price: prices.total_price,
    currency,
    original: { price_per_night: original === null ? null : cents(original), currency: hotel.currency },
    review_score: hotel.review_score,
    room_type: hotel.room_type,
    booking_url: hotel.booking_url,
  };
}

/**
 * A hotel page in the answer's terms, shaped as a search's hotel (on its one platform, with its
 * offer) plus its rooms, reviews and description: the headline and every room priced per night and
 * for the stay (or per night only when no dates were given), amenities as codes.
 */
export function pricedDetail(
  detail: HotelDetail,
  platform: HotelPageReader,
  nights: number | null,
  currency: string,
  rates: Rates,
) {
  const price = (amount: number | null, basis: "night" | "stay", from: string | null): StayPrices => {
    if (nights !== null) return stayPrices(amount, basis, from, nights, currency, rates);
    // Without dates only a nightly figure means anything on its own.
    const nightly = basis === "night" ? stayPrices(amount, "night", from, 1, currency, rates) : null;
    return { price_per_night: nightly?.price_per_night ?? null, total_price: null, price_exact: null };
  };
  const headline =
    detail.price_per_night !== null
      ? price(detail.price_per_night, "night", detail.currency)
      : price(detail.total_price, "stay", detail.currency);
  const { rooms, reviews, description, ...hotel } = detail;
  return {
    ...hotel,
    ...headline,
    // Half stars count as the whole stars below them, as in a search.
    star_rating: detail.star_rating === null ? null : Math.floor(detail.star_rating),
    currency,
    original_currency: detail.currency,
    amenities: normaliseAmenities(detail.amenities),
    review_score_original: scoreOnScale(detail.review_score, platform),
    platforms: [platform.slug],
    offers: [offerOf(detail, platform, headline, currency, nights)],
    rooms: rooms.map(({ price: amount, price_basis, currency: from, ...room }) => ({
      ...room,
      ...price(amount, price_basis, from ?? detail.currency),
      currency,
    })),
    reviews,
    description,
  };
}

function scoreOnScale(score: number | null, platform: HotelPageReader) {
  return score === null ? null : { score: cents((score * platform.reviewScale) / 10), scale: platform.reviewScale };
}
