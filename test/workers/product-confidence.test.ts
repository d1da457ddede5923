// Each filled field of a product answer carries its calibrated confidence in meta.completeness, and
// readers that disagree with no rule to decide make the field `conflicting`, never `complete`
// (src/scrape/extract/confidence.ts); the site is stood in for by `fetch`.
import { afterEach, describe, expect, it, vi } from "vitest";
import { CONFIDENCE_TABLE } from "../../src/scrape/extract/confidence-table";
import { call, newAccount, serveSite, withKey } from "./helpers";

afterEach(() => vi.restoreAllMocks());

const ld = (offer: object) =>
  `<script type="application/ld+json">${JSON.stringify({
    "@context": "https://schema.org",
    "@type": "Product",
    name: "Kettle",
    sku: "K-100",
    image: "https://shop.confidence.example/kettle.jpg",
    offers: { "@type": "Offer", priceCurrency: "USD", availability: "https://schema.org/InStock", ...offer },
  })}</script>`;
const microdata = (price: string) =>
  `<div itemscope itemtype="https://schema.org/Product"><span itemprop="name">Kettle</span>
   <div itemprop="offers" itemscope itemtype="https://schema.org/Offer"><span itemprop="price" content="${price}">$${price}</span>
   <meta itemprop="priceCurrency" content="USD"></div></div>`;
const page = (head: string, body: string) =>
  `<!doctype html><html><head><title>Kettle</title>${head}</head><body><h1>Kettle</h1>${body}</body></html>`;

async function product(html: string, explain = false) {
  const { secret } = await newAccount({ plan: "pro" });
  serveSite("shop.confidence.example", html);
  const url = encodeURIComponent("https://shop.confidence.example/p/kettle");
  const response = await call(`/v1/generic?url=${url}&fresh=true${explain ? "&explain=true" : ""}`, withKey(secret));
  const body = (await response.json()) as any;
  expect(response.status, JSON.stringify(body.error)).toBe(200);
  return body;
}

describe("confidence in meta.completeness", () => {
  it("gives each filled field the calibrated share of its evidence: agreeing readers, one reader", async () => {
    const body = await product(page(ld({ price: "13.37" }), microdata("13.37")));
    const { confidence, conflicting, state } = body.meta.completeness;
    expect(state).toBe("complete");
    expect(conflicting).toEqual([]);
    // JSON-LD and microdata agree on the price; the sku only JSON-LD gives.
    expect(confidence.price).toBe(Math.round(CONFIDENCE_TABLE["price|structured|agreed"]! * 100) / 100);
    expect(confidence.sku).toBe(Math.round(CONFIDENCE_TABLE["sku|structured|single"]! * 100) / 100);
    // Every field a reader gave has one, counted or not; an empty field has none.
    expect(Object.keys(confidence).sort()).toEqual(["availability", "images", "price", "sku", "title"]);
    expect(confidence.rating).toBeUndefined();
    for (const value of Object.values(confidence)) expect(value).toBeGreaterThan(0);
  });

  it("makes a price two structured readers disagree on conflicting: the answer partial, both candidates explained", async () => {
    const plain = await product(page(ld({ price: "13.37" }), microdata("15.00")));
    expect(plain.meta.completeness.state).toBe("partial");
    expect(plain.meta.completeness.conflicting).toEqual([{ field: "price" }]);
    expect(plain.data.price.amount).toBe(13.37);

    const explained = await product(page(ld({ price: "13.37" }), microdata("15.00")), true);
    const [conflict] = explained.meta.completeness.conflicting;
    expect(conflict.field).toBe("price");
    expect(conflict.candidates.map((candidate: any) => [candidate.source, candidate.value.amount])).toEqual([
      ["json-ld", 13.37],
      ["microdata", 15],
    ]);
    expect(explained.meta.completeness.confidence.price).toBeLessThan(0.9);
  });
});
