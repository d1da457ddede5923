// The playground's endpoints and their forms, read from the OpenAPI document of the data routes
// (the same route definitions, built from the same zod schemas, as /v1/openapi.json), so a new
// data route or parameter shows up without editing this.
import { isRunnablePath } from "../in-process";
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../env";

export interface ParameterSchema {
  type?: string;
  enum?: (string | number)[];
  minimum?: number;
  maximum?: number;
  default?: unknown;
  example?: unknown;
  description?: string;
  pattern?: string;
}

export interface PlaygroundParameter {
  name: string;
  in: "path" | "query";
  required: boolean;
  description: string;
  schema: ParameterSchema;
  example: string;
}

export interface PlaygroundOperation {
  /** The OpenAPI path, e.g. `/v1/{platform}/search`; it names the operation in the form. */
  path: string;
  group: string;
  summary: string;
  parameters: PlaygroundParameter[];
}

interface RawParameter {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  example?: unknown;
  schema?: ParameterSchema;
}
const cached = new WeakMap<object, PlaygroundOperation[]>();

const asText = (value: unknown) =>
  value === undefined || value === null ? "" : typeof value === "string" ? value : JSON.stringify(value);

export function playgroundOperations(app: Pick<OpenAPIHono<AppEnv>, "getOpenAPI31Document">): PlaygroundOperation[] {
  const known = cached.get(app);
  if (known) return known;
  const doc = app.getOpenAPI31Document({ openapi: "3.1.0", info: { title: "playground", version: "1" } });
  const operations: PlaygroundOperation[] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    // biome-ignore lint/suspicious/noExplicitAny: OpenAPI objects carry our extension `x-access`
    const get = (item as any)?.get;
    if (!get || !String(get["x-access"] ?? "").startsWith("key") || !isRunnablePath(path)) continue;
    const parameters = ((get.parameters ?? []) as RawParameter[])
      .filter((p) => p.in === "path" || p.in === "query")
      .map((p): PlaygroundParameter => {
        const schema = (p.schema ?? {}) as ParameterSchema;
        return {
          name: p.name,
          in: p.in as PlaygroundParameter["in"],
          required: p.in === "path" || p.required === true,
          description: p.description ?? schema.description ?? "",
          schema,
          example: asText(p.example ?? schema.example),
        };
      })
      .sort((a, b) => Number(b.in === "path") - Number(a.in === "path"));
    operations.push({ path, group: get.tags?.[0] ?? "other", summary: get.summary ?? path, parameters });
  }
  cached.set(app, operations);
  return operations;
}

/** The request path and query a filled form asks for; empty fields are left out, path fields are required. */
export function requestPath(
  operation: PlaygroundOperation,
  values: Record<string, string>,
): { path: string; missing: string[] } {
  const missing: string[] = [];
  let path = operation.path;
  const query = new URLSearchParams();
  for (const parameter of operation.parameters) {
    const value = (values[parameter.name] ?? "").trim();
    if (parameter.in === "path") {
      if (!value) missing.push(parameter.name);
      path = path.replace(`{${parameter.name}}`, encodeURIComponent(value));
    } else if (value) query.set(parameter.name, value);
  }
  const search = query.toString();
  return { path: search ? `${path}?${search}` : path, missing };
}
