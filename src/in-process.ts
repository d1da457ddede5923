// Runs a v1 request as an identity (an account, its key and scopes) inside the Worker, through the
// public app itself: the matched route's own guard checks the scope and counts the call (or takes
// the unit a job item prepaid), with the headers, 429s and charging of an HTTP call. Watches,
// schedules, job items, the dashboard and MCP tool calls all run their calls here. It is handed
// the app (routes are a higher layer), so jobs/ and events/ receive it and never import a route.
import type { OpenAPIHono, RouteConfig } from "@hono/zod-openapi";
import { getPath, tryDecodeURIComponent } from "hono/utils/url";
import { database } from "./db/client";
import { touchLater } from "./db/key-cache";
import type { KeyIdentity } from "./db/keys";
import type { LimitDecision } from "./durable/account-meter";
import { ApiError } from "./errors";
import type { Scope } from "./scopes";

/** Who an in-process request acts for, and how it is counted; read by the key guard (middleware/auth.ts). */
export interface Caller {
  identity: KeyIdentity;
  /** Counted against the account like a call with the key's secret; false for the dashboard's page reads. */
  counted: boolean;
  /** The decision of a unit already taken for this call (a job item's): nothing more is counted. */
  prepaid?: LimitDecision;
  /** Set once the answer is settled: whether the month keeps the call's unit (charging.ts). */
  charged?: boolean;
}

/** Requests made here, and whom they act for: the in-memory Request is the only carrier, unreachable from outside. */
const callers = new WeakMap<Request, Caller>();

export const callerOf = (request: Request): Caller | undefined => callers.get(request);

export interface DataRoute {
  template: string;
  scope: Scope | null;
  route: RouteConfig;
  /** The path's parameters as the route reads them (`{platform}` → `amazon`), decoded as hono decodes them. */
  params: Record<string, string>;
}

export interface CallOptions {
  counted?: boolean;
  prepaid?: LimitDecision;
}

/** Where in-process requests are addressed; never reached over a network. */
const INTERNAL_ORIGIN = "http://internal.invalid";

/**
 * The path the router will match when `pathAndQuery` is run here: the request's URL as `call`
 * builds it (dot segments resolved), its percent-escapes decoded by hono's own `getPath`, except
 * reserved ones such as %2F. Every rule about a stored call judges this path, never the raw text.
 */
function routedPath(pathAndQuery: string): string {
  return getPath(new Request(new URL(pathAndQuery, INTERNAL_ORIGIN)));
}

/** A `/v1/` GET path a watch, schedule or job may store: data, not keys, webhooks, watches, schedules or jobs. */
export function isRunnablePath(pathAndQuery: string): boolean {
  if (!pathAndQuery.startsWith("/v1/") || pathAndQuery.includes("#")) return false;
  const path = routedPath(pathAndQuery);
  return path.startsWith("/v1/") && !/^\/v1\/(keys|admin|webhooks|watches|schedules|jobs)(\/|$)/.test(path);
}

/** A path parameter as hono hands it to the route: percent-escapes left by `getPath` decoded too. */
const decoded = ([name, value]: [string, string]): [string, string] => [name, tryDecodeURIComponent(value)];

/** What this needs of the app: to answer a request and to show its route table (env.ts's types stay out, no circle). */
type RoutedApp = Pick<OpenAPIHono, "fetch" | "openAPIRegistry" | "getOpenAPI31Document">;

export type InProcess = ReturnType<typeof callerFor>;

const built = new WeakMap<object, InProcess>();

/** The in-process caller of `app`, one per app. */
export function inProcess(app: RoutedApp): InProcess {
  let local = built.get(app);
  if (!local) {
    local = callerFor(app);
    built.set(app, local);
  }
  return local;
}

