// The catalogues of the whole-shop replicas, as a pure function of the shop and its generation:
// the ground truth a crawl is measured against (tests import it; no HTTP route serves it, so a
// crawler cannot find it). Each generation after the first adds some products, removes some and
// re-prices some, all drawn from a seeded PRNG, so every run sees the same shop.
import { rng, slugify } from "../random.ts";

export type Reach = "both" | "categories" | "sitemap";

export interface ShopProduct {
  /** The shop's own id (its SKU), printed on the page. */
  sku: string;
  gtin: string;
  handle: string;
  name: string;
  brand: string;
  /** Index into the shop's category list. */
  category: number;
  /** Where a crawler can find it: listed in its category and the sitemap, only one of them. */
  reach: Reach;
  inStock: boolean;
  basePrice: number;
  /** First generation that has it. */
  addedIn: number;
  /** First generation without it (its page answers 404 from then), or null. */
  removedIn: number | null;
  /** First generation that shows the new price, or null. */
  repricedIn: number | null;
}

export interface ShopSpec {
  slug: string;
  name: string;
  /** Products of generation 0 (before the removals of later generations). */
  size: number;
  categories: readonly string[];
  brands: readonly string[];
  nouns: readonly string[];
  skuPrefix: string;
  /** Seconds robots.txt asks between requests. */
  crawlDelay: number;
}

/** Generations the replicas know: 0 (first catalogue) and each later one's changes. */
export const GENERATIONS = 3;
/** Per later generation: new products, products taken down and re-priced, per thousand. */
const CHANGES_PER_THOUSAND = { added: 20, removed: 15, repriced: 30 };
const ADJECTIVES = ["Compact", "Heavy-Duty", "Ultralight", "Classic", "Pro", "Everyday", "Rugged", "Slim", "Deluxe"];

const cache = new Map<string, ShopProduct[]>();

/** Every product the shop ever holds across its generations, in a stable order. */
export function allProducts(spec: ShopSpec): ShopProduct[] {
  const cached = cache.get(spec.slug);
  if (cached) return cached;
  const random = rng(`shop:${spec.slug}`);
  const products: ShopProduct[] = [];
  const make = (index: number, addedIn: number): ShopProduct => {
    const noun = random.pick(spec.nouns);
    const name = `${random.pick(spec.brands)} ${random.pick(ADJECTIVES)} ${noun} ${random.chars(1, "ABCDEFGHKMNPRSTX")}${random.int(10, 990)}`;
    const reachDraw = random.next();
    return {
      sku: `${spec.skuPrefix}-${String(100000 + index)}`,
      gtin: `0${random.digits(12)}`,
      handle: `${slugify(name)}-${index}`,
      name,
      brand: name.split(" ")[0]!,
      category: random.int(0, spec.categories.length - 1),
      reach: reachDraw < 0.72 ? "both" : reachDraw < 0.86 ? "categories" : "sitemap",
      inStock: !random.chance(0.08),
      basePrice: (Math.round(random.float(4, 600) * 100) - 1) / 100,
      addedIn,
      removedIn: null,
      repricedIn: null,
    };
  };
  for (let index = 0; index < spec.size; index++) products.push(make(index, 0));
  for (let generation = 1; generation < GENERATIONS; generation++) {
    const live = products.filter((p) => p.removedIn === null);
    const per = (what: keyof typeof CHANGES_PER_THOUSAND) =>
      Math.round((spec.size * CHANGES_PER_THOUSAND[what]) / 1000);
    const picked = random.sample(live, per("removed") + per("repriced"));
    for (const product of picked.slice(0, per("removed"))) product.removedIn = generation;
    for (const product of picked.slice(per("removed"))) product.repricedIn ??= generation;
    for (let added = 0; added < per("added"); added++) products.push(make(products.length, generation));
  }
  // Some products are taken down before the first crawl: their pages answer 404 from the start.
  for (const product of random.sample(
    products.filter((p) => p.addedIn === 0 && p.removedIn === null),
    12,
  ))
    product.removedIn = 0;
  cache.set(spec.slug, products);
  return products;
}

export const isLive = (product: ShopProduct, generation: number) =>
  product.addedIn <= generation && (product.removedIn === null || product.removedIn > generation);

/** The price a generation shows: a re-pricing takes 10–25 % off (a sale) or adds 5 %. */
export function priceAt(product: ShopProduct, generation: number): number {
  if (product.repricedIn === null || product.repricedIn > generation) return product.basePrice;
  const factor =
    Number.parseInt(product.gtin.slice(-2), 10) % 4 === 0 ? 1.05 : 0.75 + (Number(product.gtin.slice(-1)) % 4) * 0.05;
  return Math.round(product.basePrice * factor * 100) / 100;
}

export interface GroundTruth {
  /** Products whose pages answer 200 in this generation, by SKU. */
  live: Map<string, { sku: string; handle: string; price: number; inStock: boolean; reach: Reach }>;
  /** Compared with the generation before: SKUs added, removed and re-priced. */
  added: string[];
  removed: string[];
  repriced: string[];
}

/** What a generation of the shop holds and what changed since the one before. */
export function groundTruth(spec: ShopSpec, generation: number): GroundTruth {
  const live = new Map<string, { sku: string; handle: string; price: number; inStock: boolean; reach: Reach }>();
  const added: string[] = [];
  const removed: string[] = [];
  const repriced: string[] = [];
  for (const product of allProducts(spec)) {
    const now = isLive(product, generation);
    const before = generation > 0 && isLive(product, generation - 1);
    if (now) {
      const price = priceAt(product, generation);
      live.set(product.sku, {
        sku: product.sku,
        handle: product.handle,
        price,
        inStock: product.inStock,
        reach: product.reach,
      });
      if (generation > 0 && !before) added.push(product.sku);
      if (before && priceAt(product, generation - 1) !== price) repriced.push(product.sku);
    } else if (before) removed.push(product.sku);
  }
  return { live, added, removed, repriced };
}
