// The reference at /docs is the customers' OpenAPI document (the operator's is a second one): every operation explains itself and shows an
// example of each input and of its answer, and every example is one the route itself accepts.
import { z, type OpenAPIHono } from "@hono/zod-openapi";
import { validate } from "@readme/openapi-parser";
import { describe, expect, it } from "vitest";
import { createApp } from "../../src/app";
import { successBody } from "../../src/envelope";
import { apiKey, defineRoute } from "../../src/routes/define-route";
import { ADMIN_TOKEN, call } from "./helpers";

const METHODS = ["get", "put", "post", "delete", "patch"] as const;

type Doc = { paths: Record<string, Record<string, any>>; components?: { schemas?: Record<string, any> } };

interface Operation {
  name: string;
  method: string;
  path: string;
  operation: any;
}

function operationsOf(doc: Doc): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    METHODS.filter((method) => item[method]).map((method) => ({
      name: `${method.toUpperCase()} ${path}`,
      method,
      path,
      operation: item[method],
    })),
  );
}

function resolve(doc: Doc, schema: any): any {
  const ref: string | undefined = schema?.$ref;
  return ref ? resolve(doc, doc.components?.schemas?.[ref.replace("#/components/schemas/", "")]) : schema;
}

/** The example a schema or media type shows: `example`, or the first of `examples` (a list in a schema, a map in a media type). */
function exampleOf(doc: Doc, holder: any): unknown {
  if (!holder) return undefined;
  if (holder.example !== undefined) return holder.example;
  const examples = holder.examples;
  if (Array.isArray(examples)) return examples[0];
  if (examples && typeof examples === "object") return (Object.values(examples)[0] as { value?: unknown })?.value;
  return holder.schema ? exampleOf(doc, resolve(doc, holder.schema)) : undefined;
}

/** The lowest 2xx answer: what a successful call returns. */
const successStatus = (operation: any) =>
  Object.keys(operation.responses ?? {})
    .filter((status) => /^2\d\d$/.test(status))
    .sort()[0];

/** What an operation lacks for the reference to be complete; empty when nothing is missing. */
export function gapsIn(doc: Doc): string[] {
  const gaps: string[] = [];
  for (const { name, operation } of operationsOf(doc)) {
    if (!operation.summary?.trim()) gaps.push(`${name}: no summary`);
    if (!operation.description?.trim()) gaps.push(`${name}: no description`);
    for (const param of operation.parameters ?? []) {
      if (exampleOf(doc, param) === undefined) gaps.push(`${name}: no example for ${param.in} parameter ${param.name}`);
    }
    const body = operation.requestBody?.content?.["application/json"];
    if (body && exampleOf(doc, body) === undefined) gaps.push(`${name}: no request body example`);
    const status = successStatus(operation);
    const json = status && operation.responses[status].content?.["application/json"];
    if (!status) gaps.push(`${name}: no success response`);
    else if (json && exampleOf(doc, json) === undefined) gaps.push(`${name}: no example for its ${status} answer`);
    else if (!json && !operation.responses[status].content) gaps.push(`${name}: its ${status} answer has no content`);
  }
  return gaps;
}

const PARAMETER_PARTS = [
  ["query", "query"],
  ["params", "path"],
  ["headers", "header"],
] as const;

/** Examples the route's own zod schemas refuse: parameters as the query string would carry them, bodies and answers as JSON. */
export function refusedExamples(doc: Doc, app: OpenAPIHono<any>): string[] {
  const refused: string[] = [];
  for (const definition of app.openAPIRegistry.definitions) {
    if (definition.type !== "route") continue;
    const { method, path, request, responses } = definition.route;
    const name = `${method.toUpperCase()} ${path}`;
    const operation = doc.paths[path]?.[method];
    if (!operation) {
      refused.push(`${name}: not in the document`);
      continue;
    }
    const check = (what: string, schema: unknown, example: unknown) => {
      const result = (schema as z.ZodType).safeParse(example);
      if (!result.success) refused.push(`${name}: ${what} example refused: ${z.prettifyError(result.error)}`);
    };
    for (const [part, location] of PARAMETER_PARTS) {
      if (!request?.[part]) continue;
      const params = (operation.parameters ?? []).filter((param: any) => param.in === location);
      check(
        `${location} parameters`,
        request[part],
        Object.fromEntries(params.map((param: any) => [param.name, String(exampleOf(doc, param))])),
      );
    }
    const body = request?.body?.content["application/json"] as { schema?: unknown } | undefined;
    if (body?.schema)
      check("request body", body.schema, exampleOf(doc, operation.requestBody.content["application/json"]));
    const status = successStatus(operation);
    const answer = status ? (responses[status] as any)?.content?.["application/json"] : undefined;
    if (answer?.schema)
      check(
        `${status} answer`,
        answer.schema,
        exampleOf(doc, operation.responses[status!].content["application/json"]),
      );
  }
  return refused;
}

