// One amenity vocabulary over every travel site: each page's own label ("Free WiFi", "Wi-Fi
// gratuito", "Pet friendly") maps to a code a client can filter on, and the label is kept.

export interface Amenity {
  /** `other` when the label names nothing in the vocabulary. */
  code: AmenityCode | "other";
  /** The label as the page shows it. */
  label: string;
}

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

/** Labels as amenities with codes: one per known code (its first label), every unknown label as `other`. */
export function normaliseAmenities(labels: readonly string[]): Amenity[] {
  const known = new Map<AmenityCode, Amenity>();
  const others: Amenity[] = [];
  for (const raw of labels) {
    const label = raw.trim();
    const code = amenityCode(label);
    if (code === null) {
      if (label && !others.some((other) => other.label === label)) others.push({ code: "other", label });
    } else if (!known.has(code)) known.set(code, { code, label });
  }
  return [...known.values(), ...others];
}
