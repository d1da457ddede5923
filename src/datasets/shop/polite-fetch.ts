// Every request the shop crawler makes: robots.txt consulted first (read once an hour per site,
// shared by every account through the cache), a start time taken from the site's HostBudget
// object so the crawl-delay holds across accounts and items, the crawler's own User-Agent, and the
// URL guard on every hop; a redirect is followed only on the same site, where robots.txt allows it, at the
// site's pace. Pages go through the fetch engine (proxies, challenges, size caps,
// charset); robots.txt and sitemaps, which may be gzip, through the guard with a byte cap.
import { scrapeConfig } from "../../scrape/config";
import { fetchEngine } from "../../scrape/engines/fetch";
import { detectChallenge } from "../../scrape/extract/challenge";
import { guardedFetch } from "../../net/url-guard";
import { readBytes } from "../../net/read-body";
import { publicOrigin } from "../../public-origin";
import { crawlerUserAgent, DISALLOW_ALL, MAX_DELAY_MS, parseRobots, type RobotsRules, siteRootOf } from "./robots";

/** A sitemap file may be 50 MB uncompressed (sitemaps.org); compressed, far less. */
export const MAX_SITEMAP_BYTES = 50 * 1024 * 1024;
const MAX_DOWNLOAD_BYTES = 10 * 1024 * 1024;
const MAX_ROBOTS_BYTES = 512 * 1024;
const ROBOTS_TTL_SECONDS = 3600;

/** The site's queue is over a minute long: the item stops and its addresses wait for a later one. */
export class SiteBusy extends Error {}
/** The site's robots.txt asks for more time between requests than a refresh can spend. */
export class TooSlow extends Error {}
/** A redirect leaves the site, or leads where its robots.txt disallows: the crawler does not follow it. */
export class NotFollowed extends Error {}

/**
 * The name a site's pace is kept under: its host name without scheme, port or trailing dot (and a
 * replica shop's prefix), so `http://`, `https://` and `shop.example.` share the one server's delay.
 */
function paceKeyOf(root: string): string {
  const { hostname, pathname } = new URL(root);
  return `${hostname.replace(/\.$/, "")}${pathname.replace(/\/$/, "")}`;
}

export class PoliteFetcher {
  private readonly robots = new Map<string, Promise<RobotsRules>>();
  private readonly userAgent: string;

  constructor(
    private readonly env: Env,
    private readonly accountId: string,
  ) {
    this.userAgent = crawlerUserAgent(`${publicOrigin(env, "http://localhost")}/docs/catalogue#whole-shops`);
  }

  /** The site root of `url` (its origin, or a replica shop's prefix in development). */
  rootOf(url: string): string {
    return siteRootOf(url, scrapeConfig(this.env).replicaOrigin);
  }

  /** The rules of the site `url` is on. */
  rulesFor(url: string): Promise<RobotsRules> {
    const root = this.rootOf(url);
    let rules = this.robots.get(root);
    if (!rules) {
      rules = this.readRobots(root);
      this.robots.set(root, rules);
    }
    return rules;
  }

  private async readRobots(root: string): Promise<RobotsRules> {
    const cacheKey = `shop:robots:${root}`;
    const cached = await this.env.CACHE.get<{ body: string | null; refused: boolean }>(cacheKey, "json");
    if (cached) return cached.refused ? DISALLOW_ALL : parseRobots(root, cached.body);
    await this.wait(root, parseRobots(root, null).delayMs);
    const response = await this.send(`${root}/robots.txt`);
    // No robots.txt (4xx): everything is allowed; 401/403, a rate limit (429, read as a server error,
    // as Google reads it) or a server error: nothing is, for now.
    const refused = [401, 403, 429].includes(response.status) || response.status >= 500;
    const body = response.ok ? new TextDecoder().decode(await readBytes(response, MAX_ROBOTS_BYTES)) : null;
    if (!response.ok) await response.body?.cancel().catch(() => {});
    await this.env.CACHE.put(cacheKey, JSON.stringify({ body, refused }), { expirationTtl: ROBOTS_TTL_SECONDS });
    return refused ? DISALLOW_ALL : parseRobots(root, body);
  }

  /** Waits for the site's next start time (robots.txt's crawl-delay, shared by every crawl of the site). */
  private async wait(root: string, delayMs: number): Promise<void> {
    if (delayMs > MAX_DELAY_MS)
      throw new TooSlow(
        `${root}/robots.txt asks for ${delayMs / 1000} s between requests; at most ${MAX_DELAY_MS / 1000} s is supported`,
      );
    const budget = this.env.HOST_BUDGET.get(this.env.HOST_BUDGET.idFromName(paceKeyOf(root)));
    const waitMs = await budget.reserve(delayMs);
    if (waitMs < 0) throw new SiteBusy(`${root} has more requests queued than a minute holds`);
    if (waitMs > 0) await scheduler.wait(waitMs);
  }

  /** `url`, with each redirect's next address first admitted by `follow` when given. */
  private send(url: string, follow?: (hop: string) => Promise<void>): Promise<Response> {
    let hops = 0;
    return guardedFetch(
      url,
      { headers: { "User-Agent": this.userAgent, Accept: "application/xml,text/xml,text/plain,*/*" } },
      {
        ...scrapeConfig(this.env).urlGuard,
        fetcher: async (hop, init) => {
          if (hops++ > 0) await follow?.(hop);
          return fetch(hop, { ...init, signal: AbortSignal.timeout(15_000) });
        },
      },
    );
  }

  /**
   * Before a redirect's next request: the redirect stays on the site `from` is on (a redirect to
   * another site would read that site outside its own robots.txt and pace), robots.txt allows the
   * new address, and it waits its turn like any other request to the site.
   */
  private async follow(from: string, hop: string): Promise<void> {
    if (paceKeyOf(this.rootOf(hop)) !== paceKeyOf(this.rootOf(from)))
      throw new NotFollowed(`${from} redirects to another site (${hop})`);
    const rules = await this.rulesFor(hop);
    if (!rules.allows(hop)) throw new NotFollowed(`${from} redirects to ${hop}, which robots.txt disallows`);
    await this.wait(this.rootOf(hop), rules.delayMs);
  }

  /** The bytes of a file (a sitemap), after robots and the budget allow it; null when it is not there. */
  async file(url: string): Promise<Uint8Array | null> {
    const rules = await this.rulesFor(url);
    await this.wait(this.rootOf(url), rules.delayMs);
    const response = await this.send(url, (hop) => this.follow(url, hop));
    if (!response.ok) {
      await response.body?.cancel().catch(() => {});
      return null;
    }
    return readBytes(response, MAX_DOWNLOAD_BYTES);
  }

  /** A page through the fetch engine, after robots and the budget allow it. */
  async page(url: string): Promise<{ html: string; url: string }> {
    const rules = await this.rulesFor(url);
    await this.wait(this.rootOf(url), rules.delayMs);
    const config = scrapeConfig(this.env);
    const loaded = await fetchEngine.load({
      url,
      env: this.env,
      config,
      accountId: this.accountId,
      detectChallenge,
      deadline: Date.now() + config.deadlineMs,
      headers: { "User-Agent": this.userAgent },
      beforeRedirect: (hop) => this.follow(url, hop),
    });
    return { html: loaded.html, url: loaded.url };
  }
}
