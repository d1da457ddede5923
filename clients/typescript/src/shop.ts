// Whole-shop datasets: the `shop` recipe, a refresh started now, and the latest refresh's progress
// and counts (products added, removed and re-priced).
import { type Core, unwrap } from "./core.js";
import type { Body } from "./query-types.js";
import type { components } from "./schema.js";
import type { CallOptions } from "./transport.js";

/** `POST /v1/datasets` with `kind: "shop"`: every product of a site, found from its start addresses. */
export interface ShopRecipe {
  kind: "shop";
  start_urls: string[];
  max_products?: number;
  max_pages?: number;
  max_depth?: number;
  max_age?: number;
  include?: string[];
  exclude?: string[];
  schedule?: string;
}

/** What a whole-shop refresh found; `added`, `removed` and `price_changed` are null while it runs. */
export type ShopRefreshCounts = components["schemas"]["ShopRefreshCounts"];
export type DatasetRefreshState = components["schemas"]["DatasetRefreshState"];

export function shopMethods(core: Core) {
  const { api, fetchFor } = core;
  const slugParam = (slug: string) => ({ params: { path: { slug } } });

  /** `POST /v1/datasets` with a `shop` recipe (its first refresh starts at once: `data.refresh`). */
  async function create(name: string, recipe: Omit<ShopRecipe, "kind">, call: CallOptions = {}) {
    // Fields left out take the route's defaults, which the generated body type lists as required.
    const body = { name, recipe: { kind: "shop" as const, ...recipe } } as Body<"/v1/datasets">;
    return unwrap(await api.POST("/v1/datasets", { body, fetch: fetchFor(call) }));
  }

  /** `POST /v1/datasets/{slug}/refresh`: start a refresh of one of the account's datasets now. */
  async function refresh(slug: string, call: CallOptions = {}) {
    return unwrap(await api.POST("/v1/datasets/{slug}/refresh", { ...slugParam(slug), fetch: fetchFor(call) }));
  }

  /** `GET /v1/datasets/{slug}/refresh`: the latest refresh, its progress and (a shop) its counts. */
  async function lastRefresh(slug: string, call: CallOptions = {}) {
    return unwrap(await api.GET("/v1/datasets/{slug}/refresh", { ...slugParam(slug), fetch: fetchFor(call) }));
  }

  /** `POST /v1/watches` over a whole shop dataset: `dataset.products_matched` after each refresh that matches. */
  async function watch(
    slug: string,
    condition: "drop_percent" | "below" | "added" | "removed",
    threshold?: number,
    call: CallOptions = {},
  ) {
    const body = {
      kind: "dataset" as const,
      dataset: slug,
      condition,
      ...(threshold === undefined ? {} : { threshold }),
    };
    return unwrap(await api.POST("/v1/watches", { body, fetch: fetchFor(call) }));
  }

  return { create, refresh, lastRefresh, watch };
}
