// Egress proxies: parsed from the PROXY_URLS secret, with health kept per proxy and target host.

export interface ProxyEndpoint {
  /**
   * An opaque label (`proxy-2`, `gateway-1`: the entry's place in PROXY_URLS), shown to clients as
   * `meta.scrape.proxy`: never the exit's host, port or credentials.
   */
  id: string;
  /** `connect`: an HTTP proxy spoken to with CONNECT; `gateway`: a URL template with `{url}`. */
  kind: "connect" | "gateway";
  hostname: string;
  port: number;
  /** `Basic …` value for Proxy-Authorization, when the URL had credentials. */
  authorization: string | null;
  template: string | null;
}

type Health = "good" | "bad" | "retired";

/** One exit's standing with one target host, after crawlee's `Session`: an error score with a max. */
interface HostState {
  /** +1 per failure, −HEAL_PER_SUCCESS per success, never below 0; the exit retires at MAX_ERROR_SCORE. */
  errorScore: number;
  cooldownUntil: number;
  retired: boolean;
}

const DEFAULT_COOLDOWN_MS = 30_000;
/** Five failures in a row, or more failures than successes can heal, retire an exit for a host. */
export const MAX_ERROR_SCORE = 5;
/** A success heals half a failure, so an exit failing every other time still ends up retired. */
export const HEAL_PER_SUCCESS = 0.5;
/** Requests to the same host reuse the same exit for a while, like one visitor would. */
export const STICKY_REQUESTS = 5;

/** `http://user:pass@host:port` entries and `https://gateway/?url={url}` templates, comma or newline separated. */
export function parseProxyList(secret: string | undefined): ProxyEndpoint[] {
  if (!secret) return [];
  return secret
    .split(/[\n,]+/)
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry, index): ProxyEndpoint => {
      if (entry.includes("{url}")) {
        const host = new URL(entry.replace("{url}", "x")).host;
        return {
          id: `gateway-${index + 1}`,
          kind: "gateway",
          hostname: host,
          port: 0,
          authorization: null,
          template: entry,
        };
      }
      const url = new URL(entry);
      const credentials = url.username
        ? `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`
        : null;
      return {
        id: `proxy-${index + 1}`,
        kind: "connect",
        hostname: url.hostname,
        port: Number(url.port || 80),
        authorization: credentials ? `Basic ${btoa(credentials)}` : null,
        template: null,
      };
    });
}

/**
 * Chooses an exit per target host: sticky for a few requests, skipping exits that are cooling
 * down or retired. Each exit has an error score per host (crawlee's `Session` is the model): a
 * failure adds 1 and benches the exit for `cooldownMs`, doubled for each whole point of score; a
 * success heals the score by half a point; at `MAX_ERROR_SCORE` the exit is retired for that host.
 * What counts as a failure or a success is `proxy-policy.ts`'s call. State lives in the isolate;
 * each isolate learns on its own, which is enough to steer away from a dead exit within a request or two.
 */
export class ProxyPool {
  private readonly states = new Map<string, HostState>();
  private readonly sticky = new Map<string, { proxyId: string; remaining: number }>();

  constructor(
    readonly proxies: readonly ProxyEndpoint[],
    /** First cooldown after a failure; doubles with each further point of error score. */
    private readonly cooldownMs = DEFAULT_COOLDOWN_MS,
  ) {}

  get size() {
    return this.proxies.length;
  }

  /** Proxies to try for `host`, best first; empty when every one is cooling down or retired. */
  candidates(host: string, now = Date.now()): ProxyEndpoint[] {
    const usable = this.proxies.filter((proxy) => {
      const state = this.states.get(key(proxy, host));
      return !state || (!state.retired && state.cooldownUntil <= now);
    });
    const stick = this.sticky.get(host);
    if (stick && stick.remaining > 0) {
      usable.sort((a, b) => Number(b.id === stick.proxyId) - Number(a.id === stick.proxyId));
    } else {
      // Rotate: start from a different proxy each time the sticky run ends.
      const offset = Math.floor(Math.random() * Math.max(1, usable.length));
      usable.push(...usable.splice(0, offset));
    }
    return usable;
  }

  /** The exit carried one request to `host`: it stays first in line for the next few. */
  served(proxy: ProxyEndpoint, host: string) {
    const stick = this.sticky.get(host);
    if (stick?.proxyId === proxy.id) stick.remaining -= 1;
    else this.sticky.set(host, { proxyId: proxy.id, remaining: STICKY_REQUESTS - 1 });
  }

  /** The exit brought back a page the site did not refuse: its score heals a little. */
  markGood(proxy: ProxyEndpoint, host: string) {
    const state = this.states.get(key(proxy, host));
    if (!state || state.retired) return;
    state.errorScore = Math.max(0, state.errorScore - HEAL_PER_SUCCESS);
    if (state.errorScore === 0) this.states.delete(key(proxy, host));
  }

  /** The exit failed or was refused: benched for a cooldown that grows with its score, retired at the max. */
  markBad(proxy: ProxyEndpoint, host: string, now = Date.now()) {
    const state = this.states.get(key(proxy, host)) ?? { errorScore: 0, cooldownUntil: 0, retired: false };
    state.errorScore += 1;
    state.cooldownUntil = now + this.cooldownMs * 2 ** (Math.ceil(state.errorScore) - 1);
    this.states.set(key(proxy, host), state);
    if (this.sticky.get(host)?.proxyId === proxy.id) this.sticky.delete(host);
    if (state.errorScore >= MAX_ERROR_SCORE) this.retire(proxy, host);
  }

  /** Out of rotation for `host` for the rest of this isolate's life. */
  retire(proxy: ProxyEndpoint, host: string) {
    const state = this.states.get(key(proxy, host)) ?? { errorScore: MAX_ERROR_SCORE, cooldownUntil: 0, retired: true };
    state.retired = true;
    this.states.set(key(proxy, host), state);
    if (this.sticky.get(host)?.proxyId === proxy.id) this.sticky.delete(host);
  }

  /** How the exit stands with `host` now, for tests and diagnostics. */
  health(
    proxy: ProxyEndpoint,
    host: string,
    now = Date.now(),
  ): { health: Health; errorScore: number; cooldownUntil: number } {
    const state = this.states.get(key(proxy, host));
    if (!state) return { health: "good", errorScore: 0, cooldownUntil: 0 };
    const health: Health = state.retired ? "retired" : state.cooldownUntil > now ? "bad" : "good";
    return { health, errorScore: state.errorScore, cooldownUntil: state.cooldownUntil };
  }
}

const key = (proxy: ProxyEndpoint, host: string) => `${proxy.id}|${host}`;
