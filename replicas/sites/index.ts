// Every replica site by its path prefix (the platform slug), with a test for the ids that
// `setPrice` may override.
import { findProduct, type Marketplace } from "../catalogue.ts";
import { findHotel, type TravelSite } from "../hotel-catalogue.ts";
import { realShopPage } from "../real-pages.ts";
import type { Site } from "../site.ts";
import { airbnb } from "./airbnb.ts";
import { amazon } from "./amazon.ts";
import { bestbuy } from "./bestbuy.ts";
import { booking } from "./booking.ts";
import { ebay } from "./ebay.ts";
import { etsy } from "./etsy.ts";
import { expedia } from "./expedia.ts";
import { hotels } from "./hotels.ts";
import { mercadolibre } from "./mercadolibre.ts";
import { shop } from "./shop.ts";
import { walmart } from "./walmart.ts";

export interface SiteEntry {
  site: Site;
  /** Whether `id` names a product, variant or property on this site. */
  has(id: string): boolean;
}

const marketplace = (platform: Marketplace, site: Site): SiteEntry => ({
  site,
  has: (id) => findProduct(platform, id) !== null,
});
const travel = (platform: TravelSite, site: Site): SiteEntry => ({
  site,
  has: (id) => findHotel(platform, id) !== null,
});

export const SITES: Record<string, SiteEntry> = {
  amazon: marketplace("amazon", amazon),
  ebay: marketplace("ebay", ebay),
  walmart: marketplace("walmart", walmart),
  etsy: marketplace("etsy", etsy),
  bestbuy: marketplace("bestbuy", bestbuy),
  shop: marketplace("shop", shop),
  // Real captures only (its product page is in real-pages.ts): no generated catalogue, so no price to set.
  mercadolibre: { site: mercadolibre, has: () => false },
  // Real captures of shops without an adapter, for `generic` (real-pages.ts).
  real: { site: (request) => realShopPage(request.path), has: () => false },
  booking: travel("booking", booking),
  expedia: travel("expedia", expedia),
  hotels: travel("hotels", hotels),
  airbnb: travel("airbnb", airbnb),
};
