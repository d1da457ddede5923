// An independent shop ("Northwind Goods", WooCommerce-like) for the generic platform:
// /product/{id} with a JSON-LD Product (every fourth id instead ships a Yoast-style @graph of
// WebPage, BreadcrumbList, Organization and Product), the sale price in <del>/<ins>, a cart
// total and related products as price traps; /js/product/{id}, a client-rendered page whose
// name, price and JSON-LD only appear after its inline script fetches /api/product/{id} (a plain
// HTTP fetch sees no product); and / listing every product.
import { catalogue, findProduct, listPriceOf, priceOf, type Product } from "../catalogue.ts";
import { decimal, html, jsonLd, money, page, raw, type Raw } from "../html.ts";
import { htmlResponse, imageUrl, jsonResponse, siteLink, type Site, type SiteRequest } from "../site.ts";

const SHOP = "Northwind Goods";

export const shop: Site = (request) => {
  if (request.path === "/" || request.path === "") return htmlResponse(indexPage(request));
  const match = /^\/(product|js\/product|api\/product)\/([a-z0-9-]+)\/?$/.exec(request.path);
  const found = match ? findProduct("shop", match[2]!) : null;
  if (!match || !found) return null;
  if (match[1] === "api/product") return jsonResponse(apiProduct(request, found.product));
  return htmlResponse(
    match[1] === "product" ? productPage(request, found.product) : scriptedPage(request, found.product),
  );
};

const productUrl = (request: SiteRequest, product: Product) => siteLink(request, `/product/${product.id}`);

function productLd(request: SiteRequest, product: Product): Record<string, unknown> {
  const price = priceOf(product, request.prices);
  return {
    "@type": "Product",
    name: product.name,
    sku: product.id,
    mpn: product.model,
    url: productUrl(request, product),
    image: product.images.map((name) => imageUrl(request, name)),
    description: product.description,
    brand: { "@type": "Brand", name: product.brand },
    aggregateRating: { "@type": "AggregateRating", ratingValue: product.rating, reviewCount: product.reviewCount },
    offers: {
      "@type": "Offer",
      price: decimal(price),
      priceCurrency: "USD",
      availability: `https://schema.org/${product.stock > 0 ? "InStock" : "OutOfStock"}`,
      url: productUrl(request, product),
      seller: { "@type": "Organization", name: SHOP },
    },
  };
}

/** Structured data as the page ships it: a lone Product, or for every fourth id an @graph. */
function structuredData(request: SiteRequest, product: Product): Record<string, unknown> {
  if (product.index % 4 !== 3) return { "@context": "https://schema.org", ...productLd(request, product) };
  const url = productUrl(request, product);
  return {
    "@context": "https://schema.org",
    "@graph": [
      {
        "@type": "WebPage",
        "@id": url,
        url,
        name: `${product.name} - ${SHOP}`,
        breadcrumb: { "@id": `${url}#breadcrumb` },
      },
      {
        "@type": "BreadcrumbList",
        "@id": `${url}#breadcrumb`,
        itemListElement: product.breadcrumbs.map((name, n) => ({ "@type": "ListItem", position: n + 1, name })),
      },
      {
        "@type": "Organization",
        "@id": `${siteLink(request, "/")}#organization`,
        name: SHOP,
        url: siteLink(request, "/"),
      },
      { ...productLd(request, product), "@id": `${url}#product`, mainEntityOfPage: { "@id": url } },
    ],
  };
}

function amount(value: number): Raw {
  return html`<span class="woocommerce-Price-amount amount"><bdi><span class="woocommerce-Price-currencySymbol">$</span>${decimal(value)}</bdi></span>`;
}

function header(request: SiteRequest): Raw {
  return html`<header class="site-header"><a class="site-title" href="${siteLink(request, "/")}">${SHOP}</a><a class="cart-contents" href="${siteLink(request, "/cart")}" title="View your shopping cart">${amount(0)} <span class="count">0 items</span></a></header>`;
}

