// Calls to an account's meter (durable/account-meter.ts), or a client IP's: counting a request,
// the answers and refunds that ride along, job items' units, and the rate-limit headers.
import { withRetry } from "../retry";
import { tuning } from "../tuning";
import type { DailyCalls } from "./daily-usage";
import { addAnswer } from "./endpoint-usage";
import type { AnsweredCall, ConsumeRequest, LimitDecision, AccountMeter, Refund } from "./account-meter";
import { LEASE_CLOCK_MARGIN_MS, LEASE_MS } from "./admission";
import { type Lease, leaseSize, withUnitsHeld } from "./lease";
import { afterRefund } from "./limit-headers";
import { monthDays } from "./windows";

/**
 * Cloudflare flags Durable Object errors: `retryable` ones may be retried when the call is
 * idempotent, `overloaded` ones must not be, since a retry adds to the overload
 * (https://developers.cloudflare.com/durable-objects/best-practices/error-handling/).
 */
export function isRetryableLimiterError(err: unknown): boolean {
  const flags = err as { retryable?: unknown; overloaded?: unknown } | null;
  return flags?.retryable === true && flags.overloaded !== true;
}

/**
 * Calls one limiter object, retrying retryable errors: 3 attempts, under 100 ms of waiting in all,
 * as this is on every request's path. Each attempt gets a new stub, since the docs warn that a
 * stub may be broken after an exception.
 */
function callLimiter<T>(
  env: Env,
  name: string,
  call: (stub: DurableObjectStub<AccountMeter>) => Promise<T>,
): Promise<T> {
  const id = env.ACCOUNT_METER.idFromName(name);
  return withRetry(() => call(env.ACCOUNT_METER.get(id)), {
    retryIf: isRetryableLimiterError,
    baseDelayMs: 25,
    maxTotalDelayMs: 100,
  });
}

/**
 * Counts one request. A retryable error may come back after the object counted it, so every
 * attempt carries the same idempotency key and the object answers a repeat without counting.
 */
function consume(
  env: Env,
  name: string,
  request: Omit<ConsumeRequest, "idempotencyKey">,
  idempotencyKey: string = crypto.randomUUID(),
): Promise<LimitDecision> {
  return callLimiter(env, name, (stub) => stub.consume({ ...request, idempotencyKey }));
}

/**
 * What an account's calls left for its limiter object: answered calls (counted by endpoint) and
 * the idempotency keys of admitted calls whose answer held no data (their month units go back).
 * A refund rides along with the account's next `consume` from this isolate, since that call's
 * headers must already show the unit given back, and takes the answers waiting with it. Answers
 * alone wait `ANSWERS_WAIT_MS` and go together in one call: a busy account's meter then writes its
 * counts by endpoint a few times a second instead of on every request.
 */
interface Unsent {
  answers: AnsweredCall[];
  refunds: Refund[];
}
const unsent = new Map<string, Unsent>();
const ANSWERS_WAIT_MS = 250;

function takeUnsent(accountId: string): Unsent | undefined {
  const waiting = unsent.get(accountId);
  unsent.delete(accountId);
  return waiting;
}

/** What waits for the account's limiter if it holds a refund (for its next `consume`), else nothing. */
function takeRefunds(accountId: string): Unsent | undefined {
  return unsent.get(accountId)?.refunds.length ? takeUnsent(accountId) : undefined;
}

/**
 * Sends what the account's calls left on its own. Not retried: answers are not idempotent, and a
 * lost count is not worth a double one; a lost refund leaves its unit charged.
 */
async function sendUnsent(env: Env, accountId: string): Promise<void> {
  const waiting = takeUnsent(accountId);
  if (waiting && (waiting.answers.length || waiting.refunds.length))
    await env.ACCOUNT_METER.get(env.ACCOUNT_METER.idFromName(`account:${accountId}`)).recordAnswers(
      waiting.answers,
      waiting.refunds,
    );
}

/**
 * Leaves something for the account's limiter: a refund waits for the account's next limiter call,
 * answers for their batch's send; the returned promise (for `waitUntil`) sends the batch after
 * `ANSWERS_WAIT_MS` unless a limiter call took it.
 */
async function leave(env: Env, accountId: string, add: (waiting: Unsent) => void): Promise<void> {
  const waiting = unsent.get(accountId);
  if (waiting) {
    // An earlier promise sends this too.
    add(waiting);
    return;
  }
  const fresh: Unsent = { answers: [], refunds: [] };
  add(fresh);
  unsent.set(accountId, fresh);
  await scheduler.wait(ANSWERS_WAIT_MS);
  // A limiter call took it meanwhile: what waits now is a later batch, which its own promise sends.
  // (Sending that too made a busy account pay a second object call for nearly every request.)
  if (unsent.get(accountId) === fresh) await sendUnsent(env, accountId);
}

