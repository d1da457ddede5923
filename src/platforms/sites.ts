// A platform's own sites: the origins the registry gives it for every country it knows, the other
// hosts its pages live on, and in development the replica standing in for them. Three questions
// are answered here and nowhere else: where a platform's pages are fetched from (`originFor`), whose
// page a URL is (a marketplace's routes read only that marketplace's pages), and whether a page the
// service fetched came from the platform itself (only then may what it shows enter data every
// account sees, such as the price history).
import { ApiError } from "../errors";
import { type ScrapeConfig, siteOrigin } from "../scrape/config";
import { PRODUCT_PLATFORMS, TRAVEL_PLATFORMS } from "./index";
import type { Platform, ProductPlatform, TravelPlatform } from "./types";

type Replicas = Pick<ScrapeConfig, "replicaOrigin">;

/**
 * Where `platform`'s pages are fetched from: its site for `country` (its default site when none is
 * named), or in development its replica. A country the platform has no site for is a 400 naming those it has.
 */
export function originFor(config: Replicas, platform: Platform, country?: string): string {
  const key = country?.toLowerCase() ?? "default";
  if (country && !platform.origins[key]) {
    throw new ApiError(
      "invalid_request",
      `\`${platform.slug}\` has no site for country ${country.toUpperCase()}; use one of: ${
        Object.keys(platform.origins)
          .filter((k) => k !== "default")
          .join(", ")
          .toUpperCase() || "(none)"
      }.`,
      { details: [{ parameter: "country", in: "query", message: "not served" }] },
    );
  }
  return siteOrigin(config, platform.slug, platform.origins[key] ?? platform.origins.default!);
}

/** The platform's own origins: each country's site and its other hosts, and in development its replica. */
function ownOrigins(platform: Platform, config: Replicas): string[] {
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

const onOwnSite = (url: URL, platform: Platform, config: Replicas) =>
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

/** The travel site whose own sites serve `url`, or null for a hotel's page only the generic reader reads. */
export function travelSiteOf(url: string, config: Replicas): TravelPlatform | null {
  const page = parsed(url);
  if (!page) return null;
  return Object.values(TRAVEL_PLATFORMS).find((platform) => onOwnSite(page, platform, config)) ?? null;
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
 * Data every account sees is written only from such pages. A travel site's addresses are always
 * built by the service; a redirect is what could carry a page elsewhere.
 */
export function fromOwnOrigin(
  platform: Platform,
  fetched: { finalUrl: string; requestedUrl?: string },
  config: Replicas,
): boolean {
  const final = parsed(fetched.finalUrl);
  if (!final) return false;
  if (platform.kind !== "shop") return onOwnSite(final, platform, config);
  const requested = fetched.requestedUrl ? parsed(fetched.requestedUrl) : null;
  return requested !== null && requested.host === final.host;
}
