// Every marketplace adapter by its slug, as `/v1/{platform}` names it.
import { explainProduct } from "../extract/evidence";
import { buildProduct } from "../extract/record";
import type { ProductPlatform, ProductRecord } from "../types";
import { amazon } from "./amazon";
import { bestbuy } from "./bestbuy";
import { ebay } from "./ebay";
import { etsy } from "./etsy";
import { generic } from "./generic";
import { walmart } from "./walmart";

export const PRODUCT_PLATFORMS: Record<string, ProductPlatform> = {
  amazon,
  ebay,
  walmart,
  etsy,
  bestbuy,
  generic,
};

/** The adapter a caller names; null for anything else, inherited names such as `constructor` included. */
export function productPlatform(slug: string): ProductPlatform | null {
  return Object.hasOwn(PRODUCT_PLATFORMS, slug) ? PRODUCT_PLATFORMS[slug]! : null;
}

/** The product a page shows: the adapter's readings resolved field by field (extract/record.ts). */
export function parseProduct(platform: ProductPlatform, html: string, url: string): ProductRecord {
  return buildProduct(url, platform.readProduct(html, url));
}

/** The same record with each field's candidates, winner and agreeing readers (`npm run extract -- --explain`). */
export const explainPage = (platform: ProductPlatform, html: string, url: string) =>
  explainProduct(url, platform.readProduct(html, url));
