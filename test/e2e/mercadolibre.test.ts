// mercadolibre through wrangler dev against its replica, which serves Mercado Libre's real pages: the
// Colombian catalogue product, the Peruvian search for "lenovo ideapad" and the product's review
// component on the review page the product links (replicas/sites/mercadolibre.ts). Its product page is
// also read with both engines in real-pages.test.ts, as every marketplace's real product page is.
import { parse } from "csv-parse/sync";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { createAccountKey } from "../../scripts/local-stack.ts";
import { ProductEnvelope, ReviewsEnvelope, SearchEnvelope } from "../../src/routes/products/examples.ts";
import { callApi, hits, replicaCounts } from "./stack.ts";

const baseUrl = inject("baseUrl");
const replicasUrl = inject("replicasUrl");
let secret: string;

beforeAll(async () => {
  ({ secret } = await createAccountKey(baseUrl, inject("adminToken"), {
    name: "e2e mercadolibre",
    plan: "enterprise",
    requests_per_minute: 10_000,
  }));
});

const api = (path: string) => callApi(secret, path);

describe("GET /v1/mercadolibre", () => {
  it("reads the catalogue product by its id at /p/{id}: price, struck price, stars, seller", async () => {
    const before = await replicaCounts();
    const { response, body } = await api("/v1/mercadolibre?id=MCO42090990&fresh=true");
    expect(response.status, JSON.stringify(body.error)).toBe(200);
    expect(ProductEnvelope.safeParse(body).success).toBe(true);
    expect(hits(before, await replicaCounts(), "/mercadolibre/p/MCO42090990")).toBe(1);
    expect(body.data).toMatchObject({
      id: "MCO42090990",
      title: "Lámparas Tipo Spot Con Riel De 1m X 3 Unid De 10w. Estructura Negro Luz Blanca",
      price: { amount: 71492, currency: "COP", original_amount: 88480 },
      rating: 4.8,
      review_count: 485,
      seller: "Mundi Luz",
      brand: "Mundiluz",
      availability: "in_stock",
    });
    expect(body.data.reviews).toHaveLength(5);
    expect(body.meta.completeness.state).toMatch(/^(complete|partial)$/);
  });

  it("reads the same product by its page's URL, its price from Mercado Libre's own markup", async () => {
    const url = `${replicasUrl}/mercadolibre/p/MCO42090990`;
    const { response, body } = await api(`/v1/mercadolibre?url=${encodeURIComponent(url)}&explain=true`);
    expect(response.status, JSON.stringify(body.error)).toBe(200);
    expect(body.data).toMatchObject({ id: "MCO42090990", price: { amount: 71492, currency: "COP" } });
    expect(body.data.sources.price.source).toBe("mercadolibre markup");
  });

  it("answers an id of no shape Mercado Libre issues with 400 naming `id`", async () => {
    const { response, body } = await api("/v1/mercadolibre?id=1505218051");
    expect(response.status).toBe(400);
    expect(body.error.details).toEqual([{ parameter: "id", in: "query", message: expect.any(String) }]);
    // The sentence says what an id looks like, with the listing's form this one lacks.
    expect(body.error.details[0].message).toMatch(/^mercadolibre's id is .*MCO-1505218051/);
  });

  it("answers a country it has no site for with the ones it has", async () => {
    const { response, body } = await api("/v1/mercadolibre?id=MCO42090990&country=fr");
    expect(response.status).toBe(400);
    expect(body.error.message).toContain("AR, MX, CO, PE, CL, UY, EC, BR");
  });
});

describe("GET /v1/mercadolibre/search", () => {
  it("reads the search page's 48 results, its count and its pager, as JSON and as CSV", async () => {
    const { response, body } = await api("/v1/mercadolibre/search?q=lenovo%20ideapad");
    expect(response.status, JSON.stringify(body.error)).toBe(200);
    expect(SearchEnvelope.safeParse(body).success).toBe(true);
    expect(new URL(body.meta.scrape.source_url).pathname).toBe("/mercadolibre/lenovo-ideapad");
    expect(body.meta.pagination).toEqual({ page: 1, limit: 48, total: 91, total_pages: 2 });
    const results = body.data.results as any[];
    expect(results).toHaveLength(48);
    expect(results[0]).toMatchObject({
      id: "MPE61450847",
      title: "Portátil Lenovo Ideapad Slim 3 15 Azul Ryzen 5 16gb 512gb Abyss Blue",
      price: { amount: 1909, currency: "PEN" },
      sponsored: false,
    });
    expect(results.every((item) => item.price.currency === "PEN" && item.id)).toBe(true);

    const csv = await fetch(`${baseUrl}/v1/mercadolibre/search?q=lenovo%20ideapad&format=csv`, {
      headers: { "X-API-KEY": secret },
    });
    const rows = parse(await csv.text(), { columns: true }) as Record<string, string>[];
    expect(rows.map((row) => row.id)).toEqual(results.map((item) => item.id));
  });
});

describe("GET /v1/mercadolibre/reviews", () => {
  it("reads the review page the product links: the reviews, the product's average and count", async () => {
    const before = await replicaCounts();
    const { response, body } = await api("/v1/mercadolibre/reviews?id=MCO42090990");
    expect(response.status, JSON.stringify(body.error)).toBe(200);
    expect(ReviewsEnvelope.safeParse(body).success).toBe(true);
    expect(hits(before, await replicaCounts(), "/mercadolibre/noindex/catalog/reviews/MCO42090990")).toBe(1);
    expect(body.meta).toMatchObject({ rating: 4.8, review_count: 485 });
    expect(body.meta.pagination).toEqual({ page: 1, limit: 5, total: null, total_pages: 1 });
    const reviews = body.data.reviews as any[];
    expect(reviews).toHaveLength(5);
    expect(reviews.map((review) => [review.rating, review.date])).toEqual([
      [5, "2025-04-20"],
      [5, "2025-03-11"],
      [5, "2024-10-17"],
      [5, "2023-05-03"],
      [5, "2025-05-02"],
    ]);
  });

  it("refuses a later page, an order or a star filter the site's page cannot give, naming the parameter", async () => {
    for (const [query, parameter] of [
      ["page=2", "page"],
      ["sort=recent", "sort"],
      ["rating=5", "rating"],
    ]) {
      const { response, body } = await api(`/v1/mercadolibre/reviews?id=MCO42090990&${query}`);
      expect(response.status).toBe(400);
      expect(body.error.details[0]).toMatchObject({ parameter, in: "query" });
    }
  });
});

it("is listed by GET /v1/platforms with its id parameter and countries", async () => {
  const { body } = await api("/v1/platforms");
  expect(body.data.find((platform: any) => platform.slug === "mercadolibre")).toMatchObject({
    kind: "marketplace",
    endpoints: ["/v1/mercadolibre", "/v1/mercadolibre/search", "/v1/mercadolibre/reviews"],
    id_parameter: { name: "id", example: "MCO42090990" },
    countries: ["ar", "mx", "co", "pe", "cl", "uy", "ec", "br"],
  });
});
