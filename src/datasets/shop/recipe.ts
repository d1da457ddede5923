// What a `shop` recipe may ask and what one refresh of it can cost, worked out from its numbers
// before anything is fetched: a refresh reads at most `max_pages` pages, a crawl item reads up to
// `CRAWL_BATCH` of them, and known products the crawl missed are read once more.

export const SHOP_LIMITS = { startUrls: 20, products: 50_000, pages: 120_000, depth: 10 };

/** Pages one crawl item reads (a part of the snapshot holds the products among them). */
export const CRAWL_BATCH = 100;

/** The one path every crawl item of a refresh runs; the frontier in D1 says what it reads. */
export const SHOP_ITEM_PATH = "shop:crawl";
export const isShopItem = (path: string) => path === SHOP_ITEM_PATH;

interface ShopNumbers {
  max_products?: unknown;
  max_pages?: unknown;
  start_urls?: unknown;
}

const whole = (value: unknown, fallback: number) =>
  Number.isInteger(value) && (value as number) > 0 ? (value as number) : fallback;

/** Pages a refresh may fetch: the recipe's max_pages, else twice max_products plus 200. */
export const maxPagesOf = (recipe: ShopNumbers) => whole(recipe.max_pages, whole(recipe.max_products, 1_000) * 2 + 200);

/**
 * The most crawl items one refresh runs: its pages and the known products read again, a batch an
 * item. It reads an unvalidated body too (missing numbers count as their defaults).
 */
export function shopItemsBound(recipe: ShopNumbers): number {
  const products = whole(recipe.max_products, 1_000);
  return Math.ceil(maxPagesOf(recipe) / CRAWL_BATCH) + Math.ceil(products / CRAWL_BATCH) + 1;
}

/** The items a refresh starts with: one crawl item, which reads robots.txt and the start pages and adds the rest. */
export const shopRefreshPaths = (): string[] => [SHOP_ITEM_PATH];

/** One product read per start address, in the shape a direct call takes: what the recipe's scopes are judged by. */
export const shopCallShapes = (recipe: { start_urls: string[] }): string[] =>
  recipe.start_urls.map((url) => `/v1/generic?${new URLSearchParams({ url })}`);
