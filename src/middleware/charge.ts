// An account's admitted call holds its month units until its answer is made; the answer decides,
// by the one rule (charging.ts), whether they stay charged or go back.
import type { Context, MiddlewareHandler } from "hono";
import { chargesMonth, outcomeOfStatus } from "../charging";
import { refundForAccount } from "../durable/account-meter-client";
import { afterRefund, rateLimitHeaders } from "../durable/limit-headers";
import type { LimitDecision } from "../durable/account-meter";
import type { AppEnv } from "../env";
import { callerOf } from "../in-process";
import { log } from "../log";

/**
 * Keeps the limiter's decision on the request and, when it admitted the call, the units the call
 * holds until its answer settles them (none for a month-free call, charging.ts). Every way of
 * counting an account's call (a key, a watch or schedule, a job item's prepaid unit, the
 * dashboard) goes through here.
 */
export function keepAdmission(
  c: Context<AppEnv>,
  decision: LimitDecision,
  held: { units: number; idempotencyKey?: string } | undefined,
): void {
  c.set("limits", decision);
  if (decision.allowed && held) c.set("charge", { settled: false, ...held });
}

/** The month units the settled answer kept: none for a refusal, a month-free call or an answer without data. */
export function unitsKept(c: Context<AppEnv>): number {
  const charge = c.get("charge");
  return c.get("limits")?.allowed && charge?.settled && charge.charged ? charge.units : 0;
}

/**
 * After the answer is made: an admitted call whose answer holds no data gives its month units
 * back. The refund names the call by its count's idempotency key and travels to the account's
 * limiter with the account's next call from this isolate (or alone after 250 ms, in `waitUntil`); the object gives a call's units back once at most. The answer's rate-limit
 * headers show the month after the refund, worked out here rather than asked for. The minute
 * window keeps the call, so failing calls still cannot be sent without limit.
 *
 * @example
 * middleware: [settleCharge(), requireAccess({ kind: "key", scope: "products:read" })]
 */
export function settleCharge(): MiddlewareHandler<AppEnv> {
  return async function chargeOnlyForData(c, next) {
    await next();
    const [charge, limits, identity] = [c.get("charge"), c.get("limits"), c.get("identity")];
    // Nothing held (a refusal, a month-free call), or settled already: nothing to decide.
    if (charge?.settled !== false || !identity) return;
    // By the rule: the answer as the code that built it knew it, else by its status (a 304, an MCP answer).
    const charged = chargesMonth(c.get("outcome") ?? outcomeOfStatus(c.res.status));
    c.set("charge", { settled: true, units: charge.units, charged });
    // An in-process caller (a job item's runner) reads the verdict off its call.
    const caller = callerOf(c.req.raw);
    if (caller) caller.charged = charged;
    // A prepaid job item's unit is settled by its runner, which reads this answer's verdict.
    if (charged || !charge.idempotencyKey) return;
    const refunded = afterRefund(limits, charge.units);
    c.set("limits", refunded);
    for (const [name, value] of Object.entries(rateLimitHeaders(refunded))) c.header(name, value);
    // Started inside a promise so that even a synchronous throw (a broken stub) only loses the refund.
    const sent = Promise.resolve()
      .then(() => refundForAccount(c.env, identity.accountId, charge.idempotencyKey!, charge.units))
      .catch((err) => log.error("refund not sent", { error: err }));
    try {
      c.executionCtx.waitUntil(sent);
    } catch {
      // No execution context (an app called directly in a test): the promise still runs.
    }
  };
}
