import { parse } from "csv-parse/sync";
import { beforeAll, describe, expect, it } from "vitest";
import { admin, call, env, newAccount, withKey } from "./helpers";

let secret: string;
beforeAll(async () => {
  ({ secret } = await newAccount({ plan: "enterprise" }));
});

async function get(path: string, headers: Record<string, string> = {}) {
  const response = await call(path, withKey(secret, { headers }));
  return {
    response,
    body: (await response
      .clone()
      .json()
      .catch(() => null)) as any,
  };
}

/** Imports records into a public dataset as one finished snapshot (the admin import route). */
async function importSnapshot(slug: string, records: Record<string, unknown>[], partSize = 200) {
  let snapshot: string | undefined;
  for (let start = 0; start < records.length; start += partSize) {
    const last = start + partSize >= records.length;
    const response = await admin(`/v1/admin/datasets/${slug}/snapshots`, "POST", {
      records: records.slice(start, start + partSize),
      snapshot,
      finish: last,
    });
    const json = (await response.json()) as any;
    expect(response.status, JSON.stringify(json)).toBe(200);
    snapshot = json.data.snapshot;
  }
  return snapshot!;
}

const SEARCH_SLUG = "amazon-electronics-prices-us";
const searchRecord = (n: number, price: number) => ({
  key: `amazon:B0TEST${String(n).padStart(4, "0")}`,
  platform: "amazon",
  query: n % 2 ? "power bank" : "webcam",
  position: n + 1,
  id: `B0TEST${String(n).padStart(4, "0")}`,
  title: `Item ${n}`,
  price,
  currency: "USD",
  rating: n % 5 === 0 ? null : 4.5,
  sponsored: n % 10 === 0,
  source_url: `http://127.0.0.1:9000/dp/B0TEST${n}`,
});

