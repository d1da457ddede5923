// The travel platforms: hotel search and hotel detail on booking.com, expedia.com,
// hotels.com and airbnb, each an adapter of URL builders and pure HTML parsers.
import { airbnb } from "./airbnb";
import { booking } from "./booking";
import { expedia } from "./expedia";
import { hotels } from "./hotels";

export type { TravelPlatform, TravelSlug } from "./types";
import type { TravelPlatform, TravelSlug } from "./types";

export const TRAVEL_PLATFORMS: Record<TravelSlug, TravelPlatform> = { booking, expedia, hotels, airbnb };
