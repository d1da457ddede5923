// Property-based fuzzing of every GET route, driven by the app's own OpenAPI document.
// Seeded: a failure prints `{ seed, path }`; pass them to `fc.assert` to replay that exact case.
import { z } from "@hono/zod-openapi";
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import fc from "fast-check";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { createApp } from "../../src/app";
import { successBody } from "../../src/envelope";
import { ERROR_CODES } from "../../src/errors";
import { apiKey, defineRoute } from "../../src/routes/define-route";
import { call, callApp, env, newAccount } from "./helpers";

const SEED = 20261122;

interface Schema {
  type?: string | string[];
  enum?: string[];
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
}
interface Param {
  name: string;
  in: "query" | "path" | "header";
  required?: boolean;
  schema: Schema;
}
interface RouteSpec {
  path: string;
  params: Param[];
}

/** One generated request; `valid` means every part should be accepted and answer 200. */
interface FuzzRequest {
  path: string;
  headers: Record<string, string>;
  valid: boolean;
  /** Schema-invalid on purpose: must be refused with a 4xx before any handler work. */
  invalid: boolean;
}

type Send = (path: string, init: RequestInit) => Promise<Response>;

/** Routes that scrape other sites or act on events/accounts: fuzzed with refused inputs only. */
const INVALID_ONLY = [
  /^\/v1\/page/,
  /^\/v1\/\{platform\}/,
  /^\/v1\/travel\//,
  /^\/v1\/webhooks/,
  /^\/v1\/watches/,
  /^\/v1\/schedules/,
  /^\/v1\/jobs/,
  /^\/v1\/admin/,
  // A valid call needs a record the fuzzed database does not hold; refused inputs are still fuzzed.
  /^\/v1\/datasets\/\{slug\}\/records\/\{key\}\/history/,
  // A valid call needs a dataset of the key's own account that has been refreshed.
  /^\/v1\/datasets\/\{slug\}\/refresh/,
];
const SKIPPED = [/^\/dashboard/];

const printable = fc.string({
  unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)),
  maxLength: 60,
});
const anyText = fc.string({ unit: "grapheme", maxLength: 60 });

/** OpenAPI prints a zod regex with flags as `source/flags`; read it back the way the server checks it. */
function toRegExp(pattern: string, withFlags = true) {
  const flagged = /^(.*)\/([a-z]+)$/.exec(pattern);
  return flagged ? new RegExp(flagged[1]!, withFlags ? flagged[2] : "") : new RegExp(pattern);
}

function isInteger(schema: Schema) {
  return schema.type === "integer" || (Array.isArray(schema.type) && schema.type.includes("integer"));
}
function isNumber(schema: Schema) {
  return schema.type === "number" || (Array.isArray(schema.type) && schema.type.includes("number"));
}

/** Values the schema accepts; integers stay near their minimum so each run is cheap. */
export function validValue(schema: Schema): fc.Arbitrary<string> {
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (isInteger(schema)) {
    const min = schema.minimum ?? 0;
    const max = Math.min(schema.maximum ?? min + 1000, min + 1000);
    return fc.integer({ min, max }).map(String);
  }
  if (isNumber(schema)) {
    const min = schema.minimum ?? -1000;
    const max = schema.maximum ?? 100_000;
    return fc.integer({ min: Math.ceil(min * 100), max: Math.floor(max * 100) }).map((n) => String(n / 100));
  }
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.min(schema.maxLength ?? 60, 60);
  if (schema.pattern) {
    return fc
      .stringMatching(toRegExp(schema.pattern, false))
      .filter((s) => s.length >= minLength && s.length <= (schema.maxLength ?? Infinity));
  }
  return fc.string({ unit: "grapheme", minLength, maxLength }).filter((s) => s.length >= minLength && s.trim() === s);
}

