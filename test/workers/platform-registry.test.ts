// A platform is one registry entry (src/platforms/index.ts): what the API says about it is
// derived from there. Every platform must appear on every surface that lists platforms — the product
// routes' id parameters in the OpenAPI document, GET /v1/platforms, the MCP tools' descriptions — and
// a platform that gave a shared id parameter another rule would be refused.
import { beforeAll, describe, expect, it } from "vitest";
import { PRODUCT_PLATFORMS } from "../../src/platforms";
import { idParameters } from "../../src/platforms/surfaces";
import type { ProductPlatform } from "../../src/platforms/types";
import { call, newAccount, type TestAccount } from "./helpers";

const PLATFORMS: ProductPlatform[] = Object.values(PRODUCT_PLATFORMS);
const withId = PLATFORMS.filter((platform) => platform.id !== null);

let account: TestAccount;
let doc: any;

beforeAll(async () => {
  account = await newAccount({ plan: "pro" });
  doc = await (await call("/v1/openapi.json")).json();
});

const queryParameters = (path: string) =>
  Object.fromEntries(
    (doc.paths[path].get.parameters as any[])
      .filter((parameter) => parameter.in === "query")
      .map((parameter) => [parameter.name, parameter]),
  );

describe("the OpenAPI document's product routes", () => {
  it.each([
    "/v1/{platform}",
    "/v1/{platform}/reviews",
  ])("%s takes each platform's id parameter, naming the platform and checking the platform's rule", (path) => {
    const parameters = queryParameters(path);
    for (const platform of withId) {
      const parameter = parameters[platform.idParam];
      expect(parameter?.description, platform.slug).toContain(`${platform.slug}'s`);
      expect(parameter.schema.pattern).toBe(platform.id!.pattern.source);
      expect(platform.id!.pattern.test(platform.id!.example)).toBe(true);
    }
    const idNames = new Set(withId.map((platform) => platform.idParam));
    expect(Object.keys(parameters).filter((name) => idNames.has(name as never))).toEqual([...idNames]);
    for (const platform of PLATFORMS.filter((candidate) => candidate.id === null))
      expect(parameters.url.description).toContain(`\`${platform.slug}\``);
  });

  it("gives each id parameter the first of its platforms' example ids, and names the path's first platform", () => {
    const parameters = queryParameters("/v1/{platform}");
    for (const { name, example } of idParameters()) expect(parameters[name].schema.example).toBe(example);
    expect(parameters.asin.schema.example).toBe(PRODUCT_PLATFORMS.amazon!.id!.example);
    const platform = (doc.paths["/v1/{platform}"].get.parameters as any[]).find((p) => p.name === "platform");
    expect(platform.schema.example).toBe(PLATFORMS[0]!.slug);
  });
});

describe("GET /v1/platforms", () => {
  it("lists every product platform as the registry describes it", async () => {
    const response = await call("/v1/platforms", { headers: { "X-API-KEY": account.secret } });
    expect(response.status).toBe(200);
    const listed = ((await response.json()) as any).data as any[];
    for (const platform of PLATFORMS) {
      const entry = listed.find((candidate) => candidate.slug === platform.slug);
      expect(entry, platform.slug).toMatchObject({
        name: platform.name,
        kind: platform.kind,
        description: platform.description,
        id_parameter: platform.id
          ? { name: platform.idParam, describes: platform.id.describes, example: platform.id.example }
          : null,
      });
      expect(entry.endpoints[0]).toBe(`/v1/${platform.slug}`);
      expect(entry.endpoints.includes(`/v1/${platform.slug}/search`)).toBe(platform.searchUrl !== undefined);
    }
  });
});

describe("the MCP tools", () => {
  it("name every platform each product tool reads", async () => {
    const response = await call("/mcp", {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        Accept: "application/json, text/event-stream",
        Authorization: `Bearer ${account.secret}`,
      },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: {} }),
    });
    const tools = ((await response.json()) as any).result.tools as { name: string; description: string }[];
    const description = (name: string) => tools.find((tool) => tool.name === name)!.description;
    for (const platform of PLATFORMS) {
      expect(description("get_product")).toContain(platform.mcpText ?? platform.slug);
      if (platform.searchUrl) expect(description("search_products")).toContain(platform.slug);
      if (platform.reviewsUrl) expect(description("get_product_reviews")).toContain(platform.slug);
    }
    expect(description("search_products")).not.toContain("generic");
  });
});

describe("a shared id parameter", () => {
  it("is refused when two platforms check it differently", () => {
    const stricter = {
      ...PRODUCT_PLATFORMS.walmart!,
      slug: "stricter",
      id: { ...PRODUCT_PLATFORMS.walmart!.id!, pattern: /^\d+$/ },
    };
    expect(() => idParameters([...PLATFORMS, stricter as ProductPlatform])).toThrow(/stricter checks `id` unlike ebay/);
    expect(idParameters().map(({ name, platforms }) => [name, platforms[0]])).toEqual([
      ["asin", "amazon"],
      ["id", "ebay"],
      ["sku", "bestbuy"],
    ]);
  });
});
