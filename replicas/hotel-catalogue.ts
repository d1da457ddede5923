// The travel replicas' shared catalogue: properties in nine cities, some near a landmark (plus airbnb-only homes),
// each listed on booking, expedia and hotels.com (most of them) under slightly different names,
// coordinates within ±0.0003°, site-specific ids, review scales and prices a few percent apart.
// Nightly prices depend on the date (Friday and Saturday nights cost more, summer more than
// winter) and never on the clock, so every page is reproducible.
import {
  AMENITIES,
  APARTMENT_AMENITIES,
  CITIES,
  FIRST_CITIES,
  ROOM_TYPES,
  type City,
  type PropertyKind,
} from "./hotel-data.ts";
import { ADDED_CITIES, ADDED_TO_CITIES, LANDMARK_HOTELS } from "./hotel-places-added.ts";
import { fold, rng, slugify } from "./random.ts";
import type { PriceBook } from "./site.ts";

export type TravelSite = "booking" | "expedia" | "hotels" | "airbnb";
export const CURRENCY = "EUR";

export interface Property {
  key: number;
  city: City;
  name: string;
  kind: PropertyKind;
  stars: number;
  latitude: number;
  longitude: number;
  street: string;
  postcode: string;
  /** Guest quality on a 0–10 scale, before each site's own noise. */
  quality: number;
  /** Cheapest room, one night, two adults, before site and date factors. */
  basePrice: number;
  amenities: string[];
  rooms: { name: string; multiplier: number; sleeps: number }[];
  airbnbOnly: boolean;
}

/** A property as one site lists it. */
export interface Listing {
  platform: TravelSite;
  property: Property;
  id: string;
  name: string;
  latitude: number;
  longitude: number;
  /** On the site's own scale (booking and hotels.com /10, expedia and airbnb /5). */
  score: number;
  reviewCount: number;
  priceFactor: number;
  /** booking.com page path "{cc}/{slug}". */
  path: string;
}

const STAR_PRICE = [70, 60, 75, 105, 150, 240];
const TYPE_PRICE: Record<PropertyKind, number> = { hotel: 1, hostel: 0.45, apartment: 1.05, aparthotel: 1.1 };

interface Placement {
  latitude: number;
  longitude: number;
  /** Largest offset from the centre, in degrees of latitude and longitude. */
  spread: [number, number];
}

const CITY_SPREAD: [number, number] = [0.022, 0.032];
/** About 700 m around a landmark at European and American latitudes. */
const LANDMARK_SPREAD: [number, number] = [0.006, 0.008];

function buildProperties(): Property[] {
  const properties: Property[] = [];
  const add = (
    city: City,
    [name, kind, stars, always = []]: City["properties"][number],
    airbnbOnly = false,
    place: Placement = { ...city, spread: CITY_SPREAD },
  ) => {
    const key = properties.length;
    const random = rng(`property-${key}-${name}`);
    const amenities = random.sample(AMENITIES, random.int(5, 9));
    if (kind === "apartment" || kind === "aparthotel") amenities.push(...random.sample(APARTMENT_AMENITIES, 3));
    const [latitudeSpread, longitudeSpread] = place.spread;
    properties.push({
      key,
      city,
      name,
      kind,
      stars,
      airbnbOnly,
      latitude: Math.round((place.latitude + random.float(-latitudeSpread, latitudeSpread)) * 1e6) / 1e6,
      longitude: Math.round((place.longitude + random.float(-longitudeSpread, longitudeSpread)) * 1e6) / 1e6,
      street: `${random.int(1, 120)} ${random.pick(city.streets)}`,
      postcode: `${city.postcodePrefix}${random.chars(city.postcodePrefix.length > 3 ? 1 : 2, "0123456789")}`,
      quality: Math.round(random.float(6.6, 9.5) * 10) / 10,
      basePrice: Math.round(STAR_PRICE[stars]! * TYPE_PRICE[kind] * city.priceLevel * random.float(0.85, 1.2)),
      amenities: [...amenities, ...always.filter((amenity) => !amenities.includes(amenity))],
      rooms: ROOM_TYPES[kind]
        .slice(0, random.int(2, ROOM_TYPES[kind].length))
        .map(([roomName, multiplier, sleeps]) => ({ name: roomName, multiplier, sleeps })),
    });
  };
  const airbnbHomes = (city: City) => {
    add(city, [`Cosy studio near ${city.landmark}`, "apartment", 0], true);
    add(city, [`Sunny loft in central ${city.name}`, "apartment", 0], true);
  };
  for (const city of FIRST_CITIES) for (const property of city.properties) add(city, property);
  for (const city of FIRST_CITIES) airbnbHomes(city);
  // Places added later come after every earlier key, so earlier listings keep their seeded values.
  for (const city of ADDED_CITIES) {
    for (const property of city.properties) add(city, property);
    airbnbHomes(city);
  }
  const cityNamed = (name: string) => CITIES.find((candidate) => candidate.name === name)!;
  for (const spot of LANDMARK_HOTELS) {
    for (const property of spot.properties)
      add(cityNamed(spot.city), property, false, { ...spot, spread: LANDMARK_SPREAD });
  }
  for (const { city, properties: added } of ADDED_TO_CITIES)
    for (const property of added) add(cityNamed(city), property);
  return properties;
}