/** The per-minute window's subject in an account's object: the account, whichever of its keys calls. */
const ACCOUNT_SUBJECT = "account";

const leases = new Map<string, Lease>();
/**
 * Accounts whose next lease this isolate is asking for: calls meanwhile go to the object without
 * asking for one of their own (no isolate holds many), and never wait for that call, since a
 * request cannot await another's I/O (it would carry on in that request's context, or wait forever
 * should that request be cancelled).
 */
const leasing = new Set<string>();
/** Until when an account's object gave no lease (a window near its limit): calls go there at once, none waiting for another's. */
const noLeaseUntil = new Map<string, number>();
const refuseLeasesFor = (accountId: string) => {
  if (noLeaseUntil.size >= 10_000) noLeaseUntil.clear();
  noLeaseUntil.set(accountId, Date.now() + LEASE_MS);
};
/**
 * `units` from the account's lease in this isolate, or nothing (none, ended, too small, other limits, or a
 * refund waiting: it rides with the next object call, whose answer then shows the month with it).
 */
function takeLeased(accountId: string, perMinute: number, perMonth: number, units: number): Admission | undefined {
  const lease = leases.get(accountId);
  if (!lease || lease.left < units || Date.now() >= lease.expiresAt) return undefined;
  if (lease.perMinute !== perMinute || lease.perMonth !== perMonth || unsent.get(accountId)?.refunds.length)
    return undefined;
  lease.left -= units;
  return { decision: withUnitsHeld(lease.decision, lease.left), idempotencyKey: lease.idempotencyKey };
}

/**
 * Ends the account's lease in this isolate. What no call used waits among the refunds, which the
 * caller sends at once or the next limiter call carries (every caller does one or the other, or
 * ends the lease inside `keepLease`, whose own end sends them).
 */
function endLease(accountId: string, lease = leases.get(accountId)) {
  if (!lease || leases.get(accountId) !== lease) return;
  leases.delete(accountId);
  if (lease.left > 0) returnUnused(accountId, lease.idempotencyKey, lease.left);
  lease.left = 0;
}

/** Leaves a lease's unused units among the refunds for the account's limiter (the object gives back no more than the lease took). */
function returnUnused(accountId: string, idempotencyKey: string, units: number) {
  const waiting = unsent.get(accountId) ?? { answers: [], refunds: [] };
  waiting.refunds.push({ idempotencyKey, units, unused: true });
  unsent.set(accountId, waiting);
}

/** Sends what waits for the account's limiter, this isolate's lease's unused units among it: before a read of its counts. */
async function settleBeforeRead(env: Env, accountId: string): Promise<void> {
  endLease(accountId);
  await sendUnsent(env, accountId);
}

/** Keeps a new lease; the returned promise (for `waitUntil`) ends it when its time is up. */
async function keepLease(env: Env, accountId: string, lease: Lease): Promise<void> {
  endLease(accountId);
  leases.set(accountId, lease);
  await scheduler.wait(Math.max(0, lease.expiresAt - Date.now()));
  endLease(accountId, lease);
  await sendUnsent(env, accountId);
}

/** How long this deployment's leases last: `LEASE_MS` at most, none when the tuning var says "0". */
const leaseLasts = (env: Env) =>
  (env as { LEASE_MS?: string }).LEASE_MS === "0" ? 0 : Math.min(tuning(env, "LEASE_MS", LEASE_MS), LEASE_MS);

/** An account's counted call: the decision, and the idempotency key that names the call to its limiter (for its refund). */
export interface Admission {
  decision: LimitDecision;
  idempotencyKey: string;
  /** Set when the call took a lease: resolves once the lease ended and its unused units went back (for `waitUntil`). */
  leaseEnded?: Promise<void>;
}

/**
 * Limiter for an authenticated account: one object per account, at most one call per request
 * (none while this isolate holds a lease for the account); all its keys share both windows.
 * `units` > 1 counts one call as that many requests, all or none; `monthFree` counts it in the
 * minute window alone (charging.ts), always in the object.
 */
