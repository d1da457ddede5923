// Turns a route's operation in the OpenAPI document (itself generated from the routes' zod schemas)
// into an MCP tool: its input schema from the route's parameters or JSON body, its output schema
// from the route's success answer, and the HTTP request that one call of the tool makes.
import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import { ApiError } from "../errors";

export type JsonSchema = { [key: string]: unknown };

/** The parts of an OpenAPI 3.1 document a tool is derived from. */
export interface OpenApiDocument {
  paths?: Record<string, Record<string, unknown> | undefined>;
  components?: { schemas?: Record<string, unknown> };
}

interface Parameter {
  name: string;
  in: "path" | "query" | "header" | "cookie";
  required?: boolean;
  description?: string;
  schema?: JsonSchema;
}

interface Operation {
  summary?: string;
  description?: string;
  "x-access"?: string;
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
}

/** Which route a tool runs, and how the tool narrows it. */
export interface ToolRoute {
  method: "get" | "post";
  /** The route's path as the OpenAPI document writes it, e.g. `/v1/{platform}`. */
  path: string;
  /** Query parameters the tool always sends and does not offer, e.g. `format: "json"`. */
  fixed?: Record<string, string>;
  /** Query parameters sent unless the caller gives them (a smaller page of text than the route's default). */
  defaults?: Record<string, string>;
  /** Upper bounds the tool holds a parameter to, below what the route allows. */
  maxima?: Record<string, number>;
}

/** Where each tool argument goes in the HTTP request. */
interface Binding {
  name: string;
  in: "path" | "query" | "header";
}

export interface DerivedTool {
  tool: Tool;
  /** The route's access label, e.g. `key:travel:read`. */
  access: string;
  /** The method, path and body of one call with `args`; `base` is the API's origin. Throws `invalid_request` for a missing or out-of-bounds argument. */
  request(args: Record<string, unknown>, base: string): Request;
}

const COMPONENT_REF = "#/components/schemas/";

/** A schema that is only a reference to a component: that component. */
function resolved(schema: JsonSchema, doc: OpenApiDocument): JsonSchema {
  const ref = schema.$ref;
  if (typeof ref !== "string" || !ref.startsWith(COMPONENT_REF)) return schema;
  return (doc.components?.schemas?.[ref.slice(COMPONENT_REF.length)] as JsonSchema | undefined) ?? schema;
}

/** `schema` with component references rewritten to `#/$defs/…`, and the components it reaches in `$defs`. */
function selfContained(schema: JsonSchema, doc: OpenApiDocument): JsonSchema {
  const defs: Record<string, unknown> = {};
  const rewrite = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(rewrite);
    if (value === null || typeof value !== "object") return value;
    const out: JsonSchema = {};
    for (const [key, inner] of Object.entries(value)) {
      if (key === "$ref" && typeof inner === "string" && inner.startsWith(COMPONENT_REF)) {
        const name = inner.slice(COMPONENT_REF.length);
        if (!(name in defs)) {
          defs[name] = {}; // claimed before the walk, so a recursive schema ends
          defs[name] = rewrite(doc.components?.schemas?.[name]);
        }
        out[key] = `#/$defs/${name}`;
      } else out[key] = rewrite(inner);
    }
    return out;
  };
  // MCP wants an object schema at the root, not a reference to one.
  const root = rewrite(resolved(schema, doc)) as JsonSchema;
  return Object.keys(defs).length > 0 ? { ...root, $defs: defs } : root;
}

/** A header parameter's argument name: `x-currency` → `currency`. */
const argumentName = (parameter: Parameter) =>
  parameter.in === "header" ? parameter.name.toLowerCase().replace(/^x-/, "").replaceAll("-", "_") : parameter.name;

/** The object schema a success answer (the lowest 2xx) of the operation has. */
function answerSchema(operation: Operation, doc: OpenApiDocument): JsonSchema {
  const status = Object.keys(operation.responses ?? {})
    .filter((code) => /^2\d\d$/.test(code))
    .sort()[0];
  const schema = status ? operation.responses?.[status]?.content?.["application/json"]?.schema : undefined;
  if (!schema) throw new Error("the route has no JSON success answer");
  return selfContained(schema, doc);
}

