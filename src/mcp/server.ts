// The MCP server behind POST /mcp: lists the tools derived from the routes and runs each call as
// one request to the route itself, with the caller's key, so the route's guard checks the scope
// exactly as it would over REST (the call was counted when the POST arrived, routes/mcp.ts).
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { jsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/types.js";
import { ApiError } from "../errors";
import { BodyTooLarge, readJson } from "../net/read-body";
import { deriveTool, type DerivedTool, type OpenApiDocument } from "./derive";
import { TOOL_SPECS } from "./tools";

/** Sends one request through the whole API (its guards, limits and handlers) and returns its answer. */
export type Dispatch = (request: Request) => Promise<Response>;

/** A tool result carries the route's answer twice (text and structured) in an MCP answer of at most 4 MB. */
const MAX_TOOL_ANSWER_BYTES = 2 * 1024 * 1024;

/** The `_meta` prefix of what the tool results carry beside the answer. */
const META = "webdata";

const INSTRUCTIONS =
  "Structured web data: a dataset catalogue, marketplace products and hotel search. " +
  "Each message, a tool call included, is one request against your plan's per-minute and monthly limits; " +
  "`_meta` of every result carries `webdata/rate_limit` and `webdata/request_id`. " +
  "Errors are the API's own sentences; `rate_limited` says when to retry.";

export interface McpTools {
  byName: Map<string, DerivedTool & { summarize: (answer: unknown) => string; summaryOnly?: boolean }>;
  /** What tools/list answers, built with the tools. */
  list: DerivedTool["tool"][];
}

/** Every tool, derived once from the OpenAPI document the routes generate. */
export function buildTools(doc: OpenApiDocument): McpTools {
  const byName = new Map(
    TOOL_SPECS.map((spec) => [
      spec.name,
      { ...deriveTool(doc, spec), summarize: spec.summarize, summaryOnly: spec.summaryOnly },
    ]),
  );
  return { byName, list: [...byName.values()].map((tool) => tool.tool) };
}

/** The headers of an answer an agent needs to pace itself, as `_meta`. */
function rateLimitMeta(response: Response) {
  const number = (name: string) => {
    const value = response.headers.get(name);
    return value === null ? undefined : Number(value);
  };
  return {
    limit: number("X-RateLimit-Limit"),
    remaining: number("X-RateLimit-Remaining"),
    reset_seconds: number("X-RateLimit-Reset"),
    retry_after_seconds: number("Retry-After"),
    policy: response.headers.get("RateLimit-Policy") ?? undefined,
    state: response.headers.get("RateLimit") ?? undefined,
  };
}

type ErrorEnvelope = { error: { code: string; message: string; details?: { parameter: string; message: string }[] } };

/** An error answer as a tool error: the API's code and sentence, each bad parameter on its own line. */
function toolError(code: string, message: string, details: ErrorEnvelope["error"]["details"] = []): CallToolResult {
  const lines = [`${code}: ${message}`, ...details.map((d) => `- ${d.parameter}: ${d.message}`)];
  return {
    isError: true,
    content: [{ type: "text", text: lines.join("\n") }],
    _meta: { [`${META}/error_code`]: code },
  };
}

async function callTool(
  tools: McpTools,
  dispatch: Dispatch,
  base: string,
  name: string,
  args: Record<string, unknown>,
): Promise<CallToolResult> {
  const tool = tools.byName.get(name);
  if (!tool) return toolError("not_found", `No tool \`${name}\`; tools/list names them.`);
  let request: Request;
  try {
    request = tool.request(args, base);
  } catch (err) {
    if (err instanceof ApiError) return toolError(err.code, err.message, err.details);
    throw err;
  }
  const response = await dispatch(request);
  const meta = {
    [`${META}/status`]: response.status,
    [`${META}/request_id`]: response.headers.get("X-Request-Id") ?? undefined,
    [`${META}/rate_limit`]: rateLimitMeta(response),
  };
  const read = await readJson<Record<string, unknown> | null>(response, MAX_TOOL_ANSWER_BYTES).catch((err) => err);
  if (read instanceof BodyTooLarge) {
    const result = toolError(
      "invalid_request",
      `The route's answer is ${read.message}, more than a tool result holds; ask for less (a smaller limit, fewer fields).`,
    );
    return { ...result, _meta: { ...result._meta, ...meta } };
  }
  const body = read instanceof Error ? null : (read as Record<string, unknown> | null);
  if (!response.ok || body?.status !== "success") {
    const error = (body as ErrorEnvelope | null)?.error;
    const result = toolError(
      error?.code ?? "internal",
      error?.message ?? `The route answered ${response.status}.`,
      error?.details,
    );
    return { ...result, _meta: { ...result._meta, ...meta } };
  }
  return {
    // The summary for the agent to read, then the whole answer as JSON for clients that show no structured content.
    content: [
      { type: "text", text: tool.summarize(body) },
      // A tool whose summary is the answer (a page's text) sends it once: an agent's context is not spent twice.
      ...(tool.summaryOnly ? [] : [{ type: "text" as const, text: JSON.stringify(body) }]),
    ],
    structuredContent: body,
    _meta: meta,
  };
}

/**
 * This server never validates JSON Schemas itself (it asks clients nothing); the SDK's default
 * validator (ajv) compiles schemas to code, which Workers forbid, so none is built.
 */
const noValidator: jsonSchemaValidator = {
  getValidator() {
    throw new Error("this server validates no JSON Schema");
  },
};

/** A fresh server for one HTTP request: the transport is stateless, so nothing outlives the request. */
export function createMcpServer(options: { tools: McpTools; dispatch: Dispatch; base: string; version: string }) {
  const server = new Server(
    { name: "webdata-api", title: "Web Data API", version: options.version },
    { capabilities: { tools: {} }, instructions: INSTRUCTIONS, jsonSchemaValidator: noValidator },
  );
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: options.tools.list }));
  server.setRequestHandler(CallToolRequestSchema, (request) =>
    callTool(options.tools, options.dispatch, options.base, request.params.name, request.params.arguments ?? {}),
  );
  return server;
}
