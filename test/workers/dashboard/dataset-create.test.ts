// Creating a dataset from a recipe in the dashboard: each kind's form, the body it sends to
// POST /v1/datasets as the chosen key, the API's refusal as a sentence beside the form with what
// was typed, a key without `datasets:write` refused, and CSRF.
import { describe, expect, it } from "vitest";
import { recipeBody } from "../../../src/dashboard/dataset-create";
import { createdKey, DEFAULT_SCOPES, signedUp } from "../dashboard-visitor";

describe("the recipe form", () => {
  it("reads each kind's fields into the API's body: lists one per line or comma, numbers, defaults left out", () => {
    expect(
      recipeBody("search", {
        name: ["Lamps"],
        platforms: ["amazon", "walmart"],
        queries: ["desk lamp\r\n\r\n  floor lamp "],
        countries: ["us, de"],
        pages: ["2"],
        schedule: ["0 4 * * *"],
        max_age: [""],
      }),
    ).toEqual({
      name: "Lamps",
      recipe: {
        kind: "search",
        platforms: ["amazon", "walmart"],
        queries: ["desk lamp", "floor lamp"],
        countries: ["us", "de"],
        pages: 2,
        schedule: "0 4 * * *",
      },
    });
    expect(
      recipeBody("hotels", { name: "Dublin", platforms: "booking", destinations: "Dublin", check_in_days: "30, 60" })
        .recipe,
    ).toEqual({ kind: "hotels", platforms: ["booking"], destinations: ["Dublin"], check_in_days: [30, 60] });
  });

  it("opens each kind with a recipe filled in and creates it as the chosen key", async () => {
    const { visitor } = await signedUp();
    const { keyId } = await createdKey(visitor, "datasets");
    for (const kind of ["product", "search", "reviews", "hotels"]) {
      const page = await visitor.get(`/dashboard/datasets/new?kind=${kind}`);
      expect(page.status).toBe(200);
      expect(page.html).toContain(`<input type="hidden" name="kind" value="${kind}"/>`);
    }
    const form = await visitor.get("/dashboard/datasets/new?kind=product");
    expect(form.html).toMatch(/<textarea id="recipe-inputs" name="inputs"[^>]*>B0C1GHS4GF<\/textarea>/);

    const created = await visitor.post("/dashboard/datasets", {
      kind: "product",
      key_id: keyId,
      name: "Power banks",
      platform: "amazon",
      inputs: "B0C1GHS4GF\nB08DF9F814",
      schedule: "0 6 * * *",
      max_age: "3600",
    });
    expect(created.status).toBe(303);
    const slug = /created=([a-z0-9-]+)/.exec(created.location!)![1]!;
    expect(slug).toMatch(/^power-banks-/);
    const notice = await visitor.get(created.location!);
    expect(notice.html).toContain(`<a href="/dashboard/catalogue/${slug}">${slug}</a> created`);
    const page = await visitor.get(`/dashboard/catalogue/${slug}`);
    expect(page.status).toBe(200);
    expect(page.html).toContain("Power banks");
  });

  it("reads a whole shop's form into a shop recipe, and refuses a start page the URL guard refuses", async () => {
    expect(
      recipeBody("shop", {
        name: "Trailhead",
        start_urls: "https://shop.example.org/\nhttps://shop.example.org/sitemap.xml",
        max_products: "500",
        include: "",
        schedule: "0 2 * * *",
        max_age: "3600",
      }),
    ).toEqual({
      name: "Trailhead",
      recipe: {
        kind: "shop",
        start_urls: ["https://shop.example.org/", "https://shop.example.org/sitemap.xml"],
        max_products: 500,
        schedule: "0 2 * * *",
      },
    });
    const { visitor } = await signedUp();
    const { keyId } = await createdKey(visitor, "datasets");
    const form = await visitor.get("/dashboard/datasets/new?kind=shop");
    expect(form.status).toBe(200);
    expect(form.html).toContain('<textarea id="recipe-start_urls" name="start_urls"');
    const refused = await visitor.post("/dashboard/datasets", {
      kind: "shop",
      key_id: keyId,
      name: "Inside",
      start_urls: "http://127.0.0.1:9/",
      max_products: "10",
      schedule: "0 2 * * *",
    });
    expect(refused.status).toBe(400);
    expect(refused.html).toContain("recipe.start_urls[0]");
    expect(refused.html).toContain('value="Inside"');
  });

  it("shows the API's refusal as a sentence beside the form, keeping what was typed", async () => {
    const { visitor } = await signedUp();
    const { keyId } = await createdKey(visitor, "datasets");
    const refused = await visitor.post("/dashboard/datasets", {
      kind: "search",
      key_id: keyId,
      name: "Nothing to search",
      platforms: "amazon",
      queries: "",
      schedule: "every day",
    });
    expect(refused.status).toBe(400);
    const error = /<p class="error" role="alert">(.*?)<\/p>/s.exec(refused.html)![1]!;
    expect(error).toContain("schedule must be a five-field cron expression");
    expect(error).toContain("recipe.queries");
    expect(refused.html).toContain('value="Nothing to search"');
    expect(refused.html).toContain('value="every day"');
  });

  it("refuses a key without datasets:write, another account's key, and a post without its token", async () => {
    const { visitor } = await signedUp();
    const readOnly = await createdKey(
      visitor,
      "read-only",
      DEFAULT_SCOPES.filter((scope) => scope !== "datasets:write"),
    );
    const fields = { kind: "product", name: "Lamps", platform: "amazon", inputs: "B0C1GHS4GF" };
    const refused = await visitor.post("/dashboard/datasets", { ...fields, key_id: readOnly.keyId });
    expect(refused.status).toBe(400);
    expect(refused.html).toContain("datasets:write");

    const stranger = await signedUp();
    const theirs = await createdKey(stranger.visitor, "theirs");
    const notYours = await visitor.post("/dashboard/datasets", { ...fields, key_id: theirs.keyId });
    expect(notYours.status).toBe(400);
    expect(notYours.html).toContain("Choose one of your live keys.");

    const own = await createdKey(visitor, "own");
    const noToken = await visitor.post("/dashboard/datasets", { ...fields, key_id: own.keyId }, { withToken: false });
    expect(noToken.status).toBe(403);
    const elsewhere = await visitor.post(
      "/dashboard/datasets",
      { ...fields, key_id: own.keyId },
      { origin: "https://evil.example" },
    );
    expect(elsewhere.status).toBe(403);
  });
});
