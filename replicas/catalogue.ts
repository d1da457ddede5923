// Deterministic product catalogues for the marketplace replicas. One master list of general
// goods is shared (with per-site ids, titles and prices a few percent apart) by amazon, ebay,
// walmart, bestbuy and the independent shop, so the same product can be compared across
// sites; etsy has its own handmade list. Everything is derived from seeded PRNGs.
import { ETSY_SHOPS, GENERAL_TEMPLATES, HANDMADE_TEMPLATES, type ProductTemplate } from "./product-data.ts";
import { ADDED_PRODUCTS } from "./product-data-added.ts";
import { fold, rng, slugify, type Rng } from "./random.ts";
import type { PriceBook } from "./site.ts";

export type Marketplace = "amazon" | "ebay" | "walmart" | "etsy" | "bestbuy" | "shop";

export interface Variant {
  id: string;
  label: string;
  /** Added to the product's price. */
  priceDelta: number;
}

export interface Product {
  platform: Marketplace;
  index: number;
  id: string;
  slug: string;
  /** The title as this site writes it. */
  name: string;
  brand: string;
  noun: string;
  model: string;
  breadcrumbs: string[];
  basePrice: number;
  /** Crossed-out list price, when the site shows one. */
  listPrice: number | null;
  currency: "USD";
  rating: number;
  reviewCount: number;
  /** 0 means out of stock. */
  stock: number;
  condition: "New" | "Used";
  images: string[];
  specs: [string, string][];
  bullets: string[];
  description: string;
  variantDimension: string | null;
  variants: Variant[];
  seller: string;
}

interface MasterItem {
  key: number;
  template: ProductTemplate;
  brand: string;
  specs: [string, string][];
  color: string;
  price: number;
}

const UPPER_ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
const DIGITS = "0123456789";
/** The first catalogue's size; products added later (product-data-added.ts) come after it. */
const SIZES: Record<Marketplace, number> = { amazon: 48, ebay: 48, walmart: 48, etsy: 48, bestbuy: 48, shop: 24 };
const OFFSETS: Record<Marketplace, number> = { amazon: 0, ebay: 16, walmart: 8, etsy: 0, bestbuy: 4, shop: 24 };
/**
 * Ids the README, docs/ and the OpenAPI examples name, each with the index of the product that takes
 * it in place of its generated id, so every documented example answers locally
 * (test/e2e/doc-examples.test.ts fails on an id the replicas lack). Each goes to a product of the
 * kind its example shows: amazon's 18 is the relay module of the product example, ebay's 7 a
 * speaker, bestbuy's 17 a charger. (amazon's 0 is already the documented B0YP4NUNPU.)
 */
export const DOCUMENTED_IDS: Partial<Record<Marketplace, Record<string, number>>> = {
  amazon: { B0057OC5O8: 18, B08DF9F814: 1, B0C1GHS4GF: 2 },
  ebay: { "256348110321": 7 },
  bestbuy: { "6501087": 17 },
};

function masterItem(key: number, templates: ProductTemplate[], handmade: boolean): MasterItem {
  const random = rng(`master-${handmade ? "handmade" : "general"}-${key}`);
  const template = templates[key % templates.length]!;
  const brand = handmade
    ? ETSY_SHOPS[(key * 5 + Math.floor(key / templates.length)) % ETSY_SHOPS.length]!
    : template.brands[Math.floor(key / templates.length) % template.brands.length]!;
  const specs = Object.entries(template.specs).map(([name, values]) => [name, random.pick(values)] as [string, string]);
  return {
    key,
    template,
    brand,
    specs,
    color: random.pick(["Black", "White", "Gray", "Blue"]),
    price: template.price * random.float(0.75, 1.35),
  };
}

/** A price ending the way the site likes ("…99", "…97", "…00"). */
function retailPrice(amount: number, platform: Marketplace): number {
  const whole = Math.max(1, Math.floor(amount));
  if (platform === "etsy") return whole;
  return whole + (platform === "walmart" ? 0.97 : 0.99);
}

function productId(platform: Marketplace, random: Rng, index: number): string {
  switch (platform) {
    case "amazon":
      return `B0${random.chars(8, UPPER_ALNUM)}`;
    case "ebay":
      return `3${random.chars(11, DIGITS)}`;
    case "walmart":
      return random.digits(9);
    case "etsy":
      return `1${random.chars(9, DIGITS)}`;
    case "bestbuy":
      return `6${random.chars(6, DIGITS)}`;
    case "shop":
      return `p${1001 + index}`;
  }
}

