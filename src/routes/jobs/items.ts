// Stored calls — a job's items, a dataset recipe's calls, a schedule's path, a watch's check — are
// `/v1/...` GETs checked here, once, when they are made, against the same route definitions the API
// serves: the path the router will match (decoded), its scope, query schema and undeclared
// parameters, and what the route itself refuses before reading anything (an unknown platform, a
// page on another marketplace's site). A bad call is a 400 before anything is stored or queued.
// The short form of a job expands to such paths.
import { ApiError } from "../../errors";
import { type DataRoute, type InProcess, isRunnablePath } from "../../in-process";
import { undeclaredFields } from "../../middleware/strict-input";
import { urlGuardOptions } from "../../net/guard-options";
import { checkUrl, UnsafeUrlError } from "../../net/url-guard";
import { pageCallPath, productCallPath } from "../../platforms/calls";
import type { Scope } from "../../scopes";
import { assertOwnPage, platformOr404 } from "../products/lookup";
import { platformList } from "../travel/params";

/** Why `path` cannot be stored as a call of a key holding `scopes`, or null when it can. */
export function storedCallProblem(env: Env, path: unknown, scopes: readonly Scope[], local: InProcess): string | null {
  if (typeof path !== "string" || path.length === 0) return "path must be a `/v1/...` GET path";
  if (path.length > 2_000) return "path is longer than 2000 characters";
  if (!isRunnablePath(path))
    return "path must be a `/v1/...` data route (not keys, webhooks, watches, schedules or jobs)";
  const url = new URL(path, "http://item.invalid");
  const match = local.dataRoute(path);
  if (!match) return `no data route answers GET ${url.pathname}`;
  if (match.scope && !scopes.includes(match.scope))
    return `the key lacks the scope ${match.scope} that ${match.template} needs`;
  const query = Object.fromEntries(url.searchParams);
  const schema = match.route.request?.query;
  const unknown = undeclaredFields(query, schema as never);
  if (unknown.length > 0) return `${match.template} does not take ${unknown.map((name) => `\`${name}\``).join(", ")}`;
  const parsed = schema?.safeParse(query);
  if (parsed && !parsed.success) {
    const issue = parsed.error.issues[0]!;
    return `${issue.path.join(".") || "query"}: ${issue.message}`;
  }
  return routeRefusal(env, match, query);
}

/**
 * What the matched route refuses before it reads anything, as its handler would say it: an address
 * the URL guard refuses, a platform it does not know, or a page on a site other than its marketplace's.
 */
function routeRefusal(env: Env, match: DataRoute, query: Record<string, string>): string | null {
  // Any address a route reads (a page, a shop's product, a hotel's page) is held to the URL guard now;
  // its name is resolved and checked again when read.
  if (query.url !== undefined) {
    try {
      checkUrl(query.url, urlGuardOptions(env));
    } catch (err) {
      if (err instanceof UnsafeUrlError) return `${query.url} cannot be read: ${err.message}`;
      throw err;
    }
  }
  const { platform } = match.params;
  if (platform === undefined) return null;
  try {
    if (match.template.startsWith("/v1/travel/")) platformList(platform);
    else if (query.url !== undefined) assertOwnPage(env, platformOr404(platform), query.url);
    else platformOr404(platform);
  } catch (err) {
    if (err instanceof ApiError) return err.message;
    throw err;
  }
  return null;
}

/** Why `path` cannot be a job item for a key holding `scopes`, or null when it can. */
export function itemProblem(env: Env, path: unknown, scopes: readonly Scope[], local: InProcess): string | null {
  const problem = storedCallProblem(env, path, scopes, local);
  if (problem) return problem;
  // Each item's answer is kept as JSON and read back as such; the job's results come in every format.
  const format = new URL(path as string, "http://item.invalid").searchParams.getAll("format");
  const other = format.find((value) => value !== "json");
  if (other !== undefined)
    return `job items answer JSON only; drop \`format=${other}\` (/v1/jobs/{id}/results gives the whole job as CSV or NDJSON)`;
  return null;
}

export const SHORT_KINDS = ["product", "search", "reviews", "page"] as const;
export type ShortKind = (typeof SHORT_KINDS)[number];

/**
 * The short form's paths: one per input, with the platform's own identifier or `url` for links;
 * `page` reads each input, an address on any site, with GET /v1/page (no platform).
 */
export function expandShortForm(
  platform: string | undefined,
  kind: ShortKind,
  inputs: string[],
  extra: URLSearchParams,
): string[] {
  if (kind === "page") return inputs.map((input) => pageCallPath(input, extra));
  return inputs.map((input) => productCallPath(platform ?? "", kind, input, extra));
}
