// The attack suite's path half, generated from the app's own route table so that a new route is
// covered without editing this file: every spelling of every route's path (letters percent-encoded,
// `%2F`, doubled slashes, dot segments, a trailing slash, upper case) answers as the canonical path
// does, or is refused; no variant gets past a guard that the canonical path meets.
import { beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../src/app";
import { admin, call, newAccount } from "../workers/helpers";

interface RouteUnderTest {
  method: string;
  /** Hono pattern, e.g. `/v1/keys/:id/rotate`. */
  pattern: string;
  access: string;
}

const app = createApp();
const doc = app.getOpenAPI31Document({ openapi: "3.1.0", info: { title: "routes", version: "1" } });
const accessOf = (method: string, pattern: string): string => {
  const openApiPath = pattern.replace(/:(\w+)/g, "{$1}");
  const operation = (doc.paths?.[openApiPath] as Record<string, Record<string, unknown>> | undefined)?.[
    method.toLowerCase()
  ];
  return (operation?.["x-access"] as string | undefined) ?? "not-in-openapi";
};

const routes: RouteUnderTest[] = [
  ...new Map(
    app.routes
      .filter((route) => route.method !== "ALL" && !route.path.includes("*"))
      .map((route) => [
        `${route.method} ${route.path}`,
        { method: route.method, pattern: route.path, access: accessOf(route.method, route.path) },
      ]),
  ).values(),
];

/** A concrete path for a pattern: a real platform where one is named, a plain id elsewhere. */
function concretePath(pattern: string): string {
  return pattern.replace(/:(\w+)(\{[^}]*\})?/g, (_, name: string) => {
    if (name === "platform") return pattern.startsWith("/v1/travel") ? "booking" : "amazon";
    return "x1";
  });
}

const percent = (char: string) => `%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")}`;

const slashesOf = (path: string) => [...path].flatMap((char, i) => (char === "/" && i > 0 ? [i] : []));

/** Spellings that decode or normalise to the same path: each must reach the very same route. */
function sameRouteSpellings(path: string): string[] {
  const spellings: string[] = [];
  [...path].forEach((char, i) => {
    if (/[a-z0-9]/i.test(char)) spellings.push(path.slice(0, i) + percent(char) + path.slice(i + 1));
  });
  for (const i of slashesOf(path)) {
    spellings.push(
      `${path.slice(0, i)}/.${path.slice(i)}`,
      `${path.slice(0, i)}/%2e${path.slice(i)}`,
      `${path.slice(0, i)}/zz/%2E%2E${path.slice(i)}`,
    );
  }
  return spellings;
}

/** Spellings that may reach another route or none: they must never get further than the canonical path. */
function otherSpellings(path: string): string[] {
  const slashes = slashesOf(path);
  return [
    ...slashes.map((i) => `${path.slice(0, i)}%2F${path.slice(i + 1)}`),
    ...slashes.map((i) => `${path.slice(0, i)}%2f${path.slice(i + 1)}`),
    ...slashes.map((i) => `${path.slice(0, i)}/${path.slice(i)}`),
    ...slashes.map((i) => `${path.slice(0, i)}%5C${path.slice(i + 1)}`),
    `${path}/`,
    path.toUpperCase(),
    `${path};x=1`,
  ];
}

let ipCounter = 0;
/** Every request from its own address, so the per-IP brute-force guard never decides a status here. */
function send(method: string, path: string, headers: Record<string, string>): Promise<Response> {
  const withBody = method !== "GET" && method !== "HEAD";
  ipCounter += 1;
  return call(path, {
    method,
    redirect: "manual",
    headers: {
      "CF-Connecting-IP": `198.51.${ipCounter >> 8}.${ipCounter & 255}`,
      ...(withBody ? { "Content-Type": "application/json" } : {}),
      ...headers,
    },
    body: withBody ? "{}" : undefined,
  });
}

const isSuccess = (status: number) => status >= 200 && status < 300;

describe("route table", () => {
  it("lists the API's routes, each with a declared access", () => {
    expect(routes.length).toBeGreaterThan(45);
    // The OpenAPI documents themselves (the customers' and the operator's) are the /v1 routes not described in them.
    const documents = ["/v1/openapi.json", "/v1/admin/openapi.json"];
    const apiRoutes = routes.filter((route) => route.pattern.startsWith("/v1/") && !documents.includes(route.pattern));
    expect(
      apiRoutes.filter((route) => route.access === "not-in-openapi").map((route) => `${route.method} ${route.pattern}`),
    ).toEqual([]);
    expect(
      apiRoutes.filter((route) => route.pattern.startsWith("/v1/admin/")).every((route) => route.access === "admin"),
    ).toBe(true);
    expect(routes.find((route) => route.pattern === "/v1/health")?.access).toBe("public");
    expect(routes.find((route) => route.pattern === "/v1/keys" && route.method === "POST")?.access).toBe(
      "key:keys:write",
    );
  });

  it("declares each route's scope as an OpenAPI security requirement", () => {
    const operations = doc.paths as Record<string, Record<string, { security?: unknown }>>;
    expect(operations["/v1/{platform}"]?.["get"]?.security).toEqual([
      { ApiKeyHeader: ["products:read"] },
      { BearerAuth: ["products:read"] },
    ]);
    expect(operations["/v1/health"]?.["get"]?.security).toEqual([]);
  });
});

describe.each([
  ["no credentials", () => ({})],
  ["a key holding only catalogue:read", () => ({ "X-API-KEY": catalogueOnlySecret })],
  ["a wrong admin token", () => ({ "X-Admin-Token": "not-the-admin-token-000000" })],
] as [string, () => Record<string, string>][])("every path variant with %s", (_, headersFor) => {
  for (const route of routes) {
    it(`${route.method} ${route.pattern} (${route.access})`, async () => {
      const headers = headersFor();
      const path = concretePath(route.pattern);
      const canonical = (await send(route.method, path, headers)).status;
      expect(canonical, "canonical path").toBeLessThan(500);

      // The variants go out together (each from its own address): only their statuses are compared.
      const statusOf = async (variant: string) =>
        [variant, (await send(route.method, variant, headers)).status] as const;
      const [same, other] = await Promise.all([
        Promise.all(sameRouteSpellings(path).map(statusOf)),
        Promise.all(otherSpellings(path).map(statusOf)),
      ]);
      const problems: string[] = [];
      for (const [variant, status] of same) {
        if (status !== canonical) problems.push(`${variant} -> ${status}, canonical ${canonical}`);
      }
      for (const [variant, status] of other) {
        const gotFurther = (isSuccess(status) && !isSuccess(canonical)) || status >= 500;
        if (gotFurther) problems.push(`${variant} -> ${status}, canonical ${canonical}`);
      }
      expect(problems).toEqual([]);
      // Twenty-odd requests each: seconds when every test project runs at once on two cores.
    }, 30_000);
  }
});

let catalogueOnlySecret = "";
beforeAll(async () => {
  const owner = await newAccount({
    plan: "enterprise",
    requests_per_minute: 1_000_000,
    requests_per_month: 100_000_000,
  });
  const created = await admin(`/v1/admin/accounts/${owner.accountId}/keys`, "POST", {
    name: "catalogue only",
    scopes: ["catalogue:read"],
  });
  catalogueOnlySecret = ((await created.json()) as { data: { secret: string } }).data.secret;
});
