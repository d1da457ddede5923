// Every marketplace adapter against its replica site through wrangler dev: the same parsers
// that read the real saved pages read the replicas.
import { parse } from "csv-parse/sync";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { createAccountKey } from "../../scripts/local-stack.ts";

const baseUrl = inject("baseUrl");
let secret: string;

async function api(path: string) {
  const response = await fetch(`${baseUrl}${path}`, { headers: { "X-API-KEY": secret } });
  return { response, body: (await response.json().catch(() => null)) as any, text: "" };
}

beforeAll(async () => {
  ({ secret } = await createAccountKey(baseUrl, inject("adminToken"), {
    name: "e2e products",
    plan: "enterprise",
    requests_per_minute: 10_000,
  }));
});

// Etsy has no review pages (its listing carries the first reviews); the others have both.
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
    items = first.body.data;
    expect(items.length).toBeGreaterThan(0);
    expect(items[0].title).toBeTruthy();
    expect(items[0].price.amount).toBeGreaterThan(0);
    expect(first.body.meta.scrape.engine).toBe("fetch");

    if (first.body.meta.has_next_page) {
      const second = await api(`/v1/${slug}/search?q=${encodeURIComponent(q)}&page=2`);
      expect(second.body.data.map((i: any) => i.id)).not.toEqual(items.map((i: any) => i.id));
    }
    const prices = items.map((i: any) => i.price.amount).sort((a: number, b: number) => a - b);
    const cut = prices[Math.floor(prices.length / 2)];
    const cheap = await api(`/v1/${slug}/search?q=${encodeURIComponent(q)}&max_price=${cut}`);
    expect(cheap.response.status).toBe(200);
    expect(cheap.body.data.length).toBeGreaterThan(0);
    for (const item of cheap.body.data) expect(item.price.amount).toBeLessThanOrEqual(cut);

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
    const product = first.body.data;
    expect(product.title).toBeTruthy();
    expect(product.name).toBe(product.title);
    expect(product.price.amount).toBeGreaterThan(0);
    expect(product.price.currency).toMatch(/^[A-Z]{3}$/);
    expect(product.attributes.type).toBe("product");
    expect(product.images.length).toBeGreaterThan(0);
    if (!reviews) expect(product.reviews.length).toBeGreaterThan(0);
    expect(first.body.meta.scrape).toMatchObject({ engine: "fetch", captcha: "none" });
    const again = await api(`/v1/${slug}?${idParam}=${encodeURIComponent(id)}`);
    expect(again.body.meta.scrape.cache).toBe("hit");
  });
});

describe.each(PLATFORMS.filter((p) => p.reviews))("$slug reviews", ({ slug, idParam, q }) => {
  it("reads review pages, CSV included", async () => {
    const search = await api(`/v1/${slug}/search?q=${encodeURIComponent(q)}`);
    const id = encodeURIComponent(search.body.data.find((i: any) => !i.sponsored).id);
    const { response, body } = await api(`/v1/${slug}/reviews?${idParam}=${id}`);
    expect(response.status).toBe(200);
    expect(body.data.length).toBeGreaterThan(0);
    expect(body.data[0].rating).toBeGreaterThanOrEqual(1);
    expect(body.data[0].body).toBeTruthy();
    const second = await api(`/v1/${slug}/reviews?${idParam}=${id}&page=2`);
    if (body.meta.has_next_page)
      expect(second.body.data.map((r: any) => r.id)).not.toEqual(body.data.map((r: any) => r.id));
    const csv = await fetch(`${baseUrl}/v1/${slug}/reviews?${idParam}=${id}&format=csv`, {
      headers: { "X-API-KEY": secret },
    });
    expect((parse(await csv.text(), { columns: true }) as unknown[]).length).toBe(body.data.length);
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
