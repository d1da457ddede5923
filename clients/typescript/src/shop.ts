// Whole-shop datasets: the `shop` recipe, a refresh started now, and the latest refresh's progress
// and counts (products added, removed and re-priced). `GET /v1/datasets/{slug}/refresh` is typed
// here by hand until schema.d.ts is generated again from the document that has it.
import { type Core, unwrap } from "./core.js";
import type { Body } from "./query-types.js";
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
export interface ShopRefreshCounts {
  pages: number;
  products_read: number;
  added: number | null;
  removed: number | null;
  price_changed: number | null;
  products: number;
}

export interface DatasetRefreshState {
  dataset: string;
  snapshot_id: string;
  job_id: string | null;
  status: "running" | "complete" | "failed";
  started_at: string;
  finished_at: string | null;
  items_done: number;
  items_total: number | null;
  records: number;
  shop: ShopRefreshCounts | null;
}

export interface Envelope<T> {
  status: "success";
  data: T;
  meta: { request_id: string; timestamp: string };
}

/** The one route of this area the generated paths do not name yet. */
type RefreshStateGet = (
  path: "/v1/datasets/{slug}/refresh",
  init: { params: { path: { slug: string } }; fetch: ReturnType<Core["fetchFor"]> },
) => Promise<{ data?: Envelope<DatasetRefreshState>; error?: unknown; response: Response }>;

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
    const get = api.GET as unknown as RefreshStateGet;
    return unwrap(await get("/v1/datasets/{slug}/refresh", { ...slugParam(slug), fetch: fetchFor(call) }));
  }

  /** `POST /v1/watches` over a whole shop dataset: `dataset.products_matched` after each refresh that matches. */
  async function watch(
    slug: string,
    condition: "drop_percent" | "below" | "added" | "removed",
    threshold?: number,
    call: CallOptions = {},
  ) {
    const body = { kind: "dataset", dataset: slug, condition, ...(threshold === undefined ? {} : { threshold }) };
    const post = api.POST as unknown as (
      path: "/v1/watches",
      init: object,
    ) => Promise<{ data?: Envelope<unknown>; error?: unknown; response: Response }>;
    return unwrap(await post("/v1/watches", { body, fetch: fetchFor(call) }));
  }

  return { create, refresh, lastRefresh, watch };
}
