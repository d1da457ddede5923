// "Trailhead Outfitters", an outdoor shop built like a Shopify store: /products/{handle} with a
// JSON-LD Product and rel=canonical, the same product under /collections/{c}/products/{handle}
// (canonical back to /products/…), collections paginated with ?page= and rel=next, sort links
// robots.txt forbids, and cart, account and search pages robots.txt forbids too.
import { escapeHtml, money } from "../html.ts";
import { slugify } from "../random.ts";
import type { ShopProduct, ShopSpec } from "./catalogue.ts";
import { categoryName, type ShopContext, type ShopTheme, priceNow } from "./site.ts";

const spec: ShopSpec = {
  slug: "trailhead",
  name: "Trailhead Outfitters",
  size: 2400,
  skuPrefix: "TH",
  crawlDelay: 0.05,
  categories: [
    "Camping/Tents",
    "Camping/Sleeping Bags",
    "Camping/Stoves",
    "Camping/Lanterns",
    "Hiking/Backpacks",
    "Hiking/Trekking Poles",
    "Hiking/Boots",
    "Climbing/Harnesses",
    "Climbing/Ropes",
    "Climbing/Carabiners",
    "Water/Kayaks",
    "Water/Paddles",
  ],
  brands: ["Summitline", "Ridgeway", "Northfork", "Alpenglow", "Cairn", "Basecamp"],
  nouns: ["Tent", "Pack", "Stove", "Lantern", "Bag", "Pole", "Boot", "Harness", "Rope", "Carabiner", "Paddle"],
};

const collection = (index: number) => slugify(spec.categories[index]!.replace("/", " "));

const layout = (context: ShopContext, title: string, head: string, main: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)} – ${spec.name}</title>${head}</head>
<body><header><a href="${context.base}/">${spec.name}</a>
<nav><a href="${context.base}/collections/camping">Camping</a> <a href="${context.base}/collections/hiking">Hiking</a>
<a href="${context.base}/collections/climbing">Climbing</a> <a href="${context.base}/collections/water">Water</a>
<a href="${context.base}/search?q=tent">Search</a> <a href="${context.base}/account/login">Log in</a>
<a href="${context.base}/cart">Cart (0)</a></nav></header>
<main>${main}</main>
<footer><a href="${context.base}/pages/about">About us</a> <a href="${context.base}/pages/shipping">Shipping</a>
<p>© 2026 ${spec.name}</p></footer></body></html>`;

/** Collections listed with a "Load more" button (every other one) rather than numbered pages. */
const loadsMoreResults = (category: number) => category % 2 === 1;
const rootRelative = (url: string) => {
  const { pathname, search } = new URL(url);
  return `${pathname}${search}`;
};
const moreUrl = (context: ShopContext, categoryPath: string, page: number) =>
  `${context.base}${categoryPath}/more?page=${page}`;

function card(context: ShopContext, product: ShopProduct, index: number, category: number): string {
  // Links as Shopify themes write them: within the collection, with a variant or a tracking tag.
  const href =
    index % 3 === 0
      ? `${context.base}/collections/${collection(category)}/products/${product.handle}`
      : index % 3 === 1
        ? `${context.base}/products/${product.handle}?variant=${product.gtin.slice(-6)}&utm_source=collection&utm_medium=grid`
        : `${context.base}/products/${product.handle}`;
  return `<li class="grid__item"><div class="card"><a href="${href}" class="card__link"><img src="${context.base}/img/${product.handle}.png" alt="">
