// The gazetteer: turns a visitor's `destination` text into a place with a centre and a radius.
import { and, asc, between, desc, eq, gte, lt, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { countries, places } from "../db/schema";
import { normalisePlaceName } from "./place-name";

export { normalisePlaceName };

export interface Place {
  kind: "city" | "region" | "landmark";
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
/** Everyday names that differ from the ISO 3166 English names in the `countries` table. */
const COUNTRY_ALIASES: Record<string, string> = {
  uk: "GB",
  "great britain": "GB",
  britain: "GB",
  england: "GB",
  scotland: "GB",
  wales: "GB",
  "northern ireland": "GB",
  usa: "US",
  "united states": "US",
  america: "US",
  holland: "NL",
  "the netherlands": "NL",
  "czech republic": "CZ",
  russia: "RU",
  "south korea": "KR",
  korea: "KR",
  vietnam: "VN",
  uae: "AE",
  turkey: "TR",
  iran: "IR",
  bolivia: "BO",
  venezuela: "VE",
};

type Row = typeof places.$inferSelect;

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

/**
 * Resolves `text` ("Paris", "Dublin, IE", "Valencia, Spain", "Eiffel Tower"): an exact match on the
 * normalised name, else up to five suggestions (prefix matches, then names within two edits).
 */
export async function resolveDestination(db: D1Database, text: string): Promise<Resolution> {
  const orm = drizzle(db);
  const { name, country } = await splitCountry(orm, text);
  if (!name) return { place: null, suggestions: [] };

  for (const candidate of name.startsWith("the ") ? [name, name.slice(4)] : [name]) {
    const rows = await orm
      .select()
      .from(places)
      .where(
        country ? and(eq(places.searchName, candidate), eq(places.country, country)) : eq(places.searchName, candidate),
      );
    if (rows.length > 0) return pickExact(rows, text.split(",")[0] ?? text);
  }
  return { place: null, suggestions: (await suggest(orm, name, country)).map(toPlace) };
}

/** "City, CC" and "City, Country name" narrow the search to a country; any other comma stays part of the name. */
async function splitCountry(
  orm: ReturnType<typeof drizzle>,
  text: string,
): Promise<{ name: string; country: string | null }> {
  const comma = text.lastIndexOf(",");
  const whole = { name: normalisePlaceName(text), country: null };
  if (comma < 0) return whole;
  const name = normalisePlaceName(text.slice(0, comma));
  const tail = normalisePlaceName(text.slice(comma + 1));
  const alias = COUNTRY_ALIASES[tail];
  if (alias) return { name, country: alias };
  if (/^[a-z]{2}$/.test(tail)) return { name, country: tail.toUpperCase() };
  const match = (await orm.select().from(countries)).find((row) => normalisePlaceName(row.name) === tail);
  return match ? { name, country: match.code } : whole;
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

async function suggest(orm: ReturnType<typeof drizzle>, name: string, country: string | null): Promise<Row[]> {
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

/** The city the sites are searched with: the place itself, or the nearest city of 100,000 people to a region or landmark. */
export async function searchCity(db: D1Database, place: Place): Promise<string> {
  if (place.kind === "city") return place.name;
  const row = await db
    .prepare(
      `SELECT name FROM places WHERE kind = 'city' AND population >= 100000 ORDER BY ((latitude - ?1) * (latitude - ?1) + (longitude - ?2) * (longitude - ?2)) LIMIT 1`,
    )
    .bind(place.latitude, place.longitude)
    .first<{ name: string }>();
  return row?.name ?? place.name;
}

const EARTH_RADIUS_KM = 6371.0088;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance by the haversine formula. */
export function distanceKm(aLat: number, aLng: number, bLat: number, bLng: number): number {
  const dLat = radians(bLat - aLat);
  const dLng = radians(bLng - aLng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(aLat)) * Math.cos(radians(bLat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}