function callerFor(app: RoutedApp) {
  let dataRoutes: (Omit<DataRoute, "params"> & { pattern: RegExp })[] | null = null;

  /**
   * The data route a `/v1/...` GET path names, read from the app's own route table (most specific
   * first: static segments before `{platform}`); undefined when none does.
   */
  function dataRoute(pathAndQuery: string): DataRoute | undefined {
    if (!isRunnablePath(pathAndQuery)) return undefined;
    dataRoutes ??= app.openAPIRegistry.definitions
      .flatMap((definition) =>
        definition.type === "route" && definition.route.method === "get" ? [definition.route] : [],
      )
      .flatMap((route) => {
        const access = String((route as Record<string, unknown>)["x-access"] ?? "");
        if (!access.startsWith("key")) return [];
        return [
          {
            template: route.path,
            pattern: new RegExp(`^${route.path.replace(/\{(\w+)\}/g, "(?<$1>[^/]+)")}$`),
            scope: access.startsWith("key:") ? (access.slice(4) as Scope) : null,
            route,
          },
        ];
      })
      .sort((a, b) => (a.template.match(/\{/g)?.length ?? 0) - (b.template.match(/\{/g)?.length ?? 0));
    const path = routedPath(pathAndQuery);
    for (const { pattern, ...route } of dataRoutes) {
      const match = pattern.exec(path);
      if (match) return { ...route, params: Object.fromEntries(Object.entries(match.groups ?? {}).map(decoded)) };
    }
    return undefined;
  }

  /** Runs `request` as `identity`; the answer is the app's, as an HTTP call would get it. */
  async function run(
    env: Env,
    ctx: ExecutionContext,
    identity: KeyIdentity,
    request: Request,
    options: CallOptions = {},
  ) {
    const caller: Caller = { identity, counted: options.counted ?? true, prepaid: options.prepaid };
    callers.set(request, caller);
    // Every call made as a key is a use of it (a job item's, prepaid, is never admitted one by one);
    // the dashboard's own reads act as no key.
    if (identity.keyId) touchLater(database(env.DB), ctx, identity.keyId);
    const response = await app.fetch(request, env, ctx);
    return { response, charged: caller.charged === true };
  }

  /** `method path` (a `/v1/...` path and query) with a JSON `body`, as `identity`. */
  function call(
    env: Env,
    ctx: ExecutionContext,
    identity: KeyIdentity,
    method: string,
    pathAndQuery: string,
    init: { body?: unknown; headers?: Record<string, string> } & CallOptions = {},
  ) {
    const headers = { ...init.headers, ...(init.body === undefined ? {} : { "Content-Type": "application/json" }) };
    const request = new Request(new URL(pathAndQuery, INTERNAL_ORIGIN), {
      method,
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    return run(env, ctx, identity, request, init);
  }

  /** A stored data call (a watch's, a schedule's, a job item's): a GET of a data route only. */
  function getData(
    env: Env,
    ctx: ExecutionContext,
    identity: KeyIdentity,
    pathAndQuery: string,
    init: { headers?: Record<string, string> } & CallOptions = {},
  ) {
    if (!dataRoute(pathAndQuery))
      throw new ApiError("not_found", `No data route answers GET ${new URL(pathAndQuery, "http://x").pathname}.`);
    return call(env, ctx, identity, "GET", pathAndQuery, init);
  }

  /** Each scope the calls `paths` need, once. */
  function scopesToRun(paths: Iterable<string>): Scope[] {
    const scopes = new Set<Scope>();
    for (const path of paths) {
      const scope = dataRoute(path)?.scope;
      if (scope) scopes.add(scope);
    }
    return [...scopes];
  }

  /** Whether the key holds every scope the stored calls `paths` need (see `assertMayRun`). */
  const mayRun = (identity: KeyIdentity, paths: Iterable<string>) =>
    scopesToRun(paths).every((scope) => identity.scopes.includes(scope));

  /**
   * A watch, schedule or job runs its calls as the key that made it, but any key of the account may
   * reach it: one that acts on it (checks, reads, removes) or reads its answers must hold every scope
   * those calls need, or an `events:write` key would read product data through another key's watch.
   */
  function assertMayRun(identity: KeyIdentity, paths: Iterable<string>, object: string) {
    const missing = scopesToRun(paths).filter((scope) => !identity.scopes.includes(scope));
    if (missing.length === 0) return;
    throw new ApiError(
      "forbidden",
      `This key lacks ${missing.map((scope) => `\`${scope}\``).join(", ")}, which this ${object}'s calls need; use a key that holds ${missing.length === 1 ? "it" : "them"}.`,
    );
  }

  return { app, run, call, getData, dataRoute, mayRun, assertMayRun };
}
