// The gazetteer's tables: places (cities, regions, landmarks) by normalised name, and countries.
import { and, asc, between, desc, eq, gte, lt, or, sql } from "drizzle-orm";
import type { Db } from "./keys";
import { countries, places } from "./schema";

export type PlaceRow = typeof places.$inferSelect;
export type CountryRow = typeof countries.$inferSelect;

/**
 * Places whose normalised name is `name`, or (a city's other name) `alias`'s name in `alias`'s
 * country; only in `country` when one is given.
 */
export function placesNamed(
  db: Db,
  name: string,
  country: string | null,
  alias?: { searchName: string; country: string },
): Promise<PlaceRow[]> {
  const named = or(
    eq(places.searchName, name),
    alias ? and(eq(places.searchName, alias.searchName), eq(places.country, alias.country)) : undefined,
  );
  return db
    .select()
    .from(places)
    .where(country ? and(named, eq(places.country, country)) : named);
}

export function allCountries(db: Db): Promise<CountryRow[]> {
  return db.select().from(countries);
}

/** The most populous places whose normalised name starts with `prefix`, optionally in one country. */
export function placesStartingWith(db: Db, prefix: string, country: string | null, limit: number) {
  // A range scan on the search_name index; U+FFFF sorts after every character a normalised name holds.
  return db
    .select()
    .from(places)
    .where(
      and(
        gte(places.searchName, prefix),
        lt(places.searchName, `${prefix}\uffff`),
        country ? eq(places.country, country) : undefined,
      ),
    )
    .orderBy(desc(places.population), asc(places.id))
    .limit(limit);
}

/**
 * Places that might be `name` misspelt by up to `reach` edits: the same first letter and a length
 * within reach, which keeps the scan small. The caller measures the distance.
 */
export function spellingNeighbours(db: Db, name: string, reach: number, country: string | null) {
  const first = name[0]!;
  return db
    .select()
    .from(places)
    .where(
      and(
        gte(places.searchName, first),
        lt(places.searchName, `${first}\uffff`),
        between(sql`length(${places.searchName})`, name.length - reach, name.length + reach),
        country ? eq(places.country, country) : undefined,
      ),
    );
}

/** The nearest city of at least `minPopulation` people; planar distance on degrees is enough to rank neighbours. */
export async function nearestCity(
  db: Db,
  point: { latitude: number; longitude: number },
  minPopulation: number,
): Promise<{ name: string; country: string } | null> {
  const north = sql`(${places.latitude} - ${point.latitude})`;
  const east = sql`(${places.longitude} - ${point.longitude})`;
  const [city] = await db
    .select({ name: places.name, country: places.country })
    .from(places)
    .where(and(eq(places.kind, "city"), gte(places.population, minPopulation)))
    .orderBy(sql`${north} * ${north} + ${east} * ${east}`)
    .limit(1);
  return city ?? null;
}
