// The dashboard acts through the API's own route handlers, in-process, so a form gets exactly the
// API's validation, services and error messages. It never holds a key's secret (only hashes are
// stored): a call runs as a key's stored identity, as watches and schedules do.
import type { Context } from "hono";
import type { SignedIn } from "../db/dashboard-users";
import { ABOVE_EVERY_KEY } from "../db/key-management";
import { type Db, findLiveKeyById, type KeyIdentity } from "../db/keys";
import { effectiveLimits } from "../db/plan-limits";
import type { DashboardEnv } from "./env";

/** Whether a dashboard call counts against the account: an action sends traffic or creates, changes or removes something, as the API call it makes would; showing a page does not. */
const isAction = (method: string) => method !== "GET";

type DashboardContext = Context<DashboardEnv>;

/** A GET of a data route as the key, counted against the account like any call (the playground). */
export async function runAsKey(c: DashboardContext, identity: KeyIdentity, pathAndQuery: string) {
  return (await c.get("inProcess").getData(c.env, c.executionCtx as ExecutionContext, identity, pathAndQuery)).response;
}

export interface ApiAnswer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: the API's JSON envelope, read by the page that asked
  body: any;
  /** `Retry-After` of a refusal over the account's limits. */
  retryAfter?: string;
}

/** A refused answer as a page: an object cap (409) or an account limit (429, with when to retry) as the API said it, anything else 400. */
export function refusalStatus(c: Context, answer: ApiAnswer): 400 | 409 | 429 {
  if (answer.status === 429) {
    if (answer.retryAfter) c.header("Retry-After", answer.retryAfter);
    return 429;
  }
  return answer.status === 409 ? 409 : 400;
}

/** `apiCall`'s answer read as JSON, for a page that shows what the API said. */
export async function apiAnswer(
  c: DashboardContext,
  identity: KeyIdentity,
  method: string,
  path: string,
  body?: unknown,
): Promise<ApiAnswer> {
  const response = await apiCall(c, identity, method, path, body);
  return {
    status: response.status,
    body: await response.json(),
    retryAfter: response.headers.get("Retry-After") ?? undefined,
  };
}

/**
 * A route of the API as an identity (the session's account, or a chosen key to create what runs
 * as that key), through the API's own handler. Actions (a test ping, a redelivery, a creation, a
 * job started or cancelled) count against the account like the API calls they are; the reads
 * that draw a page do not. The raw answer, so a job's results stream through unread.
 */
export async function apiCall(
  c: DashboardContext,
  identity: KeyIdentity,
  method: string,
  path: string,
  body?: unknown,
): Promise<Response> {
  const { response } = await c
    .get("inProcess")
    .call(c.env, c.executionCtx as ExecutionContext, identity, method, path, {
      body,
      counted: isAction(method),
    });
  return response;
}

/**
 * The signed-in owner as an identity for routes on the account's objects (lists, reads, checks,
 * deletes, test pings). The owner stands above every key, so it holds every scope; watches,
 * schedules and jobs run as a key, so their creation uses that key's identity.
 */
export function sessionIdentity(signedIn: SignedIn): KeyIdentity {
  const { perMinute, perMonth, jobs } = effectiveLimits(signedIn);
  return {
    keyId: "",
    keyName: "dashboard",
    accountId: signedIn.account.id,
    planId: signedIn.plan.id,
    perMinute,
    perMonth,
    jobs,
    secretIssuedAt: Date.now(),
    previousSecretExpiresAt: null,
    scopes: [...ABOVE_EVERY_KEY],
  };
}

/** The API's error as one sentence, with each refused field named. */
export function apiErrorText(answer: ApiAnswer): string {
  const error = answer.body?.error;
  if (!error) return `The API answered ${answer.status}.`;
  const details = (error.details ?? []) as { parameter?: string; message?: string }[];
  const named = details.filter((d) => d.parameter && d.message).map((d) => `${d.parameter}: ${d.message}`);
  return named.length > 0 && !named.every((n) => error.message.includes(n))
    ? `${error.message} (${named.join("; ")})`
    : error.message;
}

/** A live key of this account as an identity; null for a revoked key or another account's. */
export async function ownKeyIdentity(db: Db, keyId: string, accountId: string): Promise<KeyIdentity | null> {
  const identity = keyId ? await findLiveKeyById(db, keyId) : null;
  return identity?.accountId === accountId ? identity : null;
}