export const PROPERTIES = buildProperties();

const stripThe = (name: string) => name.replace(/^The /, "");
const NAMES: Record<TravelSite, (property: Property) => string> = {
  booking: (property) => property.name,
  expedia: (property) =>
    fold(property.name).includes(fold(property.city.name))
      ? stripThe(property.name)
      : `${stripThe(property.name)} ${property.city.name}`,
  hotels: (property) => `${stripThe(property.name)}, ${property.city.name}`,
  airbnb: (property) =>
    property.airbnbOnly
      ? property.name
      : `${property.name} – ${property.kind === "apartment" ? "Bright apartment" : "Serviced studio"} in ${property.city.name}`,
};

function listedOn(platform: TravelSite, property: Property): boolean {
  if (platform === "airbnb")
    return property.airbnbOnly || property.kind === "apartment" || property.kind === "aparthotel";
  if (property.airbnbOnly) return false;
  if (platform === "booking") return true;
  return rng(`${platform}-lists-${property.key}`).next() >= (platform === "expedia" ? 0.1 : 0.12);
}

function buildListing(platform: TravelSite, property: Property): Listing {
  const random = rng(`${platform}-listing-${property.key}`);
  const id = {
    booking: () => random.digits(random.int(5, 7)),
    expedia: () => random.digits(random.int(7, 8)),
    hotels: () => random.digits(6),
    airbnb: () => random.digits(18),
  }[platform]();
  const scores: Record<TravelSite, () => number> = {
    booking: () => Math.round(Math.min(10, property.quality + random.float(-0.2, 0.2)) * 10) / 10,
    expedia: () => Math.round(Math.min(5, property.quality / 2 + random.float(-0.1, 0.1)) * 10) / 10,
    hotels: () => Math.round(Math.min(10, property.quality + random.float(-0.3, 0.3)) * 10) / 10,
    airbnb: () => Math.round(Math.min(4.99, 3.95 + property.quality / 10 + random.float(-0.05, 0.05)) * 100) / 100,
  };
  const reviews: Record<TravelSite, [number, number]> = {
    booking: [180, 4200],
    expedia: [25, 2400],
    hotels: [15, 900],
    airbnb: [4, 320],
  };
  return {
    platform,
    property,
    id,
    name: NAMES[platform](property),
    latitude: Math.round((property.latitude + random.float(-0.0003, 0.0003)) * 1e7) / 1e7,
    longitude: Math.round((property.longitude + random.float(-0.0003, 0.0003)) * 1e7) / 1e7,
    score: scores[platform](),
    reviewCount: random.int(...reviews[platform]),
    priceFactor: { booking: 1, expedia: 1.03, hotels: 0.98, airbnb: 1.05 }[platform] * random.float(0.98, 1.02),
    path: `${property.city.countryCode}/${slugify(property.name)}`,
  };
}

const listings = new Map<TravelSite, Listing[]>();

export function listingsOn(platform: TravelSite): Listing[] {
  let list = listings.get(platform);
  if (!list) {
    list = PROPERTIES.filter((property) => listedOn(platform, property)).map((property) =>
      buildListing(platform, property),
    );
    listings.set(platform, list);
  }
  return list;
}

/** A listing by the site's id (booking also by its page path "ie/the-grand-canal-hotel" or slug). */
export function findHotel(platform: TravelSite, id: string): Listing | null {
  const wanted = id.replace(/\.html$/, "");
  return (
    listingsOn(platform).find(
      (listing) =>
        listing.id === wanted ||
        (platform === "booking" && (listing.path === wanted || listing.path.endsWith(`/${wanted}`))),
    ) ?? null
  );
}

