// Egress proxies: parsed from the PROXY_URLS secret, with health kept per proxy and target host.

export interface ProxyEndpoint {
  /** Safe to show clients: never contains credentials. */
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

interface HostState {
  health: Health;
  failures: number;
  cooldownUntil: number;
}

const DEFAULT_COOLDOWN_MS = 30_000;
const RETIRE_AFTER_FAILURES = 5;
/** Requests to the same host reuse the same exit for a while, like one visitor would. */
const STICKY_REQUESTS = 5;

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
        return { id: `gateway-${index + 1}@${host}`, kind: "gateway", hostname: host, port: 0, authorization: null, template: entry };
      }
      const url = new URL(entry);
      const credentials = url.username ? `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}` : null;
      return {
        id: `proxy-${index + 1}@${url.hostname}:${url.port || 80}`,
        kind: "connect",
        hostname: url.hostname,
        port: Number(url.port || 80),
        authorization: credentials ? `Basic ${btoa(credentials)}` : null,
        template: null,
      };
    });
}

/**
 * Chooses an exit per target host: sticky for a few requests, skipping proxies that are
 * cooling down after a 403/429/CAPTCHA or a failure, retiring ones that keep failing.
 * State lives in the isolate; each isolate learns on its own, which is enough to steer away
 * from a dead exit within a request or two.
 */
export class ProxyPool {
  private readonly states = new Map<string, HostState>();
  private readonly sticky = new Map<string, { proxyId: string; remaining: number }>();

  constructor(
    readonly proxies: readonly ProxyEndpoint[],
    /** First cooldown after a failure; doubles with each further failure. */
    private readonly cooldownMs = DEFAULT_COOLDOWN_MS,
  ) {}

  get size() {
    return this.proxies.length;
  }

  /** Proxies to try for `host`, best first; empty when every one is cooling down or retired. */
  candidates(host: string, now = Date.now()): ProxyEndpoint[] {
    const usable = this.proxies.filter((proxy) => {
      const state = this.states.get(`${proxy.id}|${host}`);
      return !state || (state.health !== "retired" && state.cooldownUntil <= now);
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

  markGood(proxy: ProxyEndpoint, host: string) {
    this.states.set(`${proxy.id}|${host}`, { health: "good", failures: 0, cooldownUntil: 0 });
    const stick = this.sticky.get(host);
    if (stick?.proxyId === proxy.id) stick.remaining -= 1;
    else this.sticky.set(host, { proxyId: proxy.id, remaining: STICKY_REQUESTS - 1 });
  }

  markBad(proxy: ProxyEndpoint, host: string, now = Date.now()) {
    const key = `${proxy.id}|${host}`;
    const failures = (this.states.get(key)?.failures ?? 0) + 1;
    const health: Health = failures >= RETIRE_AFTER_FAILURES ? "retired" : "bad";
    this.states.set(key, { health, failures, cooldownUntil: now + this.cooldownMs * 2 ** (failures - 1) });
    if (this.sticky.get(host)?.proxyId === proxy.id) this.sticky.delete(host);
  }


}
