/**
 * Password hashing with PBKDF2-SHA256 from WebCrypto; no library needed since the runtime has it.
 * Cloudflare's production runtime refuses more than 100,000 iterations per call ("Pbkdf2 failed:
 * iteration counts above 100000 are not supported"); local workerd and wrangler dev do not enforce
 * that cap, so only this constant keeps a higher count from passing tests and failing in production.
 * The count is stored with each hash so a later, higher one can be rolled out on sign-in.
 */
import { toHex } from "../digest";

export const PBKDF2_ITERATIONS = 100_000;
const SALT_BYTES = 16;
const HASH_BITS = 256;
export const MIN_PASSWORD_LENGTH = 10;

export interface PasswordHash {
  hash: string;
  salt: string;
  iterations: number;
}

const fromHex = (hex: string) => new Uint8Array((hex.match(/../g) ?? []).map((pair) => parseInt(pair, 16)));

async function derive(password: string, salt: Uint8Array, iterations: number): Promise<Uint8Array> {
  const material = await crypto.subtle.importKey("raw", new TextEncoder().encode(password), "PBKDF2", false, [
    "deriveBits",
  ]);
  const bits = await crypto.subtle.deriveBits(
    { name: "PBKDF2", hash: "SHA-256", salt, iterations },
    material,
    HASH_BITS,
  );
  return new Uint8Array(bits);
}

export async function hashPassword(password: string, iterations = PBKDF2_ITERATIONS): Promise<PasswordHash> {
  const salt = crypto.getRandomValues(new Uint8Array(SALT_BYTES));
  return { hash: toHex(await derive(password, salt, iterations)), salt: toHex(salt), iterations };
}

/** Constant-time comparison of the derived bytes, so timing tells nothing about how much matched. */
export async function verifyPassword(password: string, stored: PasswordHash): Promise<boolean> {
  const expected = fromHex(stored.hash);
  const actual = await derive(password, fromHex(stored.salt), stored.iterations);
  return actual.byteLength === expected.byteLength && crypto.subtle.timingSafeEqual(actual, expected);
}

/** Why a password is refused, in words for the sign-up form; null when it is acceptable. */
export function passwordProblem(password: string): string | null {
  if (password.length < MIN_PASSWORD_LENGTH)
    return `The password is too short: use at least ${MIN_PASSWORD_LENGTH} characters.`;
  const classes = [/[a-z]/, /[A-Z]/, /[0-9]/, /[^A-Za-z0-9]/].filter((re) => re.test(password)).length;
  if (classes < 2)
    return "The password is too weak: mix at least two of lower-case letters, capitals, digits and symbols.";
  return null;
}