/** Values the schema refuses, or null when it refuses nothing (a free-form string). */
export function invalidValue(schema: Schema, text: fc.Arbitrary<string> = anyText): fc.Arbitrary<string> | null {
  const options: fc.Arbitrary<string>[] = [];
  if (schema.enum) options.push(text.filter((s) => !schema.enum!.includes(s.trim())));
  if (isInteger(schema) || isNumber(schema)) {
    options.push(fc.constantFrom("abc", "1e999", "NaN", "--1", "1,5", "Infinity"));
    if (schema.minimum !== undefined) options.push(fc.integer({ min: -1e6, max: schema.minimum - 1 }).map(String));
    if (schema.maximum !== undefined)
      options.push(fc.integer({ min: schema.maximum + 1, max: schema.maximum + 1e6 }).map(String));
    if (isInteger(schema)) options.push(fc.integer({ min: 0, max: 99 }).map((n) => `${n}.5`));
  }
  if (schema.type === "string" && !schema.enum) {
    if (schema.pattern) {
      const pattern = toRegExp(schema.pattern);
      // Headers arrive trimmed, so a value must stay refused after trimming.
      options.push(text.filter((s) => !pattern.test(s) && !pattern.test(s.trim())));
    }
    if (schema.maxLength !== undefined)
      options.push(
        fc
          .string({ unit: "binary-ascii", minLength: schema.maxLength + 1, maxLength: schema.maxLength + 20 })
          .filter((s) => s.trim().length > schema.maxLength!),
      );
    if ((schema.minLength ?? 0) >= 1) options.push(fc.constant(""));
  }
  return options.length > 0 ? fc.oneof(...options) : null;
}

/** `X-API-KEY` / `Authorization` combinations: the real key, garbage, well-formed strangers, conflicts. */
function authHeaders(secret: string, valid: boolean): fc.Arbitrary<Record<string, string>> {
  const good = fc.constantFrom<Record<string, string>>(
    { "X-API-KEY": secret },
    { Authorization: `Bearer ${secret}` },
    { "X-API-KEY": secret, Authorization: `bearer ${secret}` },
  );
  if (valid) return good;
  const stranger = fc.stringMatching(/^[A-Za-z0-9]{32}$/).map((s) => `wdk_${s}`);
  const garbage = fc.oneof(printable, stranger, fc.constant(secret.slice(0, -1)), fc.constant(`${secret}x`));
  return fc.oneof(
    good,
    fc.constant({}),
    garbage.map((key) => ({ "X-API-KEY": key })),
    garbage.map((key) => ({ Authorization: `Bearer ${key}` })),
    printable.map((value) => ({ Authorization: value })),
    garbage.map((key) => ({ "X-API-KEY": secret, Authorization: `Bearer ${key}` })),
  );
}

const acceptHeader = fc.option(
  fc.oneof(
    fc.constantFrom(
      "application/json",
      "*/*",
      "text/csv",
      "application/x-ndjson",
      "text/html",
      "application/xml",
      "text/csv;q=0, application/json",
      "",
      ",,;;",
    ),
    printable,
  ),
  { nil: undefined },
);

function buildPath(template: string, values: Map<Param, string>, extraQuery: [string, string][]) {
  let path = template;
  const query = new URLSearchParams();
  for (const [param, value] of values) {
    if (param.in === "path") path = path.replace(`{${param.name}}`, encodeURIComponent(value));
    if (param.in === "query") query.append(param.name, value);
  }
  for (const [name, value] of extraQuery) query.append(name, value);
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}

/** Per route and parameter, valid values that also mean something (a real slug, a known category). */
export type Overrides = Record<string, Record<string, fc.Arbitrary<string> | "omit">>;

