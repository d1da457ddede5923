// A marketplace's own sites: the origins the registry gives it for every country it knows, the
// other hosts its pages live on, and in development the replica standing in for them. Two
// questions are answered here and nowhere else: whose page a URL is (a marketplace's routes read
// only that marketplace's pages), and whether a page the service fetched came from the platform
// itself (only then may what it shows enter data every account sees, such as the price history).
// A travel site is one origin; `fromTravelSite` asks the second question of its pages.
import { type ScrapeConfig, siteOrigin } from "../config";
import type { ProductPlatform } from "../types";
import { PRODUCT_PLATFORMS } from "./index";

type Replicas = Pick<ScrapeConfig, "replicaOrigin">;

/** The platform's own origins: each country's site and its other hosts, and in development its replica. */
function ownOrigins(platform: ProductPlatform, config: Replicas): string[] {
  const real = [...Object.values(platform.origins), ...(platform.otherOrigins ?? [])].filter(Boolean);
  return config.replicaOrigin ? [...real, siteOrigin(config, platform.slug, "")] : real;
}

/** A URL parsed with its host as the URL guard writes it (lower case, punycode, no trailing dot); null when it is none. */
function parsed(url: string | URL): URL | null {
  if (!URL.canParse(String(url))) return null;
  const parts = new URL(String(url));
  parts.hostname = parts.hostname.replace(/\.+$/, "");
  return parts;
}

/**
 * Whether `url` lies on `origin`: the same host and port, and under the origin's path when it has
 * one (a replica's `/amazon`). The scheme is not compared: an http address of a site is the site's.
 */
function liesOn(url: URL, origin: string): boolean {
  const site = parsed(origin);
  if (!site) return false;
  if (site.host !== url.host) return sameSiteDomain(url, site);
  const prefix = site.pathname.replace(/\/+$/, "");
  return prefix === "" || url.pathname === prefix || url.pathname.startsWith(`${prefix}/`);
}

/**
 * A site whose origin is `www.<domain>` also serves `<domain>` and its other subdomains
 * (`amazon.com`, `smile.amazon.com`, `m.ebay.com`): links people paste are often written so.
 */
function sameSiteDomain(url: URL, site: URL): boolean {
  if (!site.hostname.startsWith("www.") || site.port !== url.port) return false;
  const domain = site.hostname.slice("www.".length);
  return url.hostname === domain || url.hostname.endsWith(`.${domain}`);
}

const onOwnSite = (url: URL, platform: ProductPlatform, config: Replicas) =>
  ownOrigins(platform, config).some((origin) => liesOn(url, origin));

/** The marketplace whose own sites serve `url`, or null for a page only `generic` reads. */
export function marketplaceOf(url: string, config: Replicas): ProductPlatform | null {
  const page = parsed(url);
  if (!page) return null;
  return (
    Object.values(PRODUCT_PLATFORMS).find(
      (platform) => platform.kind === "marketplace" && onOwnSite(page, platform, config),
    ) ?? null
  );
}

/**
 * Why `platform`'s routes will not read `url`, or null when they will: a marketplace reads only its
 * own pages, since it files what they show under its ids. The sentence names the route that reads it.
 */
export function foreignPageProblem(platform: ProductPlatform, url: string, config: Replicas): string | null {
  if (platform.kind !== "marketplace") return null;
  const page = parsed(url);
  if (page && onOwnSite(page, platform, config)) return null;
  const owner = marketplaceOf(url, config);
  return `\`url\` must be a page of ${platform.slug}'s own sites; ${
    owner
      ? `this is ${/^[aeiou]/.test(owner.slug) ? "an" : "a"} ${owner.slug} page: call /v1/${owner.slug}`
      : "this page is on no marketplace's site: call /v1/generic"
  }`;
}

/**
 * Whether a page read for `platform` came from the platform itself: its final address, after every
 * redirect, on the platform's own origins; for a shop read by URL, on the host of the URL asked for.
 * Data every account sees is written only from such pages.
 */
export function fromOwnOrigin(
  platform: ProductPlatform,
  fetched: { finalUrl: string; requestedUrl?: string },
  config: Replicas,
): boolean {
  const final = parsed(fetched.finalUrl);
  if (!final) return false;
  if (platform.kind === "marketplace") return onOwnSite(final, platform, config);
  const requested = fetched.requestedUrl ? parsed(fetched.requestedUrl) : null;
  return requested !== null && requested.host === final.host;
}

/**
 * Whether a travel site's page came from the site itself: its final address on the site's origin,
 * or in development on its replica. Travel addresses are always built by the service; a redirect
 * is what could carry a page elsewhere.
 */
export function fromTravelSite(site: { slug: string; origin: string }, finalUrl: string, config: Replicas): boolean {
  const final = parsed(finalUrl);
  if (!final) return false;
  const origins = config.replicaOrigin ? [site.origin, siteOrigin(config, site.slug, "")] : [site.origin];
  return origins.some((origin) => liesOn(final, origin));
}
