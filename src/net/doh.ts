// Name resolution for the URL guard. Workers have no DNS API, so names are resolved over HTTPS
// with the JSON API that Cloudflare's and Google's resolvers speak
// (https://developers.cloudflare.com/1.1.1.1/encryption/dns-over-https/make-api-requests/dns-json/).
// Written by hand: the JSON API is one GET, and no library targets it in workerd.
import { log } from "../log";
import { readJson } from "./read-body";
import type { Fetcher, ResolveHost } from "./url-guard";

export const CLOUDFLARE_DOH_URL = "https://cloudflare-dns.com/dns-query";

const RECORD_TYPES = { A: 1, AAAA: 28 } as const;
/** Resolutions are kept this long at most, however long the record's TTL. */
const MAX_CACHE_MS = 60_000;
const LOOKUP_TIMEOUT_MS = 5_000;
/** Names kept per isolate; past it the least recently used is forgotten. */
const DNS_CACHE_ENTRIES = 1_000;
/** A DNS JSON answer is a few hundred bytes; more is not one. */
const MAX_ANSWER_BYTES = 64 * 1024;

interface DohAnswer {
  Status: number;
  Answer?: { type: number; TTL?: number; data: string }[];
}

/**
 * The runtime's fetch as the module found it. Lookups are the guard's own traffic, not the page
 * traffic that tests replace `globalThis.fetch` to play, so a stubbed site never answers DNS.
 */
const platformFetch: Fetcher = globalThis.fetch.bind(globalThis);

/** Per isolate: resolver URL + name → addresses, shared by concurrent lookups of one name; in order of last use. */
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
  // The runtime's own words for a failed fetch ("internal error; reference = …") stay in the log:
  // what a failed lookup says reaches the caller inside the URL guard's refusal.
  const response = await fetcher(target.toString(), {
    headers: { Accept: "application/dns-json" },
    signal: AbortSignal.timeout(LOOKUP_TIMEOUT_MS),
  }).catch((err) => {
    log.error("DNS lookup failed", { resolver: target.host, name, error: err });
    throw new Error(
      err instanceof Error && err.name === "TimeoutError"
        ? `the DNS resolver gave no answer within ${LOOKUP_TIMEOUT_MS / 1000} s`
        : "the DNS resolver could not be reached",
    );
  });
  if (!response.ok) throw new Error(`the resolver answered ${response.status}`);
  const body = await readJson<DohAnswer>(response, MAX_ANSWER_BYTES).catch(() => {
    throw new Error("the DNS resolver's answer could not be read");
  });
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
 * caching each answer for its TTL up to a minute, for `DNS_CACHE_ENTRIES` names at most. Failed
 * lookups are not cached.
 */
export function dohResolver(url: string, fetcher: Fetcher = platformFetch): ResolveHost {
  return (name) => {
    const key = `${url} ${name}`;
    const hit = cache.get(key);
    cache.delete(key);
    if (hit && hit.expires > Date.now()) {
      cache.set(key, hit);
      return hit.addresses;
    }
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
    // A Map iterates in insertion order, and every use re-inserts: the first key is the least recently used.
    if (cache.size > DNS_CACHE_ENTRIES) cache.delete(cache.keys().next().value!);
    return entry.addresses;
  };
}
