// The records a travel site's readers return: hotel search cards, hotel pages and their rooms.
// Like the product records (scrape/types.ts), a value not on the page is null, never a guess.
import type { Review } from "../scrape/types";

/** An address in its parts, as far as the page gives them. */
export interface AddressParts {
  street: string | null;
  city: string | null;
  postcode: string | null;
  /** As the page names it (a name or an ISO code). */
  country: string | null;
}

export interface HotelRecord {
  id: string | null;
  name: string | null;
  star_rating: number | null;
  /** One line: street, postcode and city, country. */
  address: string | null;
  address_parts: AddressParts | null;
  latitude: number | null;
  longitude: number | null;
  /** Normalised to a 0–10 scale whatever the site uses. */
  review_score: number | null;
  review_count: number | null;
  /** Nightly price when the page shows one. */
  price_per_night: number | null;
  /** Price for the whole stay when the page shows that instead (or too). */
  total_price: number | null;
  currency: string | null;
  /** The page's own labels; the travel layer maps them onto a shared vocabulary. */
  amenities: string[];
  rooms_available: number | null;
  image_url: string | null;
  booking_url: string | null;
  /** hotel, apartment, hostel, … as the page names the kind of property. */
  property_type: string | null;
  /** The cheapest room the card or page offers. */
  room_type: string | null;
  free_cancellation: boolean | null;
  breakfast_included: boolean | null;
  /** A paid placement (it may repeat an organic card of the same hotel). */
  sponsored: boolean;
}

export interface HotelSearchPage {
  hotels: HotelRecord[];
  total_results: number | null;
  has_next_page: boolean;
}

/** One room type on a hotel page, priced the way the site prices it. */
export interface HotelRoom {
  room_type: string;
  price: number | null;
  /** Whether `price` is for one night or for the whole stay (sites differ). */
  price_basis: "night" | "stay";
  currency: string | null;
  /** Guests the room sleeps, where shown. */
  sleeps: number | null;
  /** How many of this room are left, where the page says. */
  rooms_available: number | null;
  available: boolean | null;
  free_cancellation: boolean | null;
  breakfast_included: boolean | null;
}

export interface HotelDetail extends HotelRecord {
  rooms: HotelRoom[];
  reviews: Review[];
  description: string | null;
}
