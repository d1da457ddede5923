import ipaddr from "ipaddr.js";

/** Why a URL was refused; the route turns it into a 400. */
export class UnsafeUrlError extends Error {
  constructor(readonly url: string, reason: string) {
    super(reason);
    this.name = "UnsafeUrlError";
  }
}

export interface SsrfOptions {
  /**
   * `host:port` pairs allowed even though they are loopback or private: local development
   * lets the API reach its own replica sites, and nothing else.
   */
  allowHosts?: readonly string[];
}

const BLOCKED_NAMES = [/^localhost$/, /\.localhost$/, /\.local$/, /\.internal$/, /\.home\.arpa$/, /^metadata$/, /^metadata\.google\.internal$/];

/**
 * Checks a user-supplied URL before any request is made to it: http(s) only, no credentials,
 * and no loopback, private, link-local, CGNAT, multicast or reserved address in any notation.
 * The WHATWG URL parser already rewrites decimal, hex, octal and short IPv4 forms to dotted
 * quads, so `http://2130706433/` arrives here as 127.0.0.1; IPv4-mapped IPv6 is unwrapped.
 * Names are checked by pattern only: Workers cannot resolve DNS, and Cloudflare's egress does
 * not route to private networks, so a public name resolving privately is refused there.
 */
export function assertSafeUrl(input: string, options: SsrfOptions = {}): URL {
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    throw new UnsafeUrlError(input, "is not a valid absolute URL");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new UnsafeUrlError(input, `uses ${url.protocol} — only http and https are allowed`);
  if (url.username || url.password) throw new UnsafeUrlError(input, "contains credentials; remove user:password@");
  if (options.allowHosts?.includes(url.host)) return url;

  const host = url.hostname.replace(/^\[|\]$/g, "").toLowerCase();
  if (ipaddr.isValid(host)) {
    let address = ipaddr.parse(host);
    if (address.kind() === "ipv6" && (address as ipaddr.IPv6).isIPv4MappedAddress()) address = (address as ipaddr.IPv6).toIPv4Address();
    const range = address.range();
    if (range !== "unicast") throw new UnsafeUrlError(input, `points at a ${range} address, which is not reachable from here`);
    return url;
  }
  if (!host.includes(".") || BLOCKED_NAMES.some((pattern) => pattern.test(host))) {
    throw new UnsafeUrlError(input, `points at an internal host name (${host})`);
  }
  return url;
}

export const MAX_REDIRECTS = 5;

/**
 * fetch that follows redirects itself and re-checks every hop, so a public URL cannot
 * bounce the request into a private range. A 301/302/303 continues as a GET, as browsers do.
 */
export async function safeFetch(input: string, init: RequestInit, options: SsrfOptions & { fetcher?: (url: string, init: RequestInit) => Promise<Response> } = {}): Promise<Response> {
  const send = options.fetcher ?? fetch;
  let url = assertSafeUrl(input, options);
  let request = init;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    const response = await send(url.toString(), { ...request, redirect: "manual" });
    const location = response.headers.get("Location");
    if (response.status < 300 || response.status >= 400 || !location) return response;
    url = assertSafeUrl(new URL(location, url).toString(), options);
    if (response.status !== 307 && response.status !== 308) request = { ...request, method: "GET", body: undefined };
  }
  throw new UnsafeUrlError(input, `redirects more than ${MAX_REDIRECTS} times`);
}
