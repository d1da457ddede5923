// The browsers one shard keeps connected between loads, each with pages made ready before a load
// asks for one (`spares.ts`). Lives in the Durable Object that owns the CDP connections (`BrowserHost`).
import { type ScrapeConfig, scrapeConfig } from "../../config";
import { BrowserHostBusy, UpstreamTimeout } from "../../errors";
import { detectChallenge as sharedDetection } from "../../extract/challenge";
import { withTimeout } from "../../../timeout";
import { browserTarget, loadInPage } from "./page";
import { openSession, type Session } from "./sessions";
import { Slots } from "./slots";
import { Spares } from "./spares";
import { browserShare } from "../browser/shards";
import { type BrowserAnswer, type BrowserRequest, toWire } from "../browser/wire";
import type { PageLoad } from "../types";

/** Loads one browser runs side by side, each in its own incognito context; the shard's slots are its share times this. */
const LOADS_PER_BROWSER = 8;

interface Held {
  session: Promise<Session>;
  /** Whether the session was open before a given load asked: joining a launch is not reuse. */
  opened: boolean;
  loads: number;
  /** The browser's pages for its next loads, once it is open. */
  spares: Spares | null;
}

export class BrowserFleet {
  readonly #held: Held[] = [];
  #slots: Slots | null = null;
  #lastActive = Date.now();

  constructor(private readonly env: Env) {}

  /**
   * Loads one page in a held browser once a slot is free (or answers `BrowserHostBusy` at once
   * when the request may spill to another shard); errors come back as values, since RPC would
   * strip their class.
   */
  async load(
    request: BrowserRequest,
    detectChallenge: PageLoad["detectChallenge"] = sharedDetection,
  ): Promise<BrowserAnswer> {
    const config = scrapeConfig(this.env);
    const deadline = Date.now() + request.remainingMs;
    const load: PageLoad = {
      url: request.url,
      env: this.env,
      config,
      accountId: request.accountId,
      detectChallenge,
      deadline,
      ...(request.extras ? { extras: request.extras } : {}),
    };
    const share = browserShare(request.shard, config.browserShards, config.maxBrowsers);
    const slots = (this.#slots ??= new Slots(share * LOADS_PER_BROWSER));
    if (!slots.tryTake()) {
      if (request.spill)
        return { ok: false, error: toWire(new BrowserHostBusy("every browser of its shard is busy", slots.waiting)) };
      try {
        await slots.take(deadline);
      } catch (err) {
        return { ok: false, error: toWire(err) };
      }
    }
    try {
      return await this.#run(load, share, request.remainingMs);
    } finally {
      slots.release();
    }
  }

  async #run(load: PageLoad, share: number, remainingMs: number): Promise<BrowserAnswer> {
    let held: Held | null = null;
    try {
      const target = await browserTarget(load);
      held = this.#pick(load.config, share);
      const reusedBrowser = held.opened;
      const session = await held.session;
      const { context, page } = await held.spares!.take();
      try {
        // Past the caller's deadline nobody waits for the page: the load gives its slot back (the
        // context closes below), even when a browser call hangs rather than fails.
        const loaded = await withTimeout(
          loadInPage(load, page, target),
          Math.max(1, load.deadline - Date.now()) + 1_000,
          () => new UpstreamTimeout(`the page did not load within ${Math.round(remainingMs / 1000)} s`),
        );
        return {
          ok: true,
          page: { ...loaded, browser: { session_id: session.sessionId, reused: reusedBrowser || session.reused } },
        };
      } finally {
        // The answer does not wait for the close.
        context.close().catch(() => {});
      }
    } catch (err) {
      return { ok: false, error: toWire(err) };
    } finally {
      if (held) held.loads -= 1;
      this.#lastActive = Date.now();
    }
  }

  /**
   * The least busy open browser; a launch is waited for only when none is open. A browser past
   * `LOADS_PER_BROWSER` still takes the load, while another is launched beside it (up to the shard's
   * `share`) for the loads after it: no load waits for a launch a running browser could spare.
   */
  #pick(config: ScrapeConfig, share: number): Held {
    const byLoad = [...this.#held].sort((a, b) => a.loads - b.loads);
    const open = byLoad.filter((held) => held.opened);
    const launching = byLoad.some((held) => !held.opened);
    const least = open[0];
    if (least && least.loads >= LOADS_PER_BROWSER && !launching && this.#held.length < share)
      this.#open(config).session.catch(() => {});
    const held = least ?? byLoad[0] ?? this.#open(config);
    held.loads += 1;
    return held;
  }

  #open(config: ScrapeConfig): Held {
    const held = { opened: false, loads: 0, spares: null } as Omit<Held, "session"> as Held;
    held.session = openSession(this.env.BROWSER, config).then(
      (session) => {
        held.opened = true;
        held.spares = new Spares(session.browser);
        session.browser.on("disconnected", () => this.#drop(held));
        return session;
      },
      (err) => {
        this.#drop(held);
        throw err;
      },
    );
    this.#held.push(held);
    return held;
  }

  #drop(held: Held) {
    const index = this.#held.indexOf(held);
    if (index >= 0) this.#held.splice(index, 1);
    held.spares?.close();
  }

  /**
   * Closes every browser once no load has run for `browserIdleMs`. Closed, not disconnected for
   * another shard to take over: a browser is billed while it runs, and a disconnected session is
   * not always listed as free again (local Browser Rendering keeps it marked connected, so every
   * one let go counted against `maxBrowsers` until no launch was allowed). True while browsers are held.
   */
  async releaseIdle(): Promise<boolean> {
    if (this.#held.length === 0) return false;
    const idleMs = scrapeConfig(this.env).browserIdleMs;
    if (this.#held.some((held) => held.loads > 0) || Date.now() - this.#lastActive < idleMs) return true;
    const releasing = this.#held.splice(0);
    await Promise.all(
      releasing.map(async (held) => {
        const session = await held.session.catch(() => null);
        await held.spares?.close();
        await session?.browser.close().catch(() => {});
      }),
    );
    return false;
  }
}
