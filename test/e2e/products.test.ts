// Every marketplace adapter against its replica site through wrangler dev: the same parsers
// that read the real saved pages read the replicas.
import { parse } from "csv-parse/sync";
import { beforeAll, describe, expect, inject, it } from "vitest";
import type { z } from "zod";
import { createAccountKey } from "../../scripts/local-stack.ts";
import { ProductEnvelope, ReviewsEnvelope, SearchEnvelope } from "../../src/routes/products/examples.ts";

const baseUrl = inject("baseUrl");
let secret: string;

async function api(path: string) {
  const response = await fetch(`${baseUrl}${path}`, { headers: { "X-API-KEY": secret } });
  return { response, body: (await response.json().catch(() => null)) as any, text: "" };
}

/** A real answer against its route's OpenAPI response schema; the failure names each wrong field. */
function expectSchema(schema: z.ZodType, body: unknown) {
  const result = schema.safeParse(body);
  expect(result.success, result.error?.message).toBe(true);
}

beforeAll(async () => {
  ({ secret } = await createAccountKey(baseUrl, inject("adminToken"), {
    name: "e2e products",
    plan: "enterprise",
    requests_per_minute: 10_000,
  }));
});

// Etsy has no separate review pages: its reviews are the listing's own (the "etsy reviews" block below).
const PLATFORMS = [
  { slug: "amazon", idParam: "asin", q: "power bank", reviews: true },
  { slug: "ebay", idParam: "id", q: "speaker", reviews: true },
  { slug: "walmart", idParam: "id", q: "kettle", reviews: true },
  { slug: "etsy", idParam: "id", q: "mug", reviews: false },
  { slug: "bestbuy", idParam: "sku", q: "charger", reviews: true },
];

describe.each(PLATFORMS)("$slug", ({ slug, idParam, q, reviews }) => {
  // Platforms without separate review pages show their first reviews on the product page.
  let items: any[];

  it("searches with pagination and price filters", async () => {
    const first = await api(`/v1/${slug}/search?q=${encodeURIComponent(q)}`);
    expect(first.response.status).toBe(200);
    expectSchema(SearchEnvelope, first.body);
    items = first.body.data.results;
    expect(items.length).toBeGreaterThan(0);
    expect(first.body.data).toMatchObject({
      id: `search:${slug}:${q}`,
      name: q,
      created_at: first.body.meta.scrape.fetched_at,
      attributes: { type: "search", active: true, count: items.length },
    });
    expect(items[0].title).toBeTruthy();
    expect(items[0].price.amount).toBeGreaterThan(0);
    expect(first.body.meta.scrape.engine).toBe("fetch");

    if (first.body.meta.pagination.total_pages !== 1) {
      const second = await api(`/v1/${slug}/search?q=${encodeURIComponent(q)}&page=2`);
      expect(second.body.data.id).toBe(first.body.data.id);
      expect(second.body.data.results.map((i: any) => i.id)).not.toEqual(items.map((i: any) => i.id));
    }
    const prices = items.map((i: any) => i.price.amount).sort((a: number, b: number) => a - b);
    const cut = prices[Math.floor(prices.length / 2)];
    const cheap = await api(`/v1/${slug}/search?q=${encodeURIComponent(q)}&max_price=${cut}`);
    expect(cheap.response.status).toBe(200);
    expect(cheap.body.data.results.length).toBeGreaterThan(0);
    for (const item of cheap.body.data.results) expect(item.price.amount).toBeLessThanOrEqual(cut);

    const csv = await fetch(`${baseUrl}/v1/${slug}/search?q=${encodeURIComponent(q)}&format=csv`, {
      headers: { "X-API-KEY": secret },
    });
    const rows = parse(await csv.text(), { columns: true }) as Record<string, string>[];
    expect(rows.map((r) => r.id)).toEqual(items.map((i: any) => i.id));
  });

  it("reads one product with the engine meta, then serves it from cache", async () => {
    const id = items.find((i: any) => !i.sponsored)?.id ?? items[0].id;
    const first = await api(`/v1/${slug}?${idParam}=${encodeURIComponent(id)}`);
    expect(first.response.status).toBe(200);
    expectSchema(ProductEnvelope, first.body);
    const product = first.body.data;
    expect(product.title).toBeTruthy();
    expect(product.name).toBe(product.title);
    expect(product.price.amount).toBeGreaterThan(0);
    expect(product.price.currency).toMatch(/^[A-Z]{3}$/);
    expect(product.attributes).toMatchObject({ type: "product", count: product.variants.length });
    expect(product.created_at).toBe(first.body.meta.scrape.fetched_at);
    expect(product.images.length).toBeGreaterThan(0);
    if (!reviews) expect(product.reviews.length).toBeGreaterThan(0);
    expect(first.body.meta.scrape).toMatchObject({ engine: "fetch", captcha: "none" });
    const again = await api(`/v1/${slug}?${idParam}=${encodeURIComponent(id)}`);
    expect(again.body.meta.scrape.cache).toBe("hit");

    const csv = await fetch(`${baseUrl}/v1/${slug}?${idParam}=${encodeURIComponent(id)}&format=csv`, {
      headers: { "X-API-KEY": secret },
    });
    const rows = parse(await csv.text(), { columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: product.id, title: product.title });
    expect(Number(rows[0]!["price.amount"])).toBe(product.price.amount);
    expect(rows[0]!["price.currency"]).toBe(product.price.currency);
  });
});

