// What every travel adapter is: URL builders for its real site and pure parsers of its pages.
// Apart from the registry (travel.ts) so adapters can name the type without importing the registry.
import type { Challenge, HotelDetail, HotelSearchPage } from "../../scrape/types";

/** A field of a hotel answer: a search card's or a hotel page's. */
export type HotelField = keyof HotelDetail;

export type TravelSlug = "booking" | "expedia" | "hotels" | "airbnb";

export interface TravelSearchQuery {
  destination: string;
  /** `YYYY-MM-DD` */
  checkIn: string;
  checkOut: string;
  adults: number;
  /** Each child's age (0–17). */
  children: number[];
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
  /**
   * Fields none of the site's pages carry, search cards or hotel pages (airbnb shows no stars):
   * an answer missing one says `not_supported_by_platform`, which does not make it partial.
   */
  lacks: readonly HotelField[];
  /** What the adapter's own readers read, as `explain=true` names it; `{slug} markup` unless set. */
  ownReader?: string;
  searchUrl(query: TravelSearchQuery, origin: string): string;
  hotelUrl(id: string, query: TravelHotelQuery, origin: string): string;
  parseSearch(html: string, url: string): HotelSearchPage;
  parseHotel(html: string, url: string): HotelDetail;
  detectChallenge(html: string, status: number): Challenge | null;
}
