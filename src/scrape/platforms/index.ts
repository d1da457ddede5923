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
