// From one answer of the data routes to dataset records: its `data` read by the recipe's kind, each
// record keyed by platform, country and the item's id (a hotel's by its stay), flat so that CSV
// and filters read them alike.
import type { HotelRecord } from "../platforms/hotel-types";
import type { ProductRecord, Review, SearchItem } from "../scrape/types";
import type { RecipeKind } from "./recipe";
import { ordered } from "./records";

/**
 * What each data route answers in `data`, as far as records read it (the routes' schemas declare it
 * whole: src/routes/products/examples.ts, src/routes/travel/hotel-schema.ts). The answer is JSON read
 * back, so every value is still checked as it is taken.
 */
interface ProductAnswer extends Partial<ProductRecord> {}
interface SearchAnswer {
  results?: SearchItem[];
}
interface ReviewsAnswer {
  id?: string | null;
  url?: string | null;
  reviews?: Review[];
}
/** Hotels as the travel routes answer them (amenities as codes of the shared vocabulary). */
interface HotelsAnswer {
  hotels?: HotelRecord[];
}
/** An answer read back from its JSON: its `data` is the shape of the route that gave it, by the recipe's kind. */
type Answer = { data?: unknown };

const text = (value: unknown) => (typeof value === "string" && value.length > 0 ? value : null);
const num = (value: unknown) => (typeof value === "number" && Number.isFinite(value) ? value : null);
const list = <T>(value: T[] | undefined): T[] => (Array.isArray(value) ? value : []);
const keyOf = (...parts: (string | null | undefined)[]) => parts.filter(Boolean).join(":");

/** What an item's path says about its records: the platform, country, query and stay it asked for. */
function itemContext(path: string, startedAt: number) {
  const url = new URL(path, "http://item.invalid");
  const segments = url.pathname.split("/").filter(Boolean);
  const params = url.searchParams;
  const platform = segments[1] === "travel" ? segments[2]! : segments[1]!;
  const checkIn = params.get("check_in");
  const checkOut = params.get("check_out");
  const nights = checkIn && checkOut ? Math.round((Date.parse(checkOut) - Date.parse(checkIn)) / 86_400_000) : null;
  const daysAhead = checkIn
    ? Math.round((Date.parse(checkIn) - Date.parse(new Date(startedAt).toISOString().slice(0, 10))) / 86_400_000)
    : null;
  return {
    platform,
    country: params.get("country"),
    query: params.get("q"),
    page: Number(params.get("page") ?? 1),
    destination: params.get("destination"),
    checkIn,
    nights,
    daysAhead,
  };
}

/**
 * The records of one answer. `path` is the GET that produced it, `observedAt` when, `startedAt`
 * when the refresh began (a hotel stay's key is its distance ahead of the refresh, so the same
 * "a month ahead" rate lines up across refreshes).
 */
export function recordsOf(
  kind: Exclude<RecipeKind, "pages">,
  path: string,
  answer: Answer,
  observedAt: number,
  startedAt: number,
) {
  // A shop's records come from its product rows when its refresh closes (datasets/shop/close.ts), not from answers.
  if (kind === "shop") return [];
  const context = itemContext(path, startedAt);
  const observed = new Date(observedAt).toISOString();
  const base = { platform: context.platform, country: context.country, observed_at: observed };
  if (kind === "product") {
    const data = (answer.data ?? {}) as ProductAnswer;
    const id = text(data.asin) ?? text(data.sku) ?? text(data.id);
    if (!id) return [];
    return [
      ordered(kind, {
        ...base,
        key: keyOf(context.platform, context.country, id),
        id,
        title: text(data.title),
        brand: text(data.brand),
        price: num(data.price?.amount),
        currency: text(data.price?.currency),
        original_price: num(data.price?.original_amount),
        availability: text(data.availability),
        rating: num(data.rating),
        review_count: num(data.review_count),
        seller: text(data.seller),
        image: text(list(data.images)[0]),
        source_url: text(data.url),
      }),
    ];
  }
  if (kind === "search") {
    const results = list((answer.data as SearchAnswer | null)?.results);
    const firstPosition = (context.page - 1) * results.length;
    return results.flatMap((item, index) => {
      const id = text(item.id);
      if (!id) return [];
      return [
        ordered(kind, {
          ...base,
          key: keyOf(context.platform, context.country, id),
          query: context.query,
          position: firstPosition + index + 1,
          id,
          title: text(item.title),
          price: num(item.price?.amount),
          currency: text(item.price?.currency),
          rating: num(item.rating),
          review_count: num(item.review_count),
          sponsored: item.sponsored === true,
          image: text(item.image),
          source_url: text(item.url),
        }),
      ];
    });
  }
  if (kind === "reviews") {
    const data = (answer.data ?? {}) as ReviewsAnswer;
    const productId = text(data.id);
    return list(data.reviews).flatMap((review) => {
      const reviewId = text(review.id);
      if (!reviewId) return [];
      return [
        ordered(kind, {
          ...base,
          key: keyOf(context.platform, context.country, productId, reviewId),
          product_id: productId,
          review_id: reviewId,
          title: text(review.title),
          body: text(review.body),
          rating: num(review.rating),
          author: text(review.author),
          date: text(review.date),
          verified: typeof review.verified === "boolean" ? review.verified : null,
          source_url: text(data.url),
        }),
      ];
    });
  }
  return list((answer.data as HotelsAnswer | null)?.hotels).flatMap((hotel) => {
    const hotelId = text(hotel.id);
    if (!hotelId) return [];
    const amenities = list(hotel.amenities).map(text);
    return [
      ordered(kind, {
        ...base,
        key: keyOf(context.platform, hotelId, `${context.nights}n+${context.daysAhead}d`),
        destination: context.destination,
        check_in: context.checkIn,
        nights: context.nights,
        hotel_id: hotelId,
        name: text(hotel.name),
        star_rating: num(hotel.star_rating),
        address: text(hotel.address),
        latitude: num(hotel.latitude),
        longitude: num(hotel.longitude),
        review_score: num(hotel.review_score),
        review_count: num(hotel.review_count),
        price_per_night: num(hotel.price_per_night),
        total_price: num(hotel.total_price),
        currency: text(hotel.currency),
        rooms_available: num(hotel.rooms_available),
        amenities: amenities.filter(Boolean),
        source_url: text(hotel.booking_url),
      }),
    ];
  });
}