/** Listings in the city (or country) named by `destination`, ignoring case, accents and anything after a comma. */
export function searchHotels(platform: TravelSite, destination: string): Listing[] {
  const wanted = fold(destination.split(",")[0] ?? "");
  return listingsOn(platform).filter(
    ({ property }) =>
      !wanted ||
      fold(property.city.name) === wanted ||
      fold(property.city.country) === wanted ||
      fold(property.city.name).startsWith(wanted),
  );
}

export function distanceKm(latitude: number, longitude: number, city: City): number {
  const rad = Math.PI / 180;
  const dLat = (latitude - city.latitude) * rad;
  const dLng = (longitude - city.longitude) * rad;
  const a =
    Math.sin(dLat / 2) ** 2 + Math.cos(city.latitude * rad) * Math.cos(latitude * rad) * Math.sin(dLng / 2) ** 2;
  return Math.round(6371 * 2 * Math.asin(Math.sqrt(a)) * 10) / 10;
}

export interface Stay {
  checkIn: string;
  checkOut: string;
  nights: number;
  adults: number;
  rooms: number;
}

const DAY = 86_400_000;

function parseDay(text: string | null | undefined): number | null {
  if (!text || !/^\d{4}-\d{2}-\d{2}$/.test(text)) return null;
  const time = Date.parse(`${text}T00:00:00Z`);
  return Number.isNaN(time) || new Date(time).toISOString().slice(0, 10) !== text ? null : time;
}

/** A stay from query values; null when the dates are missing, invalid, reversed or over 30 nights. */
export function parseStay(
  checkIn: string | null | undefined,
  checkOut: string | null | undefined,
  adults?: string | null,
  rooms?: string | null,
): Stay | null {
  const start = parseDay(checkIn);
  const end = parseDay(checkOut);
  if (start === null || end === null) return null;
  const nights = Math.round((end - start) / DAY);
  if (nights < 1 || nights > 30) return null;
  const positive = (text: string | null | undefined, fallback: number) =>
    Number(text) >= 1 ? Math.floor(Number(text)) : fallback;
  return { checkIn: checkIn!, checkOut: checkOut!, nights, adults: positive(adults, 2), rooms: positive(rooms, 1) };
}

/** Nightly price of the cheapest room for two adults on each night of the stay. */
export function nightlyPrices(listing: Listing, stay: Stay, prices: PriceBook): number[] {
  const override = prices.get(listing.platform, listing.id);
  const start = parseDay(stay.checkIn)!;
  return Array.from({ length: stay.nights }, (_, n) => {
    if (override !== undefined) return override;
    const day = new Date(start + n * DAY);
    const weekend = day.getUTCDay() === 5 || day.getUTCDay() === 6 ? 1.18 : 1;
    const dayOfYear = Math.floor((day.getTime() - Date.UTC(day.getUTCFullYear(), 0, 1)) / DAY);
    const season = 1 + 0.08 * Math.sin((2 * Math.PI * (dayOfYear - 100)) / 365);
    return Math.round(listing.property.basePrice * listing.priceFactor * weekend * season);
  });
}

export interface Quote {
  /** Average per room per night. */
  perNight: number;
  /** The whole stay, all rooms. */
  total: number;
}

/** The price of a room type (by its multiplier) for the whole stay and party. */
export function quote(listing: Listing, stay: Stay, prices: PriceBook, multiplier = 1): Quote {
  const perRoom = Math.ceil(stay.adults / stay.rooms);
  const occupancy = 1 + 0.2 * Math.max(0, perRoom - 2);
  const factor = multiplier * occupancy;
  // Site prices are whole euros; an override is shown as given.
  const nights = nightlyPrices(listing, stay, prices).map((price) =>
    factor === 1 ? price : Math.round(price * factor),
  );
  const total = Math.round(nights.reduce((sum, price) => sum + price, 0) * stay.rooms * 100) / 100;
  const perNight = Math.round((total / stay.nights / stay.rooms) * 100) / 100;
  return { perNight, total };
}

/** Rooms left of room type `room` for the stay (0 = sold out); the cheapest type is never sold out. */
export function roomsLeft(listing: Listing, stay: Stay, room = 0): number {
  const random = rng(`${listing.platform}-${listing.id}-${stay.checkIn}-${stay.nights}-${room}`);
  return room > 0 && random.chance(0.15) ? 0 : random.int(1, 9);
}

/** A room's booking terms on one site: the same on its search card and its hotel page. */
export function roomTerms(listing: Listing, room = 0): { freeCancellation: boolean; breakfast: boolean } {
  const random = rng(`${listing.platform}-${listing.id}-terms-${room}`);
  return {
    freeCancellation: random.chance(0.6),
    breakfast: listing.property.amenities.includes("Breakfast included") || random.chance(0.2),
  };
}
