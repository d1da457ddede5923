import { z } from "@hono/zod-openapi";
import { FormatQuery } from "../../envelope";

const DAY_MS = 86_400_000;
export const MAX_NIGHTS = 30;
export const MAX_RADIUS_KM = 100;

/** A stay far enough ahead that the examples stay valid requests (check_in may not be in the past). */
export const STAY_EXAMPLE = { check_in: "2030-05-14", check_out: "2030-05-17" };

/** A real calendar date in YYYY-MM-DD (2026-02-30 is refused). */
const isoDate = (name: string) =>
  z
    .string({ error: `${name} is required, as YYYY-MM-DD` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${name} must be a date as YYYY-MM-DD, e.g. 2026-12-01`)
    .refine((value) => isRealDate(value), `${name} is not a real calendar date`);

function isRealDate(value: string): boolean {
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().startsWith(value);
}

/** "5km", "2.5 km", "3mi" → kilometres. */
export function parseRadius(text: string): number | null {
  const match = /^(\d+(?:\.\d+)?)\s*(km|mi)$/i.exec(text.trim());
  if (!match) return null;
  const value = Number(match[1]);
  return match[2]!.toLowerCase() === "mi" ? value * 1.609344 : value;
}

/** How fresh a scraped answer must be; shared by the travel routes. */
export const MaxAgeQuery = z.coerce
  .number()
  .int()
  .min(0)
  .max(604_800)
  .optional()
  .openapi({ description: "Accept a cached result at most this many seconds old", example: 600 });
export const FreshQuery = z
  .enum(["true", "false"])
  .optional()
  .openapi({ description: "`true` skips the cache and scrapes now", example: "false" });

export const nightsBetween = (checkIn: string, checkOut: string) =>
  Math.round((Date.parse(checkOut) - Date.parse(checkIn)) / DAY_MS);

export const HotelSearchQuery = z
  .object({
    destination: z
      .string({ error: "destination is required: a city, region or landmark" })
      .trim()
      .min(1, "destination must not be empty")
      .max(200)
      .openapi({ description: "A city, region or landmark", example: "Dublin" }),
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
    adults: z.coerce.number().int().min(1, "adults must be at least 1").max(30).default(2).openapi({ example: 2 }),
    rooms: z.coerce.number().int().min(1, "rooms must be at least 1").max(10).default(1).openapi({ example: 1 }),
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
      .int()
      .min(1, "min_stars is 1 to 5")
      .max(5, "min_stars is 1 to 5")
      .optional()
      .openapi({ example: 3 }),
    sort: z
      .enum(["price", "distance", "rating"], { error: "sort is one of price, distance, rating" })
      .optional()
      .openapi({ description: "Default: `distance` near a landmark or a point, else `price`", example: "price" }),
    page: z.coerce.number().int().min(1, "page starts at 1").max(100).default(1).openapi({ example: 1 }),
    limit: z.coerce
      .number()
      .int()
      .min(1, "limit is 1 to 50")
      .max(50, "limit is 1 to 50")
      .default(20)
      .openapi({ example: 20 }),
    max_age: MaxAgeQuery,
    fresh: FreshQuery,
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

export const CurrencyHeader = z.object({
  "x-currency": z
    .string()
    .regex(/^[A-Za-z]{3}$/, "X-Currency must be an ISO 4217 code such as EUR or USD")
    .optional()
    .openapi({
      param: { name: "x-currency", in: "header", description: "Currency for every price (ISO 4217), e.g. EUR or USD" },
      example: "EUR",
    }),
});
