// The whole-shop replicas by name, one state (generation, request log) per replica server. A name
// is a shop's slug, or `{slug}-{size}`: the same shop built with `size` products (a catalogue of
// its own, the same crawl-delay), for the benchmark of a large refresh and a quicker end-to-end test.
import { brickworks } from "./brickworks.ts";
import type { ShopSpec } from "./catalogue.ts";
import { ShopReplica, type ShopTheme } from "./site.ts";
import { trailhead } from "./trailhead.ts";

export const SHOP_THEMES = { trailhead, brickworks } as const;
export type ShopSlug = keyof typeof SHOP_THEMES;

/** The spec of a whole-shop replica by any name it serves, for tests computing its ground truth (catalogue.ts's groundTruth). */
export const shopSpec = (name: string): ShopSpec => {
  const theme = shopTheme(name);
  if (!theme) throw new Error(`no replica shop is named ${name}`);
  return theme.spec;
};

const SIZED = /^([a-z]+)-(\d{3,6})$/;
const SIZES = { least: 100, most: 100_000 };

/** The theme a replica name serves, or null for a name no replica has. */
function shopTheme(name: string): ShopTheme | null {
  if (Object.hasOwn(SHOP_THEMES, name)) return SHOP_THEMES[name as ShopSlug];
  const match = SIZED.exec(name);
  if (!match || !Object.hasOwn(SHOP_THEMES, match[1]!)) return null;
  const size = Number(match[2]);
  if (size < SIZES.least || size > SIZES.most) return null;
  const theme = SHOP_THEMES[match[1] as ShopSlug];
  return { ...theme, spec: { ...theme.spec, slug: name, size } };
}

export const isShopName = (name: string) => shopTheme(name) !== null;

export class ShopReplicas {
  private readonly shops = new Map<string, ShopReplica>();

  /** The replica of a name `isShopName` accepts. */
  get(name: string): ShopReplica {
    let shop = this.shops.get(name);
    if (!shop) {
      shop = new ShopReplica(shopTheme(name)!);
      this.shops.set(name, shop);
    }
    return shop;
  }
}
