// Every platform by its slug, marketplaces, the generic shop reader and travel sites alike. A
// platform is one folder (<slug>/index.ts: its name, origins, engines, URL builders and readers; a
// marketplace's id parameter and examples; a travel site's review scale and the fields it lacks);
// the routes, `GET /v1/platforms`, the MCP tools, `npm start` and the docs' platform table read it
// from here (surfaces.ts), so adding a platform is its folder and one line below.
import { airbnb } from "./airbnb";
import { amazon } from "./amazon";
import { bestbuy } from "./bestbuy";
import { booking } from "./booking";
import { ebay } from "./ebay";
import { etsy } from "./etsy";
import { expedia } from "./expedia";
import { generic } from "./generic";
import { hotels } from "./hotels";
import { mercadolibre } from "./mercadolibre";
import type { Platform, ProductPlatform, TravelPlatform } from "./types";
import { walmart } from "./walmart";

export const PLATFORMS = {
  amazon,
  ebay,
  walmart,
  etsy,
  bestbuy,
  mercadolibre,
  generic,
  booking,
  expedia,
  hotels,
  airbnb,
} satisfies Record<string, Platform>;

type Registry = typeof PLATFORMS;
/** The slugs of the travel sites, as the travel routes' `{platform}` takes them. */
export type TravelSlug = {
  [Slug in keyof Registry]: Registry[Slug] extends TravelPlatform ? Slug : never;
}[keyof Registry];

const isTravel = (platform: Platform): platform is TravelPlatform => platform.kind === "travel";
const ofKind = <Kind extends Platform>(keep: (platform: Platform) => boolean) =>
  Object.fromEntries(Object.entries(PLATFORMS).filter(([, platform]) => keep(platform))) as Record<string, Kind>;

/** The product platforms (marketplaces and the generic shop reader), in registry order. */
export const PRODUCT_PLATFORMS: Record<string, ProductPlatform> = ofKind<ProductPlatform>((p) => !isTravel(p));
/** The travel sites, in registry order. */
export const TRAVEL_PLATFORMS = ofKind<TravelPlatform>(isTravel) as Record<TravelSlug, TravelPlatform>;

/** The product platform a caller names; null for anything else, inherited names such as `constructor` included. */
export function productPlatform(slug: string): ProductPlatform | null {
  return Object.hasOwn(PRODUCT_PLATFORMS, slug) ? PRODUCT_PLATFORMS[slug]! : null;
}

/** Whether `slug` names a travel site. */
export const isTravelSlug = (slug: string): slug is TravelSlug => Object.hasOwn(TRAVEL_PLATFORMS, slug);
