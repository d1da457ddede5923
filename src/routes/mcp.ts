// POST /mcp: the API as a remote MCP server (Streamable HTTP transport, stateless, JSON answers).
// No session outlives a request: the key is checked and every message counted on each POST, tool
// calls included, before any is read; each tool call then runs its route in-process as the caller
// (src/in-process.ts) on the unit taken here, so its scope, answer and month charge are the route's.
import type { OpenAPIHono } from "@hono/zod-openapi";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import type { Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { AppEnv } from "../env";
import { ApiError } from "../errors";
import { admit, identifyKey, requireAccess } from "../middleware/auth";
import { settleCharge } from "../middleware/charge";
import { refundForAccount } from "../durable/account-meter-client";
import { afterRefund, rateLimitHeaders } from "../durable/limit-headers";
import { log } from "../log";
import type { OpenApiDocument } from "../mcp/derive";
import { buildTools, createMcpServer, type McpTools } from "../mcp/server";
import { version } from "../../package.json";
import { publicOrigin } from "../public-origin";
import { PUBLIC } from "./define-route";

/** Messages one POST may carry (the SDK allows 100): a batch is answered in one piece, from memory. */
const MAX_BATCH = 20;
/** A request body, as the SDK's own default. */
const MAX_BODY_BYTES = 4 * 1024 * 1024;
/** An answer: past this, a batch asked for more than one request may return. */
const MAX_ANSWER_BYTES = 4 * 1024 * 1024;

/** A JSON-RPC error for the whole request (no message id), as the transport answers its own refusals. */
function rpcError(c: Context<AppEnv>, status: ContentfulStatusCode, code: number, message: string) {
  return c.json({ jsonrpc: "2.0", error: { code, message }, id: null }, status);
}

/** A tool call, whatever its name and arguments: counted here like every message, its month settled by its answer. */
const isToolCall = (message: unknown) => (message as { method?: unknown } | null)?.method === "tools/call";

/** Where a client reads how to reach /mcp (RFC 9728 §3.1: the resource's path after the well-known name). */
const RESOURCE_METADATA_PATH = "/.well-known/oauth-protected-resource/mcp";

/**
 * OAuth 2.0 Protected Resource Metadata (RFC 9728) for /mcp. It names no authorization server:
 * there is no OAuth flow to run. The bearer token is the API key, sent in a header, and the
 * documentation says where to get one; a client reading this knows to ask its user for a key
 * rather than open a browser.
 */
const resourceMetadata = (origin: string) => ({
  resource: `${origin}/mcp`,
  resource_name: "Web Data API (MCP)",
  bearer_methods_supported: ["header"],
  resource_documentation: `${origin}/docs`,
});

/**
 * Tool calls whose answer held no data (refused arguments, an unknown tool, an error, an empty
 * answer) give their month unit back, as their route's call would over REST (charging.ts); the
 * minute window keeps them.
 */
function giveBackUncharged(c: Context<AppEnv>, units: number) {
  const [charge, limits, identity] = [c.get("charge"), c.get("limits"), c.get("identity")];
  if (units <= 0 || charge?.settled !== false || !charge.idempotencyKey || !limits || !identity) return;
  const refunded = afterRefund(limits, units);
  c.set("limits", refunded);
  // A refusal of the whole answer later gives back only the rest.
  c.set("charge", { ...charge, units: charge.units - units });
  for (const [name, value] of Object.entries(rateLimitHeaders(refunded))) c.header(name, value);
  const sent = refundForAccount(c.env, identity.accountId, charge.idempotencyKey, units).catch((err) =>
    log.error("refund not sent", { error: err }),
  );
  c.executionCtx.waitUntil(sent);
}

export function registerMcp(app: OpenAPIHono<AppEnv>) {
  // Derived on first use, when every route is registered; the same for every request of the isolate.
  let tools: McpTools | undefined;

  // The path-specific name first, then the bare one that clients fall back to (RFC 9728 §3.1).
  for (const path of [RESOURCE_METADATA_PATH, "/.well-known/oauth-protected-resource"]) {
    app.get(path, requireAccess(PUBLIC), (c) => c.json(resourceMetadata(publicOrigin(c.env, c.req.url))));
  }

  app.post(
    "/mcp",
    // Its own messages are charged by the API's rule (a refused body gives its unit back); tool calls by their routes.
    settleCharge(),
    async function mcpKey(c, next) {
      try {
        c.set("identity", await identifyKey(c));
      } catch (err) {
        // RFC 6750 §3: a 401 for a bearer-token resource names the scheme; RFC 9728 §5.1 adds where
        // its metadata is, which MCP clients read before anything else.
        if (err instanceof ApiError && err.code === "unauthorized") {
          const metadata = `${publicOrigin(c.env, c.req.url)}${RESOURCE_METADATA_PATH}`;
          c.header("WWW-Authenticate", `Bearer realm="mcp", resource_metadata="${metadata}"`);
        }
        throw err;
      }
      return next();
    },
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) =>
        rpcError(c, 413, -32600, `Invalid Request: a request body holds at most ${MAX_BODY_BYTES} bytes.`),
    }),
    async function mcp(c) {
      tools ??= buildTools(
        app.getOpenAPI31Document({
          openapi: "3.1.0",
          info: { title: "Web Data API", version },
        }) as unknown as OpenApiDocument,
      );
      const body: unknown = await c.req.json().catch(() => undefined);
      const messages = body === undefined ? [] : Array.isArray(body) ? body : [body];
      const valid = body !== undefined && messages.length > 0 && messages.length <= MAX_BATCH;
      // Every message is one request of the account, as a REST call is (a refused body counts as one),
      // a tool call included: counted here, before its name or arguments are read, in one round trip.
      await admit(c, c.get("identity"), valid ? messages.length : 1);
      if (body === undefined) return rpcError(c, 400, -32700, "Parse error: the body is not JSON.");
      if (!valid)
        return rpcError(
          c,
          400,
          -32600,
          `Invalid Request: a batch holds 1 to ${MAX_BATCH} messages; this one has ${messages.length}.`,
        );

      // Each tool call runs its route in-process as the caller, whose key was verified above: the
      // route's own guard checks the scope; its unit, taken above, is settled by its answer.
      const toolCalls = messages.filter(isToolCall).length;
      let charged = 0;
      const dispatch = async (request: Request) => {
        const run = await c
          .get("inProcess")
          .run(c.env, c.executionCtx as ExecutionContext, c.get("identity"), request, { prepaid: c.get("limits") });
        if (run.charged) charged += 1;
        return run.response;
      };
      const server = createMcpServer({ tools, dispatch, base: new URL(c.req.url).origin, version });
      const transport = new WebStandardStreamableHTTPServerTransport({
        sessionIdGenerator: undefined,
        enableJsonResponse: true,
      });
      await server.connect(transport);
      const answer = await transport.handleRequest(c.req.raw, { parsedBody: body });
      giveBackUncharged(c, toolCalls - charged);
      const bytes = await answer.arrayBuffer();
      if (bytes.byteLength > MAX_ANSWER_BYTES)
        return rpcError(
          c,
          400,
          -32600,
          `Invalid Request: the answers come to ${bytes.byteLength} bytes, over the ${MAX_ANSWER_BYTES} one answer may hold; send fewer messages at a time.`,
        );
      // Through the context, so the account's rate-limit headers set above go with it.
      return c.body(bytes, answer.status as ContentfulStatusCode, Object.fromEntries(answer.headers.entries()));
    },
  );
}
