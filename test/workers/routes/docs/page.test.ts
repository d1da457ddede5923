// GET /docs: a page that loads the pinned reference renderer from this origin and nothing from elsewhere.
import { describe, expect, it } from "vitest";
import { dependencies } from "../../../../package.json";
import { call } from "../../helpers";

describe("GET /docs", () => {
  it("loads the pinned renderer from this origin, pointed at the customers' document", async () => {
    const response = await call("/docs");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toContain("text/html");
    const html = await response.text();
    const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((match) => match[1]!);
    const sources = scripts.flatMap((attributes) => /\bsrc="([^"]+)"/.exec(attributes)?.[1] ?? []);
    expect(sources).toEqual([`/docs/assets/scalar-api-reference-${dependencies["@scalar/api-reference"]}.js`]);
    const configuration = /data-configuration="([^"]+)"/.exec(html)![1]!.replaceAll("&quot;", '"');
    expect(JSON.parse(configuration)).toMatchObject({
      url: "/v1/openapi.json",
      withDefaultFonts: false,
      telemetry: false,
    });
  });

  it("allows scripts from this origin only, and no inline one", async () => {
    const policy = (await call("/docs")).headers.get("Content-Security-Policy") ?? "";
    const directives = Object.fromEntries(
      policy.split(";").map((directive) => {
        const [name, ...values] = directive.trim().split(/\s+/);
        return [name, values.join(" ")];
      }),
    );
    expect(directives["default-src"]).toBe("'self'");
    expect(directives["script-src"]).toBe("'self'");
    expect(directives["connect-src"]).toBe("'self'");
    expect(directives["frame-ancestors"]).toBe("'none'");
  });

  it("is what / leads to", async () => {
    const response = await call("/", { redirect: "manual" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/docs");
  });
});
