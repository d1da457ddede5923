// The gazetteer: turns a visitor's `destination` text into a place with a centre and a radius.
import { and, asc, between, desc, eq, gte, lt, or, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { countries, places } from "../db/schema";
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

type Row = typeof places.$inferSelect;
type Orm = ReturnType<typeof drizzle>;

const toPlace = (row: Row): Place => ({
  kind: row.kind,
  name: row.name,
  country: row.country,
  latitude: row.latitude,
  longitude: row.longitude,
  population: row.population,
  radius_km: row.radiusKm,
});

const byPopulation = (a: Row, b: Row) => (b.population ?? 0) - (a.population ?? 0);

/** A landmark or a point: hotels are wanted near it rather than anywhere in a city or region. */
export const isPoint = (place: Place) => place.kind === "landmark" || place.kind === "coordinates";

/**
 * Resolves `text` ("Paris", "Dublin, IE", "Valencia, Spain", "paris-france", "New York", "Eiffel Tower",
 * "48.8584,2.2945"): an exact match on the normalised name or one of its other names, else up to five
 * suggestions (prefix matches, then names within two edits).
 */
export async function resolveDestination(db: D1Database, text: string): Promise<Resolution> {
  const point = coordinatesIn(text);
  if (point) return { place: await placeAt(db, point), alternatives: [] };
  const orm = drizzle(db);
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
async function exactRows(orm: Orm, name: string, country: string | null): Promise<Row[]> {
  for (const candidate of name.startsWith("the ") ? [name, name.slice(4)] : [name]) {
    const alias = CITY_ALIASES[candidate];
    const named = or(
      eq(places.searchName, candidate),
      alias ? and(eq(places.searchName, normalisePlaceName(alias[0])), eq(places.country, alias[1])) : undefined,
    );
    const rows = await orm
      .select()
      .from(places)
      .where(country ? and(named, eq(places.country, country)) : named);
    if (rows.length > 0) return rows;
  }
  return [];
}

/**
 * A normalised country word ("ie", "uk", "spain") as its ISO code, or null. A two-letter code counts
 * unchecked after a comma ("Paris, JP" then finds nothing) and only when it is a real code elsewhere.
 */
function countryResolver(orm: Orm) {
  let known: { code: string; name: string }[] | undefined;
  return async (word: string, mustExist = false): Promise<string | null> => {
    if (COUNTRY_ALIASES[word]) return COUNTRY_ALIASES[word];
    known ??= (await orm.select().from(countries)).map((row) => ({
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
async function placeAt(db: D1Database, point: { latitude: number; longitude: number }): Promise<Place> {
  const city = await nearestCity(db, point);
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
function pickExact(rows: Row[], typed: string): { place: Place; alternatives: Place[] } {
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

async function suggest(orm: Orm, name: string, country: string | null): Promise<Row[]> {
  const inCountry = country ? eq(places.country, country) : undefined;
  // Range scans on the search_name index; U+FFFF sorts after every character a normalised name holds.
  const prefixed = await orm
    .select()
    .from(places)
    .where(and(gte(places.searchName, name), lt(places.searchName, `${name}\uffff`), inCountry))
    .orderBy(desc(places.population), asc(places.id))
    .limit(MAX_SUGGESTIONS);
  if (prefixed.length >= MAX_SUGGESTIONS || name.length < 3) return prefixed;

  // Typos: only names with the same first letter and a length within reach are compared, which keeps the scan small.
  const first = name[0]!;
  const nearby = await orm
    .select()
    .from(places)
    .where(
      and(
        gte(places.searchName, first),
        lt(places.searchName, `${first}\uffff`),
        between(sql`length(${places.searchName})`, name.length - MAX_EDIT_DISTANCE, name.length + MAX_EDIT_DISTANCE),
        inCountry,
      ),
    );
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

/** The nearest city of 100,000 people; planar distance on degrees is enough to rank neighbours. */
async function nearestCity(
  db: D1Database,
  point: { latitude: number; longitude: number },
): Promise<{ name: string; country: string } | null> {
  return db
    .prepare(
      `SELECT name, country FROM places WHERE kind = 'city' AND population >= 100000 ORDER BY ((latitude - ?1) * (latitude - ?1) + (longitude - ?2) * (longitude - ?2)) LIMIT 1`,
    )
    .bind(point.latitude, point.longitude)
    .first<{ name: string; country: string }>();
}

/** The city the sites are searched with: the place itself, or the nearest city of 100,000 people to a region or landmark. */
export async function searchCity(db: D1Database, place: Place): Promise<string> {
  if (place.kind === "city" || place.kind === "coordinates") return place.name;
  return (await nearestCity(db, place))?.name ?? place.name;
}
