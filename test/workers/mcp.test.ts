// POST /mcp inside workerd, spoken as raw JSON-RPC (the SDK's own client is used end to end in
// test/e2e/mcp.test.ts): tools come from the routes, and a tool call is the route's call.
import {
  discoverOAuthProtectedResourceMetadata,
  extractWWWAuthenticateParams,
} from "@modelcontextprotocol/sdk/client/auth.js";
import { beforeAll, describe, expect, it } from "vitest";
import { admin, call, newAccount, type TestAccount } from "./helpers";
import { importRecords } from "./dataset-fixtures";

let rpcId = 0;

async function rpc(secret: string | null, method: string, params: object = {}) {
  const response = await call("/mcp", {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      Accept: "application/json, text/event-stream",
      ...(secret ? { Authorization: `Bearer ${secret}` } : {}),
    },
    body: JSON.stringify({ jsonrpc: "2.0", id: ++rpcId, method, params }),
  });
  return { response, body: (await response.json()) as any };
}

const callTool = (secret: string, name: string, args: object) => rpc(secret, "tools/call", { name, arguments: args });

async function usedThisMonth(secret: string): Promise<number> {
  const response = await call("/v1/usage", { headers: { "X-API-KEY": secret } });
  return ((await response.json()) as any).data.month.used;
}

let owner: TestAccount;
let catalogueOnly: string;

beforeAll(async () => {
  owner = await newAccount({ plan: "pro" });
  const made = await admin(`/v1/admin/accounts/${owner.accountId}/keys`, "POST", {
    name: "catalogue only",
    scopes: ["catalogue:read"],
  });
  catalogueOnly = ((await made.json()) as any).data.secret;
});

describe("OAuth protected-resource metadata for /mcp (RFC 9728)", () => {
  it("names the resource, a bearer token in a header and the docs, and no authorization server to open", async () => {
    for (const path of ["/.well-known/oauth-protected-resource/mcp", "/.well-known/oauth-protected-resource"]) {
      const response = await call(path);
      expect(response.status, path).toBe(200);
      expect(await response.json()).toEqual({
        resource: "http://api.test/mcp",
        resource_name: "Web Data API (MCP)",
        bearer_methods_supported: ["header"],
        resource_documentation: "http://api.test/docs",
      });
    }
  });

  it("is what the MCP SDK's client finds from a 401's WWW-Authenticate header", async () => {
    const refused = await rpc(null, "tools/list");
    const metadataUrl = extractWWWAuthenticateParams(refused.response).resourceMetadataUrl;
    expect(metadataUrl?.href).toBe("http://api.test/.well-known/oauth-protected-resource/mcp");
    const found = await discoverOAuthProtectedResourceMetadata(
      "http://api.test/mcp",
      { resourceMetadataUrl: metadataUrl },
      (input, init) => call(new URL(String(input)).pathname, init),
    );
    expect(found.resource).toBe("http://api.test/mcp");
    expect(found.authorization_servers).toBeUndefined();
  });
});

