// The gazetteer: turns a visitor's `destination` text into a place with a centre and a radius.
import { database } from "../db/client";
import type { Db } from "../db/keys";
import {
  allCountries,
  nearestCity,
  type PlaceRow,
  placesNamed,
  placesStartingWith,
  spellingNeighbours,
} from "../db/places";
import { COUNTRY_ALIASES, CITY_ALIASES } from "./place-aliases";
import { normalisePlaceName } from "./place-name";

export { normalisePlaceName };

export interface Place {
  /** `coordinates`: the destination was a point ("48.8584,2.2945"); its name is the nearest city's. */
  kind: "city" | "region" | "landmark" | "coordinates";
  name: string;
  country: string;
  latitude: number;
  longitude: number;
  population: number | null;
  radius_km: number;
}

export type Resolution = { place: Place; alternatives: Place[] } | { place: null; suggestions: Place[] };

const MAX_SUGGESTIONS = 5;
const MAX_ALTERNATIVES = 5;
const MAX_EDIT_DISTANCE = 2;
/** How far around a point given as the destination counts as "near it". */
const POINT_RADIUS_KM = 5;
/** Longest country name a slug may end with ("paris-france", "austin-united-states"), in words. */
const MAX_COUNTRY_WORDS = 3;
/** A region or landmark is searched for on the sites as the nearest city this big. */
const SEARCH_CITY_POPULATION = 100_000;

const toPlace = (row: PlaceRow): Place => ({
  kind: row.kind,
  name: row.name,
  country: row.country,
  latitude: row.latitude,
  longitude: row.longitude,
  population: row.population,
  radius_km: row.radiusKm,
});

const byPopulation = (a: PlaceRow, b: PlaceRow) => (b.population ?? 0) - (a.population ?? 0);

/** A landmark or a point: hotels are wanted near it rather than anywhere in a city or region. */
export const isPoint = (place: Place) => place.kind === "landmark" || place.kind === "coordinates";

/**
 * Resolves `text` ("Paris", "Dublin, IE", "Valencia, Spain", "paris-france", "New York", "Eiffel Tower",
 * "48.8584,2.2945"): an exact match on the normalised name or one of its other names, else up to five
 * suggestions (prefix matches, then names within two edits).
 */
export async function resolveDestination(d1: D1Database, text: string): Promise<Resolution> {
  const orm = database(d1);
  const point = coordinatesIn(text);
  if (point) return { place: await placeAt(orm, point), alternatives: [] };
  const countryOf = countryResolver(orm);
  const { name, country } = await splitCountry(countryOf, text);
  if (!name) return { place: null, suggestions: [] };
  const typed = text.split(",")[0] ?? text;
  const rows = await exactRows(orm, name, country);
  if (rows.length > 0) return pickExact(rows, typed);
  // A country joined without a comma, as slugs have it: "paris-france", "new-york-us".
  const words = name.split(" ");
  for (let n = 1; !country && n <= MAX_COUNTRY_WORDS && n < words.length; n++) {
    const qualifier = await countryOf(words.slice(-n).join(" "), true);
    const qualified = qualifier ? await exactRows(orm, words.slice(0, -n).join(" "), qualifier) : [];
    if (qualified.length > 0) return pickExact(qualified, typed);
  }
  return { place: null, suggestions: (await suggest(orm, name, country)).map(toPlace) };
}

/** Rows named `name` (or, with "the " dropped, "the Louvre"), counting a city's other names, optionally in one country. */
async function exactRows(orm: Db, name: string, country: string | null): Promise<PlaceRow[]> {
  for (const candidate of name.startsWith("the ") ? [name, name.slice(4)] : [name]) {
    const alias = CITY_ALIASES[candidate];
    const rows = await placesNamed(
      orm,
      candidate,
      country,
      alias ? { searchName: normalisePlaceName(alias[0]), country: alias[1] } : undefined,
    );
    if (rows.length > 0) return rows;
  }
  return [];
}

/**
 * A normalised country word ("ie", "uk", "spain") as its ISO code, or null. A two-letter code counts
 * unchecked after a comma ("Paris, JP" then finds nothing) and only when it is a real code elsewhere.
 */
function countryResolver(orm: Db) {
  let known: { code: string; name: string }[] | undefined;
  return async (word: string, mustExist = false): Promise<string | null> => {
    if (COUNTRY_ALIASES[word]) return COUNTRY_ALIASES[word];
    known ??= (await allCountries(orm)).map((row) => ({
      code: row.code,
      name: normalisePlaceName(row.name),
    }));
    if (/^[a-z]{2}$/.test(word)) {
      const code = word.toUpperCase();
      return !mustExist || known.some((row) => row.code === code) ? code : null;
    }
    return known.find((row) => row.name === word)?.code ?? null;
  };
}

