// Every marketplace adapter by its slug, as `/v1/{platform}` names it.
import type { ProductPlatform } from "../types";
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
