// Scrape results in KV, with per-kind freshness, stale fallback and request coalescing.
import { withTimeout } from "../timeout";
import { passedOverCopy, UpstreamTimeout } from "./errors";
import { log } from "../log";
import { timed } from "../timing";
import { sha256Hex } from "../digest";

export type CacheState = "hit" | "miss" | "stale" | "bypass";

export interface CachedResult<T> {
  record: T;
  meta: Record<string, unknown>;
  /** Epoch ms when the page was fetched. */
  fetchedAt: number;
}

/** How long a result counts as fresh, per kind: prices move, so products and hotels are short. */
export const FRESH_SECONDS: Record<string, number> = {
  product: 15 * 60,
  search: 10 * 60,
  reviews: 60 * 60,
  "hotel-search": 10 * 60,
  hotel: 15 * 60,
  /** Any page read for an agent (GET /v1/page): articles and docs change by the day, not the minute. */
  page: 60 * 60,
};

/** Entries stay in KV this long so a stale copy can stand in when the site fails. */
const KEEP_SECONDS = 7 * 86_400;

export interface Freshness {
  /** Accept a cached result at most this old (seconds); defaults to the kind's TTL. */
  maxAge?: number;
  /**
   * Skip the cache read (the result is still stored), and never answer a stale copy: a failed
   * scrape is the error, carrying the cached copy's time (`cachedCopyAt` in errors.ts).
   */
  fresh?: boolean;
}

/** Parameters whose case means nothing to the sites; ids and URLs keep theirs. */
const CASE_INSENSITIVE = new Set(["q", "country", "sort", "destination"]);

/** Key from platform, kind and the parameters in a stable order. */
export async function cacheKey(platform: string, kind: string, params: Record<string, unknown>): Promise<string> {
  const normalised = Object.entries(params)
    .filter(([, value]) => value !== undefined && value !== null && value !== "")
    .map(([name, value]) => {
      if (typeof value !== "string") return [name, value] as const;
      return [name, CASE_INSENSITIVE.has(name) ? value.trim().toLowerCase() : value.trim()] as const;
    })
    .sort(([a], [b]) => (a < b ? -1 : 1));
  return `scrape:v2:${platform}:${kind}:${await sha256Hex(JSON.stringify(normalised), 16)}`;
}

/** Identical scrapes in flight in this isolate share one upstream load. */
const inFlight = new Map<string, Promise<CachedResult<unknown>>>();

/**
 * The shared load as a promise of the calling request, given up after `waitMs`. A caller awaiting
 * another request's load directly can resume in that request's context, and under load some
 * answers then failed with "Cannot perform I/O on behalf of a different request"; the runtime hands
 * a promise created here and resolved from another request back to this request's context. The
 * timer is this caller's own: should the request that started the load be cancelled, its work
 * may never settle, and no one else must wait for it forever.
 */
function ownCopy<T>(shared: Promise<T>, waitMs: number): Promise<T> {
  const own = new Promise<T>((resolve, reject) => void shared.then(resolve, reject));
  return withTimeout(own, waitMs, () => new UpstreamTimeout(`no page within the scrape's ${waitMs / 1000} s deadline`));
}

/**
 * The part of a scrape request (scrape.ts `ScrapeRequest`) the cache reads: what names the answer,
 * how fresh it must be, and when the caller may have it.
 */
export interface CacheRequest {
  platform: string;
  kind: string;
  /** Parameters that identify the result, for the cache key. */
  params: Record<string, unknown>;
  freshness: Freshness;
  /**
   * Settles when the caller may have the result (the route's admission by the limiter): the cache
   * read runs before it, nothing else does.
   */
  beforeAnswer?: () => Promise<void>;
  /** Keeps the request alive for work after its answer (the cache write). */
  waitUntil(promise: Promise<unknown>): void;
}

/**
 * Returns a fresh-enough cached result, or runs `load` once for all concurrent callers,
 * stores it, and returns it; each caller waits at most `waitMs` for it. When `load` fails or
 * is too late and any cached copy exists, that copy is returned marked `stale` instead of the error,
 * unless the caller asked for a fresh result.
 */
export async function cachedScrape<T>(
  kv: KVNamespace,
  request: CacheRequest,
  load: () => Promise<CachedResult<T>>,
  waitMs = 90_000,
): Promise<CachedResult<T> & { cache: CacheState }> {
  const { kind, freshness } = request;
  const key = await cacheKey(request.platform, kind, request.params);
  const maxAgeMs = (freshness.maxAge ?? FRESH_SECONDS[kind] ?? 600) * 1000;
  const stored = await timed("cache", () => kv.get<CachedResult<T>>(key, "json")).catch(() => null);
  // The read may run before the caller is admitted; what it found is used only after.
  await request.beforeAnswer?.();
  if (stored && !freshness.fresh && Date.now() - stored.fetchedAt <= maxAgeMs) return { ...stored, cache: "hit" };

  let pending = inFlight.get(key) as Promise<CachedResult<T>> | undefined;
  if (!pending) {
    const loading = load();
    pending = loading;
    inFlight.set(key, loading);
    // The entry stays until KV holds the result: a caller arriving between the end of the load
    // and the end of the write would otherwise find neither and load the page a second time.
    const written = loading.then((result) =>
      kv
        .put(key, JSON.stringify(result), { expirationTtl: KEEP_SECONDS })
        .catch((err) => log.error("cache put failed", { error: err })),
    );
    request.waitUntil(written.catch(() => {}).finally(() => inFlight.delete(key)));
  }
  try {
    const result = await ownCopy(pending, waitMs);
    return { ...result, cache: freshness.fresh ? "bypass" : "miss" };
  } catch (err) {
    if (stored && !freshness.fresh) return { ...stored, cache: "stale" };
    throw stored && err instanceof Error ? passedOverCopy(err, stored.fetchedAt) : err;
  }
}
