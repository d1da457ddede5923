import { describe, expect, it } from "vitest";
import { sendAs } from "../helpers";
import { createdKey, signedUp } from "../dashboard-visitor";

describe("the dashboard's datasets page", () => {
  it("lists the account's own datasets with their last refresh and refreshes one from its form", async () => {
    const { visitor } = await signedUp();
    const { secret } = await createdKey(visitor);
    const created = await sendAs(secret, "POST", "/v1/datasets", {
      name: "Desk lamps",
      recipe: { kind: "search", platforms: ["walmart"], queries: ["led desk lamp"], schedule: "0 5 * * *" },
    });
    expect(created.status).toBe(201);
    const { slug } = ((await created.json()) as any).data;

    const page = await visitor.get("/dashboard/datasets");
    expect(page.status).toBe(200);
    expect(page.html).toContain(`data-dataset="${slug}"`);
    expect(page.html).toContain("Desk lamps");
    expect(page.html).not.toContain('data-dataset="hotel-rates-paris"');

    // The first refresh started at creation may still be collecting: a 409 says so on the page.
    const refresh = await visitor.post(`/dashboard/datasets/${slug}/refresh`, {});
    if (refresh.status === 303) expect(refresh.location).toBe(`/dashboard/datasets?refreshing=${slug}`);
    else {
      expect(refresh.status).toBe(409);
      expect(refresh.html).toContain("still collecting");
    }
    const stranger = await signedUp();
    expect((await stranger.visitor.post(`/dashboard/datasets/${slug}/refresh`, {})).status).toBe(404);
  });
});
