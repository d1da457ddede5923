// What one attempt through an egress proxy means for the proxy and what the engine does next.
// Both engines ask here, so an exit is judged the same whether a page came by fetch or browser.
import type { ProxyEndpoint, ProxyPool } from "./proxy-pool";

/** What came of one attempt through an exit. */
export type Attempt =
  /** The exit itself failed: refused, dropped mid-response, no tunnel in time. */
  | { kind: "failed" }
  /** Through an open tunnel the site was slow; the next exit would wait as long. */
  | { kind: "timed-out" }
  /** One request (page, redirect hop, form post, XHR) got an answer. */
  | { kind: "answered"; status: number }
  /** The job's page came back and is not a challenge. */
  | { kind: "page"; status: number }
  /** The job's page is a challenge; `rotated`/`solved` say what was already tried for this job. */
  | { kind: "challenge"; rotated: boolean; solved: boolean };

/**
 * `continue`: use the answer; `rotate`: try the same request through another exit;
 * `solve`: hand the challenge to the solver, through the same exit; `stop`: give up.
 */
export type NextStep = "continue" | "rotate" | "solve" | "stop";

/** Answers that refuse the exit rather than the request: the site is blocking or throttling this IP. */
const REFUSALS = new Set([403, 429]);

export const isRefusal = (status: number) => REFUSALS.has(status);

/**
 * Judges an attempt, records the verdict in the pool and says what to do next. Refusals,
 * challenges and failed exits mark the proxy bad; a page the site served marks it good; a slow
 * site marks nothing. A challenge is answered by rotating to another healthy exit once, and only
 * then by the solver (`proxy` null means direct egress: nothing to judge, solve at once).
 */
export function judgeAttempt(pool: ProxyPool, proxy: ProxyEndpoint | null, host: string, attempt: Attempt): NextStep {
  switch (attempt.kind) {
    case "failed":
      if (proxy) pool.markBad(proxy, host);
      return "rotate";
    case "timed-out":
      return "stop";
    case "answered":
      if (!proxy) return "continue";
      if (isRefusal(attempt.status)) {
        pool.markBad(proxy, host);
        return "rotate";
      }
      pool.served(proxy, host);
      return "continue";
    case "page":
      // A refusal was judged when it was answered; anything else the site served is the exit working.
      if (proxy && !isRefusal(attempt.status)) pool.markGood(proxy, host);
      return "continue";
    case "challenge": {
      if (proxy) pool.markBad(proxy, host);
      if (attempt.solved) return "stop";
      const another = proxy !== null && pool.candidates(host).some((other) => other.id !== proxy.id);
      return !attempt.rotated && another ? "rotate" : "solve";
    }
  }
}

/**
 * Exits for a request to `host`, best first. While a challenge is being solved the job stays on
 * the exit that met it (`pin`), benched or not: the site ties the passed challenge to that address.
 */
export function exitsFor(pool: ProxyPool, host: string, pin?: { proxy: ProxyEndpoint; host: string } | null): ProxyEndpoint[] {
  return pin && pin.host === host ? [pin.proxy] : pool.candidates(host);
}