describe.each(PLATFORMS.filter((p) => p.reviews))("$slug reviews", ({ slug, idParam, q }) => {
  it("reads review pages, CSV included", async () => {
    const search = await api(`/v1/${slug}/search?q=${encodeURIComponent(q)}`);
    const productId: string = search.body.data.results.find((i: any) => !i.sponsored).id;
    const id = encodeURIComponent(productId);
    const { response, body } = await api(`/v1/${slug}/reviews?${idParam}=${id}`);
    expect(response.status).toBe(200);
    expectSchema(ReviewsEnvelope, body);
    const reviews = body.data.reviews;
    expect(reviews.length).toBeGreaterThan(0);
    expect(body.data).toMatchObject({
      id: productId,
      created_at: body.meta.scrape.fetched_at,
      attributes: { type: "reviews", active: true, count: reviews.length },
    });
    expect(reviews[0].rating).toBeGreaterThanOrEqual(1);
    expect(reviews[0].body).toBeTruthy();
    const second = await api(`/v1/${slug}/reviews?${idParam}=${id}&page=2`);
    if (body.meta.pagination.total_pages !== 1)
      expect(second.body.data.reviews.map((r: any) => r.id)).not.toEqual(reviews.map((r: any) => r.id));
    const csv = await fetch(`${baseUrl}/v1/${slug}/reviews?${idParam}=${id}&format=csv`, {
      headers: { "X-API-KEY": secret },
    });
    const rows = parse(await csv.text(), { columns: true }) as Record<string, string>[];
    expect(rows.map((r) => r.id)).toEqual(reviews.map((r: any) => r.id ?? ""));
  });
});

describe("product route errors", () => {
  it("lists the valid platforms for an unknown one", async () => {
    const { response, body } = await api("/v1/shopify?id=1");
    expect(response.status).toBe(404);
    expect(body.error.message).toContain("amazon, ebay");
  });

  it.each([
    ["/v1/amazon", "missing"],
    ["/v1/amazon?asin=B0057OC5O8&url=https://www.amazon.com/dp/B0057OC5O8", "ambiguous"],
    ["/v1/generic?id=5", "url"],
    ["/v1/amazon/search", "q"],
    ["/v1/amazon/search?q=x&min_price=50&max_price=10", "min_price"],
    ["/v1/amazon?asin=B0057OC5O8&country=zz", "country"],
    ["/v1/amazon/reviews?url=https://www.amazon.com/dp/B0057OC5O8&page=2", "url"],
  ])("answers %s with 400 saying what to send", async (path, hint) => {
    const { response, body } = await api(path);
    expect(response.status).toBe(400);
    expect(JSON.stringify(body.error)).toContain(hint);
  });

  it("lists every platform with its endpoints and engines", async () => {
    const { body } = await api("/v1/platforms");
    expect(body.data.map((p: any) => p.slug)).toEqual(
      expect.arrayContaining(["amazon", "ebay", "walmart", "etsy", "bestbuy", "generic"]),
    );
    expect(body.data.find((p: any) => p.slug === "amazon").endpoints).toEqual([
      "/v1/amazon",
      "/v1/amazon/search",
      "/v1/amazon/reviews",
    ]);
  });
});

// Etsy's reviews are its listing page's own: /v1/etsy/reviews reads them there, `page` as its review pager links.
describe("etsy reviews", () => {
  it("reads a replica listing's reviews, page 2 different from page 1", async () => {
    const search = await api("/v1/etsy/search?q=mug");
    const results = Array.isArray(search.body.data) ? search.body.data : search.body.data.results;
    // The replica writes reviews for about a third of the ratings; 20 ratings give a second page of four.
    const id = results.find((item: any) => !item.sponsored && item.review_count >= 20).id;
    const read = async (page: number) => {
      const { response, body } = await api(`/v1/etsy/reviews?id=${id}&page=${page}`);
      expect(response.status).toBe(200);
      return { list: body.data.reviews as any[], meta: body.meta };
    };
    const first = await read(1);
    expect(first.list).toHaveLength(4);
    for (const review of first.list) {
      expect(review.rating).toBeGreaterThanOrEqual(1);
      expect(review.author).toBeTruthy();
      expect(review.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(review.body).toBeTruthy();
    }
    expect(first.meta.pagination).toMatchObject({ page: 1, limit: 4 });
    expect(first.meta.pagination.total_pages).not.toBe(1);
    const second = await read(2);
    expect(second.list.length).toBeGreaterThan(0);
    expect(second.list.map((review) => review.id)).not.toEqual(first.list.map((review) => review.id));
  });
});
