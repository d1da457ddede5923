// The v1 call that reads one input of a product platform, built once for every caller that stores
// such calls (a job's short form, a dataset recipe, a watch): a link travels in `url`, anything else
// in the platform's own id parameter (`asin`, `id`, `sku`), a query in `q`; a page of any site is
// a `/v1/page` call.
import { productPlatform } from "./index";

export type ProductCallKind = "product" | "search" | "reviews";

/** `/v1/{platform}[/search|/reviews]?…` for `input`, with `params` (country, page, fresh…) added. */
export function productCallPath(
  platform: string,
  kind: ProductCallKind,
  input: string,
  params: Record<string, string> | URLSearchParams = {},
): string {
  // The input leads, so a recipe's stored paths (and the records keyed by them) keep their form.
  const name =
    kind === "search" ? "q" : /^https?:\/\//i.test(input) ? "url" : (productPlatform(platform)?.idParam ?? "id");
  const query = new URLSearchParams({ [name]: input });
  for (const [key, value] of new URLSearchParams(params)) if (key !== name) query.append(key, value);
  const suffix = kind === "product" ? "" : `/${kind}`;
  return `/v1/${encodeURIComponent(platform)}${suffix}?${query}`;
}

/** `/v1/page?url=…` for one page, with `params` (formats, country, max_age…) added after it. */
export function pageCallPath(url: string, params: Record<string, string> | URLSearchParams = {}): string {
  const query = new URLSearchParams({ url });
  for (const [key, value] of new URLSearchParams(params)) if (key !== "url") query.append(key, value);
  return `/v1/page?${query}`;
}
