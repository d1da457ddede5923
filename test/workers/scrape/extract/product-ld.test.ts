// Which JSON-LD product is the page's (src/scrape/extract/product-ld.ts): the one the page's own WebPage node
// names as its main entity, before the products of a related-items carousel written beside it.
import { describe, expect, it } from "vitest";
import { readPage, structuredDrafts } from "../../../../src/scrape/extract/page";

const ld = (value: unknown) => `<script type="application/ld+json">${JSON.stringify(value)}</script>`;
const product = (name: string, sku: string, price: string, availability: string) => ({
  "@type": "Product",
  name,
  sku,
  offers: { "@type": "Offer", price, priceCurrency: "BRL", availability: `https://schema.org/${availability}` },
});

describe("the JSON-LD product of a page", () => {
  it("is the WebPage's mainEntity, not a related product listed first at the top level", () => {
    // The related product's block comes first in the page, as a carousel's may.
    const head = [
      ld({ "@context": "https://schema.org", ...product("Copo Plástico 300ml", "43214", "11.99", "InStock") }),
      ld({
        "@context": "https://schema.org",
        "@type": "WebPage",
        name: "Kit Jarra",
        mainEntity: product("Kit Jarra com 4 Copos", "16561", "34.99", "OutOfStock"),
      }),
    ].join("");
    const html = `<html><head>${head}</head><body><h1>Kit Jarra com 4 Copos</h1></body></html>`;
    const { jsonLd } = structuredDrafts(readPage(html, "https://shop.example/p/kit-jarra"));
    expect(jsonLd.title).toBe("Kit Jarra com 4 Copos");
    expect(jsonLd.price?.amount).toBe(34.99);
    expect(jsonLd.availability).toBe("out_of_stock");
  });

  it("is the first product when no WebPage names one", () => {
    const html = `<html><head>${ld({ "@context": "https://schema.org", ...product("Copo Plástico 300ml", "43214", "11.99", "InStock") })}</head><body></body></html>`;
    expect(structuredDrafts(readPage(html, "https://shop.example/p/copo")).jsonLd.title).toBe("Copo Plástico 300ml");
  });
});

describe("the JSON-LD offer of a product with several", () => {
  const offer = (price: string, availability: string) => ({
    "@type": "Offer",
    price,
    priceCurrency: "USD",
    availability: `https://schema.org/${availability}`,
  });
  const page = (offers: unknown[]) =>
    `<html><head>${ld({ "@context": "https://schema.org", "@type": "Product", name: "A console", offers })}</head><body></body></html>`;

  it("is one that can be bought when the first is sold out (new sold out, used in stock)", () => {
    const html = page([offer("749.99", "OutOfStock"), offer("549.99", "InStock"), offer("522.49", "InStock")]);
    const { jsonLd } = structuredDrafts(readPage(html, "https://shop.example/console"));
    expect(jsonLd.price?.amount).toBe(549.99);
    expect(jsonLd.availability).toBe("in_stock");
  });

  it("is the first when it can be bought, or when none can", () => {
    const first = structuredDrafts(
      readPage(page([offer("749.99", "InStock"), offer("549.99", "InStock")]), "https://shop.example/a"),
    );
    expect(first.jsonLd.price?.amount).toBe(749.99);
    const none = structuredDrafts(
      readPage(page([offer("749.99", "OutOfStock"), offer("549.99", "OutOfStock")]), "https://shop.example/b"),
    );
    expect(none.jsonLd.price?.amount).toBe(749.99);
  });
});
