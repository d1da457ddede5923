// The Durable Object that owns the browser connections. Workers do not let one request use a
// WebSocket another request opened, so a browser kept between scrapes must live here, and so must
// the page work (URL guard, proxy routing, challenge solving) that talks over that connection.
import { DurableObject } from "cloudflare:workers";
import { scrapeConfig } from "../scrape/config";
import { BrowserFleet } from "../scrape/engines/browser-host/fleet";
import type { BrowserAnswer, BrowserRequest } from "../scrape/engines/browser/wire";
import type { PageLoad } from "../scrape/engines/types";

/** How often, at most, an object with open browsers wakes to see whether they have gone idle. */
const IDLE_CHECK_MS = 10_000;

export class BrowserHost extends DurableObject<Env> {
  readonly #fleet = new BrowserFleet(this.env);
  #alarmSet = false;

  /**
   * Loads one page in a held browser (launched or taken over on first use); `detectChallenge` is
   * the platform's own, when it is not the shared one the object runs itself.
   */
  async load(request: BrowserRequest, detectChallenge?: PageLoad["detectChallenge"]): Promise<BrowserAnswer> {
    await this.#arm();
    return this.#fleet.load(request, detectChallenge);
  }

  /** Keeps the object (and with it the connections) alive while browsers are held; lets them go when idle. */
  override async alarm(): Promise<void> {
    // Cleared first: a load arriving while idle browsers are let go arms the next check itself.
    this.#alarmSet = false;
    if (await this.#fleet.releaseIdle()) await this.#arm();
  }

  async #arm(): Promise<void> {
    if (this.#alarmSet) return;
    this.#alarmSet = true;
    try {
      await this.ctx.storage.setAlarm(Date.now() + Math.min(IDLE_CHECK_MS, scrapeConfig(this.env).browserIdleMs));
    } catch (err) {
      this.#alarmSet = false;
      throw err;
    }
  }
}
