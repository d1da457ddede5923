// /llms.txt and /llms-full.txt are written from the OpenAPI document: every route in it appears.
import { describe, expect, it } from "vitest";
import { HOTEL_SEARCH_EXAMPLE } from "../../src/routes/travel/examples";
import { SCOPES } from "../../src/scopes";
import { call } from "./helpers";

const METHODS = ["get", "post", "put", "patch", "delete"];

async function operations(): Promise<{ method: string; path: string; operation: any }[]> {
  const doc = (await (await call("/v1/openapi.json")).json()) as { paths: Record<string, Record<string, any>> };
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    METHODS.filter((method) => item[method]).map((method) => ({
      method: method.toUpperCase(),
      path,
      operation: item[method],
    })),
  );
}

describe("/llms.txt", () => {
  it("is public plain text naming the auth headers, the limits and the MCP endpoint", async () => {
    const response = await call("/llms.txt");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toMatch(/^text\/plain/);
    expect(response.headers.get("RateLimit-Policy")).toContain('"minute"');
    const text = await response.text();
    expect(text.startsWith("# Web Data API\n\n> Structured, fresh web data")).toBe(true);
    expect(text).toContain("`X-API-KEY: <key>` or `Authorization: Bearer <key>`");
    expect(text).toContain("`travel:read`");
    // Every scope a key can hold, datasets:write included.
    for (const scope of SCOPES) expect(text).toContain(`\`${scope}\``);
    expect(text).toContain("Retry-After");
    expect(text).toContain("http://api.test/mcp");
  });

  it("lists every route of the OpenAPI document with its access and an example call", async () => {
    const text = await (await call("/llms.txt")).text();
    const missing = (await operations())
      .map(({ method, path }) => `- ${method} ${path}: `)
      .filter((line) => !text.includes(line));
    expect(missing).toEqual([]);
    expect(text).toContain(
      '- GET /v1/{platform}: One product (API key with the `products:read` scope). Example: `curl -H "X-API-KEY: $KEY" "http://api.test/v1/amazon?asin=B0057OC5O8"`',
    );
    expect(text).toContain(
      "- GET /v1/travel/{platform}/hotels/search: Hotels with prices and availability, from one platform or several merged (API key with the `travel:read` scope). " +
        'Example: `curl -H "X-API-KEY: $KEY" "http://api.test/v1/travel/booking,expedia/hotels/search?destination=Dublin&check_in=2030-05-14&check_out=2030-05-17"`',
    );
    expect(text).toMatch(/- POST \/v1\/watches: .*-H "Content-Type: application\/json" -d '\{"kind":"hotel"/);
  });

  it("shows a hotel history call with an id in the form the hotel search answers it", async () => {
    const text = await (await call("/llms.txt")).text();
    const line = text.split("\n").find((l) => l.startsWith("- GET /v1/travel/{platform}/hotels/{id}/history:"))!;
    const [, platform, id] = /"http[^"]*\/v1\/travel\/([^/]+)\/hotels\/(.+?)\/history/.exec(line)!;
    const offers = HOTEL_SEARCH_EXAMPLE.hotels.flatMap((hotel) => hotel.offers);
    // An id with a slash (booking's `ie/the-spencer`) travels URL-encoded in the path.
    expect(offers).toContainEqual(expect.objectContaining({ platform, id: decodeURIComponent(id!) }));
  });

  it("has a full version with each route's description and every parameter", async () => {
    const response = await call("/llms-full.txt");
    expect(response.status).toBe(200);
    const text = await response.text();
    for (const { method, path, operation } of await operations()) {
      const start = text.indexOf(`### ${method} ${path}: `);
      expect(start, `${method} ${path}`).toBeGreaterThan(0);
      const section = text.slice(start, text.indexOf("\n### ", start + 1));
      for (const parameter of operation.parameters ?? []) {
        expect(section, `${method} ${path} ${parameter.name}`).toContain(`- \`${parameter.name}\` (${parameter.in}, `);
      }
    }
    expect(text).toContain("- `check_in` (query, string, required)");
  });
});
