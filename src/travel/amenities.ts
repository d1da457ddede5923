// One amenity vocabulary over every travel site: each page's own label ("Free WiFi", "Wi-Fi
// gratuito", "Pet friendly") maps to a code a client can filter on; answers carry the codes, and
// GET /v1/travel/amenities gives each code's label once.

/** A code of the vocabulary, or `other` for a label that names nothing in it. */
export type Amenity = AmenityCode | "other";

/** Each code and the words that name it on the sites (matched on folded, lower-case text). */
const VOCABULARY = {
  wifi: /\b(?:wi-?fi|wlan|internet)\b/,
  parking: /\bparking\b|\bparcheggio\b|\bgarage\b/,
  pool: /\bpool\b|\bpiscina\b|\bswimming\b/,
  breakfast: /\bbreakfast\b|\bcolazione\b|\bfruhstuck\b/,
  air_conditioning: /\bair[- ]?condition|\baria condizionata\b|\bclimati/,
  pets_allowed: /\bpets?\b|\bpet[- ]friendly\b|\banimali\b/,
  fitness: /\bfitness\b|\bgym\b/,
  spa: /\bspa\b|\bsauna\b|\bwellness\b/,
  restaurant: /\brestaurant\b|\bristorante\b/,
  bar: /\bbar\b|\blounge\b/,
  kitchen: /\bkitchen(?:ette)?\b|\bcucina\b/,
  washing_machine: /\bwashing machine\b|\blaundry\b|\bwasher\b|\blavatrice\b/,
  dishwasher: /\bdishwasher\b|\blavastoviglie\b/,
  coffee_maker: /\bcoffee\b|\bkettle\b/,
  balcony: /\bbalcony\b|\bterrace\b|\bbalcone\b/,
  airport_shuttle: /\bairport (?:shuttle|transfer)\b|\bshuttle\b/,
  front_desk_24h: /\b24[- ]hour\b|\b24\/7\b/,
  room_service: /\broom service\b/,
  family_rooms: /\bfamily rooms?\b|\bcrib\b|\bcot\b/,
  non_smoking: /\bnon[- ]smoking\b|\bsmoke[- ]free\b/,
  elevator: /\belevator\b|\blift\b|\bascensore\b/,
  heating: /\bheating\b|\briscaldamento\b/,
  tv: /\btv\b|\btelevision\b/,
  accessible: /\baccessib|\bwheelchair\b/,
  ev_charging: /\bev charg|\belectric vehicle\b/,
} satisfies Record<string, RegExp>;

export type AmenityCode = keyof typeof VOCABULARY;

export const AMENITY_CODES = Object.keys(VOCABULARY) as AmenityCode[];

const fold = (text: string) => text.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase();

/** The code a page's label names, or null when it is not in the vocabulary. */
export function amenityCode(label: string): AmenityCode | null {
  const folded = fold(label);
  for (const code of AMENITY_CODES) if (VOCABULARY[code].test(folded)) return code;
  return null;
}

/** Each code's label in answers' language, documented once by GET /v1/travel/amenities. */
export const AMENITY_LABELS: Record<Amenity, string> = {
  wifi: "Wi-Fi",
  parking: "Parking",
  pool: "Swimming pool",
  breakfast: "Breakfast",
  air_conditioning: "Air conditioning",
  pets_allowed: "Pets allowed",
  fitness: "Fitness centre",
  spa: "Spa or sauna",
  restaurant: "Restaurant",
  bar: "Bar or lounge",
  kitchen: "Kitchen or kitchenette",
  washing_machine: "Washing machine or laundry",
  dishwasher: "Dishwasher",
  coffee_maker: "Coffee maker or kettle",
  balcony: "Balcony or terrace",
  airport_shuttle: "Airport shuttle",
  front_desk_24h: "24-hour front desk",
  room_service: "Room service",
  family_rooms: "Family rooms",
  non_smoking: "Non-smoking rooms",
  elevator: "Elevator (lift)",
  heating: "Heating",
  tv: "TV",
  accessible: "Wheelchair accessible",
  ev_charging: "Electric vehicle charging",
  other: "Something the page lists that is outside this vocabulary",
};

/** A page's labels as codes, each once, in the order first met; labels outside the vocabulary as one `other`, last. */
export function normaliseAmenities(labels: readonly string[]): Amenity[] {
  const codes = new Set<AmenityCode>();
  let other = false;
  for (const raw of labels) {
    const label = raw.trim();
    const code = amenityCode(label);
    if (code !== null) codes.add(code);
    else if (label) other = true;
  }
  return other ? [...codes, "other"] : [...codes];
}
