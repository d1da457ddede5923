import { z } from "@hono/zod-openapi";

const DAY_MS = 86_400_000;

/** A stay far enough ahead that the examples stay valid requests (check_in may not be in the past). */
export const STAY_EXAMPLE = { check_in: "2030-05-14", check_out: "2030-05-17" };

/** A real calendar date in YYYY-MM-DD (2026-02-30 is refused). */
export const isoDate = (name: string) =>
  z
    .string({ error: `${name} is required, as YYYY-MM-DD` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${name} must be a date as YYYY-MM-DD, e.g. 2026-12-01`)
    .refine((value) => isRealDate(value), `${name} is not a real calendar date`);

export function isRealDate(value: string): boolean {
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

/** `explain=true` on the hotel routes; off by default, so answers stay small. */
export const ExplainQuery = z.enum(["true", "false"], { error: "explain is `true` or `false`" }).optional().openapi({
  description:
    "`true` adds to each hotel `sources`: per filled field, where its value came from (`source`: a platform's search card, the hotel's own page, or on a hotel page the reader, e.g. `json-ld`) and `agreed`, the other platforms or readers that gave the same value",
  example: "false",
});

export const nightsBetween = (checkIn: string, checkOut: string) =>
  Math.round((Date.parse(checkOut) - Date.parse(checkIn)) / DAY_MS);

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
