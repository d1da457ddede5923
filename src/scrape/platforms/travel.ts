// The travel platforms: hotel search and hotel detail on booking.com, expedia.com,
// hotels.com and airbnb, each an adapter of URL builders and pure HTML parsers.
import type { Challenge, HotelDetail, HotelSearchPage } from "../types";
import { airbnb } from "./airbnb";
import { booking } from "./booking";
import { expedia } from "./expedia";
import { hotels } from "./hotels";

export type TravelSlug = "booking" | "expedia" | "hotels" | "airbnb";

export interface TravelSearchQuery {
  destination: string;
  /** `YYYY-MM-DD` */
  checkIn: string;
  checkOut: string;
  adults: number;
  rooms: number;
  /** 1-based. */
  page: number;
}

export interface TravelHotelQuery {
  checkIn?: string;
  checkOut?: string;
  adults?: number;
}

/**
 * A travel site. `origin` is the real site in production and a replica (which may carry a
 * path prefix, e.g. http://127.0.0.1:9000/booking) in development and tests.
 */
export interface TravelPlatform {
  slug: TravelSlug;
  name: string;
  /** Engines that can serve this site; `fetch` first where the data is in the HTML. */
  engines: ("fetch" | "browser")[];
  /** The real site. */
  origin: string;
  /** The site's own review scale; parsers report `review_score` on 0–10 whatever it is. */
  reviewScale: 5 | 10;
  searchUrl(query: TravelSearchQuery, origin: string): string;
  hotelUrl(id: string, query: TravelHotelQuery, origin: string): string;
  parseSearch(html: string, url: string): HotelSearchPage;
  parseHotel(html: string, url: string): HotelDetail;
  detectChallenge(html: string, status: number): Challenge | null;
}

export const TRAVEL_PLATFORMS: Record<TravelSlug, TravelPlatform> = { booking, expedia, hotels, airbnb };
