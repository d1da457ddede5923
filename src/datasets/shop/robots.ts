// robots.txt as the shop crawler reads it (robots-parser: RFC 9309 groups, wildcards, `$`,
// Crawl-delay and Sitemap lines), with the site's root standing in for the host's: a replica
// shop lives under a path prefix (http://127.0.0.1:8790/trailhead), so its robots.txt and its
// rules are read relative to that prefix, as a real shop's are to its origin.
import robotsParser from "robots-parser";

/** The product token the crawler's rules are looked up by, and its User-Agent. */
export const CRAWLER_TOKEN = "WebDataBot";
export const crawlerUserAgent = (infoUrl: string) => `${CRAWLER_TOKEN}/1.0 (+${infoUrl})`;

/** Crawl-delay asked for by no robots.txt: one request per host every this many ms. */
export const DEFAULT_DELAY_MS = 500;
/** Longest crawl-delay honoured as asked; a longer one is refused as too slow to refresh a shop. */
export const MAX_DELAY_MS = 10_000;

export interface RobotsRules {
  /** Whether the crawler may fetch `url` (an address on this site). */
  allows(url: string): boolean;
  /** Milliseconds between two requests to the site. */
  delayMs: number;
  sitemaps: string[];
}

/**
 * The site root `url` belongs to: its origin, or in development, where shops are served under a
 * replica origin's first path segment, that origin plus the segment.
 */
export function siteRootOf(url: string, replicaOrigin: string | null): string {
  const parsed = new URL(url);
  if (replicaOrigin && parsed.origin === new URL(replicaOrigin).origin) {
    const segment = parsed.pathname.split("/")[1];
    if (segment) return `${parsed.origin}/${segment}`;
  }
  return parsed.origin;
}

/** The address `url` would have if its site sat at the root of its origin (what robots rules match). */
function rootRelative(url: string, root: string): string {
  const parsed = new URL(url);
  const prefix = new URL(root).pathname.replace(/\/+$/, "");
  const path =
    prefix && parsed.pathname.startsWith(prefix) ? parsed.pathname.slice(prefix.length) || "/" : parsed.pathname;
  return `${parsed.origin}${path}${parsed.search}`;
}

/**
 * Rules from a robots.txt body (null: none was found, so everything is allowed at the default pace).
 * A robots.txt answered 401/403 or 429 is read as "disallow all", as RFC 9309 §2.3.1.4 asks for 5xx.
 */
export function parseRobots(root: string, body: string | null): RobotsRules {
  const robotsUrl = `${new URL(root).origin}/robots.txt`;
  const robots = robotsParser(robotsUrl, body ?? "");
  const asked = robots.getCrawlDelay(CRAWLER_TOKEN);
  const delayMs = typeof asked === "number" && asked >= 0 ? Math.round(asked * 1000) : DEFAULT_DELAY_MS;
  return {
    allows: (url) => robots.isAllowed(rootRelative(url, root), CRAWLER_TOKEN) !== false,
    delayMs,
    sitemaps: robots.getSitemaps(),
  };
}

/** Rules that refuse everything, for a site whose robots.txt could not be read safely. */
export const DISALLOW_ALL: RobotsRules = { allows: () => false, delayMs: DEFAULT_DELAY_MS, sitemaps: [] };
