// POST /mcp: the API as a remote MCP server (Streamable HTTP transport, stateless, JSON answers).
// No session outlives a request: the key is checked on every POST, and each tool call runs its
// route through the app itself with the caller's key, so scope, limits and usage are the route's.
import type { OpenAPIHono } from "@hono/zod-openapi";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import type { AppEnv } from "../env";
import { ApiError } from "../errors";
import { identifyKey } from "../middleware/auth";
import type { OpenApiDocument } from "../mcp/derive";
import { buildTools, createMcpServer, type McpTools } from "../mcp/server";
import { version } from "../../package.json";

/** What a tool call's request takes from the caller's: the key, and the address the anonymous limiter counts refusals by. */
const CALLER_HEADERS = ["X-API-KEY", "Authorization", "CF-Connecting-IP"];

export function registerMcp(app: OpenAPIHono<AppEnv>) {
  // Derived on first use, when every route is registered; the same for every request of the isolate.
  let tools: McpTools | undefined;

  app.post("/mcp", async function mcp(c) {
    try {
      // Protocol messages (initialize, tools/list) need a live key but cost nothing; tool calls are counted by their routes.
      await identifyKey(c);
    } catch (err) {
      // RFC 6750 §3: a 401 for a bearer-token resource names the scheme, which MCP clients read.
      if (err instanceof ApiError && err.code === "unauthorized") c.header("WWW-Authenticate", 'Bearer realm="mcp"');
      throw err;
    }
    const doc = app.getOpenAPI31Document({ openapi: "3.1.0", info: { title: "Web Data API", version } });
    tools ??= buildTools(doc as unknown as OpenApiDocument);
    const dispatch = async (request: Request) => {
      for (const name of CALLER_HEADERS) {
        const value = c.req.header(name);
        if (value !== undefined) request.headers.set(name, value);
      }
      return app.fetch(request, c.env, c.executionCtx);
    };
    const server = createMcpServer({ tools, dispatch, base: new URL(c.req.url).origin, version });
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    await server.connect(transport);
    return transport.handleRequest(c.req.raw);
  });
}