function productPage(request: SiteRequest, product: Product): string {
  const price = priceOf(product, request.prices);
  const listPrice = listPriceOf(product, price);
  const related = [1, 2, 3].map((step) => catalogue("shop")[(product.index + step) % catalogue("shop").length]!);
  return page({
    title: `${product.name} - ${SHOP}`,
    head: html`<meta property="og:type" content="product"><meta property="og:title" content="${product.name}"><meta property="og:image" content="${imageUrl(request, product.images[0]!)}"><meta property="og:url" content="${productUrl(request, product)}">${jsonLd(structuredData(request, product), html` class="yoast-schema-graph"`)}`,
    bodyAttributes: html` class="product-template-default single single-product woocommerce"`,
    body: html`${header(request)}
<nav class="woocommerce-breadcrumb"><a href="${siteLink(request, "/")}">Home</a>${product.breadcrumbs.map((crumb) => html` / ${crumb}`)}</nav>
<div id="product-${product.id}" class="product type-product ${product.stock > 0 ? "instock" : "outofstock"}">
<div class="woocommerce-product-gallery"><img src="${imageUrl(request, product.images[0]!)}" alt="${product.name}" class="wp-post-image"></div>
<div class="summary entry-summary"><h1 class="product_title entry-title">${product.name}</h1>
<div class="woocommerce-product-rating"><div class="star-rating" role="img" aria-label="Rated ${product.rating.toFixed(2)} out of 5"></div><a href="#reviews" class="woocommerce-review-link">(<span class="count">${product.reviewCount}</span> customer reviews)</a></div>
<p class="price">${listPrice !== null ? html`<del aria-hidden="true">${amount(listPrice)}</del> <ins>${amount(price)}</ins>` : amount(price)}</p>
<div class="woocommerce-product-details__short-description"><p>${product.description}</p></div>
<p class="stock ${product.stock > 0 ? "in-stock" : "out-of-stock"}">${product.stock > 0 ? `${product.stock} in stock` : "Out of stock"}</p>
<div class="product_meta"><span class="sku_wrapper">SKU: <span class="sku">${product.id}</span></span> <span class="posted_in">Brand: ${product.brand}</span></div></div>
<table class="woocommerce-product-attributes shop_attributes">${product.specs.map(([name, value]) => html`<tr class="woocommerce-product-attributes-item"><th class="woocommerce-product-attributes-item__label">${name}</th><td class="woocommerce-product-attributes-item__value"><p>${value}</p></td></tr>`)}</table>
<section class="related products"><h2>Related products</h2><ul class="products">${related.map(
      (other) =>
        html`<li class="product"><a href="${productUrl(request, other)}" class="woocommerce-LoopProduct-link"><h2 class="woocommerce-loop-product__title">${other.name}</h2><span class="price">${amount(priceOf(other, request.prices))}</span></a></li>`,
    )}</ul></section>
</div>`,
  });
}

/** What the client-rendered page fetches; the page's script renders it. */
function apiProduct(request: SiteRequest, product: Product) {
  const price = priceOf(product, request.prices);
  return {
    id: product.id,
    name: product.name,
    brand: product.brand,
    price,
    priceText: money(price),
    image: imageUrl(request, product.images[0]!),
    description: product.description,
    jsonLd: structuredData(request, product),
  };
}

// Builds the page with DOM calls (textContent, never innerHTML), so nothing from the API is parsed as markup.
const RENDER_SCRIPT = `document.addEventListener("DOMContentLoaded", async function () {
  var app = document.getElementById("app");
  var product = await (await fetch(app.getAttribute("data-src"))).json();
  document.title = product.name + " - ${SHOP}";
  var title = document.createElement("h1"); title.className = "product_title entry-title"; title.textContent = product.name;
  var price = document.createElement("p"); price.className = "price"; price.textContent = product.priceText;
  var image = document.createElement("img"); image.src = product.image; image.alt = product.name;
  var description = document.createElement("p"); description.className = "description"; description.textContent = product.description;
  app.replaceChildren(image, title, price, description);
  var ld = document.createElement("script"); ld.type = "application/ld+json"; ld.textContent = JSON.stringify(product.jsonLd);
  document.head.appendChild(ld);
});`;

function scriptedPage(request: SiteRequest, product: Product): string {
  return page({
    title: SHOP,
    head: html`<script>${raw(RENDER_SCRIPT)}</script>`,
    body: html`${header(request)}<main id="app" data-src="${siteLink(request, `/api/product/${product.id}`)}"><div class="loading-spinner" aria-busy="true">Loading…</div></main>`,
  });
}

function indexPage(request: SiteRequest): string {
  return page({
    title: `${SHOP} – Shop`,
    body: html`${header(request)}<ul class="products">${catalogue("shop").map(
      (product) =>
        html`<li class="product"><a href="${productUrl(request, product)}"><h2 class="woocommerce-loop-product__title">${product.name}</h2><span class="price">${amount(priceOf(product, request.prices))}</span></a> · <a href="${siteLink(request, `/js/product/${product.id}`)}">client-rendered</a></li>`,
    )}</ul>`,
  });
}