/** "City, CC" and "City, Country name" narrow the search to a country; any other comma stays part of the name. */
async function splitCountry(
  countryOf: ReturnType<typeof countryResolver>,
  text: string,
): Promise<{ name: string; country: string | null }> {
  const comma = text.lastIndexOf(",");
  const whole = { name: normalisePlaceName(text), country: null };
  if (comma < 0) return whole;
  const country = await countryOf(normalisePlaceName(text.slice(comma + 1)));
  return country ? { name: normalisePlaceName(text.slice(0, comma)), country } : whole;
}

/** "48.8584,2.2945" or "48.8584 2.2945": a latitude and a longitude in range, or null. */
function coordinatesIn(text: string): { latitude: number; longitude: number } | null {
  const match = /^\s*(-?\d{1,2}(?:\.\d+)?)\s*[,\s]\s*(-?\d{1,3}(?:\.\d+)?)\s*$/.exec(text);
  if (!match) return null;
  const [latitude, longitude] = [Number(match[1]), Number(match[2])];
  return Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180 ? { latitude, longitude } : null;
}

/** A point as a place named after the nearest city, which is also what the sites are searched with. */
async function placeAt(orm: Db, point: { latitude: number; longitude: number }): Promise<Place> {
  const city = await nearestCity(orm, point, SEARCH_CITY_POPULATION);
  return {
    kind: "coordinates",
    name: city?.name ?? `${point.latitude},${point.longitude}`,
    country: city?.country ?? "",
    ...point,
    population: null,
    radius_km: POINT_RADIUS_KM,
  };
}

/**
 * A landmark or region wins over a city of the same normalised name only when it was typed as named
 * ("Munster" is the Irish province, "Münster" the German city); among cities the most populous wins,
 * and namesakes abroad with more than a third of its population are listed as alternatives.
 */
function pickExact(rows: PlaceRow[], typed: string): { place: Place; alternatives: Place[] } {
  const cities = rows.filter((row) => row.kind === "city").sort(byPopulation);
  const others = rows
    .filter((row) => row.kind !== "city")
    .sort((a, b) => (a.kind === b.kind ? a.id - b.id : a.kind === "landmark" ? -1 : 1));
  const typedName = typed.trim().toLowerCase();
  const namedExactly = others.find((row) => row.name.toLowerCase() === typedName);
  const biggest = cities[0];
  if (!biggest || namedExactly) {
    const chosen = namedExactly ?? others[0]!;
    return {
      place: toPlace(chosen),
      alternatives: [...others, ...cities]
        .filter((row) => row !== chosen)
        .slice(0, MAX_ALTERNATIVES)
        .map(toPlace),
    };
  }
  const seenCountries = new Set([biggest.country]);
  const namesakes = cities.filter((row) => {
    if (seenCountries.has(row.country) || (row.population ?? 0) * 3 <= (biggest.population ?? 0)) return false;
    seenCountries.add(row.country);
    return true;
  });
  return { place: toPlace(biggest), alternatives: [...namesakes, ...others].slice(0, MAX_ALTERNATIVES).map(toPlace) };
}

async function suggest(orm: Db, name: string, country: string | null): Promise<PlaceRow[]> {
  const prefixed = await placesStartingWith(orm, name, country, MAX_SUGGESTIONS);
  if (prefixed.length >= MAX_SUGGESTIONS || name.length < 3) return prefixed;
  const nearby = await spellingNeighbours(orm, name, MAX_EDIT_DISTANCE, country);
  const close = nearby
    .map((row) => ({ row, distance: boundedEditDistance(name, row.searchName, MAX_EDIT_DISTANCE) }))
    .filter((entry) => entry.distance <= MAX_EDIT_DISTANCE && !prefixed.some((row) => row.id === entry.row.id))
    .sort((a, b) => a.distance - b.distance || byPopulation(a.row, b.row) || a.row.id - b.row.id)
    .map((entry) => entry.row);
  return [...prefixed, ...close].slice(0, MAX_SUGGESTIONS);
}

/** Levenshtein distance, giving up (returning limit + 1) once every path exceeds `limit`; hand-written, no dependency for twenty lines. */
function boundedEditDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    if (Math.min(...current) > limit) return limit + 1;
    previous = current;
  }
  return previous[b.length]!;
}

/** The city the sites are searched with: the place itself, or the nearest city of 100,000 people to a region or landmark. */
export async function searchCity(d1: D1Database, place: Place): Promise<string> {
  if (place.kind === "city" || place.kind === "coordinates") return place.name;
  return (await nearestCity(database(d1), place, SEARCH_CITY_POPULATION))?.name ?? place.name;
}
