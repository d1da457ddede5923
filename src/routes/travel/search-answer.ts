// What a hotel search answers besides the hotels: the place searched, its namesakes, and which
// filters the sites applied in their own URLs and which were applied to what they sent back.
import { z } from "@hono/zod-openapi";
import type { Rates } from "../../travel/conversion";
import type { MergedHotel, PricedHotel } from "../../travel/merge";
import { isPoint, type Place } from "../../travel/places";
import { hotelSources } from "../../travel/provenance";

export const LocationSchema = z
  .object({
    kind: z.enum(["city", "region", "landmark", "coordinates"]).openapi({
      description: "`coordinates` when the centre is a point (`latitude`/`longitude`, or a destination given as one)",
    }),
    name: z.string().openapi({ description: "The place's name; for a point, the nearest city's" }),
    country: z.string().openapi({ description: "ISO 3166-1 alpha-2" }),
    latitude: z.number().openapi({ description: "The centre distances are measured from" }),
    longitude: z.number(),
    radius_km: z
      .number()
      .nullable()
      .openapi({ description: "Hotels farther than this from the centre were left out; null when none were" }),
  })
  .openapi("HotelSearchLocation");

export const LocationAlternativeSchema = LocationSchema.omit({ radius_km: true }).openapi("HotelSearchAlternative");

export const FiltersSchema = z
  .object({
    sent_to_sites: z.array(z.string()).openapi({ description: "Parameters passed to each site in its own URL" }),
    applied_after: z.array(z.string()).openapi({
      description: "Parameters applied to the hotels the sites sent back (a hotel lacking the value fails)",
    }),
  })
  .openapi("HotelSearchFilters");

/** Occupancy goes into every site's URL; the other filters are applied to the merged hotels. */
export function filtersReport(children: number[], appliedAfter: string[]): z.infer<typeof FiltersSchema> {
  return {
    sent_to_sites: ["adults", ...(children.length > 0 ? ["children"] : []), "rooms"],
    applied_after: appliedAfter,
  };
}

/** Where the search was centred: the caller's point when one was sent, else the place's own centre. */
export function searchCentre(place: Place, query: { latitude?: number; longitude?: number }) {
  return query.latitude !== undefined && query.longitude !== undefined
    ? { latitude: query.latitude, longitude: query.longitude, explicit: true }
    : { latitude: place.latitude, longitude: place.longitude, explicit: false };
}

/** Without an explicit radius a landmark or a point means "near it" (its own surroundings); a city or region keeps every hotel. */
export function defaultRadiusKm(place: Place): number | null {
  return isPoint(place) ? Math.max(place.radius_km, 3) : null;
}

export function locationOf(
  place: Place,
  centre: ReturnType<typeof searchCentre>,
  radiusKm: number | null,
): z.infer<typeof LocationSchema> {
  return {
    kind: centre.explicit ? "coordinates" : place.kind,
    name: place.name,
    country: place.country,
    latitude: centre.latitude,
    longitude: centre.longitude,
    radius_km: radiusKm === null ? null : Math.round(radiusKm * 100) / 100,
  };
}

export const alternativeOf = (place: Place): z.infer<typeof LocationAlternativeSchema> => ({
  kind: place.kind,
  name: place.name,
  country: place.country,
  latitude: place.latitude,
  longitude: place.longitude,
});

/**
 * Hotels as answered, with each field's source when `explain` asks for it, and apart (by hotel id)
 * which of their fields came from elsewhere than their card. Their trails stay behind.
 */
export function answeredHotels<T extends MergedHotel>(hotels: T[], explain: boolean) {
  const enrichedFrom: Record<string, Record<string, string>> = {};
  const answered = hotels.map((merged) => {
    const { enriched_from, trail: _trail, unreadable: _unreadable, ...hotel } = merged;
    if (hotel.id !== null && Object.keys(enriched_from).length > 0) enrichedFrom[hotel.id] = enriched_from;
    return explain ? { ...hotel, sources: hotelSources(merged) } : hotel;
  });
  return { hotels: answered, enrichedFrom };
}

/** The rates the answer's prices were converted at: one per site currency met, leaving out those with no rate (their prices are unreadable). */
export function conversionsUsed(hotels: PricedHotel[], currency: { code: string; rates: Rates }) {
  const { code, rates } = currency;
  const met = hotels
    .map((hotel) => hotel.offer.original.currency)
    .filter((from): from is string => !!from && from !== code && Object.hasOwn(rates.perEur, from));
  return [...new Set(met)].map((from) => ({
    from,
    to: code,
    rate: Math.round((rates.perEur[code]! / rates.perEur[from]!) * 1e6) / 1e6,
    date: rates.date,
  }));
}
