// SHA-256 as lower-case hex, the one way the service names things by their hash: key secrets,
// cache keys, entity tags, idempotent requests.

/** Each byte's two hex digits, made once: a key's hash is read on every request. */
const HEX = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, "0"));

export function toHex(bytes: Uint8Array): string {
  let hex = "";
  for (const byte of bytes) hex += HEX[byte];
  return hex;
}

/** SHA-256 of `text` in hex; `bytes` keeps only the first of the hash's 32 bytes. */
export async function sha256Hex(text: string, bytes = 32): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return toHex(new Uint8Array(digest, 0, bytes));
}
