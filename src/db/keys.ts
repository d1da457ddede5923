import { and, eq, gt, isNull, or } from "drizzle-orm";
import type { DrizzleD1Database } from "drizzle-orm/d1";
import { formatScopes, parseScopes, SCOPES, type Scope } from "../scopes";
import { effectiveLimits, type JobLimits } from "./plan-limits";
import { accounts, apiKeys, plans } from "./schema";
import { sha256Hex } from "../digest";

export const KEY_PREFIX = "wdk_";
/** 24 random bytes = 192 bits, base64url without padding. */
export const KEY_PATTERN = /^wdk_[A-Za-z0-9_-]{32}$/;
export const MAX_GRACE_SECONDS = 7 * 86_400;
export const ROTATION_RECOMMENDED_DAYS = 90;
/** Live keys an account may hold; more keys never mean more rate (limits are per account). */
export const MAX_KEYS_PER_ACCOUNT = 50;

/** The drizzle client; `$client` is its D1 database, for the few statements drizzle cannot build (each module says which). */
export type Db = DrizzleD1Database<Record<string, unknown>> & { $client: D1Database };

export function base64url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes))
    .replaceAll("+", "-")
    .replaceAll("/", "_")
    .replace(/=+$/, "");
}

export function generateSecret(): string {
  return KEY_PREFIX + base64url(crypto.getRandomValues(new Uint8Array(24)));
}

/** Constant-time equality for secrets of any length: both sides are hashed to equal length first. */
export async function secretsEqual(a: string, b: string): Promise<boolean> {
  const encoder = new TextEncoder();
  const [hashA, hashB] = await Promise.all([hashSecret(a), hashSecret(b)]);
  return crypto.subtle.timingSafeEqual(encoder.encode(hashA), encoder.encode(hashB));
}

export function hashSecret(secret: string): Promise<string> {
  return sha256Hex(secret);
}

export function newId(prefix: string): string {
  return `${prefix}_${crypto.randomUUID().replaceAll("-", "").slice(0, 20)}`;
}

/** What the API knows about a caller once its key is verified. */
export interface KeyIdentity {
  keyId: string;
  keyName: string;
  accountId: string;
  planId: string;
  perMinute: number;
  perMonth: number;
  /** What the account's batch jobs may hold (its plan's). */
  jobs: JobLimits;
  /** When the secret in use was issued (creation or last rotation), epoch ms. */
  secretIssuedAt: number;
  /** Set when the caller used the previous secret of a rotated key. */
  previousSecretExpiresAt: number | null;
  scopes: Scope[];
}

/** Finds the live key whose current or still-valid previous secret hashes to `hash`. */
export async function findKeyByHash(db: Db, hash: string, now = Date.now()): Promise<KeyIdentity | null> {
  const rows = await db
    .select({ key: apiKeys, account: accounts, plan: plans })
    .from(apiKeys)
    .innerJoin(accounts, eq(apiKeys.accountId, accounts.id))
    .innerJoin(plans, eq(accounts.planId, plans.id))
    .where(
      and(
        isNull(apiKeys.revokedAt),
        or(
          eq(apiKeys.secretHash, hash),
          and(eq(apiKeys.previousSecretHash, hash), gt(apiKeys.previousExpiresAt, new Date(now))),
        ),
      ),
    )
    .limit(1);
  const row = rows[0];
  if (!row) return null;
  return toIdentity(row, row.key.secretHash !== hash);
}

/** The live key with this id, e.g. the key a watch or schedule acts for; null once revoked. */
export async function findLiveKeyById(db: Db, keyId: string): Promise<KeyIdentity | null> {
  const [row] = await db
    .select({ key: apiKeys, account: accounts, plan: plans })
    .from(apiKeys)
    .innerJoin(accounts, eq(apiKeys.accountId, accounts.id))
    .innerJoin(plans, eq(accounts.planId, plans.id))
    .where(and(eq(apiKeys.id, keyId), isNull(apiKeys.revokedAt)));
  return row ? toIdentity(row, false) : null;
}

type KeyJoin = {
  key: typeof apiKeys.$inferSelect;
  account: typeof accounts.$inferSelect;
  plan: typeof plans.$inferSelect;
};