/** A request generator for one route: valid, deliberately invalid, or a random mix. */
export function requestsFor(
  route: RouteSpec,
  secret: string,
  overrides: Overrides,
  invalidOnly: boolean,
): fc.Arbitrary<FuzzRequest> {
  const routeOverrides = overrides[route.path] ?? {};
  const validFor = (param: Param) => {
    const override = routeOverrides[param.name];
    return override === "omit" ? null : (override ?? validValue(param.schema));
  };
  const invalidFor = (param: Param) => invalidValue(param.schema, param.in === "header" ? printable : anyText);
  const refusable = route.params.filter(
    (param) => invalidFor(param) !== null || (param.required && param.in === "query"),
  );

  // A value for each parameter: optional ones are sometimes left out.
  const validValues = fc.tuple(
    ...route.params.map((param) => {
      const arb = validFor(param);
      if (!arb) return fc.constant(undefined);
      return param.required ? arb : fc.option(arb, { nil: undefined });
    }),
  );
  const extraQuery = fc.array(fc.tuple(fc.stringMatching(/^x_[a-z]{1,8}$/), anyText), { maxLength: 2 });

  const assemble = (
    values: (string | undefined)[],
    extra: [string, string][],
    auth: Record<string, string>,
    accept: string | undefined,
    valid: boolean,
    invalid: boolean,
  ): FuzzRequest => {
    const map = new Map<Param, string>();
    const headers: Record<string, string> = { ...auth };
    route.params.forEach((param, i) => {
      const value = values[i];
      if (value === undefined) return;
      if (param.in === "header") headers[param.name] = value;
      else map.set(param, value);
    });
    if (accept !== undefined) headers.Accept = accept;
    return { path: buildPath(route.path, map, extra), headers, valid, invalid };
  };

  // Valid requests carry only declared parameters: an undeclared one is refused (strict input).
  const valid = fc
    .tuple(
      validValues,
      fc.constant([] as [string, string][]),
      authHeaders(secret, true),
      fc.constantFrom(undefined, "application/json", "*/*"),
    )
    .map(([values, extra, auth, accept]) => assemble(values, extra, auth, accept, true, false));

  // One parameter broken (a bad value, or a required one left out), the rest valid.
  const invalid =
    refusable.length === 0
      ? null
      : fc
          .tuple(validValues, fc.constantFrom(...refusable), fc.boolean(), extraQuery, acceptHeader)
          .chain(([values, broken, dropIt, extra, accept]) => {
            const bad = invalidFor(broken);
            const index = route.params.indexOf(broken);
            const replaced =
              dropIt && broken.required && broken.in === "query"
                ? fc.constant(undefined)
                : (bad ?? fc.constant(undefined));
            return replaced.map((value) => {
              const copy = [...values];
              copy[index] = value;
              return assemble(copy, extra, { "X-API-KEY": secret }, accept, false, true);
            });
          });

  const mixed = fc
    .tuple(
      fc.tuple(
        ...route.params.map((param) => {
          const text = param.in === "header" ? printable : anyText;
          return fc.option(fc.oneof(validFor(param) ?? text, invalidFor(param) ?? text, text), { nil: undefined });
        }),
      ),
      fc.array(
        fc.tuple(
          fc.oneof(fc.stringMatching(/^x_[a-z]{1,8}$/), fc.constantFrom("api_key", "apikey", "access_key")),
          anyText,
        ),
        { maxLength: 2 },
      ),
      authHeaders(secret, false),
      acceptHeader,
    )
    .map(([values, extra, auth, accept]) => assemble(values, extra, auth, accept, false, false));

  if (invalidOnly) {
    if (invalid) return invalid;
    // Without parameters nothing can start a scrape: fuzz the headers alone.
    if (route.params.length === 0) return mixed;
    throw new Error(`${route.path} has parameters but none the fuzzer can break; add a generator for it`);
  }
  return invalid ? fc.oneof(valid, invalid, mixed) : fc.oneof(valid, mixed);
}

/** The properties every answer must have; throws (and so fails the property) otherwise. */
export async function checkAnswer(send: Send, request: FuzzRequest) {
  const response = await send(request.path, { headers: request.headers });
  stats.byStatus[response.status] = (stats.byStatus[response.status] ?? 0) + 1;
  const where = `${request.path} ${JSON.stringify(request.headers)} -> ${response.status}`;
  // Decoded by hand: NDJSON and CSV bodies are text too, and `.text()` warns about their type.
  const text = new TextDecoder().decode(await response.arrayBuffer());
  if (response.status >= 500) throw new Error(`5xx: ${where} ${text.slice(0, 300)}`);
  if (!/^req_[0-9a-f]{32}$/.test(response.headers.get("X-Request-Id") ?? ""))
    throw new Error(`no X-Request-Id: ${where}`);
  for (const name of [
    "RateLimit-Policy",
    "RateLimit",
    "X-RateLimit-Limit",
    "X-RateLimit-Remaining",
    "X-RateLimit-Reset",
  ]) {
    if (!response.headers.get(name)) throw new Error(`no ${name}: ${where}`);
  }
  if (request.valid && response.status !== 200)
    throw new Error(`valid request refused: ${where} ${text.slice(0, 300)}`);
  if (request.invalid && (response.status < 400 || response.status >= 500))
    throw new Error(`invalid request accepted: ${where}`);
  const isJson = (response.headers.get("Content-Type") ?? "").includes("application/json");
  if (response.status >= 400) {
    if (!isJson) throw new Error(`error without JSON body: ${where}`);
    const body = JSON.parse(text);
    const ok =
      body.status === "error" &&
      (ERROR_CODES as readonly string[]).includes(body.error?.code) &&
      typeof body.error.message === "string" &&
      Array.isArray(body.error.details) &&
      body.meta?.request_id === response.headers.get("X-Request-Id") &&
      !Number.isNaN(Date.parse(body.meta?.timestamp));
    if (!ok) throw new Error(`not an error envelope: ${where} ${text.slice(0, 300)}`);
  } else if (isJson) {
    const body = JSON.parse(text);
    if (
      body.status !== "success" ||
      !("data" in body) ||
      body.meta?.request_id !== response.headers.get("X-Request-Id")
    ) {
      throw new Error(`2xx not a success envelope: ${where} ${text.slice(0, 300)}`);
    }
  }
}

