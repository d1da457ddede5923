// Verifying a presented secret: the lookup of its key, cached per isolate so the hot path rarely
// reads D1, and the last-use stamp, written at most once a minute per key.
import { ApiError } from "../errors";
import { retryD1Read } from "./retry";
import { findKeyByHash, hashSecret, touchKey, type Db, type KeyIdentity } from "./keys";
import { log } from "../log";

/** How long an isolate trusts a key lookup; a revocation takes effect everywhere within this. */
export const KEY_CACHE_MS = 4_000;
const KEY_CACHE_MAX = 10_000;
const TOUCH_EVERY_MS = 60_000;

const keyCache = new Map<string, { identity: KeyIdentity; expiresAt: number }>();
const lastTouched = new Map<string, number>();

/** The live key a secret belongs to, trusted from this isolate's cache for KEY_CACHE_MS; null for none. */
export async function lookupKey(db: Db, secret: string): Promise<KeyIdentity | null> {
  const hash = await hashSecret(secret);
  const now = Date.now();
  const cached = keyCache.get(hash);
  if (cached && cached.expiresAt > now) {
    const graceOver =
      cached.identity.previousSecretExpiresAt !== null && cached.identity.previousSecretExpiresAt <= now;
    return graceOver ? null : cached.identity;
  }
  // A read, so safe to retry through a D1 blip; if D1 stays down no key can be trusted: 503, not 401.
  const identity = await retryD1Read(() => findKeyByHash(db, hash, now)).catch((err) => {
    log.error("key lookup failed", { error: err });
    throw new ApiError("unavailable", "Keys cannot be checked right now; retry in a second.", {
      retryAfter: 1,
      cause: err,
    });
  });
  if (keyCache.size >= KEY_CACHE_MAX) keyCache.clear();
  if (identity) keyCache.set(hash, { identity, expiresAt: now + KEY_CACHE_MS });
  else keyCache.delete(hash);
  return identity;
}

/**
 * Drops cached lookups for a key or an account after a change, so this isolate sees it at once;
 * other isolates see it when their entry expires (at most KEY_CACHE_MS).
 */
export function forgetCachedKeys(match: { keyId?: string; accountId?: string }) {
  for (const [hash, entry] of keyCache) {
    if (entry.identity.keyId === match.keyId || entry.identity.accountId === match.accountId) keyCache.delete(hash);
  }
}

/** Records last use at most once a minute per key and isolate, off the response path. */
export function touchLater(db: Db, ctx: { waitUntil(promise: Promise<unknown>): void }, keyId: string) {
  const now = Date.now();
  if ((lastTouched.get(keyId) ?? 0) > now - TOUCH_EVERY_MS) return;
  lastTouched.set(keyId, now);
  if (lastTouched.size > KEY_CACHE_MAX) lastTouched.clear();
  ctx.waitUntil(touchKey(db, keyId, now).catch((err) => log.error("touch key failed", { error: err })));
}