function toIdentity(row: KeyJoin, viaPrevious: boolean): KeyIdentity {
  const { perMinute, perMonth, jobs } = effectiveLimits(row);
  return {
    keyId: row.key.id,
    keyName: row.key.name,
    accountId: row.account.id,
    planId: row.plan.id,
    perMinute,
    perMonth,
    jobs,
    secretIssuedAt: (row.key.rotatedAt ?? row.key.createdAt).getTime(),
    previousSecretExpiresAt: viaPrevious ? (row.key.previousExpiresAt?.getTime() ?? null) : null,
    scopes: parseScopes(row.key.scopes),
  };
}

/** Whole days since a secret was issued; rotation starts the count over. */
export function secretAgeDays(issuedAt: number, now = Date.now()): number {
  return Math.floor((now - issuedAt) / 86_400_000);
}

export type KeyRow = typeof apiKeys.$inferSelect;

/** The public view of a key: never its secret or hash. */
export function describeKey(key: KeyRow, now = Date.now()) {
  const ageDays = secretAgeDays((key.rotatedAt ?? key.createdAt).getTime(), now);
  return {
    id: key.id,
    name: key.name,
    start: key.start,
    created_at: key.createdAt.toISOString(),
    rotated_at: key.rotatedAt?.toISOString() ?? null,
    last_used_at: key.lastUsedAt?.toISOString() ?? null,
    revoked_at: key.revokedAt?.toISOString() ?? null,
    previous_secret_expires_at:
      key.previousExpiresAt && key.previousExpiresAt.getTime() > now ? key.previousExpiresAt.toISOString() : null,
    age_days: ageDays,
    rotation_recommended: ageDays >= ROTATION_RECOMMENDED_DAYS,
    scopes: parseScopes(key.scopes),
  };
}

/** A new key's row and its secret, not yet stored. */
export async function newKeyRow(accountId: string, name: string, scopes: readonly Scope[] = SCOPES, now = Date.now()) {
  const secret = generateSecret();
  const row = {
    id: newId("key"),
    accountId,
    name,
    start: secret.slice(0, KEY_PREFIX.length + 4),
    secretHash: await hashSecret(secret),
    createdAt: new Date(now),
    scopes: formatScopes(scopes),
  } satisfies typeof apiKeys.$inferInsert;
  return { row, secret };
}

/**
 * Creates a key and returns its secret; the secret is never retrievable again. No cap: an
 * account's first key; keys made on request go through key-management.ts.
 */
export async function createKey(
  db: Db,
  accountId: string,
  name: string,
  scopes: readonly Scope[] = SCOPES,
  now = Date.now(),
) {
  const { row, secret } = await newKeyRow(accountId, name, scopes, now);
  const [key] = await db.insert(apiKeys).values(row).returning();
  return { key: key!, secret };
}

/**
 * Gives a key a new secret. The key keeps its id, so its counters carry on;
 * the old secret keeps working for `graceSeconds` (0 = refused at once).
 */
export async function rotateKey(db: Db, key: KeyRow, graceSeconds: number, now = Date.now()) {
  const secret = generateSecret();
  const [rotated] = await db
    .update(apiKeys)
    .set({
      start: secret.slice(0, KEY_PREFIX.length + 4),
      secretHash: await hashSecret(secret),
      previousSecretHash: graceSeconds > 0 ? key.secretHash : null,
      previousExpiresAt: graceSeconds > 0 ? new Date(now + graceSeconds * 1000) : null,
      rotatedAt: new Date(now),
    })
    .where(eq(apiKeys.id, key.id))
    .returning();
  return { key: rotated!, secret };
}

export async function revokeKey(db: Db, key: KeyRow, now = Date.now()) {
  const [revoked] = await db
    .update(apiKeys)
    .set({ revokedAt: new Date(now), previousSecretHash: null, previousExpiresAt: null })
    .where(eq(apiKeys.id, key.id))
    .returning();
  return revoked!;
}

export async function findKeyById(db: Db, id: string, accountId?: string): Promise<KeyRow | null> {
  const where = accountId ? and(eq(apiKeys.id, id), eq(apiKeys.accountId, accountId)) : eq(apiKeys.id, id);
  const [key] = await db.select().from(apiKeys).where(where).limit(1);
  return key ?? null;
}

export async function listKeys(db: Db, accountId: string): Promise<KeyRow[]> {
  return db.select().from(apiKeys).where(eq(apiKeys.accountId, accountId)).orderBy(apiKeys.createdAt);
}

export async function touchKey(db: Db, keyId: string, now = Date.now()) {
  await db
    .update(apiKeys)
    .set({ lastUsedAt: new Date(now) })
    .where(eq(apiKeys.id, keyId));
}
