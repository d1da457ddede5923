// The playground opens ready to run: every required field of every endpoint starts from a working
// example, and running an endpoint's form as it opens answers with data.
import { describe, expect, it } from "vitest";
import { playgroundOperations } from "../../../src/dashboard/openapi-operations";
import { startingValues } from "../../../src/dashboard/playground";
import { recordPriceObservations } from "../../../src/db/price-history";
import { database } from "../../../src/db/client";
import { env, inProcessApi } from "../helpers";
import { signedUp } from "../dashboard-visitor";

/** The values a form's inputs carry as the page draws them. */
const formValues = (html: string) =>
  Object.fromEntries(
    [...html.matchAll(/<input id="param-[^"]+" name="p\.([^"]+)"[^>]*?value="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]),
  );

describe("the playground's starting values", () => {
  it("fills every required parameter of every endpoint and a product's id, and nothing else", () => {
    const operations = playgroundOperations(inProcessApi().app);
    expect(operations.length).toBeGreaterThan(10);
    for (const operation of operations) {
      const values = startingValues(operation);
      for (const parameter of operation.parameters) {
        const productId = operation.path.startsWith("/v1/{platform}") && parameter.name === "asin";
        if (parameter.required || productId)
          expect(values[parameter.name], `${operation.path} ${parameter.name}`).toBeTruthy();
        else expect(values[parameter.name], `${operation.path} ${parameter.name}`).toBeUndefined();
      }
    }
  });

  it("draws the required query fields filled in, and runs as it opens", async () => {
    const { visitor, firstKey } = await signedUp();
    const page = await visitor.get(`/dashboard/playground?op=${encodeURIComponent("/v1/{platform}/history")}`);
    const values = formValues(page.html);
    expect(values).toMatchObject({ platform: "amazon", asin: "B0057OC5O8" });
    expect(page.html).toMatch(/name="p\.country"[^>]*value=""/);
    // The reference's example product has been read once, so its history has a point.
    const observation = { platform: "amazon", itemId: "B0057OC5O8", market: "us", currency: "USD", availability: null };
    await recordPriceObservations(database(env.DB), [{ ...observation, price: 24.99 }], new Date());
    const fields = Object.fromEntries(Object.entries(values).map(([name, value]) => [`p.${name}`, value]));
    const run = await visitor.post("/dashboard/playground", {
      op: "/v1/{platform}/history",
      key_id: firstKey.keyId,
      ...fields,
    });
    expect(run.status).toBe(200);
    expect(run.html).toContain("/v1/amazon/history?asin=B0057OC5O8");
    expect(run.html).toMatch(/status-2xx[^>]*>\s*200/);
  });
});
