import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../env";
import { wantsCsv } from "../csv";
import { envelopeText } from "../envelope";
import { log } from "../log";
import { timed } from "../timing";
import { admitted } from "./auth";
import { sha256Hex } from "../digest";

export interface EdgeCacheOptions {
  /** How long an answer is served from the edge cache. */
  ttlSeconds: number;
}

interface Stored {
  data: unknown;
  meta: Record<string, unknown>;
}

interface Entry {
  /** The cached `data` as JSON text, written into every answer as it is instead of serialised again. */
  dataJson: string;
  meta: Stored["meta"];
  etag: string;
  expiresAt: number;
}

/** The isolate's own copy of hot entries: saves the Cache API round trip on repeated reads. */
const hot = new Map<string, Entry>();
const HOT_MAX = 500;

function remember(key: string, entry: Entry) {
  if (hot.size >= HOT_MAX) hot.delete(hot.keys().next().value!);
  hot.set(key, entry);
}

/**
 * Cache keys ignore parameter order, so `?a=1&b=2` and `?b=2&a=1` share an entry; they hold the
 * account, since an account's own (private) datasets are part of what it reads.
 */
function cacheKey(url: string, accountId: string): Request {
  const parsed = new URL(url);
  parsed.searchParams.set("__account", accountId);
  parsed.searchParams.sort();
  return new Request(parsed.toString(), { method: "GET" });
}

async function entityTag(text: string): Promise<string> {
  return `"${await sha256Hex(text, 16)}"`;
}

/**
 * Edge cache (Cache API, fronted by a small per-isolate copy) for catalogue reads. Mounted after
 * authentication; its read runs while the limiter decides (the route declares
 * `readsBesideLimiter`), and it answers only once the call is admitted, so cached answers
 * still count and carry the limit headers. The cache holds
 * `data` and the stable part of `meta`; each answer gets its own request id, timestamp and
 * `charged` (whether this call is charged is this call's, not the first caller's).
 * `ETag` + `If-None-Match` give 304s; `Cache-Control: no-cache` makes clients revalidate
 * (and so be counted) instead of reusing silently.
 *
 * @example
 * app.use("/v1/datasets", edgeCache({ ttlSeconds: 60 }))
 */
export function edgeCache(options: EdgeCacheOptions): MiddlewareHandler<AppEnv> {
  return async function serveFromEdgeCache(c, next) {
    if (c.req.method !== "GET" || wantsCsv(c)) {
      await admitted(c);
      return next();
    }
    const cache = (caches as unknown as { default: Cache }).default;
    const key = cacheKey(c.req.url, c.get("identity").accountId);

    let stored: Pick<Entry, "dataJson" | "meta">;
    let etag: string;
    const now = Date.now();
    const local = hot.get(key.url);
    const hit = local && local.expiresAt > now ? undefined : await timed("cache", () => cache.match(key));
    // The read ran while the limiter decided; nothing is answered or built before it admits.
    await admitted(c);
    if (local && local.expiresAt > now) {
      ({ etag } = local);
      stored = local;
      c.header("X-Cache", "HIT");
    } else if (hit) {
      const text = await hit.text();
      const { data, meta } = JSON.parse(text) as Stored;
      stored = { dataJson: JSON.stringify(data), meta };
      etag = hit.headers.get("ETag") ?? (await entityTag(text));
      remember(key.url, { ...stored, etag, expiresAt: now + options.ttlSeconds * 1000 });
      c.header("X-Cache", "HIT");
    } else {
      await next();
      if (c.res.status !== 200 || !c.res.headers.get("Content-Type")?.includes("application/json")) return;
      const body = (await c.res.clone().json()) as Stored;
      const { request_id: _id, timestamp: _ts, charged: _charged, ...stableMeta } = body.meta;
      stored = { dataJson: JSON.stringify(body.data), meta: stableMeta };
      // What the Cache API keeps is `Stored` as text, written around the data already serialised.
      const text = `{"data":${stored.dataJson},"meta":${JSON.stringify(stableMeta)}}`;
      etag = await entityTag(text);
      const entry = new Response(text, {
        headers: {
          "Content-Type": "application/json",
          ETag: etag,
          "Cache-Control": `public, max-age=${options.ttlSeconds}`,
        },
      });
      c.executionCtx.waitUntil(
        cache.put(key, entry).catch((err) => log.error("edge cache put failed", { error: err })),
      );
      remember(key.url, { ...stored, etag, expiresAt: now + options.ttlSeconds * 1000 });
      c.header("X-Cache", "MISS");
      // The answer is rebuilt below; the handler's length must not stick to it.
      c.res.headers.delete("Content-Length");
    }

    c.header("ETag", etag);
    c.header("Cache-Control", "private, no-cache");
    const ifNoneMatch = c.req.header("If-None-Match");
    const notModified = ifNoneMatch?.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
    if (notModified) return c.body(null, 304);
    return c.body(envelopeText(c, stored.dataJson, stored.meta), 200, { "Content-Type": "application/json" });
  };
}

/** The catalogue reads' cache, attached to their routes after the access guard (see routes/define-route.ts). */
export const catalogueCache = edgeCache({ ttlSeconds: 60 });
