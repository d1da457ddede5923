// What one attempt through an egress proxy means for the proxy and what the engine does next.
// Both engines ask here, so an exit is judged the same whether a page came by fetch or browser.
import { UpstreamBlocked } from "./errors";
import type { ProxyEndpoint, ProxyPool } from "./proxy-pool";
import type { Challenge } from "./types";

/** An exit and the target host it carried a request to. */
export interface Exit {
  proxy: ProxyEndpoint;
  host: string;
}

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
 * Judges an attempt, records the verdict in the pool and says what to do next. Refusals, failed
 * exits and challenges the job moves away from mark the proxy bad; a page the site served marks it
 * good; a slow site marks nothing. A challenge is answered by rotating to another healthy exit
 * once, and only then by the solver, on the exit that met it: that exit is judged by the solve
 * (kept challenging: bad; passed: good). `proxy` null is direct egress: nothing to judge.
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
      const another = proxy !== null && pool.candidates(host).some((other) => other.id !== proxy.id);
      const next = attempt.solved ? "stop" : !attempt.rotated && another ? "rotate" : "solve";
      if (proxy && next !== "solve") pool.markBad(proxy, host);
      return next;
    }
  }
}

/** One load of the job's page, as either engine sees it. */
export interface LoadedThrough {
  status: number;
  challenge: Challenge | null;
  /** The exit that carried the page; null when it came directly. */
  exit: Exit | null;
}

/** How an engine loads the job's page and answers a challenge on it. */
export interface ChallengeSteps<P extends LoadedThrough> {
  /** Loads the job's page: through `pin` when given, else through the pool's best exit. */
  load(pin: Exit | null): Promise<P>;
  /** Solves the page's challenge, sends the token and reloads, all through `pin`. */
  solve(page: P, pin: Exit | null): Promise<P>;
}

/**
 * Loads the job's page past a challenge, for both engines: rotate to another healthy exit once,
 * and only then solve (on the rotated exit, or back on the first when every other one refused).
 * Each step is judged by `judgeAttempt`; a site still challenging after the solve is UpstreamBlocked.
 */
export async function loadPastChallenge<P extends LoadedThrough>(
  pool: ProxyPool,
  steps: ChallengeSteps<P>,
): Promise<{ page: P; solved: boolean }> {
  const judge = (page: P, attempt: Attempt) =>
    judgeAttempt(pool, page.exit?.proxy ?? null, page.exit?.host ?? "", attempt);
  let page = await steps.load(null);
  if (page.challenge && judge(page, { kind: "challenge", rotated: false, solved: false }) === "rotate") {
    const challenged = page;
    const rotated = await steps.load(null).catch((err) => {
      if (err instanceof UpstreamBlocked) return null;
      throw err;
    });
    if (rotated && !isRefusal(rotated.status)) {
      page = rotated;
      if (page.challenge) judge(page, { kind: "challenge", rotated: true, solved: false });
    } else {
      page = await steps.load(challenged.exit);
    }
  }
  let solved = false;
  if (page.challenge) {
    page = await steps.solve(page, page.exit);
    if (page.challenge) {
      judge(page, { kind: "challenge", rotated: true, solved: true });
      throw new UpstreamBlocked("the site kept challenging after the CAPTCHA was solved");
    }
    solved = true;
  }
  judge(page, { kind: "page", status: page.status });
  return { page, solved };
}

/**
 * Exits for a request to `host`, best first. While a challenge is being solved the job stays on
 * the exit that met it (`pin`), benched or not: the site ties the passed challenge to that address.
 */
export function exitsFor(pool: ProxyPool, host: string, pin?: Exit | null): ProxyEndpoint[] {
  return pin && pin.host === host ? [pin.proxy] : pool.candidates(host);
}
