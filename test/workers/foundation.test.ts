import { z } from "@hono/zod-openapi";
import { requireAccess } from "../../src/middleware/auth";
import { apiKey, defineRoute } from "../../src/routes/define-route";
import { parse } from "csv-parse/sync";
import { describe, expect, it, vi } from "vitest";
import { log } from "../../src/log";
import { createApp } from "../../src/app";
import { csvResponse, toCsv, wantsCsv } from "../../src/csv";
import { successBody } from "../../src/envelope";
import { call, callApp, env, newAccount, withKey } from "./helpers";

describe("envelope and errors", () => {
  it("answers an unknown path with a 404 envelope and a request id", async () => {
    const { secret } = await newAccount();
    const response = await call("/v1/no-such-thing/here", withKey(secret));
    expect(response.status).toBe(404);
    const body = (await response.json()) as any;
    expect(body.status).toBe("error");
    expect(body.error.code).toBe("not_found");
    expect(body.error.message).toContain("/v1/no-such-thing/here");
    expect(body.meta.request_id).toMatch(/^req_[0-9a-f]{32}$/);
    expect(response.headers.get("X-Request-Id")).toBe(body.meta.request_id);
    expect(Date.parse(body.meta.timestamp)).not.toBeNaN();
  });

  it("answers a malformed parameter on a real route with 400 naming the parameter", async () => {
    const { secret, keyId } = await newAccount();
    const response = await call(
      `/v1/keys/${keyId}/rotate`,
      withKey(secret, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ grace_seconds: "soon" }),
      }),
    );
    expect(response.status).toBe(400);
    const body = (await response.json()) as any;
    expect(body.error.code).toBe("invalid_request");
    expect(body.error.details).toEqual([expect.objectContaining({ parameter: "grace_seconds", in: "json" })]);
    expect(body.error.message).toContain("grace_seconds");
    expect(response.headers.get("X-Request-Id")).toBeTruthy();
  });

  it("hides the details of an exception thrown inside a handler", async () => {
    const app = createApp((app) => {
      app.get("/v1/explode", requireAccess(apiKey(null)), () => {
        throw new Error("D1_ERROR: no such column: secret_hash at /src/db/keys.ts:42 SELECT * FROM api_keys");
      });
    });
    const { secret } = await newAccount();
    const response = await callApp(app, "/v1/explode", withKey(secret));
    expect(response.status).toBe(500);
    const text = await response.text();
    const body = JSON.parse(text);
    expect(body.error.code).toBe("internal");
    expect(text).not.toMatch(/D1_ERROR|SELECT|api_keys|\.ts|at \//);
    expect(response.headers.get("X-Request-Id")).toBe(body.meta.request_id);
    expect(response.headers.get("RateLimit")).toMatch(/"minute";r=\d+/);
  });

  it("logs what went wrong as one JSON line carrying the answer's request id, also from work awaited later", async () => {
    const app = createApp((app) => {
      app.get("/v1/explode-later", requireAccess(apiKey(null)), async () => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        log.info("about to fail", { step: 2 });
        throw new Error("deliberate");
      });
    });
    const { secret } = await newAccount();
    const lines: string[] = [];
    const capture = (line: unknown) => void lines.push(String(line));
    const spies = [
      vi.spyOn(console, "log").mockImplementation(capture),
      vi.spyOn(console, "error").mockImplementation(capture),
    ];
    try {
      const response = await callApp(app, "/v1/explode-later", withKey(secret));
      const requestId = response.headers.get("X-Request-Id");
      const logged = lines.map((line) => JSON.parse(line));
      expect(logged.find((entry) => entry.event === "about to fail")).toEqual({
        event: "about to fail",
        request_id: requestId,
        step: 2,
      });
      expect(logged.find((entry) => entry.event === "unexpected error")).toMatchObject({
        request_id: requestId,
        error: "Error: deliberate",
      });
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
  });

  it("answers a malformed JSON body with 400, not 500", async () => {
    const { secret } = await newAccount();
    const response = await call(
      "/v1/keys",
      withKey(secret, { method: "POST", headers: { "Content-Type": "application/json" }, body: "{name:" }),
    );
    expect(response.status).toBe(400);
    expect(((await response.json()) as any).error.code).toBe("invalid_request");
  });

  it("puts a request id on every kind of answer", async () => {
    const answers = await Promise.all([
      call("/v1/health"),
      call("/v1/openapi.json"),
      call("/docs"),
      call("/v1/usage"),
      call("/nowhere"),
    ]);
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 401, 404]);
    for (const response of answers) expect(response.headers.get("X-Request-Id")).toMatch(/^req_/);
  });
});

