import { validate } from "@readme/openapi-parser";
import { describe, expect, inject, it } from "vitest";

const baseUrl = inject("baseUrl");

describe("wrangler dev end to end", () => {
  it("answers health as operational", async () => {
    const response = await fetch(`${baseUrl}/v1/health`);
    const body = (await response.json()) as any;
    expect(response.status).toBe(200);
    expect(body.data.status).toBe("operational");
    expect(response.headers.get("X-Request-Id")).toBe(body.meta.request_id);
  });

  it("serves an OpenAPI 3.1 document that a validator accepts", async () => {
    const doc = (await (await fetch(`${baseUrl}/v1/openapi.json`)).json()) as any;
    expect(doc.openapi).toBe("3.1.0");
    const result = await validate(structuredClone(doc));
    expect(result.valid ? [] : result.errors).toEqual([]);
  });

  it("serves /docs as HTML pointing at the document", async () => {
    const response = await fetch(`${baseUrl}/docs`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("/v1/openapi.json");
  });

  it("answers an unknown path with the 404 envelope", async () => {
    const response = await fetch(`${baseUrl}/elsewhere`);
    const body = (await response.json()) as any;
    expect(response.status).toBe(404);
    expect(body).toMatchObject({ status: "error", error: { code: "not_found" } });
  });
});
