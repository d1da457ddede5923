// What the month is charged for, in one place: an admitted call is charged when its answer holds
// data. Direct calls, watches, schedules, job items, MCP and the dashboard all decide through
// `chargesMonth`; docs/charging.md states the rule as a table. The minute window is not this
// rule's business: it counts every admitted call, so failing calls cannot be sent for free.
//
// The control plane is never charged: reading the account's own standing (`GET /v1/usage`,
// `GET /v1/keys`) and managing its keys, webhooks, watches, schedules and datasets. Those routes are
// `monthFree` (routes/define-route.ts, from `controlPlane` below), so the limiter counts them in the
// minute window alone and a used-up month does not refuse them: setting up costs no data.

/** The scopes of the routes that manage the account's own setup rather than read data. */
const CONTROL_PLANE_SCOPES: readonly string[] = ["keys:write", "events:write", "datasets:write"];

/**
 * Whether a key route with `scope` is control plane, never charged to the month: it needs one of
 * the managing scopes, or none (any key of the account reading its own standing).
 */
export const controlPlane = (scope: string | null): boolean => scope === null || CONTROL_PLANE_SCOPES.includes(scope);

/** An answer, as far as its charge goes. */
export type AnswerOutcome =
  /** A success (an envelope, a CSV, a 304); `completeness` is its `meta.completeness` when the route reports one. */
  | { ok: true; completeness?: unknown }
  /**
   * An error. `charged` marks one that is itself the fact asked for: the site says the product or
   * page does not exist (ApiError's `charged` option). Every other error, ours or the site's
   * (a bad parameter, a block, a timeout, a crash), is not.
   */
  | { ok: false; charged?: boolean };

/** Whether an admitted call with this answer is charged to the account's month. */
export function chargesMonth(answer: AnswerOutcome): boolean {
  if (!answer.ok) return answer.charged === true;
  // Without completeness (catalogue reads, keys, jobs) a success is data.
  return (answer.completeness as { state?: unknown } | null | undefined)?.state !== "empty";
}

/**
 * An account's call and its month units, one value on the request from admission to answer: the
 * units are held until the answer is made, then settled once by the rule (middleware/charge.ts),
 * kept when the answer is charged and given back otherwise. `idempotencyKey` names the call to the
 * account's limiter for that refund; a job item's prepaid unit has none (its runner settles it).
 */
export type Charge =
  | { settled: false; units: number; idempotencyKey?: string }
  | { settled: true; units: number; charged: boolean };

/** The outcome of an answer known only by its status: one that was not built as an envelope (CSV, 304, MCP). */
export const outcomeOfStatus = (status: number): AnswerOutcome => ({ ok: status < 400 });
