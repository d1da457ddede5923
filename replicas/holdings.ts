// What the replica sites hold, read from their catalogues: a few product ids and searches per
// marketplace, and the destinations and landmarks with hotels. `npm start` prints it, and the
// replica server answers it at GET /_catalogue, where a development Worker reads it to say what the
// local sites hold when a search finds nothing (src/replica-hint.ts).
import { catalogue, DOCUMENTED_IDS, type Marketplace } from "./catalogue.ts";
import { CITIES } from "./hotel-data.ts";
import { LANDMARK_HOTELS } from "./hotel-places-added.ts";
import { PRODUCT as MERCADOLIBRE_PRODUCT, SEARCH as MERCADOLIBRE_SEARCH } from "./sites/mercadolibre.ts";

export interface Holdings {
  /** Per marketplace slug: product ids its product route finds, and searches with results. */
  products: Record<string, { ids: string[]; searches: string[] }>;
  /** Destinations hotel search finds hotels in, and landmarks with hotels within 2 km. */
  hotels: { destinations: string[]; landmarks: string[] };
}

const MARKETPLACES: Exclude<Marketplace, "shop">[] = ["amazon", "ebay", "walmart", "etsy", "bestbuy"];
const HOW_MANY = 3;

const distinct = (values: string[]) => [...new Set(values)];

function marketplace(platform: Exclude<Marketplace, "shop">) {
  const products = catalogue(platform);
  const documented = Object.keys(DOCUMENTED_IDS[platform] ?? {});
  return {
    ids: distinct([...documented, ...products.map((product) => product.id)]).slice(0, HOW_MANY),
    // Every word of a product's noun is in its page's text, so each of these searches finds it.
    searches: distinct(products.map((product) => product.noun.toLowerCase())).slice(0, HOW_MANY),
  };
}

export function holdings(): Holdings {
  const products: Holdings["products"] = Object.fromEntries(MARKETPLACES.map((slug) => [slug, marketplace(slug)]));
  products["mercadolibre"] = {
    ids: [MERCADOLIBRE_PRODUCT.id],
    searches: [MERCADOLIBRE_SEARCH.words.replaceAll("-", " ")],
  };
  return {
    products,
    hotels: {
      destinations: CITIES.map((city) => city.name),
      landmarks: LANDMARK_HOTELS.map((spot) => spot.landmark),
    },
  };
}
