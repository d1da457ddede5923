// The pace of the shop crawler per site, shared by every account and every refresh: one object
// per site (idFromName of its host name, polite-fetch.ts), which hands out start times at least
// the site's crawl-delay apart. A crawl item asks for its next slot and waits until then, so ten
// items of three accounts crawling one shop still reach it once per delay. Kept in memory: after
// an eviction the first request goes at once, which is never more than one request early.
import { DurableObject } from "cloudflare:workers";

/** Slots handed out further ahead than this are refused: the caller ends its batch and comes back later. */
const MAX_QUEUE_MS = 60_000;

export class HostBudget extends DurableObject<Env> {
  private nextAt = 0;

  /**
   * A start time for one request, `delayMs` after the last one handed out: the ms to wait before
   * sending it, or -1 when the queue for the site is longer than a minute.
   */
  async reserve(delayMs: number): Promise<number> {
    const now = Date.now();
    const at = Math.max(now, this.nextAt);
    if (at - now > MAX_QUEUE_MS) return -1;
    this.nextAt = at + delayMs;
    return at - now;
  }
}
