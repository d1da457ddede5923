// The query of a hotel search: destination and stay, occupancy, filters, order and page. Every
// mistake is an issue on the parameter it concerns, so the 400 names it and says what to send.
import { freshnessQuery } from "../freshness";
import { z } from "@hono/zod-openapi";
import { FormatQuery } from "../../envelope";
import { AMENITY_CODES, type AmenityCode } from "../../travel/amenities";
import { PROPERTY_TYPES, type PropertyType } from "../../travel/property-types";
import { HOTEL_SORTS, type HotelFilters, type HotelSort } from "../../travel/results";
import { ExplainQuery, isoDate, isRealDate, nightsBetween, parseRadius, STAY_EXAMPLE } from "./schemas";

const MAX_NIGHTS = 30;
const MAX_RADIUS_KM = 100;
const MAX_CHILDREN = 10;
const MAX_CHILD_AGE = 17;

/**
 * A comma list ("4,9", "wifi, pool") whose items `parse` accepts (null refuses one); the items it
 * refuses are named in the message with `rule`. A list of ages (`occupancy`) may be empty and repeat
 * itself (twins); a filter's list may not be empty and is kept once per item.
 */
function commaList<T>(parameter: string, parse: (item: string) => T | null, rule: string, occupancy = false) {
  return z
    .string()
    .max(500, `${parameter} is too long`)
    .transform((text, ctx) => {
      const items = text
        .split(",")
        .map((item) => item.trim())
        .filter((item) => item !== "");
      const parsed = items.map(parse);
      const refused = items.filter((_, i) => parsed[i] === null);
      if (refused.length > 0 || (items.length === 0 && !occupancy)) {
        const named = refused.length > 0 ? `\`${refused.join("`, `")}\` refused: ` : "";
        ctx.addIssue({ code: "custom", message: `${named}${parameter} ${rule}` });
        return z.NEVER;
      }
      return occupancy ? (parsed as T[]) : [...new Set(parsed as T[])];
    });
}

const integerIn = (min: number, max: number) => (item: string) =>
  /^\d+$/.test(item) && Number(item) >= min && Number(item) <= max ? Number(item) : null;

/** Lower-cased and matched against a closed vocabulary. */
const oneOf =
  <T extends string>(known: readonly T[]) =>
  (item: string) =>
    (known as readonly string[]).includes(item.toLowerCase()) ? (item.toLowerCase() as T) : null;

const SORT_VALUES = [...HOTEL_SORTS, "rating"] as const;

