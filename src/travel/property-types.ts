// The kinds of property a `property_type` filter can ask for, and the words sites use for each
// ("Guest house", "Entire rental unit", "B&B"), so a filter matches however a page names it.
import { normalisePlaceName } from "./place-name";

const NAMES = {
  hotel: ["hotel", "boutique hotel", "capsule hotel", "love hotel"],
  aparthotel: ["aparthotel", "apart hotel", "apartment hotel", "serviced apartment"],
  apartment: ["apartment", "apartments", "flat", "condo", "condominium", "rental unit", "entire rental unit", "loft"],
  hostel: ["hostel", "youth hostel"],
  guesthouse: ["guesthouse", "guest house", "pension", "inn", "homestay"],
  bed_and_breakfast: ["bed and breakfast", "bed breakfast", "b b", "bnb"],
  home: ["home", "house", "entire home", "holiday home", "vacation home", "cottage", "chalet", "townhouse"],
  villa: ["villa", "entire villa"],
  resort: ["resort", "holiday park"],
  motel: ["motel"],
} satisfies Record<string, string[]>;

export type PropertyType = keyof typeof NAMES;

export const PROPERTY_TYPES = Object.keys(NAMES) as PropertyType[];

/** Whether a page's property type (any case, accents or punctuation) names `wanted`; unknown (null) never does. */
export function isPropertyType(pageValue: string | null, wanted: PropertyType): boolean {
  if (pageValue === null) return false;
  const name = normalisePlaceName(pageValue);
  return NAMES[wanted].includes(name) || name.replace(/ /g, "_") === wanted;
}
