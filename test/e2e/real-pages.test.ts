// Both engines over real markup: the replicas serve real saved pages (replicas/real-pages.ts), one
// product per marketplace at its product path and shop captures under /real/, and each is read
// once with `engine=fetch` and once with `engine=browser` (Chromium, the page's scripts and
// resources blocked by the replica's CSP). The two answers must agree with each other and with
// the values a careful reader found on the page (expected.tsv).
import { beforeAll, describe, expect, inject, it } from "vitest";
import { createAccountKey } from "../../scripts/local-stack.ts";
import { REAL_PRODUCT_PAGES, REAL_SHOP_FILES } from "../../replicas/real-pages.ts";
import { PRODUCT_PLATFORMS } from "../../src/platforms/index.ts";
import { collapse, currencyCell, expectedRows, numberOrNull } from "../fixtures/pages.ts";
import { callApi, hits, replicaCounts } from "./stack.ts";

const baseUrl = inject("baseUrl");
const replicasUrl = inject("replicasUrl");
let secret: string;

beforeAll(async () => {
  ({ secret } = await createAccountKey(baseUrl, inject("adminToken"), {
    name: "e2e real pages",
    plan: "enterprise",
    requests_per_minute: 10_000,
  }));
});

/** Shops read by `generic`: JSON-LD, microdata, Shopify without a declared charset, a Japanese page. */
const SHOPS = [
  "jsonld/mshopping_wayfair.html",
  "microdata/lb_samsclub_clorox_wipes.html",
  "shopify/lb_overstock_just_cavalli_watch.html",
  "mercari/shok_mercari_jp_hello_kitty_strap.html",
];

const CASES = [
  ...REAL_PRODUCT_PAGES.map((page) => ({
    name: `${page.platform} ${page.path}`,
    file: page.file,
    replicaPath: `/${page.platform}${page.path}`,
    query: `/v1/${page.platform}?${PRODUCT_PLATFORMS[page.platform]!.idParam}=${page.id}`,
    id: page.id as string | null,
  })),
  ...SHOPS.map((file) => ({
    name: `generic /real/${file}`,
    file,
    replicaPath: `/real/${file}`,
    query: `/v1/generic?url=${encodeURIComponent(`${replicasUrl}/real/${file}`)}`,
    id: null,
  })),
];

/** One fresh scrape of `query` by `engine`, and how often the replica served the page meanwhile. */
async function readWith(engine: "fetch" | "browser", query: string, replicaPath: string) {
  const before = await replicaCounts();
  const { response, body } = await callApi(secret, `${query}&engine=${engine}&fresh=true`);
  const served = hits(before, await replicaCounts(), replicaPath);
  return { status: response.status, body, served };
}

it("serves every listed shop capture under /real/", () => {
  expect(SHOPS.filter((file) => !REAL_SHOP_FILES.includes(file))).toEqual([]);
});

describe.each(CASES)("$name", ({ file, replicaPath, query, id }) => {
  const row = expectedRows.find((candidate) => candidate.file === file)!;
  let byFetch: Awaited<ReturnType<typeof readWith>>;
  let byBrowser: Awaited<ReturnType<typeof readWith>>;

  beforeAll(async () => {
    byFetch = await readWith("fetch", query, replicaPath);
    byBrowser = await readWith("browser", query, replicaPath);
  });

  it("is read by the engine the request names, one load of the page each", () => {
    expect(byFetch.status, JSON.stringify(byFetch.body?.error)).toBe(200);
    expect(byBrowser.status, JSON.stringify(byBrowser.body?.error)).toBe(200);
    expect(byFetch.body.meta.scrape).toMatchObject({ engine: "fetch", cache: "bypass", captcha: "none" });
    expect(byBrowser.body.meta.scrape).toMatchObject({ engine: "browser", cache: "bypass", captcha: "none" });
    expect(byBrowser.body.meta.scrape.browser.session_id).toBeTruthy();
    for (const answer of [byFetch, byBrowser]) {
      expect(new URL(answer.body.meta.scrape.source_url).pathname).toBe(replicaPath);
      expect(answer.served).toBe(1);
    }
  });

  it("gives the same record from the raw markup and from the browser's DOM", () => {
    const { created_at: _fetchedAt, ...fromFetch } = byFetch.body.data;
    const { created_at: _renderedAt, ...fromBrowser } = byBrowser.body.data;
    expect(fromBrowser).toEqual(fromFetch);
    expect(fromFetch.images.length).toBeGreaterThan(0);
  });

  it("matches the values expected.tsv holds for the page", () => {
    const product = byFetch.body.data;
    expect(collapse(product.title)).toBe(collapse(row.title_or_hotel_name));
    expect(product.price?.amount ?? null).toBe(numberOrNull(row.price));
    if (product.price) expect(product.price.currency).toBe(currencyCell(row.currency));
    expect(product.rating).toBe(numberOrNull(row.rating_or_review_score));
    expect(product.review_count).toBe(numberOrNull(row.review_count));
    if (id) expect(product.id).toBe(id);
  });
});

describe("how far to trust an answer", () => {
  it.each(CASES)("$name: explain=true names a source for every filled field", async ({ query }) => {
    const { response, body } = await callApi(secret, `${query}&explain=true`);
    expect(response.status, JSON.stringify(body.error)).toBe(200);
    const { completeness } = body.meta;
    expect(["complete", "partial"]).toContain(completeness.state);
    expect(completeness.filled).toEqual(expect.arrayContaining(["title"]));
    const unsourced = completeness.filled.filter((field: string) => !body.data.sources?.[field]?.source);
    expect(unsourced).toEqual([]);
  });

  it("answers without sources unless asked", async () => {
    const { body } = await callApi(secret, CASES[0]!.query);
    expect(body.data.sources).toBeUndefined();
    expect(body.meta.completeness.state).toMatch(/^(complete|partial)$/);
  });

  it("answers a search page asked for as a product with 422 no_data saying what the page is", async () => {
    const file = "nostructured/ddotsam_costco_sameday_instacart_search_yogurt.html";
    const url = encodeURIComponent(`${replicasUrl}/real/${file}`);
    const { response, body } = await callApi(secret, `/v1/generic?url=${url}&engine=fetch`);
    expect(response.status).toBe(422);
    expect(body.error.code).toBe("no_data");
    expect(body.error.message).toContain('holds no product: it is a search or category page ("Results for "yogurt"")');
  });
});

describe("engine parameter", () => {
  it("refuses an engine that does not exist, naming the parameter", async () => {
    const { response, body } = await callApi(secret, "/v1/amazon?asin=B07G2L3JMM&engine=chrome");
    expect(response.status).toBe(400);
    expect(body.error.code).toBe("invalid_request");
    expect(body.error.details.map((detail: { parameter: string }) => detail.parameter)).toContain("engine");
  });
});