describe("health", () => {
  it("reports operational with every component ok and the version", async () => {
    const response = await call("/v1/health");
    const body = (await response.json()) as any;
    expect(response.status).toBe(200);
    expect(body.data.status).toBe("operational");
    expect(body.data.components.d1.status).toBe("ok");
    expect(body.data.components.kv.status).toBe("ok");
    expect(body.data.version).toMatch(/^\d+\.\d+\.\d+/);
  });

  it("reports degraded when D1 fails", async () => {
    const brokenDb = { prepare: () => ({ first: () => Promise.reject(new Error("D1 is down")) }) };
    const response = await callApp(createApp(), "/v1/health", {}, { ...env, DB: brokenDb });
    const body = (await response.json()) as any;
    expect(response.status).toBe(200);
    expect(body.data.status).toBe("degraded");
    expect(body.data.components.d1.status).toBe("down");
    expect(body.data.components.kv.status).toBe("ok");
    expect(JSON.stringify(body)).not.toContain("D1 is down");
  });
});

describe("the bench's bare route", () => {
  it("answers /hello in development only: a deployed one would answer anyone unlimited", async () => {
    const local = await callApp(createApp(), "/hello", {}, { ...env, ENVIRONMENT: "development" });
    expect(await local.text()).toBe("hello");
    const deployed = await callApp(createApp(), "/hello", {}, { ...env, ENVIRONMENT: "production" });
    expect(deployed.status).toBe(404);
    expect(((await deployed.json()) as any).error.code).toBe("not_found");
  });
});

describe("CSV output", () => {
  const rows = [
    { id: 1, name: 'Lamp, "brass"', tags: ["a", "b"] },
    { id: 2, name: "Line\nbreak", price: { amount: 4.5, currency: "GBP" } },
  ];

  it("writes the union of flattened paths, lists of scalars joined, RFC 4180 quoting, and parses back", () => {
    const csv = toCsv(rows);
    expect(csv.split("\r\n")[0]).toBe("id,name,tags,price.amount,price.currency");
    const parsed = parse(csv, { columns: true }) as Record<string, string>[];
    expect(parsed).toEqual([
      { id: "1", name: 'Lamp, "brass"', tags: "a | b", "price.amount": "", "price.currency": "" },
      { id: "2", name: "Line\nbreak", tags: "", "price.amount": "4.5", "price.currency": "GBP" },
    ]);
  });

  it("spreads a list of objects into numbered columns and keeps an empty list as one empty cell", () => {
    const csv = toCsv([{ offers: [{ platform: "booking", price: 80 }, { platform: "expedia" }], amenities: [] }]);
    expect(parse(csv, { columns: true })).toEqual([
      { "offers.0.platform": "booking", "offers.0.price": "80", "offers.1.platform": "expedia", amenities: "" },
    ]);
  });

  it("writes the header it is given when there is no row", () => {
    expect(toCsv([], ["date", "price.amount"])).toBe("date,price.amount\r\n");
  });

  it("is chosen by format=csv or Accept: text/csv", async () => {
    const app = createApp((app) => {
      app.get("/list", (c) => (wantsCsv(c) ? csvResponse(c, rows) : c.json(successBody(c, rows))));
    });
    const byQuery = await callApp(app, "/list?format=csv", {});
    expect(byQuery.headers.get("Content-Type")).toContain("text/csv");
    expect(await byQuery.text()).toContain('"Lamp, ""brass"""');
    const byAccept = await callApp(app, "/list", { headers: { Accept: "text/csv" } });
    expect(byAccept.headers.get("Content-Type")).toContain("text/csv");
    const json = await callApp(app, "/list", {});
    expect(json.headers.get("Content-Type")).toContain("application/json");
  });
});

describe("documentation", () => {
  it("serves /docs as HTML that loads the OpenAPI document", async () => {
    const response = await call("/docs");
    expect(response.headers.get("Content-Type")).toContain("text/html");
    expect(await response.text()).toContain("/v1/openapi.json");
  });

  it("declares both key headers as security schemes", async () => {
    const doc = (await (await call("/v1/openapi.json")).json()) as any;
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.components.securitySchemes.ApiKeyHeader).toEqual({ type: "apiKey", in: "header", name: "X-API-KEY" });
    expect(doc.components.securitySchemes.BearerAuth.scheme).toBe("bearer");
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(["/v1/health", "/v1/usage", "/v1/keys"]));
  });
});

// Keeps the helper honest: a route built with defineRoute validates through the shared hook.
describe("validation hook", () => {
  it("turns every failing query parameter into a detail", async () => {
    const app = createApp((app) => {
      const route = defineRoute({
        access: apiKey(null),
        method: "get",
        path: "/v1/probe",
        request: { query: z.object({ page: z.coerce.number().int().min(1), limit: z.coerce.number().int().max(100) }) },
        responses: { 200: { description: "ok" } },
      });
      app.openapi(route, (c) => c.json(successBody(c, c.req.valid("query")), 200));
    });
    const { secret } = await newAccount();
    const response = await callApp(app, "/v1/probe?page=abc&limit=101", withKey(secret));
    const body = (await response.json()) as any;
    expect(response.status).toBe(400);
    expect(body.error.details.map((d: any) => d.parameter).sort()).toEqual(["limit", "page"]);
  });
});
