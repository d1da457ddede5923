// The whole-shop replicas by slug, one state (generation, request log) per replica server.
import { brickworks } from "./brickworks.ts";
import type { ShopSpec } from "./catalogue.ts";
import { ShopReplica } from "./site.ts";
import { trailhead } from "./trailhead.ts";

export const SHOP_THEMES = { trailhead, brickworks } as const;
export type ShopSlug = keyof typeof SHOP_THEMES;

/** The spec of a whole-shop replica, for tests computing its ground truth (catalogue.ts's groundTruth). */
export const shopSpec = (slug: ShopSlug): ShopSpec => SHOP_THEMES[slug].spec;

export const isShopSlug = (slug: string): slug is ShopSlug => Object.hasOwn(SHOP_THEMES, slug);

export class ShopReplicas {
  private readonly shops = new Map<ShopSlug, ShopReplica>();

  get(slug: ShopSlug): ShopReplica {
    let shop = this.shops.get(slug);
    if (!shop) {
      shop = new ShopReplica(SHOP_THEMES[slug]);
      this.shops.set(slug, shop);
    }
    return shop;
  }
}
