// The hotel object of both hotel routes: the seed's fields, filled on every platform, with the
// cheapest room, amenities as codes of one vocabulary and one offer per platform that lists it.
// The hotel route answers the same object plus its rooms, reviews and description.
import { z } from "@hono/zod-openapi";
import { AMENITY_CODES } from "../../travel/amenities";
import { ReviewSchema } from "../products/examples";

const nullableText = z.string().nullable();

export const AddressPartsSchema = z
  .object({ street: nullableText, city: nullableText, postcode: nullableText, country: nullableText })
  .openapi("AddressParts");

export const AmenitySchema = z.enum([...AMENITY_CODES, "other"]).openapi("Amenity", {
  description:
    "A code of the shared vocabulary (labels: GET /v1/travel/amenities); `other` once when the page lists something outside it",
});

export const OfferSchema = z
  .object({
    platform: z.string(),
    id: nullableText.openapi({ description: "The hotel's id on that platform, for its hotel route" }),
    price_per_night: z.number().int().nullable(),
    total_price: z.number().int().nullable(),
    currency: z.string(),
    original: z.object({ price_per_night: z.number().nullable(), currency: z.string().nullable() }),
    review_score: z.number().nullable(),
    room_type: nullableText,
    booking_url: nullableText,
  })
  .openapi("HotelOffer");

export const FieldSourcesSchema = z
  .record(
    z.string(),
    z.object({
      source: z.string().openapi({ description: "The card, page or reader the value came from" }),
      agreed: z.array(z.string()).openapi({ description: "Other platforms or readers that gave the same value" }),
    }),
  )
  .openapi("FieldSources");

export const HotelSchema = z
  .object({
    id: z.string().nullable(),
    name: z.string().nullable(),
    star_rating: z.number().int().nullable(),
    address: nullableText.openapi({ description: "Street, postcode and city, country, as one line" }),
    address_parts: AddressPartsSchema.nullable(),
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
    review_score: z.number().nullable().openapi({ description: "0–10 on every platform" }),
    review_score_original: z
      .object({ score: z.number(), scale: z.number().int() })
      .nullable()
      .openapi({ description: "The score on the site's own scale (5 or 10)" }),
    review_count: z.number().int().nullable(),
    price_per_night: z.number().int().nullable().openapi({ description: "Cheapest room, one night, in `currency`" }),
    total_price: z.number().int().nullable().openapi({ description: "The whole stay, in `currency`" }),
    price_exact: z
      .object({ price_per_night: z.number(), total_price: z.number() })
      .nullable()
      .openapi({ description: "Unrounded figures when the prices were converted from the site's currency" }),
    currency: z.string(),
    amenities: z.array(AmenitySchema),
    rooms_available: z.number().int().nullable(),
    room_type: nullableText.openapi({ description: "The cheapest available room" }),
    free_cancellation: z.boolean().nullable(),
    breakfast_included: z.boolean().nullable(),
    property_type: nullableText.openapi({ description: "hotel, apartment, hostel, home, …" }),
    image_url: nullableText,
    booking_url: nullableText,
    sponsored: z.boolean().openapi({
      description:
        "A paid placement on every platform listing it; a placement repeating an organic card is not kept apart",
    }),
    distance_km: z.number().optional().openapi({ description: "From the search centre; search only" }),
    platforms: z.array(z.string()),
    offers: z.array(OfferSchema).openapi({ description: "One per platform listing it, cheapest first" }),
    sources: FieldSourcesSchema.optional().openapi({
      description:
        "With `explain=true`: per filled field, the card or page it came from (`booking search card`, another platform's copy such as `expedia search card`, the hotel's own page `booking hotel page`) and the other platforms whose card had the same value (numbers within a small tolerance, text in any case)",
    }),
  })
  .openapi("Hotel");

export const RoomSchema = z
  .object({
    room_type: z.string(),
    price_per_night: z.number().int().nullable(),
    total_price: z.number().int().nullable().openapi({ description: "The whole stay; null without dates" }),
    price_exact: z.object({ price_per_night: z.number(), total_price: z.number() }).nullable(),
    currency: z.string(),
    sleeps: z.number().int().nullable(),
    rooms_available: z.number().int().nullable(),
    available: z.boolean().nullable(),
    free_cancellation: z.boolean().nullable(),
    breakfast_included: z.boolean().nullable(),
  })
  .openapi("HotelRoom");

/** The hotel route's answer: the search's hotel, on its one platform, with what only its page holds. */
export const HotelDetailSchema = HotelSchema.extend({
  rooms: z.array(RoomSchema).openapi({ description: "Every room type, priced for the stay" }),
  reviews: z.array(ReviewSchema),
  description: nullableText,
  original_currency: nullableText.openapi({ description: "The currency the page priced in" }),
}).openapi("HotelDetail");