describe("GET /v1/datasets (the public catalogue: recipes shipped by migration)", () => {
  it("lists every public recipe sorted by name, with totals and facets, and no generated records", async () => {
    const { response, body } = await get("/v1/datasets");
    expect(response.status).toBe(200);
    const total = (await env.DB.prepare("SELECT count(*) AS n FROM datasets WHERE account_id IS NULL").first<{
      n: number;
    }>())!.n;
    expect(total).toBe(14);
    expect(body.meta.pagination).toEqual({ page: 1, limit: 20, total, total_pages: 1 });
    const names = body.data.map((d: any) => d.name);
    expect(names).toEqual([...names].sort((a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(body.meta.facets.categories).toEqual([
      { slug: "travel", name: "Travel", count: 8 },
      { slug: "ecommerce", name: "E-commerce", count: 6 },
    ]);
    expect(body.data.every((d: any) => d.visibility === "public")).toBe(true);
    const tables = await env.DB.prepare("SELECT name FROM sqlite_master WHERE name = 'dataset_records'").all();
    expect(tables.results).toEqual([]);
  });

  it("filters by category, by country (any case) and both together", async () => {
    const travel = (await get("/v1/datasets?category=travel&limit=100")).body;
    expect(travel.data).toHaveLength(8);
    expect(travel.data.every((d: any) => d.category === "travel")).toBe(true);
    const france = (await get("/v1/datasets?country=fr&limit=100")).body;
    expect(france.data.map((d: any) => d.slug)).toEqual(["hotel-rates-paris"]);
    expect(france.meta.facets.countries).toEqual([{ code: "FR", name: "France", count: 1 }]);
    const both = (await get("/v1/datasets?category=ecommerce&country=US&limit=100")).body;
    expect(both.meta.pagination.total).toBe(6);
    const none = await get("/v1/datasets?category=real-estate");
    expect(none.response.status).toBe(400);
  });

  it("pages through every dataset exactly once", async () => {
    const slugs: string[] = [];
    for (let page = 1; page <= 3; page++)
      slugs.push(...(await get(`/v1/datasets?limit=5&page=${page}`)).body.data.map((d: any) => d.slug));
    expect(new Set(slugs).size).toBe(14);
  });

  it("answers CSV that parses back to the same rows", async () => {
    const json = (await get("/v1/datasets?limit=5")).body;
    const csv = await (await call("/v1/datasets?limit=5&format=csv", withKey(secret))).text();
    const rows = parse(csv, { columns: true });
    expect(rows.map((r: any) => r.slug)).toEqual(json.data.map((d: any) => d.slug));
  });
});

describe("GET /v1/datasets/{slug}", () => {
  it("declares the record type's fields before the first refresh, then their fill rates and preview rows from the snapshot", async () => {
    const before = (await get("/v1/datasets/hotel-rates-rome")).body.data;
    expect(before.last_updated).toBeNull();
    expect(before.preview).toEqual([]);
    expect(before.fields.map((f: any) => f.name)).toContain("price_per_night");
    expect(before.recipe).toMatchObject({ kind: "hotels", destinations: ["Rome"] });

    const records = Array.from({ length: 10 }, (_, n) => searchRecord(n, 10 + n));
    await importSnapshot(SEARCH_SLUG, records);
    const after = (await get(`/v1/datasets/${SEARCH_SLUG}`)).body.data;
    expect(after.record_count).toBe(10);
    expect(after.preview).toHaveLength(5);
    expect(after.preview[0]).toMatchObject({ key: "amazon:B0TEST0000", price: 10, changed_at: expect.any(String) });
    const rating = after.fields.find((f: any) => f.name === "rating");
    expect(rating).toMatchObject({ type: "number", fill_rate: 0.8, nullable: true });
    expect(after.fields.find((f: any) => f.name === "key")).toMatchObject({ fill_rate: 1, nullable: false });
    expect(after.snapshots[0]).toMatchObject({ status: "complete", records: 10, added: 10, changed: 0 });
  });

  it("answers 404 not_found for an unknown slug", async () => {
    const { response, body } = await get("/v1/datasets/no-such-dataset");
    expect(response.status).toBe(404);
    expect(body.error.code).toBe("not_found");
  });
});

describe("edge cache", () => {
  it("serves the second read from cache, still counted and with limit headers, and answers If-None-Match with 304", async () => {
    const path = "/v1/datasets/hotel-rates-madrid";
    const first = await call(path, withKey(secret));
    const etag = first.headers.get("ETag")!;
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    const firstBody = (await first.json()) as any;
    const usedBefore = Number(/"month";r=(\d+)/.exec(first.headers.get("RateLimit")!)![1]);

    let second = await call(path, withKey(secret));
    for (let i = 0; i < 20 && second.headers.get("X-Cache") !== "HIT"; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      second = await call(path, withKey(secret));
    }
    expect(second.headers.get("X-Cache")).toBe("HIT");
    const secondBody = (await second.json()) as any;
    expect(secondBody.data).toEqual(firstBody.data);
    // The same envelope, key for key and in order; only the call's own fields differ.
    expect(second.headers.get("Content-Type")).toBe(first.headers.get("Content-Type"));
    expect(Object.keys(secondBody)).toEqual(["status", "data", "meta"]);
    expect(Object.keys(secondBody.meta)).toEqual(Object.keys(firstBody.meta));
    expect({ ...secondBody.meta, request_id: null, timestamp: null }).toEqual({
      ...firstBody.meta,
      request_id: null,
      timestamp: null,
    });
    expect(secondBody.meta.request_id).not.toBe(firstBody.meta.request_id);
    expect(second.headers.get("X-Request-Id")).toBe(secondBody.meta.request_id);
    const usedAfter = Number(/"month";r=(\d+)/.exec(second.headers.get("RateLimit")!)![1]);
    expect(usedAfter).toBeLessThan(usedBefore);

    const revalidated = await call(path, withKey(secret, { headers: { "If-None-Match": etag } }));
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get("ETag")).toBe(etag);
    expect(revalidated.headers.get("RateLimit-Policy")).toBeTruthy();
    expect(await revalidated.text()).toBe("");
  });

  it("never serves a cached read without a valid key", async () => {
    await call("/v1/categories", withKey(secret));
    const anonymous = await call("/v1/categories");
    expect(anonymous.status).toBe(401);
  });
});

describe("GET /v1/search", () => {
  // Queries a customer types, and the dataset that must be in the top 3.
  const queries: [string, RegExp][] = [
    ["hotel prices paris", /^hotel-rates-paris$/],
    ["amazon electronics", /^amazon-electronics-prices-us$/],
    ["ebay listings", /^ebay-electronics-prices-us$/],
    ["walmart kitchen", /^walmart-home-kitchen-prices-us$/],
    ["handmade gifts", /^etsy-handmade-gifts-prices-us$/],
    ["hotels lisbon portugal", /^hotel-rates-lisbon$/],
    ["germany hotel", /^hotel-rates-berlin$/],
    ["price comparison chargers", /^power-banks-chargers-across-marketplaces-us$/],
    ["best buy keyboards", /^bestbuy-computer-accessories-prices-us$/],
    ["review_score", /^hotel-rates-/],
  ];

  it.each(queries)("finds the right dataset in the top 3 for %j", async (q, expected) => {
    const { response, body } = await get(`/v1/search?q=${encodeURIComponent(q)}&limit=3`);
    expect(response.status).toBe(200);
    const slugs = body.data.map((d: any) => d.slug);
    expect(
      slugs.some((slug: string) => expected.test(slug)),
      `top 3 for "${q}": ${slugs.join(", ")}`,
    ).toBe(true);
  });

  it("ranks, highlights and paginates", async () => {
    const body = (await get("/v1/search?q=hotel%20rates&limit=5")).body;
    expect(body.meta.matched).toBe("all_words");
    expect(body.meta.pagination.total).toBe(8);
    // No raw score is given: a rank over the index is a fact about everything in it.
    expect(body.data.every((d: any) => !("score" in d))).toBe(true);
    const page2 = (await get("/v1/search?q=hotel%20rates&limit=5&page=2")).body;
    expect(new Set([...body.data, ...page2.data].map((d: any) => d.slug)).size).toBe(8);
    expect(body.data[0].name_highlighted).toMatch(/<mark>hotel<\/mark>/i);
    expect(body.data[0].snippet).toContain("<mark>");
  });

  it("falls back to any word when no dataset has all of them", async () => {
    const body = (await get("/v1/search?q=hotel%20zzzqqq")).body;
    expect(body.meta.matched).toBe("any_word");
    expect(body.data.length).toBeGreaterThan(0);
  });

  it.each(["", "?q=", "?q=%20%20"])("refuses a missing or empty q (%s) with 400", async (query) => {
    const { response, body } = await get(`/v1/search${query}`);
    expect(response.status).toBe(400);
    expect(body.error.details[0].parameter).toBe("q");
  });

  it("is not confused by FTS syntax in the query", async () => {
    const { response } = await get(`/v1/search?q=${encodeURIComponent('hotel" OR NEAR(* -')}`);
    expect(response.status).toBe(200);
  });
});

describe("GET /v1/categories", () => {
  it("lists only the categories the service collects, with their dataset counts", async () => {
    const body = (await get("/v1/categories")).body;
    expect(body.data.map((c: any) => [c.slug, c.dataset_count])).toEqual([
      ["ecommerce", 6],
      ["travel", 8],
      ["web", 0],
    ]);
  });
});
