// Name resolution for the URL guard. Workers have no DNS API, so names are resolved over HTTPS
// with the JSON API that Cloudflare's and Google's resolvers speak
// (https://developers.cloudflare.com/1.1.1.1/encryption/dns-over-https/make-api-requests/dns-json/).
// Written by hand: the JSON API is one GET, and no library targets it in workerd.
import type { Fetcher, ResolveHost } from "./url-guard";

export const CLOUDFLARE_DOH_URL = "https://cloudflare-dns.com/dns-query";

const RECORD_TYPES = { A: 1, AAAA: 28 } as const;
/** Resolutions are kept this long at most, however long the record's TTL. */
const MAX_CACHE_MS = 60_000;
const LOOKUP_TIMEOUT_MS = 5_000;

interface DohAnswer {
  Status: number;
  Answer?: { type: number; TTL?: number; data: string }[];
}

/**
 * The runtime's fetch as the module found it. Lookups are the guard's own traffic, not the page
 * traffic that tests replace `globalThis.fetch` to play, so a stubbed site never answers DNS.
 */
const platformFetch: Fetcher = globalThis.fetch.bind(globalThis);

/** Per isolate: resolver URL + name → addresses, shared by concurrent lookups of one name. */
const cache = new Map<string, { expires: number; addresses: Promise<string[]> }>();

async function query(
  url: string,
  name: string,
  type: keyof typeof RECORD_TYPES,
  fetcher: Fetcher,
): Promise<{ addresses: string[]; ttl: number }> {
  const target = new URL(url);
  target.searchParams.set("name", name);
  target.searchParams.set("type", type);
  const response = await fetcher(target.toString(), {
    headers: { Accept: "application/dns-json" },
    signal: AbortSignal.timeout(LOOKUP_TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`the resolver answered ${response.status}`);
  const body = (await response.json()) as DohAnswer;
  // NXDOMAIN (3) is an empty answer; SERVFAIL and the rest say nothing we can trust.
  if (body.Status === 3) return { addresses: [], ttl: 0 };
  if (body.Status !== 0) throw new Error(`the resolver answered DNS status ${body.Status}`);
  // CNAME chains come back as CNAME records followed by the final addresses; only addresses are checked.
  const records = (body.Answer ?? []).filter((record) => record.type === RECORD_TYPES[type]);
  return {
    addresses: records.map((record) => record.data),
    ttl: Math.min(...records.map((record) => record.TTL ?? 0), MAX_CACHE_MS / 1000),
  };
}

/**
 * A resolver asking `url` for both A and AAAA records (the fetch that follows may use either),
 * caching each answer for its TTL up to a minute. Failed lookups are not cached.
 */
export function dohResolver(url: string, fetcher: Fetcher = platformFetch): ResolveHost {
  return (name) => {
    const key = `${url} ${name}`;
    const hit = cache.get(key);
    if (hit && hit.expires > Date.now()) return hit.addresses;
    const entry = { expires: Date.now() + MAX_CACHE_MS, addresses: Promise.resolve<string[]>([]) };
    entry.addresses = Promise.all([query(url, name, "A", fetcher), query(url, name, "AAAA", fetcher)]).then(
      ([a, aaaa]) => {
        entry.expires = Date.now() + Math.min(a.ttl, aaaa.ttl) * 1000;
        return [...a.addresses, ...aaaa.addresses];
      },
      (err) => {
        if (cache.get(key) === entry) cache.delete(key);
        throw err;
      },
    );
    cache.set(key, entry);
    return entry.addresses;
  };
}