export const HotelSearchQuery = z
  .object({
    destination: z
      .string({ error: "destination is required: a city, region or landmark" })
      .trim()
      .min(1, "destination must not be empty")
      .max(200)
      .openapi({
        description:
          "A city, region, landmark or `latitude,longitude`, as a name or a slug: `New York, US`, `new-york`, `paris-france`, `São Paulo`. Echoed as sent in `data.destination`; the place found is `data.location`.",
        example: "Dublin",
      }),
    check_in: isoDate("check_in").openapi({ example: STAY_EXAMPLE.check_in }),
    check_out: isoDate("check_out").openapi({ example: STAY_EXAMPLE.check_out }),
    latitude: z.coerce
      .number()
      .min(-90, "latitude must be between -90 and 90")
      .max(90, "latitude must be between -90 and 90")
      .optional()
      .openapi({
        description: "Search around this point instead of the destination's centre (with `longitude`)",
        example: 53.3454,
      }),
    longitude: z.coerce
      .number()
      .min(-180, "longitude must be between -180 and 180")
      .max(180, "longitude must be between -180 and 180")
      .optional()
      .openapi({ example: -6.2644 }),
    radius: z
      .string()
      .max(20)
      .optional()
      .openapi({ description: "Distance from the centre with its unit: `5km` or `3mi`, up to 100 km", example: "5km" }),
    adults: z.coerce
      .number()
      .int("adults must be a whole number")
      .min(1, "adults must be at least 1")
      .max(30, "adults is at most 30")
      .default(2)
      .openapi({ description: "Sent to the sites", example: 2 }),
    children: commaList(
      "children",
      integerIn(0, MAX_CHILD_AGE),
      `is a comma list of ages from 0 to ${MAX_CHILD_AGE}, e.g. children=4,9`,
      true,
    )
      .refine((ages) => ages.length <= MAX_CHILDREN, `children lists at most ${MAX_CHILDREN} ages`)
      .optional()
      .openapi({ description: "Each child's age (0–17), comma-separated; sent to the sites", example: "4,9" }),
    rooms: z.coerce
      .number()
      .int("rooms must be a whole number")
      .min(1, "rooms must be at least 1")
      .max(10, "rooms is at most 10")
      .default(1)
      .openapi({ description: "Sent to the sites", example: 1 }),
    min_price: z.coerce
      .number()
      .min(0, "min_price must not be negative")
      .optional()
      .openapi({ description: "Per night, in the answer's currency", example: 80 }),
    max_price: z.coerce
      .number()
      .min(0, "max_price must not be negative")
      .optional()
      .openapi({ description: "Per night, in the answer's currency", example: 250 }),
    min_stars: z.coerce
      .number()
      .int("min_stars is 1 to 5")
      .min(1, "min_stars is 1 to 5")
      .max(5, "min_stars is 1 to 5")
      .optional()
      .openapi({ example: 3 }),
    stars: commaList("stars", integerIn(1, 5), "is a comma list of star ratings from 1 to 5, e.g. stars=4,5")
      .optional()
      .openapi({ description: "Only these star ratings", example: "4,5" }),
    review_score_min: z.coerce
      .number()
      .min(0, "review_score_min is 0 to 10")
      .max(10, "review_score_min is 0 to 10")
      .optional()
      .openapi({ description: "Guest score on the 0–10 scale", example: 8 }),
    amenities: commaList<AmenityCode>(
      "amenities",
      oneOf(AMENITY_CODES),
      `is a comma list of amenity codes, each of ${AMENITY_CODES.join(", ")}`,
    )
      .optional()
      .openapi({
        description: `Hotels listing every one of these: ${AMENITY_CODES.join(", ")}`,
        example: "wifi,parking",
      }),
    free_cancellation: z
      .enum(["true"], { error: "free_cancellation takes only `true`; leave it out to include every hotel" })
      .optional()
      .openapi({ description: "`true`: only rooms that can be cancelled free", example: "true" }),
    property_type: commaList<PropertyType>(
      "property_type",
      oneOf(PROPERTY_TYPES),
      `is a comma list, each of ${PROPERTY_TYPES.join(", ")}`,
    )
      .optional()
      .openapi({
        description: `Any of these kinds of property: ${PROPERTY_TYPES.join(", ")}`,
        example: "hotel,aparthotel",
      }),
    sort: z
      .enum(SORT_VALUES, { error: `sort is one of ${SORT_VALUES.join(", ")}` })
      .transform((sort): HotelSort => (sort === "rating" ? "-review_score" : sort))
      .optional()
      .openapi({
        description:
          "`relevance` is the sites' own order, taken in turn; `rating` means `-review_score`. Default: `distance` near a landmark or a point, else `price`",
        example: "price",
      }),
    page: z.coerce.number().int().min(1, "page starts at 1").max(100).default(1).openapi({ example: 1 }),
    limit: z.coerce
      .number()
      .int()
      .min(1, "limit is 1 to 50")
      .max(50, "limit is 1 to 50")
      .default(20)
      .openapi({ example: 20 }),
    ...freshnessQuery,
    enrich: z.enum(["true", "false"], { error: "enrich is `true` or `false`" }).default("true").openapi({
      description:
        "`false` answers from the search pages alone: no hotel pages are read to fill the fields cards leave out (street address, coordinates, amenities, rooms left), so a fresh search is faster",
      example: "true",
    }),
    explain: ExplainQuery,
    format: FormatQuery,
  })
  .superRefine((q, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
    // Malformed dates are reported by their fields; the stay checks need both dates sound.
    if (isRealDate(q.check_in) && isRealDate(q.check_out)) {
      const today = new Date().toISOString().slice(0, 10);
      if (q.check_in < today) issue("check_in", `check_in must be today (${today}) or later`);
      const nights = nightsBetween(q.check_in, q.check_out);
      if (nights < 1) issue("check_out", "check_out must be after check_in");
      if (nights > MAX_NIGHTS)
        issue("check_out", `a stay is at most ${MAX_NIGHTS} nights; choose an earlier check_out`);
    }
    if ((q.latitude === undefined) !== (q.longitude === undefined))
      issue(
        q.latitude === undefined ? "latitude" : "longitude",
        "latitude and longitude go together: send both or neither",
      );
    if (q.radius !== undefined) {
      const km = parseRadius(q.radius);
      if (km === null) issue("radius", "radius needs a number and a unit, e.g. 5km or 3mi");
      else if (km <= 0 || km > MAX_RADIUS_KM)
        issue("radius", `radius must be more than 0 and at most ${MAX_RADIUS_KM} km`);
    }
    if (q.min_price !== undefined && q.max_price !== undefined && q.min_price > q.max_price)
      issue("min_price", "min_price must not exceed max_price");
    if (q.rooms > q.adults) issue("rooms", "rooms must not exceed adults (each room needs an adult)");
  });

/** The filters a valid query asks for, applied to the hotels the sites send back. */
export function hotelFilters(query: z.infer<typeof HotelSearchQuery>, radiusKm: number | null): HotelFilters {
  return {
    radiusKm,
    minStars: query.min_stars,
    stars: query.stars,
    minPrice: query.min_price,
    maxPrice: query.max_price,
    reviewScoreMin: query.review_score_min,
    amenities: query.amenities,
    freeCancellation: query.free_cancellation === "true",
    propertyTypes: query.property_type,
  };
}
