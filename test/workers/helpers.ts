import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { createApp } from "../../src/app";
import { vi } from "vitest";
import type { CacheRequest } from "../../src/scrape/cache";
import { type InProcess, inProcess } from "../../src/in-process";

let local: InProcess | null = null;
/** The in-process caller the Worker's cron and queue handlers use, over an app built as theirs is. */
export const inProcessApi = (): InProcess => (local ??= inProcess(createApp()));

export const ADMIN_TOKEN = "test-admin-token-0123456789";

/**
 * Stands in for one site: every request the Worker makes to `host` answers `html`; other hosts reach
 * the real `fetch`. Undone by `vi.restoreAllMocks()`.
 */
export function serveSite(host: string, html: string): void {
  const real = globalThis.fetch;
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.host !== host) return real(input, init);
    return new Response(html, { headers: { "Content-Type": "text/html; charset=utf-8" } });
  });
}

/** Sends a request through the Worker's real `fetch` handler. */
export function call(path: string, init: RequestInit = {}): Promise<Response> {
  return exports.default.fetch(new Request(`http://api.test${path}`, init));
}

export function withKey(secret: string, init: RequestInit = {}): RequestInit {
  return { ...init, headers: { ...(init.headers as Record<string, string>), "X-API-KEY": secret } };
}

/** A call with the key: JSON body when there is one. */
export function sendAs(secret: string, method: string, path: string, body?: unknown): Promise<Response> {
  return call(
    path,
    withKey(secret, {
      method,
      headers: body === undefined ? {} : { "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  );
}

export async function admin(path: string, method: string, body?: unknown): Promise<Response> {
  return call(path, {
    method,
    headers: { "X-Admin-Token": ADMIN_TOKEN, ...(body ? { "Content-Type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
}

export interface TestAccount {
  accountId: string;
  keyId: string;
  secret: string;
}

/** A fresh account with one key, so tests never share counters. */
export async function newAccount(body: Record<string, unknown> = {}): Promise<TestAccount> {
  const response = await admin("/v1/admin/accounts", "POST", { name: "test", plan: "free", ...body });
  const json = (await response.json()) as any;
  if (response.status !== 201) throw new Error(`account creation failed: ${JSON.stringify(json)}`);
  return { accountId: json.data.account.id, keyId: json.data.key.id, secret: json.data.secret };
}

/** Calls an app built in the test (extra routes or a changed `env`), with a real execution context. */
export async function callApp(
  app: ReturnType<typeof createApp>,
  path: string,
  init: RequestInit = {},
  bindings: object = env,
) {
  const ctx = createExecutionContext();
  const response = await app.fetch(new Request(`http://api.test${path}`, init), bindings as Env, ctx);
  // Read the body first: streamed answers are written from waitUntil and finish only when read.
  const body = await response.arrayBuffer();
  await waitOnExecutionContext(ctx);
  return new Response(response.status === 304 ? null : body, response);
}

export { env };

export { awayFromMinuteEdge } from "../support/clock";

/** A product scrape's cache request under an id of its own, so no two tests share a cache key. */
export function cacheRequest(overrides: Partial<CacheRequest> = {}): CacheRequest {
  return {
    platform: "test",
    kind: "product",
    params: { id: crypto.randomUUID() },
    freshness: {},
    waitUntil: () => {},
    ...overrides,
  };
}