/** The customers' document (/v1/openapi.json) or the operator's (/v1/admin/openapi.json). */
async function servedDocument(path = "/v1/openapi.json"): Promise<Doc> {
  const response = await call(path, { headers: { "X-Admin-Token": ADMIN_TOKEN } });
  expect(response.status).toBe(200);
  return (await response.json()) as Doc;
}

const DOCUMENTS = ["/v1/openapi.json", "/v1/admin/openapi.json"];

describe("the OpenAPI documents at /v1/openapi.json and /v1/admin/openapi.json", () => {
  it("give every operation a summary, a description and examples of its inputs and its answer", async () => {
    const docs = await Promise.all(DOCUMENTS.map((path) => servedDocument(path)));
    const routes = createApp().openAPIRegistry.definitions.filter((definition) => definition.type === "route");
    // Between them, every route once.
    expect(docs.flatMap(operationsOf)).toHaveLength(routes.length);
    expect(docs.flatMap(gapsIn)).toEqual([]);
  });

  it("show only examples the routes themselves accept and answer", async () => {
    const [customers, operators] = await Promise.all(DOCUMENTS.map((path) => servedDocument(path)));
    const both = { ...customers!, paths: { ...customers!.paths, ...operators!.paths } };
    expect(refusedExamples(both, createApp())).toEqual([]);
  });

  it.each(DOCUMENTS)("%s is a valid OpenAPI 3.1 document", async (path) => {
    // The parser dereferences in place: it gets its own copy.
    const result = await validate(structuredClone(await servedDocument(path)) as never);
    expect(result.valid ? [] : result.errors.map((error) => error.message)).toEqual([]);
  });

  it("notices a route added without them", () => {
    const app = createApp((app) => {
      const route = defineRoute({
        access: apiKey(null),
        method: "post",
        path: "/v1/undocumented/{id}",
        request: {
          params: z.object({ id: z.string() }),
          body: { content: { "application/json": { schema: z.object({ name: z.string() }) } } },
        },
        responses: {
          200: { description: "ok", content: { "application/json": { schema: z.object({ ok: z.boolean() }) } } },
        },
      });
      app.openapi(route, (c) => c.json(successBody(c, { ok: true }), 200) as never);
    });
    const doc = app.getOpenAPI31Document({ openapi: "3.1.0", info: { title: "t", version: "1" } }) as Doc;
    expect(gapsIn(doc).filter((gap) => gap.startsWith("POST /v1/undocumented/{id}"))).toEqual([
      "POST /v1/undocumented/{id}: no summary",
      "POST /v1/undocumented/{id}: no description",
      "POST /v1/undocumented/{id}: no example for path parameter id",
      "POST /v1/undocumented/{id}: no request body example",
      "POST /v1/undocumented/{id}: no example for its 200 answer",
    ]);
  });

  it("notices an example its own route would refuse", () => {
    const app = createApp((app) => {
      const route = defineRoute({
        access: apiKey(null),
        method: "get",
        path: "/v1/misdocumented",
        summary: "s",
        description: "d",
        request: { query: z.object({ limit: z.coerce.number().int().max(100).openapi({ example: 500 }) }) },
        responses: {
          200: {
            description: "ok",
            content: { "application/json": { schema: z.object({ ok: z.boolean() }), example: { ok: "yes" } } },
          },
        },
      });
      app.openapi(route, (c) => c.json(successBody(c, { ok: true }), 200) as never);
    });
    const doc = app.getOpenAPI31Document({ openapi: "3.1.0", info: { title: "t", version: "1" } }) as Doc;
    const refused = refusedExamples(doc, app).filter((problem) => problem.startsWith("GET /v1/misdocumented"));
    expect(refused).toHaveLength(2);
    expect(refused[0]).toMatch(/^GET \/v1\/misdocumented: query parameters example refused: .*limit/s);
    expect(refused[1]).toMatch(/^GET \/v1\/misdocumented: 200 answer example refused: .*ok/s);
  });
});

describe("confidence in the OpenAPI document", () => {
  /** The `meta.completeness` schema of an operation's 200 answer, references followed. */
  async function completenessOf(path: string) {
    const doc = await servedDocument();
    const resolve = (schema: any): any =>
      schema?.$ref ? resolve(doc.components!.schemas![schema.$ref.split("/").at(-1)]) : schema;
    const answer = resolve(doc.paths[path]!.get.responses["200"].content["application/json"].schema);
    return resolve(resolve(answer.properties.meta).properties.completeness);
  }

  it("describes each field's confidence and the conflicting fields of a product answer", async () => {
    const completeness = await completenessOf("/v1/{platform}");
    expect(completeness.properties.confidence.description).toMatch(/right on the corpus of real pages/);
    expect(completeness.properties.conflicting.type).toBe("array");
  });

  it("describes each field's confidence of a hotel answer", async () => {
    const completeness = await completenessOf("/v1/travel/{platform}/hotels/search");
    expect(completeness.properties.confidence).toBeDefined();
  });
});