function operationOf(doc: OpenApiDocument, route: ToolRoute): Operation {
  const operation = doc.paths?.[route.path]?.[route.method] as Operation | undefined;
  if (!operation) throw new Error(`${route.method.toUpperCase()} ${route.path} is not in the OpenAPI document`);
  return operation;
}

/** Builds one tool from its route's operation; throws when the route is missing, so a renamed route cannot go unnoticed. */
export function deriveTool(
  doc: OpenApiDocument,
  spec: { name: string; title: string; lead: string; route: ToolRoute; readOnly: boolean },
): DerivedTool {
  const { route } = spec;
  const operation = operationOf(doc, route);
  const access = operation["x-access"] ?? "public";
  const parameters = (operation.parameters ?? []).filter((p) => p.in !== "cookie" && !(p.name in (route.fixed ?? {})));
  const bindings = new Map<string, Binding>(
    parameters.map((p) => [argumentName(p), { name: p.name, in: p.in } as Binding]),
  );

  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const parameter of parameters) {
    const name = argumentName(parameter);
    const schema: JsonSchema = { ...parameter.schema };
    if (parameter.description && !schema.description) schema.description = parameter.description;
    if (route.maxima?.[name] !== undefined) schema.maximum = route.maxima[name];
    properties[name] = schema;
    if (parameter.required) required.push(name);
  }
  const bodySchema = operation.requestBody?.content?.["application/json"]?.schema;
  const body = bodySchema ? selfContained(bodySchema, doc) : undefined;
  const inputSchema = body
    ? { ...body, type: "object" as const }
    : { type: "object" as const, properties, required, additionalProperties: false };

  const scope = access.startsWith("key:") ? access.slice(4) : null;
  const description = [
    spec.lead,
    operation.summary && `Runs ${route.method.toUpperCase()} ${route.path}: ${operation.summary}.`,
    operation.description,
    scope
      ? `Needs a key holding \`${scope}\`; each call counts as one request against the plan.`
      : "Each call counts as one request against the plan.",
  ]
    .filter(Boolean)
    .join(" ");

  return {
    access,
    tool: {
      name: spec.name,
      title: spec.title,
      description,
      inputSchema: selfContained(inputSchema, doc) as Tool["inputSchema"],
      outputSchema: answerSchema(operation, doc) as Tool["outputSchema"],
      annotations: {
        title: spec.title,
        readOnlyHint: spec.readOnly,
        destructiveHint: false,
        idempotentHint: spec.readOnly,
        openWorldHint: true,
      },
    },
    request(args, base) {
      for (const name of required) {
        if (args[name] === undefined || args[name] === null)
          throw new ApiError("invalid_request", `\`${name}\` is required.`, {
            details: [{ parameter: name, message: "required" }],
          });
      }
      for (const [name, maximum] of Object.entries(route.maxima ?? {})) {
        if (Number(args[name]) > maximum)
          throw new ApiError("invalid_request", `\`${name}\` is at most ${maximum} through this tool.`, {
            details: [{ parameter: name, message: `at most ${maximum}` }],
          });
      }
      let path = route.path;
      const query = new URLSearchParams({ ...route.defaults, ...route.fixed });
      const headers = new Headers({ Accept: "application/json" });
      const rest: Record<string, unknown> = {};
      for (const [name, value] of Object.entries(args)) {
        const binding = bindings.get(name);
        if (value === undefined || value === null) continue;
        const text = Array.isArray(value) ? value.join(",") : String(value);
        if (binding?.in === "path") path = path.replace(`{${binding.name}}`, encodeURIComponent(text));
        else if (binding?.in === "header") headers.set(binding.name, text);
        else if (binding?.in === "query" || !body)
          query.set(name, text); // unknown names reach the route, which refuses them by name
        else rest[name] = value;
      }
      const url = new URL(path, base);
      url.search = query.toString();
      if (!body) return new Request(url, { method: route.method.toUpperCase(), headers });
      headers.set("Content-Type", "application/json");
      return new Request(url, { method: route.method.toUpperCase(), headers, body: JSON.stringify(rest) });
    },
  };
}