export async function consumeForAccount(
  env: Env,
  accountId: string,
  perMinute: number,
  perMonth: number,
  units = 1,
  monthFree = false,
): Promise<Admission> {
  const held = monthFree ? undefined : takeLeased(accountId, perMinute, perMonth, units);
  if (held) return held;
  // A call the object decides carries the lease's rest back, so its counts (a month-free read of usage) hold none.
  endLease(accountId);
  const leaseRefused = (noLeaseUntil.get(accountId) ?? 0) > Date.now();
  const lasts = leaseLasts(env);
  const lease = monthFree || leaseRefused || leasing.has(accountId) || !lasts ? 0 : leaseSize(perMinute);
  // Should this call fail, they are lost with it: a lost count is not worth a double one.
  const waiting = takeRefunds(accountId);
  const idempotencyKey = crypto.randomUUID();
  const request = { subject: ACCOUNT_SUBJECT, perMinute, perMonth, units, monthFree, lease, ...waiting };
  if (lease) leasing.add(accountId);
  try {
    const decision = await consume(env, `account:${accountId}`, request, idempotencyKey);
    // Refused while this isolate's lease (asked for meanwhile by another call) still holds units: those are the call's.
    const fromLease = decision.allowed || monthFree ? undefined : takeLeased(accountId, perMinute, perMonth, units);
    if (fromLease) return fromLease;
    const leased = decision.leased ?? 0;
    if (lease && !leased) refuseLeasesFor(accountId);
    if (!leased) return { decision: withUnitsHeld(decision, 0), idempotencyKey };
    noLeaseUntil.delete(accountId);
    const now = Date.now();
    const expiresAt = Math.min(now + lasts, decision.minute.resetAt - LEASE_CLOCK_MARGIN_MS);
    const kept = { idempotencyKey, left: leased, decision, expiresAt, perMinute, perMonth };
    return { decision: withUnitsHeld(decision, leased), idempotencyKey, leaseEnded: keepLease(env, accountId, kept) };
  } catch (err) {
    // The object may have counted a lease before every answer was lost: no call can use it, so it goes back.
    if (lease) returnUnused(accountId, idempotencyKey, lease);
    throw err;
  } finally {
    if (lease) leasing.delete(accountId);
  }
}

/**
 * Calls the account's limiter admitted (`attempted`) and kept charged per UTC day of the month of
 * `now`, every day of it present (zeros for days without calls).
 */
export async function dailyUsageThisMonth(env: Env, accountId: string, now = Date.now()): Promise<DailyCalls[]> {
  const days = monthDays(now);
  await settleBeforeRead(env, accountId).catch(() => {});
  const rows = await callLimiter(env, `account:${accountId}`, (stub) => stub.dailyUsage(days[0]!));
  const counted = new Map(rows.map((row) => [row.day, row]));
  return days.map((day) => counted.get(day) ?? { day, attempted: 0, charged: 0 });
}

/** Counts an answered call by endpoint and status class, with the account's next limiter call or soon after. */
export function recordAnswerForAccount(env: Env, accountId: string, answer: AnsweredCall): Promise<void> {
  return leave(env, accountId, (waiting) => addAnswer(waiting.answers, answer));
}

/**
 * Gives back the month units of the call its limiter knows by `idempotencyKey` (its answer held no data), or `units`
 * of them, with the account's next limiter call or soon after (never more than the call took, however often sent);
 * the lease's calls show the month without them at once, should the refund go alone before their next call.
 */
export function refundForAccount(env: Env, accountId: string, idempotencyKey: string, units?: number): Promise<void> {
  const lease = leases.get(accountId);
  if (lease && units) lease.decision = afterRefund(lease.decision, units);
  return leave(env, accountId, (waiting) =>
    waiting.refunds.push(units === undefined ? idempotencyKey : { idempotencyKey, units }),
  );
}

/** The account's answered calls per day, endpoint and status class since `sinceDay`, for the usage page. */
export async function endpointUsageForAccount(env: Env, accountId: string, sinceDay: string) {
  await settleBeforeRead(env, accountId).catch(() => {});
  return callLimiter(env, `account:${accountId}`, (stub) => stub.endpointUsage(sinceDay));
}

/** Brute-force guard for calls without a valid key: one object per client IP. */
export function consumeForIp(
  env: Env,
  ip: string,
  subject = "anonymous",
  perMinute = Number(env.ANON_REQUESTS_PER_MINUTE) || 60,
) {
  return consume(env, `ip:${ip}`, { subject, perMinute });
}

/** The unit of the account's monthly volume a batch-job item holds; asking again for the same item takes none. */
export function reserveItemForAccount(env: Env, accountId: string, perMonth: number, itemKey: string) {
  return callLimiter(env, `account:${accountId}`, (stub) => stub.reserveItem({ itemKey, perMonth }));
}

/** Gives back the unit a batch-job item holds (it produced no data); a repeat gives back nothing. */
export function releaseItemForAccount(env: Env, accountId: string, itemKey: string) {
  return callLimiter(env, `account:${accountId}`, (stub) => stub.releaseItem({ itemKey }));
}

export async function peekAccount(env: Env, accountId: string, perMinute: number, perMonth: number) {
  await settleBeforeRead(env, accountId).catch(() => {});
  return callLimiter(env, `account:${accountId}`, (stub) =>
    stub.peek({ subject: ACCOUNT_SUBJECT, perMinute, perMonth }),
  );
}
