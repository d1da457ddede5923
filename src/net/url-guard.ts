// The one URL guard: every request the service makes on a user's behalf (fetch engine and each
// redirect hop, every request a browser page makes, webhook deliveries, schedules) passes here.
import ipaddr from "ipaddr.js";

/** Why a URL was refused; routes turn it into a 400. */
export class UnsafeUrlError extends Error {
  constructor(
    readonly url: string,
    reason: string,
  ) {
    super(reason);
    this.name = "UnsafeUrlError";
  }
}

/** Every A and AAAA address a host name has; none means the name does not resolve. */
export type ResolveHost = (hostname: string) => Promise<string[]>;

export interface UrlGuardOptions {
  /**
   * `host:port` pairs reachable even though they are loopback or private: local development
   * lets the API reach its own replica sites and test receivers, and nothing else.
   */
  allowHosts: readonly string[];
  /** Resolves names before use (DNS over HTTPS); every answer must be a public address. */
  resolve: ResolveHost;
}

/** The ports a site or webhook receiver may use, unless its `host:port` is allow-listed. */
const STANDARD_PORTS = new Set(["", "80", "443"]);

/** Names that only mean something inside a network (RFC 6761, RFC 6762, RFC 8375, cloud metadata). */
const INTERNAL_NAMES = [
  /^localhost$/,
  /\.localhost$/,
  /\.local$/,
  /\.internal$/,
  /\.home\.arpa$/,
  /\.localdomain$/,
  /^metadata$/,
  /\.arpa$/,
];

/** IPv6 prefixes that carry an IPv4 address in their last 32 bits (compat, mapped, SIIT, NAT64). */
const EMBEDS_IPV4_TAIL = ["::/96", "::ffff:0:0/96", "::ffff:0:0:0/96", "64:ff9b::/96"].map((cidr) =>
  ipaddr.IPv6.parseCIDR(cidr),
);
const GLOBAL_UNICAST = ipaddr.IPv6.parseCIDR("2000::/3");
const LOCAL_NAT64 = ipaddr.IPv6.parseCIDR("64:ff9b:1::/48");

/**
 * Why an address may not be reached, or null when it is public unicast. IPv4 must be in
 * ipaddr.js's `unicast` range (not private, loopback, link-local, CGNAT, reserved, multicast,
 * broadcast or unspecified). IPv6 forms that wrap an IPv4 address (mapped, compatible, NAT64,
 * 6to4) are judged by that address; Teredo and local NAT64 hide theirs and are refused.
 */
export function addressRefusal(text: string): string | null {
  if (!ipaddr.isValid(text)) return `${text} (not an IP address)`;
  const address = ipaddr.parse(text);
  if (address.kind() === "ipv4") {
    const range = address.range();
    return range === "unicast" ? null : `${text} (${range} range)`;
  }
  const v6 = address as ipaddr.IPv6;
  const bytes = v6.toByteArray();
  const range = v6.range();
  // ::1 and :: sit inside ::/96 but are IPv6's own loopback and unspecified addresses.
  if (range === "loopback" || range === "unspecified") return `${text} (${range} range)`;
  if (EMBEDS_IPV4_TAIL.some((cidr) => v6.match(cidr)))
    return addressRefusal(ipaddr.fromByteArray(bytes.slice(12)).toString());
  if (v6.range() === "6to4") return addressRefusal(ipaddr.fromByteArray(bytes.slice(2, 6)).toString());
  if (v6.match(LOCAL_NAT64)) return `${text} (local NAT64 range)`;
  if (range !== "unicast" || !v6.match(GLOBAL_UNICAST))
    return `${text} (${range === "unicast" ? "non-global" : range} range)`;
  return null;
}

/**
 * The URL as it will be requested, with a canonical host name (lower case, punycode, no
 * trailing dot), after the checks that need no network: http(s) only, no credentials,
 * standard ports, no internal names, no IP literal outside public unicast. The WHATWG URL
 * parser has already turned decimal, octal, hex and short IPv4 forms into dotted quads and
 * IDN into punycode. Returns `name` when the host is a DNS name still to be resolved.
 */