function titleFor(platform: Marketplace, item: MasterItem, condition: string): string {
  const { template, brand, specs, color } = item;
  const [first, second] = [specs[0]?.[1] ?? "", specs[1]?.[1] ?? ""];
  switch (platform) {
    case "amazon":
      return `${brand} ${template.noun} ${first}, ${second} ${template.feature}, ${color}`;
    case "bestbuy":
      return `${brand} - ${template.noun} (${first}, ${second}) - ${color}`;
    case "walmart":
      return `${brand} ${template.noun}, ${first}, ${second}, ${color}`;
    case "ebay":
      return `${brand} ${template.noun} ${first} ${second} ${color} - ${condition === "New" ? "Brand New" : "Pre-owned"}`;
    case "etsy":
      return `${template.noun} - ${template.feature}, ${first}`;
    case "shop":
      return `${template.noun} ${first} by ${brand}`;
  }
}

const SELLERS: Record<Marketplace, (item: MasterItem, random: Rng) => string> = {
  amazon: (item, random) => (random.chance(0.5) ? "Amazon.com" : `${item.brand} Direct`),
  ebay: (item, random) =>
    `${slugify(item.brand).replace(/-/g, "")}_${random.pick(["outlet", "deals", "store", "direct"])}`,
  walmart: (item, random) => (random.chance(0.6) ? "Walmart.com" : `${item.brand} Official`),
  etsy: (item) => item.brand,
  bestbuy: () => "Best Buy",
  shop: () => "Northwind Goods",
};

/** Master keys of added products start here, past every general and handmade key. */
const ADDED_KEYS = 10_000;

function build(platform: Marketplace, index: number): Product {
  const handmade = platform === "etsy";
  const added = ADDED_PRODUCTS[platform];
  const item =
    index >= SIZES[platform] && added
      ? masterItem(ADDED_KEYS + index - SIZES[platform], [added.template], false)
      : masterItem(index + OFFSETS[platform], handmade ? HANDMADE_TEMPLATES : GENERAL_TEMPLATES, handmade);
  const random = rng(`${platform}-product-${index}`);
  // Generated even when documented, so every later draw (and value) stays what it was.
  const generated = productId(platform, random, index);
  const documented = Object.entries(DOCUMENTED_IDS[platform] ?? {}).find(([, at]) => at === index)?.[0];
  const id = documented ?? generated;
  const condition = platform === "ebay" && random.chance(0.2) ? "Used" : "New";
  const basePrice = retailPrice(item.price * random.float(0.94, 1.06) * (condition === "Used" ? 0.7 : 1), platform);
  const listPrice = random.chance(0.35) ? retailPrice(basePrice * random.float(1.15, 1.4), platform) : null;
  const { template } = item;
  const variantCount =
    template.variants && random.chance(0.7) ? random.int(2, Math.min(4, template.variants.values.length)) : 0;
  const variantValues = template.variants ? template.variants.values.slice(0, variantCount) : [];
  const variants = variantValues.map((label, n) => ({
    id: n === 0 ? id : platform === "ebay" || platform === "shop" ? `${id}-${n}` : productId(platform, random, index),
    label,
    priceDelta: n * (template.variants?.step ?? 0),
  }));
  // A product sold in several colours is titled after the one shown first.
  const color = template.variants?.dimension === "Color" && variants[0] ? variants[0].label : item.color;
  const name = titleFor(platform, { ...item, color }, condition);
  const model = `${item.brand
    .replace(/[^A-Za-z]/g, "")
    .slice(0, 2)
    .toUpperCase()}${random.chars(4, DIGITS)}-${random.chars(2, UPPER_ALNUM)}`;
  const specs: [string, string][] = [
    ["Brand", item.brand],
    ...item.specs,
    ["Model Number", model],
    ["Item Weight", `${random.int(3, 60) / 2} ounces`],
  ];
  const stockRoll = random.int(1, 24);
  return {
    platform,
    index,
    id,
    name,
    model,
    condition,
    basePrice,
    listPrice,
    variants,
    slug: slugify(name).slice(0, 60),
    brand: item.brand,
    noun: template.noun,
    breadcrumbs: template.path,
    currency: "USD",
    rating: Math.round(random.float(3.6, 4.9) * 10) / 10,
    reviewCount: Math.round(Math.exp(random.float(Math.log(8), Math.log(25_000)))),
    stock: stockRoll <= 2 ? 0 : stockRoll <= 5 ? random.int(1, 5) : random.int(12, 480),
    images: Array.from({ length: random.int(3, 5) }, (_, n) => `${platform}-${id}-${n}`),
    specs,
    bullets: [
      `${template.feature}: ${item.specs.map(([key, value]) => `${key.toLowerCase()} ${value}`).join(", ")}.`,
      `Built by ${item.brand} for everyday use; ${color.toLowerCase()} finish that goes with everything.`,
      `What's in the box: ${template.noun}, quick start guide & warranty card.`,
      `Worry-free: 30-day returns and a ${random.int(1, 3)}-year limited warranty.`,
    ],
    description: `The ${item.brand} ${template.noun} is a ${template.feature.toLowerCase()}. ${item.specs.map(([key, value]) => `${key}: ${value}`).join("; ")}. Designed for people who want it to "just work".`,
    variantDimension: variants.length ? (template.variants?.dimension ?? null) : null,
    seller: SELLERS[platform](item, random),
  };
}