export function getRoutes(doc: any): RouteSpec[] {
  return Object.entries<any>(doc.paths)
    .filter(([path, ops]) => ops.get && !SKIPPED.some((skip) => skip.test(path)))
    .map(([path, ops]) => ({ path, params: (ops.get.parameters ?? []) as Param[] }));
}

// The whole app as the Worker serves it, with the per-IP guard for keyless calls raised so garbage
// keys reach the 401 checks instead of all hitting that guard's 429 after 60 calls.
// The body is read before waiting on the context: streamed records are written from `waitUntil`.
const fuzzedApp = createApp();
const sendToApp: Send = async (path, init) => {
  const ctx = createExecutionContext();
  const bindings = { ...env, ANON_REQUESTS_PER_MINUTE: "100000000" } as unknown as Env;
  const response = await fuzzedApp.fetch(new Request(`http://api.test${path}`, init), bindings, ctx);
  const body = await response.arrayBuffer();
  await waitOnExecutionContext(ctx);
  return new Response(body, response);
};

const stats = { requests: 0, valid: 0, invalid: 0, byStatus: {} as Record<number, number> };

describe("fuzzing every GET route from /v1/openapi.json", () => {
  let secret = "";
  let routes: RouteSpec[] = [];
  const overrides: Overrides = {};

  beforeAll(async () => {
    ({ secret } = await newAccount({
      plan: "enterprise",
      requests_per_minute: 1_000_000,
      requests_per_month: 100_000_000,
    }));
    routes = getRoutes(await (await call("/v1/openapi.json")).json());
    const key = { headers: { "X-API-KEY": secret } };
    const list = (await (await call("/v1/datasets?limit=100&sort=record_count", key)).json()) as any;
    const categories = (await (await call("/v1/categories", key)).json()) as any;
    const countries: string[] = list.meta.facets.countries.map((country: { code: string }) => country.code);
    // The smallest datasets, so streamed CSV / NDJSON pages stay quick.
    const slugs = fc.constantFrom(...list.data.slice(0, 20).map((d: any) => d.slug as string));
    const anyCase = (values: string[]) =>
      fc
        .tuple(fc.constantFrom(...values), fc.boolean())
        .map(([v, upper]) => (upper ? v.toUpperCase() : v.toLowerCase()));
    overrides["/v1/datasets"] = {
      category: fc.constantFrom(...categories.data.map((c: any) => c.slug ?? c.category)),
      country: anyCase(countries),
    };
    overrides["/v1/datasets/{slug}"] = { slug: slugs };
    overrides["/v1/datasets/{slug}/records"] = {
      slug: slugs,
      fields: "omit",
      cursor: "omit",
      limit: fc.integer({ min: 1, max: 200 }).map(String),
      // Filters and dates take their own grammar (test/workers/catalogue-records.test.ts proves them).
      filter: "omit",
      as_of: "omit",
      country: "omit",
      changed_since: fc.constantFrom("2026-01-01", "2026-11-20T00:00:00Z"),
      platform: fc.constantFrom("amazon", "booking"),
    };
    // Scraping routes: only the path picks a real platform, the broken parameter makes it refused.
    overrides["/v1/{platform}"] = { platform: fc.constant("amazon") };
    overrides["/v1/{platform}/search"] = { platform: fc.constant("amazon") };
    overrides["/v1/{platform}/reviews"] = { platform: fc.constant("amazon") };
    overrides["/v1/travel/{platform}/hotels/search"] = {
      platform: fc.constantFrom("booking", "all"),
      destination: fc.constantFrom("Paris", "Berlin"),
    };
    overrides["/v1/travel/{platform}/hotels/{id}"] = { platform: fc.constant("booking") };
  });

  it("knows the routes it fuzzes", () => {
    const paths = routes.map((r) => r.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        "/v1/datasets",
        "/v1/datasets/{slug}/records",
        "/v1/search",
        "/v1/travel/{platform}/hotels/search",
        "/v1/{platform}",
      ]),
    );
    expect(paths.some((p) => p.startsWith("/dashboard"))).toBe(false);
  });

  // A bounded loop, not a speed check: on 2 busy cores, beside three other files, it takes 1–3 min.
  // The routes' properties run side by side: each has its own seeded generator, so the requests are
  // the ones a route-by-route loop sends, while one route's wait for storage overlaps another's work.
  it("answers ~6,000 generated requests with no 5xx, envelopes, request ids and limit headers", async () => {
    await Promise.all(
      routes.map((route) => {
        const invalidOnly = INVALID_ONLY.some((pattern) => pattern.test(route.path));
        const numRuns = route.params.length === 0 ? 30 : invalidOnly ? 150 : 650;
        return fc.assert(
          fc.asyncProperty(requestsFor(route, secret, overrides, invalidOnly), async (request) => {
            stats.requests++;
            if (request.valid) stats.valid++;
            if (request.invalid) stats.invalid++;
            await checkAnswer(sendToApp, request);
          }),
          { seed: SEED, numRuns, endOnFailure: true },
        );
      }),
    );
    console.log(
      `fuzz: ${stats.requests} requests over ${routes.length} routes (${stats.valid} valid, ${stats.invalid} invalid), by status ${JSON.stringify(stats.byStatus)}`,
    );
    expect(stats.requests).toBeGreaterThanOrEqual(6_000);
  }, 480_000);

  it("refuses scraping routes' bad dates, radius and missing identifiers before any scrape", async () => {
    const key = { headers: { "X-API-KEY": secret } };
    const search = "/v1/travel/booking/hotels/search?destination=Paris";
    const cases = [
      `${search}&check_in=2099-02-30&check_out=2099-03-02`,
      `${search}&check_in=2001-01-01&check_out=2001-01-03`,
      `${search}&check_in=2099-01-05&check_out=2099-01-03`,
      `${search}&check_in=2099-01-01&check_out=2099-01-03&radius=5parsecs`,
      `${search}&check_in=2099-01-01&check_out=2099-01-03&radius=500km`,
      "/v1/amazon",
      "/v1/amazon/search",
      "/v1/amazon?asin=B000000001&id=also",
    ];
    for (const path of cases) {
      const response = await call(path, key);
      expect(response.status, path).toBe(400);
      expect(((await response.json()) as any).error.code, path).toBe("invalid_request");
    }
  });
});

