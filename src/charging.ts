// What the month is charged for, in one place: an admitted call is charged when its answer holds
// data. Direct calls, watches, schedules, job items, MCP and the dashboard all decide through
// `chargesMonth`; docs/charging.md states the rule as a table. The minute window is not this
// rule's business: it counts every admitted call, so failing calls cannot be sent for free.
//
// Reading the account's own standing (`GET /v1/usage`, `GET /v1/keys`) is never charged: those
// routes declare `monthFree` (routes/define-route.ts), so the limiter counts them in the minute
// window alone and a used-up month does not refuse them, when knowing where it stands matters most.

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

/** The outcome of an answer known only by its status: one that was not built as an envelope (CSV, 304, MCP). */
export const outcomeOfStatus = (status: number): AnswerOutcome => ({ ok: status < 400 });
