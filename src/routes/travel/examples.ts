// What the travel routes answer, as the reference at /docs shows it.
import type { z } from "@hono/zod-openapi";
import { listCompleteness, recordCompleteness } from "../../scrape/completeness";
import type { ScrapeMeta } from "../../scrape/scrape";
import type { pricedDetail } from "../../travel/pricing";
import type { PlatformReport } from "../../travel/search";
import type { HotelDetailSchema, HotelSchema } from "./hotel-schema";
import { STAY_EXAMPLE } from "./schemas";

const HOTEL_EXAMPLE = {
  id: "ie/the-spencer",
  name: "The Spencer Hotel",
  star_rating: 4,
  address: "Excise Walk, IFSC, D01 X4C9 Dublin, Ireland",
  address_parts: { street: "Excise Walk, IFSC", city: "Dublin", postcode: "D01 X4C9", country: "Ireland" },
  latitude: 53.3489,
  longitude: -6.2434,
  review_score: 8.6,
  review_score_original: { score: 8.6, scale: 10 },
  review_count: 4_812,
  price_per_night: 164,
  total_price: 492,
  price_exact: null,
  currency: "EUR",
  amenities: ["wifi", "fitness", "restaurant", "bar"],
  rooms_available: 3,
  room_type: "Standard Double Room",
  free_cancellation: true,
  breakfast_included: false,
  property_type: "hotel",
  image_url: "https://cf.bstatic.com/xdata/images/hotel/max1024x768/318457201.jpg",
  booking_url:
    "https://www.booking.com/hotel/ie/the-spencer.html?checkin=2030-05-14&checkout=2030-05-17&group_adults=2",
  sponsored: false,
  distance_km: 1.4,
  platforms: ["booking", "expedia"],
  offers: [
    {
      platform: "booking",
      id: "ie/the-spencer",
      price_per_night: 164,
      total_price: 492,
      currency: "EUR",
      original: { price_per_night: 164, currency: "EUR" },
      review_score: 8.6,
      room_type: "Standard Double Room",
      booking_url:
        "https://www.booking.com/hotel/ie/the-spencer.html?checkin=2030-05-14&checkout=2030-05-17&group_adults=2",
    },
    {
      platform: "expedia",
      id: "1180346",
      price_per_night: 171,
      total_price: 513,
      currency: "EUR",
      original: { price_per_night: 171, currency: "EUR" },
      review_score: 8.4,
      room_type: "Standard Room, 1 Double Bed",
      booking_url: "https://www.expedia.ie/Dublin-Hotels-The-Spencer-Hotel.h1180346.Hotel-Information",
    },
  ],
} satisfies z.infer<typeof HotelSchema>;

const report = (latency_ms: number, hotels: number): PlatformReport => ({
  status: "ok",
  latency_ms,
  cache: "miss",
  fetched_at: "2026-11-22T09:59:57.930Z",
  hotels,
});

export const HOTEL_SEARCH_EXAMPLE = {
  platform: "booking,expedia",
  destination: "Dublin",
  location: {
    kind: "city" as const,
    name: "Dublin",
    country: "IE",
    latitude: 53.33306,
    longitude: -6.24889,
    radius_km: null,
  },
  ...STAY_EXAMPLE,
  hotels: [HOTEL_EXAMPLE],
  meta: {
    request_id: "req_4f3c2a1b9d8e4f6a8b7c6d5e4f3a2b1c",
    timestamp: "2026-11-22T10:00:00.000Z",
    data_freshness: "real-time" as const,
    enriched_from: { "ie/the-spencer": { address: "booking hotel page", amenities: "expedia" } },
    filters: { sent_to_sites: ["adults", "rooms"], applied_after: ["stars", "amenities"] },
    location_alternatives: [],
    nights: 3,
    currency: { code: "EUR", conversions: [], source: "fawazahmed0/currency-api 2026-11-22 (cdn.jsdelivr.net)" },
    platforms: { booking: report(2_184, 25), expedia: report(3_020, 22) },
  },
};

/** The answer's own `meta` beside `request_id`: every hotel has every field. */
export const HOTEL_SEARCH_META_EXAMPLE = {
  completeness: listCompleteness("hotel-search", HOTEL_SEARCH_EXAMPLE.hotels),
  pagination: { page: 1, limit: 20, total: 38, total_pages: 2 },
};

export const HOTEL_DETAIL_EXAMPLE = {
  id: "571511",
  name: "The Spencer Hotel",
  star_rating: 4,
  address: "Excise Walk, IFSC, Dublin 1",
  latitude: 53.3489,
  longitude: -6.2434,
  review_score: 8.6,
  review_count: 2_375,
  price_per_night: 168,
  total_price: 504,
  currency: "EUR",
  amenities: ["wifi", "fitness", "restaurant", "bar"],
  price_exact: null,
  review_score_original: { score: 8.6, scale: 10 },
  rooms_available: 3,
  address_parts: { street: "Excise Walk", city: "Dublin", postcode: "D01 X4C9", country: "Ireland" },
  property_type: "hotel",
  room_type: "Standard Double Room",
  free_cancellation: true,
  breakfast_included: false,
  sponsored: false,
  image_url: "https://images.trvl-media.com/lodging/2000000/1190000/1180400/1180346/7c3e1a9f.jpg",
  booking_url: "https://www.hotels.com/ho571511/",
  platforms: ["hotels"],
  offers: [
    {
      platform: "hotels",
      id: "571511",
      price_per_night: 168,
      total_price: 504,
      currency: "EUR",
      original: { price_per_night: 168, currency: "EUR" },
      review_score: 8.6,
      room_type: "Standard Double Room",
      booking_url: "https://www.hotels.com/ho571511/",
    },
  ],
  rooms: [
    {
      room_type: "Standard Double Room",
      price_per_night: 168,
      total_price: 504,
      price_exact: null,
      currency: "EUR",
      sleeps: 2,
      rooms_available: 3,
      available: true,
      free_cancellation: true,
      breakfast_included: false,
    },
    {
      room_type: "Executive King Room",
      price_per_night: 212,
      total_price: 636,
      price_exact: null,
      currency: "EUR",
      sleeps: 2,
      rooms_available: null,
      available: true,
      free_cancellation: false,
      breakfast_included: true,
    },
  ],
  reviews: [
    {
      id: "r-90412",
      title: "Great location",
      body: "Quiet room, five minutes' walk from the Docklands and the Luas.",
      rating: 9,
      author: "Aoife",
      date: "2026-10-30",
      verified: true,
    },
  ],
  description: "Contemporary hotel in Dublin's docklands with a gym, pool and restaurant, near the 3Arena.",
  original_currency: "EUR",
} satisfies ReturnType<typeof pricedDetail> & z.infer<typeof HotelDetailSchema>;

export const HOTEL_DETAIL_META_EXAMPLE = {
  scrape: {
    source_url: "https://www.hotels.com/ho571511/?chkin=2030-05-14&chkout=2030-05-17&rm1=a2",
    engine: "browser",
    cache: "miss",
    fetched_at: "2026-11-22T09:59:56.204Z",
    proxy: null,
    captcha: "none",
    browser: { session_id: "3b8f2c9a-5d1e-4a7b-9c0f-2e6d8a4b1c57", reused: true },
  } satisfies ScrapeMeta,
  data_freshness: "real-time",
  completeness: recordCompleteness("hotel", HOTEL_DETAIL_EXAMPLE),
};