describe("the fuzzer itself", () => {
  it("finds a handler that throws on one value and reports it with a replayable seed", async () => {
    const route = defineRoute({
      access: apiKey(null),
      method: "get",
      path: "/v1/fragile",
      request: { query: z.object({ n: z.coerce.number().int().min(1).max(2000) }) },
      responses: { 200: { description: "ok", content: { "application/json": { schema: z.object({}) } } } },
    });
    const app = createApp((app) =>
      app.openapi(route, (c) => {
        if (c.req.valid("query").n === 1337) throw new Error("deliberate bug");
        return c.json(successBody(c, {}), 200) as any;
      }),
    );
    const { secret } = await newAccount({
      plan: "enterprise",
      requests_per_minute: 1_000_000,
      requests_per_month: 100_000_000,
    });
    const doc = app.getOpenAPI31Document({ openapi: "3.1.0", info: { title: "t", version: "1" } });
    const fragile = getRoutes(doc).find((r) => r.path === "/v1/fragile")!;
    const send: Send = (path, init) => callApp(app, path, init);
    // The deliberate bug logs each hit; keep the test output readable.
    vi.spyOn(console, "error").mockImplementation(() => {});
    // A small range around the bug so the search reaches it in a few runs.
    const overrides: Overrides = { "/v1/fragile": { n: fc.integer({ min: 1330, max: 1340 }).map(String) } };

    const result = await fc.check(
      fc.asyncProperty(requestsFor(fragile, secret, overrides, false), (request) => checkAnswer(send, request)),
      { seed: SEED, numRuns: 1_000 },
    );
    expect(result.failed).toBe(true);
    expect(result.counterexample?.[0]?.path).toContain("n=1337");
    expect(String(result.errorInstance)).toMatch(/5xx/);
    // The printed seed and path replay the same counterexample.
    const replay = await fc.check(
      fc.asyncProperty(requestsFor(fragile, secret, overrides, false), (request) => checkAnswer(send, request)),
      { seed: result.seed, path: result.counterexamplePath ?? undefined, numRuns: 1 },
    );
    expect(replay.counterexample?.[0]?.path).toBe(result.counterexample?.[0]?.path);
  }, 120_000);
});