export function checkUrl(
  input: string | URL,
  options: Pick<UrlGuardOptions, "allowHosts">,
): { url: URL; name: string | null } {
  const text = String(input);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new UnsafeUrlError(text, "is not a valid absolute URL");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new UnsafeUrlError(text, `uses ${url.protocol} — only http and https are allowed`);
  if (url.username || url.password) throw new UnsafeUrlError(text, "contains credentials; remove user:password@");
  // "localhost." is localhost: a trailing dot only makes the name fully qualified.
  const hostname = url.hostname.replace(/\.+$/, "");
  if (!hostname) throw new UnsafeUrlError(text, "has no host name");
  if (hostname !== url.hostname) url.hostname = hostname;
  if (options.allowHosts.some((entry) => canonicalHost(entry) === url.host)) return { url, name: null };
  if (!STANDARD_PORTS.has(url.port))
    throw new UnsafeUrlError(text, `uses port ${url.port} — only 80 and 443 are allowed`);

  const bare = hostname.replace(/^\[|\]$/g, "");
  if (ipaddr.isValid(bare)) {
    const refusal = addressRefusal(bare);
    if (refusal) throw new UnsafeUrlError(text, `points at ${refusal}, which is not reachable from here`);
    return { url, name: null };
  }
  if (!hostname.includes(".") || INTERNAL_NAMES.some((pattern) => pattern.test(hostname))) {
    throw new UnsafeUrlError(text, `points at an internal host name (${hostname})`);
  }
  return { url, name: hostname };
}

/** An allow-list entry in the form `URL.host` takes (lower case, no default port, no trailing dot). */
function canonicalHost(entry: string): string {
  try {
    const url = new URL(`http://${entry.trim()}`);
    url.hostname = url.hostname.replace(/\.+$/, "");
    return url.host;
  } catch {
    return "";
  }
}

/**
 * Checks a URL before any request is made to it: `checkUrl`, then a DNS name is resolved and
 * every A and AAAA answer must be public. A name with no usable answer is refused. Returns the
 * canonical URL, which is what the caller must request.
 */
export async function guardUrl(input: string | URL, options: UrlGuardOptions): Promise<URL> {
  const { url, name } = checkUrl(input, options);
  if (name === null) return url;
  let addresses: string[];
  try {
    addresses = await options.resolve(name);
  } catch (err) {
    throw new UnsafeUrlError(
      String(input),
      `has a host name that could not be resolved (${err instanceof Error ? err.message : String(err)})`,
    );
  }
  if (addresses.length === 0)
    throw new UnsafeUrlError(String(input), `has a host name that does not resolve (${name})`);
  for (const address of addresses) {
    const refusal = addressRefusal(address);
    if (refusal)
      throw new UnsafeUrlError(
        String(input),
        `has a host name (${name}) that resolves to ${refusal}, which is not reachable from here`,
      );
  }
  return url;
}

export const MAX_REDIRECTS = 5;

export type Fetcher = (url: string, init: RequestInit) => Promise<Response>;

/**
 * fetch that follows redirects itself and guards every hop, so a public URL cannot bounce the
 * request inward. A 301/302/303 continues as a GET, as browsers do (RFC 9110 §15.4).
 */
export async function guardedFetch(
  input: string,
  init: RequestInit,
  options: UrlGuardOptions & { fetcher?: Fetcher },
): Promise<Response> {
  const send = options.fetcher ?? ((url, request) => fetch(url, request));
  let url = await guardUrl(input, options);
  let request = init;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    const response = await send(url.toString(), { ...request, redirect: "manual" });
    const location = response.headers.get("Location");
    if (response.status < 300 || response.status >= 400 || !location) return response;
    await response.body?.cancel().catch(() => {});
    const next = new URL(location, url).toString();
    try {
      url = await guardUrl(next, options);
    } catch (err) {
      if (err instanceof UnsafeUrlError) throw new UnsafeUrlError(input, `redirects to ${next}, which ${err.message}`);
      throw err;
    }
    if (response.status !== 307 && response.status !== 308) request = { ...request, method: "GET", body: undefined };
  }
  throw new UnsafeUrlError(input, `redirects more than ${MAX_REDIRECTS} times`);
}
