// The reference lists every error status an operation can answer, derived from the route table (each
// operation's declared access, body, success status and whether it reads sites), never listed per
// route: a route added later is checked by the same rules. Each error answer shows an example body
// whose code is that status's, and the customers' document holds no schema only admin routes use.
import { describe, expect, it } from "vitest";
import { createApp } from "../../src/app";
import { codeToStatus, type ErrorCode } from "../../src/errors";
import { ADMIN_TOKEN, call } from "./helpers";

const METHODS = ["get", "put", "post", "delete", "patch"] as const;
type Doc = { paths: Record<string, Record<string, any>>; components?: { schemas?: Record<string, unknown> } };

const whole = createApp().getOpenAPI31Document({ openapi: "3.1.0", info: { title: "routes", version: "1" } }) as Doc;

const operations = Object.entries(whole.paths).flatMap(([path, item]) =>
  METHODS.filter((method) => item[method]).map((method) => ({
    name: `${method.toUpperCase()} ${path}`,
    operation: item[method],
  })),
);

/** The error statuses the route table says an operation can answer, and those it says it cannot. */
function expectedStatuses(operation: any): { must: number[]; mustNot: number[] } {
  const access: string = operation["x-access"];
  const readsBody = operation.requestBody !== undefined;
  const creates = "201" in operation.responses || "202" in operation.responses;
  const readsSites = operation["x-reads-sites"] === true;
  // Every route refuses an unknown parameter, is rate limited and may fail; storage or the limiter may be down.
  const must = [400, 429, 500, 503];
  const mustNot: number[] = [];
  (access === "public" ? mustNot : must).push(401);
  (access.startsWith("key:") ? must : mustNot).push(403);
  (readsBody ? must : mustNot).push(413, 415);
  if (creates) must.push(409);
  (readsSites ? must : mustNot).push(422, 502, 504);
  return { must, mustNot };
}

describe("the OpenAPI document's error statuses", () => {
  it("has the route table's access, body and reads-sites facts on every operation", () => {
    expect(operations.length).toBeGreaterThan(40);
    const reading = operations.filter(({ operation }) => operation["x-reads-sites"]).map(({ name }) => name);
    // The data routes that read a marketplace or travel site live (history and platform lists read storage).
    expect(reading).toEqual(
      expect.arrayContaining([
        "GET /v1/{platform}",
        "GET /v1/{platform}/search",
        "GET /v1/{platform}/reviews",
        "GET /v1/travel/{platform}/hotels/search",
        "GET /v1/travel/{platform}/hotels/{id}",
      ]),
    );
    expect(reading).not.toContain("GET /v1/{platform}/history");
    for (const { name, operation } of operations) expect(operation["x-access"], name).toMatch(/^(public|admin|key)/);
  });

  it("lists on each operation the statuses its access, body, creation and site reads imply, and no status they rule out", () => {
    const wrong: string[] = [];
    for (const { name, operation } of operations) {
      const { must, mustNot } = expectedStatuses(operation);
      const declared = Object.keys(operation.responses).map(Number);
      for (const status of must) if (!declared.includes(status)) wrong.push(`${name} lacks ${status}`);
      for (const status of mustNot) if (declared.includes(status)) wrong.push(`${name} cannot answer ${status}`);
    }
    expect(wrong).toEqual([]);
  });

  it("shows an example body for every error answer, with that status's code and a sentence", () => {
    const wrong: string[] = [];
    for (const { name, operation } of operations) {
      for (const [status, response] of Object.entries<any>(operation.responses)) {
        if (Number(status) < 400) continue;
        const example = response.content?.["application/json"]?.example;
        const code = example?.error?.code as ErrorCode | undefined;
        if (example?.status !== "error" || !code) wrong.push(`${name} ${status}: no example error envelope`);
        else if (codeToStatus[code] !== Number(status)) wrong.push(`${name} ${status}: example code ${code}`);
        else if (!/[a-z].*[.)]$/.test(example.error.message)) wrong.push(`${name} ${status}: no sentence`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("keeps admin-only schemas out of the customers' document, and in the operator's", async () => {
    const customer = (await (await call("/v1/openapi.json")).json()) as Doc;
    const operator = (await (
      await call("/v1/admin/openapi.json", { headers: { "X-Admin-Token": ADMIN_TOKEN } })
    ).json()) as Doc;
    expect(Object.keys(whole.components!.schemas!)).toContain("Account");
    expect(Object.keys(customer.components!.schemas!)).not.toContain("Account");
    expect(Object.keys(operator.components!.schemas!)).toContain("Account");
    // What stays is what the customers' operations reach: every $ref resolves.
    const refs = JSON.stringify(customer).match(/#\/components\/schemas\/[^"]+/g) ?? [];
    for (const ref of new Set(refs)) expect(customer.components!.schemas, ref).toHaveProperty(ref.split("/").at(-1)!);
    expect(customer.components!.schemas).toHaveProperty("Error");
  });
});
