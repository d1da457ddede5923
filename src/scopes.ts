// What an API key may do. A route names the scope it needs; a key grants only the scopes it holds.

export const SCOPES = [
  "catalogue:read",
  "products:read",
  "travel:read",
  "events:write",
  "jobs:write",
  "keys:write",
  "datasets:write",
] as const;
export type Scope = (typeof SCOPES)[number];

/** A key made through the API holds these unless it asks for fewer: managing keys is opt-in. */
export const API_KEY_DEFAULT_SCOPES: readonly Scope[] = SCOPES.filter((scope) => scope !== "keys:write");

const known = new Set<string>(SCOPES);
export const isScope = (value: string): value is Scope => known.has(value);

/** Scopes as stored (space-separated); unknown words are dropped rather than trusted. */
export function parseScopes(stored: string): Scope[] {
  return stored.split(/\s+/).filter(isScope);
}

export const formatScopes = (scopes: readonly Scope[]) => SCOPES.filter((scope) => scopes.includes(scope)).join(" ");

/** Reading data is all a rotated key's previous secret may still do during its grace period. */
export const readsData = (scope: Scope | null) => scope?.endsWith(":read");
