// The customers' OpenAPI document and the operator's: one registry, split by each route's access.
import { describe, expect, it } from "vitest";
import { codeToStatus } from "../../../../src/errors";
import { PRODUCT_PLATFORMS } from "../../../../src/platforms";
import { TRAVEL_PLATFORMS } from "../../../../src/platforms/index";
import { admin, call } from "../../helpers";

type Doc = {
  info: { title: string; description?: string };
  tags?: { name: string }[];
  paths: Record<string, Record<string, { "x-access"?: string; tags?: string[] }>>;
  components?: { securitySchemes?: Record<string, unknown> };
};

const operations = (doc: Doc) =>
  Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({ route: `${method.toUpperCase()} ${path}`, operation })),
  );

describe("GET /v1/openapi.json, the customers' reference", () => {
  it("holds no admin route, tag or scheme, and keeps the key routes", async () => {
    const doc = (await (await call("/v1/openapi.json")).json()) as Doc;
    const routes = operations(doc);
    expect(routes.filter(({ operation }) => operation["x-access"] === "admin")).toEqual([]);
    expect(Object.keys(doc.paths).filter((path) => path.startsWith("/v1/admin"))).toEqual([]);
    expect(doc.tags?.map((tag) => tag.name)).not.toContain("admin");
    expect(Object.keys(doc.components?.securitySchemes ?? {}).sort()).toEqual(["ApiKeyHeader", "BearerAuth"]);
    expect(routes.map(({ route }) => route)).toEqual(expect.arrayContaining(["GET /v1/usage", "GET /v1/keys"]));
  });

  it("opens with how to get a key, the limits, the envelope, the platforms and every error code", async () => {
    const { description = "" } = ((await (await call("/v1/openapi.json")).json()) as Doc).info;
    for (const heading of ["## Getting a key", "## Limits", "## Answers", "## Platforms", "## Errors"])
      expect(description).toContain(heading);
    expect(description).toContain("X-API-KEY");
    // The `{platform}` parameter's values, from the registries.
    for (const platform of Object.values(PRODUCT_PLATFORMS))
      expect(description).toContain(`| \`${platform.slug}\` | ${platform.name} | \`${platform.idParam}\` |`);
    expect(description).toContain(
      `take one of ${Object.keys(TRAVEL_PLATFORMS)
        .map((slug) => `\`${slug}\``)
        .join(", ")}`,
    );
    for (const [code, status] of Object.entries(codeToStatus))
      expect(description).toContain(`| ${status} | \`${code}\` |`);
  });
});

describe("GET /v1/admin/openapi.json, the operator's reference", () => {
  it("holds the admin routes alone, for the admin token", async () => {
    const response = await admin("/v1/admin/openapi.json", "GET");
    expect(response.status).toBe(200);
    const doc = (await response.json()) as Doc;
    const routes = operations(doc);
    expect(routes.length).toBeGreaterThan(3);
    expect(routes.filter(({ operation }) => operation["x-access"] !== "admin")).toEqual([]);
    expect(Object.keys(doc.components?.securitySchemes ?? {})).toEqual(["AdminToken"]);
  });

  it("is refused without the admin token", async () => {
    const response = await call("/v1/admin/openapi.json");
    expect(response.status).toBe(401);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe("unauthorized");
  });
});
