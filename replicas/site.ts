// What a replica site receives and answers. Each site is a plain function from a request to a
// response (or null for "no such page"), so sites never touch sockets, counters or challenges.

/** Price overrides set through `setPrice`, keyed by platform and that platform's own id. */
export interface PriceBook {
  get(platform: string, id: string): number | undefined;
}

export interface SiteRequest {
  method: string;
  platform: string;
  /** Path after the platform prefix, always starting with "/" (e.g. "/dp/B0ABCDEFGH"). */
  path: string;
  query: URLSearchParams;
  /** Scheme and host the client used, e.g. "http://127.0.0.1:8790". */
  origin: string;
  prices: PriceBook;
}

export interface SiteResponse {
  status: number;
  contentType: string;
  body: string | Uint8Array;
  headers?: Record<string, string>;
}

export type Site = (request: SiteRequest) => SiteResponse | null;

export function htmlResponse(body: string, status = 200): SiteResponse {
  return { status, contentType: "text/html; charset=utf-8", body };
}

export function jsonResponse(value: unknown, status = 200): SiteResponse {
  return { status, contentType: "application/json; charset=utf-8", body: JSON.stringify(value) };
}

/** Absolute URL of a page on the same replica site (the platform prefix included). */
export function siteLink(
  request: Pick<SiteRequest, "origin" | "platform">,
  path: string,
  params: Record<string, string | number | undefined | null> = {},
): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== "") query.set(key, String(value));
  }
  const search = query.toString();
  return `${request.origin}/${request.platform}${path}${search ? `${path.includes("?") ? "&" : "?"}${search}` : ""}`;
}

/** A 1×1 transparent PNG, served for every catalogue image so pages work offline. */
const PIXEL = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII="),
  (char) => char.charCodeAt(0),
);

export function imageResponse(): SiteResponse {
  return { status: 200, contentType: "image/png", body: PIXEL, headers: { "Cache-Control": "public, max-age=86400" } };
}

/** Catalogue image URL on the replica: `{origin}/{platform}/img/{name}.png`. */
export function imageUrl(request: Pick<SiteRequest, "origin" | "platform">, name: string): string {
  return `${request.origin}/${request.platform}/img/${encodeURIComponent(name)}.png`;
}

/** A positive integer query parameter, else `fallback`. */
export function intParam(query: URLSearchParams, name: string, fallback: number): number {
  const value = Number(query.get(name));
  return Number.isInteger(value) && value > 0 ? value : fallback;
}

/** A finite number query parameter, else undefined. */
export function numberParam(query: URLSearchParams, name: string): number | undefined {
  const text = query.get(name);
  if (text === null || text.trim() === "") return undefined;
  const value = Number(text);
  return Number.isFinite(value) ? value : undefined;
}

/** The slice of `items` for a 1-based `page`, and whether another page follows. */
export function paginate<T>(
  items: readonly T[],
  page: number,
  perPage: number,
): { items: T[]; hasNext: boolean; first: number; last: number } {
  const start = (page - 1) * perPage;
  const slice = items.slice(start, start + perPage);
  return {
    items: slice,
    hasNext: start + perPage < items.length,
    first: slice.length ? start + 1 : 0,
    last: slice.length ? start + slice.length : 0,
  };
}