describe("POST /mcp", () => {
  it("refuses a request without a key with 401 before any MCP message is read", async () => {
    const { response, body } = await rpc(null, "initialize", {
      protocolVersion: "2025-06-18",
      capabilities: {},
      clientInfo: { name: "t", version: "1" },
    });
    expect(response.status).toBe(401);
    expect(response.headers.get("WWW-Authenticate")).toBe(
      'Bearer realm="mcp", resource_metadata="http://api.test/.well-known/oauth-protected-resource/mcp"',
    );
    expect(body).toMatchObject({ status: "error", error: { code: "unauthorized" } });
    expect(body.error.message).toContain("This route needs an API key");
  });

  it("initializes statelessly (no session id) and names the server", async () => {
    const { response, body } = await rpc(owner.secret, "initialize", {
      protocolVersion: "2025-06-18",
      capabilities: {},
      clientInfo: { name: "t", version: "1" },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("mcp-session-id")).toBeNull();
    expect(body.result.serverInfo.name).toBe("webdata-api");
    expect(body.result.capabilities.tools).toBeDefined();
  });

  it("answers GET with 405 naming POST: the stateless server opens no event stream", async () => {
    const response = await call("/mcp", { headers: { Authorization: `Bearer ${owner.secret}` } });
    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toBe("POST");
  });

  it("lists the tools with input and output schemas taken from their routes", async () => {
    const before = await usedThisMonth(owner.secret);
    const { body } = await rpc(owner.secret, "tools/list");
    const tools = Object.fromEntries(body.result.tools.map((tool: any) => [tool.name, tool]));
    expect(Object.keys(tools).sort()).toEqual([
      "create_dataset",
      "create_job",
      "create_watch",
      "get_dataset",
      "get_dataset_records",
      "get_dataset_refresh",
      "get_hotel",
      "get_hotel_list",
      "get_hotel_page",
      "get_job",
      "get_product",
      "get_product_reviews",
      "read_page",
      "refresh_dataset",
      "search_datasets",
      "search_hotels",
      "search_products",
    ]);
    const hotels = tools.search_hotels;
    expect(hotels.inputSchema.required.sort()).toEqual(["check_in", "check_out", "destination", "platform"]);
    // The X-Currency header of the route is the `currency` argument; format is fixed to JSON.
    expect(hotels.inputSchema.properties.currency.description).toContain("ISO 4217");
    expect(hotels.inputSchema.properties.format).toBeUndefined();
    expect(hotels.outputSchema.properties.data.properties.hotels.type).toBe("array");
    expect(hotels.description).toContain("`travel:read`");
    expect(hotels.annotations.readOnlyHint).toBe(true);
    expect(tools.get_dataset_records.inputSchema.properties.limit.maximum).toBe(100);
    expect(tools.create_watch.inputSchema.required).toContain("kind");
    expect(tools.create_watch.annotations.readOnlyHint).toBe(false);
    // Where each value came from is one switch on the tools that read products and hotels.
    for (const name of ["get_product", "search_hotels", "get_hotel", "get_hotel_page"])
      expect(tools[name].inputSchema.properties.explain.enum, name).toEqual(["true", "false"]);
    // The listing is one request of the account, like any message; the usage read is never charged.
    expect(await usedThisMonth(owner.secret)).toBe(before + 1);
  });

  it("runs search_datasets as GET /v1/datasets: the same data, counted once, with the limits in _meta", async () => {
    const rest = await call("/v1/datasets?category=travel&limit=3", { headers: { "X-API-KEY": owner.secret } });
    const restBody = (await rest.json()) as any;
    const before = await usedThisMonth(owner.secret);
    const { body } = await callTool(owner.secret, "search_datasets", { category: "travel", limit: 3 });
    const result = body.result;
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent.data).toEqual(restBody.data);
    expect(result.structuredContent.meta.pagination).toEqual(restBody.meta.pagination);
    expect(result.content[0].text).toContain(`${restBody.meta.pagination.total} datasets match`);
    expect(result.content[0].text).toContain(restBody.data[0].slug);
    expect(result._meta["webdata/status"]).toBe(200);
    expect(result._meta["webdata/rate_limit"]).toMatchObject({ limit: 100, remaining: expect.any(Number) });
    expect(result._meta["webdata/request_id"]).toMatch(/^req_/);
    expect(await usedThisMonth(owner.secret)).toBe(before + 1);
  });

  it("answers a refused scope as a tool error with the API's sentence, not counted against the account", async () => {
    const rest = await call("/v1/amazon?asin=B0057OC5O8", { headers: { "X-API-KEY": catalogueOnly } });
    const restBody = (await rest.json()) as any;
    expect(rest.status).toBe(403);
    const before = await usedThisMonth(owner.secret);
    const { response, body } = await callTool(catalogueOnly, "get_product", { platform: "amazon", asin: "B0057OC5O8" });
    expect(response.status).toBe(200);
    expect(body.result.isError).toBe(true);
    expect(body.result.structuredContent).toBeUndefined();
    expect(body.result.content[0].text).toBe(`forbidden: ${restBody.error.message}`);
    expect(body.result._meta["webdata/status"]).toBe(403);
    expect(await usedThisMonth(owner.secret)).toBe(before);
  });

  it("passes invalid arguments to the route, whose 400 sentences come back as they are", async () => {
    const unknown = await callTool(owner.secret, "search_datasets", { colour: "red" });
    expect(unknown.body.result.isError).toBe(true);
    expect(unknown.body.result.content[0].text).toMatch(/^invalid_request: Unknown parameter `colour`.*\n- colour: /s);

    const rest = await call("/v1/datasets?limit=500", { headers: { "X-API-KEY": owner.secret } });
    const restError = ((await rest.json()) as any).error;
    const tooBig = await callTool(owner.secret, "search_datasets", { limit: 500 });
    expect(tooBig.body.result.content[0].text).toBe(
      [
        `invalid_request: ${restError.message}`,
        ...restError.details.map((d: any) => `- ${d.parameter}: ${d.message}`),
      ].join("\n"),
    );
    expect(restError.details[0].parameter).toBe("limit");
  });

  it("bounds get_dataset_records to 100 records a call and pages with the cursor", async () => {
    await importRecords(
      "amazon-electronics-prices-us",
      Array.from({ length: 5 }, (_, n) => ({ key: `amazon:B0MCP${n}`, id: `B0MCP${n}`, title: `Item ${n}` })),
    );
    const tooMany = await callTool(owner.secret, "get_dataset_records", {
      slug: "amazon-electronics-prices-us",
      limit: 101,
    });
    expect(tooMany.body.result.isError).toBe(true);
    expect(tooMany.body.result.content[0].text).toBe(
      "invalid_request: `limit` is at most 100 through this tool.\n- limit: at most 100",
    );

    const first = await callTool(owner.secret, "get_dataset_records", {
      slug: "amazon-electronics-prices-us",
      limit: 2,
    });
    const page = first.body.result.structuredContent;
    expect(page.data).toHaveLength(2);
    expect(page.meta.next_cursor).toEqual(expect.any(String));
    const next = await callTool(owner.secret, "get_dataset_records", {
      slug: "amazon-electronics-prices-us",
      limit: 2,
      cursor: page.meta.next_cursor,
    });
    expect(next.body.result.structuredContent.data[0]).not.toEqual(page.data[0]);
    expect(first.body.result.content[0].text).toContain(`more with cursor=${page.meta.next_cursor}`);
  });

  it("refuses a call with a missing required argument before reaching the route", async () => {
    const { body } = await callTool(owner.secret, "get_dataset", {});
    expect(body.result.content[0].text).toBe("invalid_request: `slug` is required.\n- slug: required");
  });

  it("starts a batch job with create_job and follows it with get_job", async () => {
    const created = await callTool(owner.secret, "create_job", {
      requests: [{ path: "/v1/datasets?limit=1" }, { path: "/v1/categories" }],
    });
    expect(created.body.result.isError, created.body.result.content[0].text).toBeFalsy();
    const job = created.body.result.structuredContent.data;
    expect(job).toMatchObject({ id: expect.any(String), total: 2 });
    expect(created.body.result.content[0].text).toContain(`follow it with get_job and id=${job.id}`);

    const read = await callTool(owner.secret, "get_job", { id: job.id });
    expect(read.body.result.structuredContent.data).toMatchObject({ id: job.id, total: 2 });
    expect(read.body.result.content[0].text).toMatch(new RegExp(`^Job ${job.id} \\w+: [\\d.]+% of 2 items`));

    const refused = await callTool(catalogueOnly, "create_job", { requests: [{ path: "/v1/categories" }] });
    expect(refused.body.result.content[0].text).toMatch(/^forbidden: This key lacks the `jobs:write` scope/);
  });
});
