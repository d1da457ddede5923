// Which BrowserHost objects a browser job may run in. Jobs spread over `BROWSER_SHARDS` objects so
// that no one object carries every scrape; each object holds its share of `MAX_BROWSERS`, so the
// shards together never hold more browsers than the deployment's budget.

/** Shards a job is offered to: its site's own, then two more before it waits in a queue. */
export const SHARDS_PER_SITE = 3;

/** The name of shard `index` (`BROWSER_HOST.idFromName`). */
export function shardName(index: number): string {
  return `browsers-${index}`;
}

/** FNV-1a with murmur3's finaliser: a cheap, well-spread 32-bit hash (the order needs no secrecy). */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/**
 * The shards a site's jobs go to, in the order they are tried (rendezvous hashing: each shard's
 * score for the site, highest first). A site keeps to the same shards, whose browsers its earlier
 * jobs kept warm; different sites spread evenly; a shard added later takes over only the sites
 * that now rank it first.
 */
export function shardOrder(site: string, shards: number): number[] {
  return Array.from({ length: shards }, (_, index) => ({ index, score: hash(`${site}#${index}`) }))
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, SHARDS_PER_SITE)
    .map(({ index }) => index);
}

/**
 * Browsers shard `index` may hold: `maxBrowsers` split as evenly as it goes, the first shards
 * taking the remainder, so the shares add up to the budget exactly.
 */
export function browserShare(index: number, shards: number, maxBrowsers: number): number {
  return Math.floor(maxBrowsers / shards) + (index < maxBrowsers % shards ? 1 : 0);
}