<h3 class="card__heading">${escapeHtml(product.name)}</h3></a>
<div class="price"><span class="price-item price-item--regular">${money(priceNow(product, context))}</span></div>
${product.inStock ? "" : '<span class="badge">Sold out</span>'}</div></li>`;
}

export const trailhead: ShopTheme = {
  spec,
  perPage: 24,
  pageParam: "page",
  productPath: (product) => `/products/${product.handle}`,
  matchProduct(path) {
    const match = /^(?:\/collections\/[a-z0-9-]+)?\/products\/([a-z0-9-]+)$/.exec(path);
    return match ? match[1]! : null;
  },
  categoryPath: (index) => `/collections/${collection(index)}`,
  matchCategory(path) {
    const index = spec.categories.findIndex((_, i) => path === `/collections/${collection(i)}`);
    return index >= 0 ? index : null;
  },
  departmentPath: (department) => `/collections/${department.slug}`,
  sitemapIndex: "/sitemap.xml",
  robotsRules: ["/cart", "/checkout", "/account", "/search", "/*sort_by*", "/collections/*+*"],
  homePage(context, departments, featured) {
    return layout(
      context,
      "Home",
      "",
      `<h1>Gear for every trail</h1><ul>${departments
        .map((d) => `<li><a href="${context.base}${this.departmentPath(d)}">${escapeHtml(d.name)}</a></li>`)
        .join("")}</ul><h2>Featured</h2><ul class="grid">${featured
        .map((p, i) => card(context, p, i + 2, p.category))
        .join("")}</ul>`,
    );
  },
  departmentPage(context, department) {
    return layout(
      context,
      department.name,
      "",
      `<h1>${escapeHtml(department.name)}</h1><ul class="collection-list">${department.children
        .map(
          (index) =>
            `<li><a href="${context.base}${this.categoryPath(index)}">${escapeHtml(categoryName(spec, index))}</a></li>`,
        )
        .join("")}</ul>`,
    );
  },
  categoryPage(context, category, { products, page, pages, total }) {
    const url = (n: number) => `${context.base}${this.categoryPath(category)}${n > 1 ? `?page=${n}` : ""}`;
    const loadsMore = loadsMoreResults(category);
    const head = `<link rel="canonical" href="${url(page)}">${page < pages && !loadsMore ? `<link rel="next" href="${url(page + 1)}">` : ""}${page > 1 && !loadsMore ? `<link rel="prev" href="${url(page - 1)}">` : ""}`;
    const numbers = Array.from({ length: pages }, (_, i) => i + 1)
      .filter((n) => Math.abs(n - page) <= 2 || n === pages)
      .map((n) => (n === page ? `<span class="page current">${n}</span>` : `<a class="page" href="${url(n)}">${n}</a>`))
      .join(" ");
    // Every other collection shows its first cards and a button its script fetches the rest with.
    const paging = loadsMore
      ? page < pages
        ? `<div class="load-more"><button type="button" class="button" data-url="${moreUrl(context, this.categoryPath(category), page + 1)}">Load more</button></div>`
        : ""
      : `<nav class="pagination">${numbers}${page < pages ? ` <a href="${url(page + 1)}" class="pagination__item--next">Next</a>` : ""}</nav>`;
    return layout(
      context,
      categoryName(spec, category),
      head,
      `<h1 class="collection-hero__title">${escapeHtml(categoryName(spec, category))}</h1>
<p class="collection-product-count">${total} products</p>
<div class="facets"><a href="${context.base}${this.categoryPath(category)}?sort_by=price-ascending">Price, low to high</a>
<a href="${context.base}${this.categoryPath(category)}?sort_by=created-descending">Newest</a></div>
<ul class="grid product-grid">${products.map((p, i) => card(context, p, i, category)).join("")}</ul>
${paging}`,
    );
  },
  moreResults(context, category, { products, page, pages }) {
    if (!loadsMoreResults(category)) return null;
    return JSON.stringify({
      page,
      html: products.map((p, i) => card(context, p, i, category)).join(""),
      // Written from the site's root, as a shop's script receives it.
      next_url: page < pages ? rootRelative(moreUrl(context, this.categoryPath(category), page + 1)) : null,
    });
  },
  productPage(context, product, related) {
    const url = `${context.base}/products/${product.handle}`;
    const price = priceNow(product, context);
    const ld = {
      "@context": "https://schema.org",
      "@type": "Product",
      name: product.name,
      sku: product.sku,
      gtin13: product.gtin,
      brand: { "@type": "Brand", name: product.brand },
      image: [`${context.base}/img/${product.handle}.png`],
      description: `${product.name}, built for the trail.`,
      url,
      offers: {
        "@type": "Offer",
        price: price.toFixed(2),
        priceCurrency: "USD",
        availability: `https://schema.org/${product.inStock ? "InStock" : "OutOfStock"}`,
        url,
      },
    };
    return layout(
      context,
      product.name,
      `<link rel="canonical" href="${url}"><meta property="og:type" content="product"><script type="application/ld+json">${JSON.stringify(ld)}</script>`,
      `<nav class="breadcrumbs"><a href="${context.base}/">Home</a> / <a href="${context.base}${this.categoryPath(product.category)}">${escapeHtml(categoryName(spec, product.category))}</a></nav>
<div class="product"><h1 class="product__title">${escapeHtml(product.name)}</h1>
<div class="price"><span class="price-item">${money(price)}</span></div>
<p class="sku">SKU: ${product.sku}</p>
<form action="${context.base}/cart/add" method="post"><button ${product.inStock ? "" : "disabled"}>${product.inStock ? "Add to cart" : "Sold out"}</button></form>
<div class="product__description">${escapeHtml(ld.description)}</div></div>
<section class="related"><h2>You may also like</h2><ul>${related
        .map(
          (p) =>
            `<li><a href="${context.base}/products/${p.handle}">${escapeHtml(p.name)}</a> ${money(priceNow(p, context))}</li>`,
        )
        .join("")}</ul></section>`,
    );
  },
  infoPages: {
    "/pages/about": (context) =>
      layout(
        context,
        "About us",
        "",
        "<h1>About us</h1><p>Outfitting hikers since 1998, from our shop in Boulder.</p>",
      ),
    "/pages/shipping": (context) =>
      layout(
        context,
        "Shipping",
        "",
        "<h1>Shipping &amp; returns</h1><p>Orders ship within two days. Returns are free within 30 days.</p>",
      ),
  },
};
