// Managing an account's keys, the one way the API (a key acting), the admin API (the operator) and
// the dashboard (the account's owner) do it: who may manage which key, the cap on live keys, and
// forgetting a changed key's cached lookups.
import { ApiError } from "../errors";
import { parseScopes, SCOPES, type Scope } from "../scopes";
import { forgetCachedKeys } from "./key-cache";
import { type Db, findKeyById, type KeyRow, MAX_KEYS_PER_ACCOUNT, newKeyRow, revokeKey, rotateKey } from "./keys";
import { insertWithinCap, ObjectCapReached } from "./object-caps";

/**
 * The scopes whoever manages keys holds. A key manages with its own. The account's owner, signed in
 * to the dashboard, and the operator, with the admin token, stand above every key.
 */
export type KeyManager = readonly Scope[];
export const ABOVE_EVERY_KEY: KeyManager = SCOPES;

/**
 * A key manages (creates, rotates, revokes) only keys no stronger than itself: every scope of the
 * target is one it holds. Else a `keys:write` key could rotate a full key and take its new secret.
 */
function assertNoStronger(manager: KeyManager, target: readonly Scope[], holder: string, parameter?: string) {
  const missing = target.filter((scope) => !manager.includes(scope));
  if (missing.length === 0) return;
  const named = missing.map((scope) => `\`${scope}\``).join(", ");
  throw new ApiError(
    "forbidden",
    `A key manages only keys no stronger than itself; this key lacks ${named}, which ${holder}.`,
    parameter
      ? {
          details: missing.map((scope) => ({
            parameter,
            in: "body",
            message: `${scope} is not held by the calling key`,
          })),
        }
      : {},
  );
}

/** A live key of the account (of any account for the operator); another account's answers like none. */
export async function liveKeyOf(db: Db, id: string, accountId?: string): Promise<KeyRow> {
  const key = await findKeyById(db, id, accountId);
  if (!key) throw new ApiError("not_found", accountId ? "There is no such key in your account." : `No key \`${id}\`.`);
  if (key.revokedAt) throw new ApiError("conflict", `Key \`${id}\` is revoked; create a new one instead.`);
  return key;
}

/** A new key holding `scopes`, within the cap on live keys (more keys never buy more rate); its secret shown once. */
export async function createAccountKey(
  db: Db,
  manager: KeyManager,
  accountId: string,
  name: string,
  scopes: readonly Scope[],
) {
  assertNoStronger(manager, scopes, "the new key would hold", "scopes");
  const { row, secret } = await newKeyRow(accountId, name, scopes);
  // Counted and inserted in one statement: keys created at once cannot pass the cap together.
  const key = await insertWithinCap(db, "keys", row).catch((err) => {
    if (!(err instanceof ObjectCapReached)) throw err;
    throw new ApiError(
      "conflict",
      `This account already has ${MAX_KEYS_PER_ACCOUNT} live keys, the most it may hold; revoke one first.`,
    );
  });
  return { key, secret };
}

/** A new secret for the key; this isolate forgets the old one at once, the others within the key cache's 4 s. */
export async function rotateAccountKey(db: Db, manager: KeyManager, key: KeyRow, graceSeconds: number) {
  assertNoStronger(manager, parseScopes(key.scopes), `key \`${key.id}\` holds`);
  const rotated = await rotateKey(db, key, graceSeconds);
  forgetCachedKeys({ keyId: key.id });
  return rotated;
}

/** Revokes the key for good: refused here at once, everywhere within the key cache's 4 s. */
export async function revokeAccountKey(db: Db, manager: KeyManager, key: KeyRow) {
  assertNoStronger(manager, parseScopes(key.scopes), `key \`${key.id}\` holds`);
  const revoked = await revokeKey(db, key);
  forgetCachedKeys({ keyId: key.id });
  return revoked;
}
