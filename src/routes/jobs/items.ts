// A job's items: the `/v1/...` GETs it runs, checked up front against the same route
// definitions the API serves (path, scope, query schema, undeclared parameters), so a bad item is
// a 400 naming its index before anything is queued. The short form expands to such paths.
import { type InProcess, isRunnablePath } from "../../in-process";
import { undeclaredFields } from "../../middleware/strict-input";
import { PRODUCT_PLATFORMS } from "../../scrape/platforms/index";
import type { Scope } from "../../scopes";

/** Why `path` cannot be a job item for a key holding `scopes`, or null when it can. */
export function itemProblem(path: unknown, scopes: readonly Scope[], local: InProcess): string | null {
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
  // Each item's answer is kept as JSON and read back as such; the job's results come in every format.
  const format = url.searchParams.getAll("format").find((value) => value !== "json");
  if (format !== undefined)
    return `job items answer JSON only; drop \`format=${format}\` (/v1/jobs/{id}/results gives the whole job as CSV or NDJSON)`;
  const parsed = schema?.safeParse(query);
  if (parsed && !parsed.success) {
    const issue = parsed.error.issues[0]!;
    return `${issue.path.join(".") || "query"}: ${issue.message}`;
  }
  return null;
}

export const SHORT_KINDS = ["product", "search", "reviews"] as const;
export type ShortKind = (typeof SHORT_KINDS)[number];

/** The short form's paths: one per input, with the platform's own identifier or `url` for links. */
export function expandShortForm(platform: string, kind: ShortKind, inputs: string[], extra: URLSearchParams): string[] {
  const idParam = Object.hasOwn(PRODUCT_PLATFORMS, platform) ? PRODUCT_PLATFORMS[platform]!.idParam : "id";
  return inputs.map((input) => {
    const params = new URLSearchParams(extra);
    if (kind === "search") params.set("q", input);
    else params.set(/^https?:\/\//i.test(input) ? "url" : idParam, input);
    const suffix = kind === "product" ? "" : `/${kind}`;
    return `/v1/${encodeURIComponent(platform)}${suffix}?${params}`;
  });
}
