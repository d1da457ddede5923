import { parse } from "csv-parse/sync";
import { beforeAll, describe, expect, it } from "vitest";
import { call, env, newAccount, withKey } from "./helpers";

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

describe("GET /v1/datasets", () => {
  it("defaults to page 1 of 20, sorted by name, with totals and facets", async () => {
    const { response, body } = await get("/v1/datasets");
    expect(response.status).toBe(200);
    const total = (await env.DB.prepare("SELECT count(*) AS n FROM datasets").first<{ n: number }>())!.n;
    expect(total).toBeGreaterThanOrEqual(150);
    expect(body.data).toHaveLength(20);
    expect(body.meta.pagination).toEqual({ page: 1, limit: 20, total, total_pages: Math.ceil(total / 20) });
    const names = body.data.map((d: any) => d.name);
    expect(names).toEqual([...names].sort((a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)));
    const categoryCounts = body.meta.facets.categories.reduce((sum: number, f: any) => sum + f.count, 0);
    expect(categoryCounts).toBe(total);
    expect(body.meta.facets.categories.length).toBeGreaterThanOrEqual(10);
    expect(body.meta.facets.countries.length).toBeGreaterThanOrEqual(25);
  });

  it("filters by category, by country (any case) and both together", async () => {
    const travel = (await get("/v1/datasets?category=travel&limit=100")).body;
    expect(travel.data.length).toBeGreaterThan(5);
    expect(travel.data.every((d: any) => d.category === "travel")).toBe(true);
    expect(travel.meta.pagination.total).toBe(travel.data.length);

    const france = (await get("/v1/datasets?country=fr&limit=100")).body;
    expect(france.data.every((d: any) => d.countries.includes("FR"))).toBe(true);
    expect(france.meta.facets.countries).toEqual([{ code: "FR", name: "France", count: france.meta.pagination.total }]);

    const both = (await get("/v1/datasets?category=travel&country=FR&limit=100")).body;
    expect(both.data.map((d: any) => d.slug).sort()).toEqual(["airbnb-listings-fr", "booking-hotel-prices-fr"]);
    const expected = travel.data.filter((d: any) => d.countries.includes("FR")).length;
    expect(both.meta.pagination.total).toBe(expected);
  });

  it("pages through every dataset exactly once", async () => {
    const first = (await get("/v1/datasets?limit=100&page=1")).body;
    const second = (await get("/v1/datasets?limit=100&page=2")).body;
    const slugs = [...first.data, ...second.data].map((d: any) => d.slug);
    expect(new Set(slugs).size).toBe(first.meta.pagination.total);
    expect(first.meta.pagination.total_pages).toBe(2);
  });

  it("filters by text and sorts by record count", async () => {
    const body = (await get("/v1/datasets?q=hotel&sort=-record_count&limit=100")).body;
    expect(body.data.length).toBeGreaterThan(0);
    expect(body.data.every((d: any) => /hotel/i.test(d.name + d.description + d.tags.join(" ")))).toBe(true);
    const counts = body.data.map((d: any) => d.record_count);
    expect(counts).toEqual([...counts].sort((a: number, b: number) => b - a));
  });

  it.each([
    ["limit=0", "limit"],
    ["limit=101", "limit"],
    ["page=-1", "page"],
    ["page=abc", "page"],
    ["page=1.5", "page"],
    ["country=France", "country"],
    ["country=XX", "country"],
    ["category=spaceships", "category"],
    ["sort=price", "sort"],
  ])("refuses %s with 400 naming the parameter", async (query, parameter) => {
    const { response, body } = await get(`/v1/datasets?${query}`);
    expect(response.status).toBe(400);
    expect(body.error.code).toBe("invalid_request");
    expect(body.error.details.map((d: any) => d.parameter)).toContain(parameter);
    expect(body.error.message).toContain(parameter);
  });

  it("answers CSV that parses back to the same rows", async () => {
    const json = (await get("/v1/datasets?category=automotive&limit=100")).body;
    const response = await call("/v1/datasets?category=automotive&limit=100&format=csv", withKey(secret));
    expect(response.headers.get("Content-Type")).toContain("text/csv");
    const rows = parse(await response.text(), { columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(json.data.length);
    rows.forEach((row, i) => {
      const original = json.data[i];
      expect(row.slug).toBe(original.slug);
      expect(row.name).toBe(original.name);
      expect(JSON.parse(row.countries!)).toEqual(original.countries);
      expect(Number(row.record_count)).toBe(original.record_count);
    });
  });
});

describe("GET /v1/datasets/{slug}", () => {
  it("returns the schema with fill rates and five preview rows consistent with it", async () => {
    const { response, body } = await get("/v1/datasets/used-car-listings-de");
    expect(response.status).toBe(200);
    expect(body.data.name).toBe("Used car listings — Germany");
    expect(body.data.fields.length).toBeGreaterThanOrEqual(5);
    expect(body.data.preview).toHaveLength(5);
    const jsType: Record<string, string> = {
      string: "string",
      url: "string",
      date: "string",
      datetime: "string",
      integer: "number",
      number: "number",
      boolean: "boolean",
    };
    for (const row of body.data.preview) {
      expect(Object.keys(row)).toEqual(body.data.fields.map((f: any) => f.name));
      for (const field of body.data.fields) {
        const value = row[field.name];
        if (value === null) expect(field.nullable).toBe(true);
        else expect(typeof value).toBe(jsType[field.type]);
        if (field.type === "integer" && value !== null) expect(Number.isInteger(value)).toBe(true);
      }
    }
    for (const field of body.data.fields) {
      expect(field.fill_rate).toBeGreaterThan(0);
      expect(field.fill_rate).toBeLessThanOrEqual(1);
      if (!field.nullable) expect(field.fill_rate).toBe(1);
    }
  });

  it("answers 404 not_found for an unknown slug", async () => {
    const { response, body } = await get("/v1/datasets/no-such-dataset");
    expect(response.status).toBe(404);
    expect(body.error.code).toBe("not_found");
  });
});

describe("edge cache", () => {
  it("serves the second read from cache, still counted and with limit headers, and answers If-None-Match with 304", async () => {
    const path = "/v1/datasets/booking-hotel-prices-es";
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
  // Natural queries a customer types, and the dataset (or family) that must be in the top 3.
  const queries: [string, RegExp][] = [
    ["hotel prices france", /^booking-hotel-prices-fr$/],
    ["amazon reviews", /^amazon-product-reviews-/],
    ["used cars germany", /^used-car-listings-de$/],
    ["realest", /^(residential-property|rental)-listings-/],
    ["jobs uk", /^job-postings-gb$/],
    ["airbnb lisbon portugal", /^airbnb-listings-pt$/],
    ["ebay sold prices", /^ebay-listings-/],
    ["stock prices japan", /^stock-prices-daily-jp$/],
    ["food delivery menus india", /^food-delivery-menus-in$/],
    ["news nigeria", /^news-articles-ng$/],
    ["software engineer salaries poland", /^tech-salaries-pl$/],
    ["apartments for rent netherlands", /^rental-listings-nl$/],
    ["homes for sale spain", /^residential-property-listings-es$/],
    ["influencers brazil", /^influencer-profiles-br$/],
    ["drug prices canada", /^pharmacy-drug-prices-ca$/],
    ["university tuition australia", /^university-programs-au$/],
    ["grocery prices", /^grocery-delivery-prices-/],
    ["restaurant reviews italy", /^restaurant-reviews-it$/],
    ["walmart mexico", /^walmart-product-prices-mx$/],
    ["etsy handmade", /^etsy-handmade-listings-/],
    ["new car msrp korea", /^new-car-prices-kr$/],
    ["sao paulo airbnb", /^airbnb-listings-br$/],
    ["hotels.com singapore", /^hotels-com-hotel-prices-sg$/],
    ["asin", /^amazon-product-(prices|reviews)-/],
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
    const body = (await get("/v1/search?q=hotel%20prices&limit=5")).body;
    expect(body.meta.matched).toBe("all_words");
    expect(body.meta.pagination.total).toBeGreaterThan(5);
    const scores = body.data.map((d: any) => d.score);
    expect(scores).toEqual([...scores].sort((a: number, b: number) => b - a));
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
  it("lists every category with its dataset count", async () => {
    const body = (await get("/v1/categories")).body;
    expect(body.data.length).toBeGreaterThanOrEqual(10);
    const total = body.data.reduce((sum: number, c: any) => sum + c.dataset_count, 0);
    expect(total).toBe((await get("/v1/datasets?limit=1")).body.meta.pagination.total);
    expect(body.data.find((c: any) => c.slug === "real-estate")).toMatchObject({ name: "Real estate" });
  });
});

describe("GET /v1/datasets/{slug}/records", () => {
  it("pages JSON with a cursor until every record was seen once", async () => {
    const detail = (await get("/v1/datasets/news-articles-ng")).body.data;
    const seen: unknown[] = [];
    let cursor: string | null = null;
    do {
      const page: any = (await get(`/v1/datasets/news-articles-ng/records?limit=7${cursor ? `&cursor=${cursor}` : ""}`))
        .body;
      seen.push(...page.data);
      cursor = page.meta.next_cursor;
    } while (cursor);
    expect(seen).toHaveLength(detail.record_count);
    expect(seen.slice(0, 5)).toEqual(detail.preview);
  });

  it("keeps only the chosen fields, in order, in JSON, NDJSON and CSV", async () => {
    const json = (await get("/v1/datasets/stock-prices-daily-jp/records?fields=close,ticker&limit=3")).body;
    expect(Object.keys(json.data[0])).toEqual(["close", "ticker"]);
    const ndjson = await (
      await call(
        "/v1/datasets/stock-prices-daily-jp/records?fields=close,ticker&format=ndjson&limit=3",
        withKey(secret),
      )
    ).text();
    expect(
      ndjson
        .trim()
        .split("\n")
        .map((line) => JSON.parse(line)),
    ).toEqual(json.data);
    const csv = await (
      await call("/v1/datasets/stock-prices-daily-jp/records?fields=close,ticker&format=csv&limit=3", withKey(secret))
    ).text();
    expect(parse(csv, { columns: true })).toEqual(
      json.data.map((r: any) => ({ close: String(r.close), ticker: r.ticker })),
    );
  });

  it("refuses unknown fields, a bad cursor and a JSON page over 1000", async () => {
    for (const [query, parameter] of [
      ["fields=price,nope", "fields"],
      ["cursor=garbage", "cursor"],
      ["limit=5000", "limit"],
    ]) {
      const { response, body } = await get(`/v1/datasets/stock-prices-daily-jp/records?${query}`);
      expect(response.status, query).toBe(400);
      expect(body.error.details[0].parameter).toBe(parameter);
    }
  });
});