const catalogues = new Map<Marketplace, Product[]>();

/** Every product of a marketplace, built once. */
export function catalogue(platform: Marketplace): Product[] {
  let products = catalogues.get(platform);
  if (!products) {
    const size = SIZES[platform] + (ADDED_PRODUCTS[platform]?.count ?? 0);
    products = Array.from({ length: size }, (_, index) => build(platform, index));
    catalogues.set(platform, products);
  }
  return products;
}

/** A product by its id or one of its variants' ids. */
export function findProduct(platform: Marketplace, id: string): { product: Product; variant: Variant | null } | null {
  for (const product of catalogue(platform)) {
    if (product.id === id) return { product, variant: product.variants[0] ?? null };
    const variant = product.variants.find((candidate) => candidate.id === id);
    if (variant) return { product, variant };
  }
  return null;
}

const round2 = (amount: number) => Math.round(amount * 100) / 100;

/** The current price: a `setPrice` override (of the variant, else of the product) or the catalogue price. */
export function priceOf(product: Product, prices: PriceBook, variant: Variant | null = null): number {
  const own = variant ? prices.get(product.platform, variant.id) : undefined;
  if (own !== undefined && variant && variant.id !== product.id) return round2(own);
  return round2((prices.get(product.platform, product.id) ?? product.basePrice) + (variant?.priceDelta ?? 0));
}

/** The list price, only while it is above the current price. */
export function listPriceOf(product: Product, price: number): number | null {
  return product.listPrice !== null && product.listPrice > price ? product.listPrice : null;
}

export interface ProductQuery {
  q: string;
  min?: number;
  max?: number;
  sort?: "relevance" | "price_asc" | "price_desc" | "rating" | "newest";
}

/**
 * Products whose text holds every word of `q` (case- and accent-insensitive; a trailing "s" is
 * optional), within the price range, in the requested order. An empty query lists everything.
 */
export function searchProducts(platform: Marketplace, query: ProductQuery, prices: PriceBook): Product[] {
  const words = fold(query.q)
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .map((word) => (word.length > 3 ? word.replace(/s$/, "") : word));
  const scored = catalogue(platform)
    .map((product) => ({
      product,
      price: priceOf(product, prices),
      text: fold(`${product.name} ${product.brand} ${product.noun} ${product.breadcrumbs.join(" ")}`),
    }))
    .filter(({ text }) => words.every((word) => text.includes(word)))
    .filter(
      ({ price }) => (query.min === undefined || price >= query.min) && (query.max === undefined || price <= query.max),
    )
    .map((entry) => ({
      ...entry,
      score: words.reduce((sum, word) => sum + (fold(entry.product.name).includes(word) ? 2 : 1), 0),
    }));
  const order: Record<
    NonNullable<ProductQuery["sort"]>,
    (a: (typeof scored)[number], b: (typeof scored)[number]) => number
  > = {
    relevance: (a, b) => b.score - a.score || a.product.index - b.product.index,
    price_asc: (a, b) => a.price - b.price || a.product.index - b.product.index,
    price_desc: (a, b) => b.price - a.price || a.product.index - b.product.index,
    rating: (a, b) => b.product.rating - a.product.rating || a.product.index - b.product.index,
    newest: (a, b) => b.product.index - a.product.index,
  };
  return scored.sort(order[query.sort ?? "relevance"]).map(({ product }) => product);
}
