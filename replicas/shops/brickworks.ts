// "Brickworks Supply", a hardware store built like a Magento shop: /{handle}.html products with
// schema.org microdata (every third one visible text only: a heading, "SKU:", a price and a stock
// line), categories at /{department}/{category}.html paginated with ?p=, listing links that carry
// tracking parameters, and sort, compare, customer and checkout pages robots.txt forbids.
import { escapeHtml, money } from "../html.ts";
import { slugify } from "../random.ts";
import type { ShopProduct, ShopSpec } from "./catalogue.ts";
import { categoryName, departmentsOf, type ShopContext, type ShopTheme, priceNow } from "./site.ts";

const spec: ShopSpec = {
  slug: "brickworks",
  name: "Brickworks Supply",
  size: 3000,
  skuPrefix: "BW",
  crawlDelay: 0.1,
  categories: [
    "Tools/Drills",
    "Tools/Saws",
    "Tools/Sanders",
    "Tools/Hand Tools",
    "Fasteners/Screws",
    "Fasteners/Anchors",
    "Fasteners/Nails",
    "Plumbing/Valves",
    "Plumbing/Fittings",
    "Electrical/Cable",
    "Electrical/Switches",
    "Electrical/Lighting",
    "Paint/Brushes",
    "Paint/Rollers",
  ],
  brands: ["Ironclad", "Foreman", "Keystone", "Trueline", "Mason & Sons", "Hexbolt"],
  nouns: [
    "Drill",
    "Saw",
    "Sander",
    "Wrench",
    "Screw Set",
    "Anchor Kit",
    "Valve",
    "Fitting",
    "Cable",
    "Switch",
    "Brush",
  ],
};

const departmentOf = (index: number) => slugify(spec.categories[index]!.split("/")[0]!);
const categorySlug = (index: number) => slugify(categoryName(spec, index));

const layout = (context: ShopContext, title: string, head: string, main: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)} | ${spec.name}</title>${head}</head>
<body class="page-layout-2columns-left"><header class="page-header"><a class="logo" href="${context.base}/">${spec.name}</a>
<ul class="header links"><li><a href="${context.base}/customer/account/login/">Sign In</a></li>
<li><a href="${context.base}/checkout/cart/">My Cart</a></li><li><a href="${context.base}/catalogsearch/result/?q=drill">Search</a></li></ul>
<nav class="navigation">${departmentsOf(spec)
  .map((d) => `<a href="${context.base}/${d.slug}.html">${escapeHtml(d.name)}</a>`)
  .join(" ")}</nav></header>
<main id="maincontent">${main}</main>
<footer class="page-footer"><a href="${context.base}/about-us">About Us</a> <a href="${context.base}/contact">Contact</a></footer></body></html>`;

function item(context: ShopContext, product: ShopProduct, index: number): string {
  const tag = index % 4 === 1 ? "?utm_source=listing&utm_medium=category" : index % 4 === 3 ? "?gclid=Cj0KCQiA" : "";
  return `<li class="item product product-item"><div class="product-item-info">
<a href="${context.base}/${product.handle}.html${tag}" class="product photo product-item-photo"><img src="${context.base}/img/${product.handle}.png" alt=""></a>
<strong class="product name product-item-name"><a class="product-item-link" href="${context.base}/${product.handle}.html${tag}">${escapeHtml(product.name)}</a></strong>
<div class="price-box"><span class="price">${money(priceNow(product, context))}</span></div>
${product.inStock ? "" : '<div class="stock unavailable">Out of stock</div>'}
<a href="${context.base}/catalog/product_compare/add/product/${product.sku}/" class="action tocompare">Add to Compare</a></div></li>`;
}

export const brickworks: ShopTheme = {
  spec,
  perPage: 20,
  pageParam: "p",
  productPath: (product) => `/${product.handle}.html`,
  matchProduct(path) {
    const match = /^\/([a-z0-9-]+-\d+)\.html$/.exec(path);
    return match ? match[1]! : null;
  },
  categoryPath: (index) => `/${departmentOf(index)}/${categorySlug(index)}.html`,
  matchCategory(path) {
    const index = spec.categories.findIndex((_, i) => path === `/${departmentOf(i)}/${categorySlug(i)}.html`);
    return index >= 0 ? index : null;
  },
  departmentPath: (department) => `/${department.slug}.html`,
  sitemapIndex: "/sitemap_index.xml",
  robotsRules: [
    "/checkout/",
    "/customer/",
    "/catalogsearch/",
    "/catalog/product_compare/",
    "/*?*product_list_order=",
    "/*?*dir=",
  ],
  homePage(context, departments, featured) {
    return layout(
      context,
      "Home",
      "",
      `<h1>Everything for the job site</h1><div class="departments">${departments
        .map((d) => `<a href="${context.base}${this.departmentPath(d)}">${escapeHtml(d.name)}</a>`)
        .join(" ")}</div><h2>New arrivals</h2><ol class="products list items">${featured
        .map((p, i) => item(context, p, i))
        .join("")}</ol>`,
    );
  },
  departmentPage(context, department) {
    return layout(
      context,
      department.name,
      "",
      `<h1 class="page-title">${escapeHtml(department.name)}</h1><dl class="filter-options"><dt>Category</dt>${department.children
        .map(
          (i) => `<dd><a href="${context.base}${this.categoryPath(i)}">${escapeHtml(categoryName(spec, i))}</a></dd>`,
        )
        .join("")}</dl>`,
    );
  },
  categoryPage(context, category, { products, page, pages, total }) {
    const url = (n: number) => `${context.base}${this.categoryPath(category)}${n > 1 ? `?p=${n}` : ""}`;
    const first = (page - 1) * this.perPage + 1;
    const pager = [
      page > 1
        ? `<li class="item pages-item-previous"><a class="action previous" href="${url(page - 1)}">Previous</a></li>`
        : "",
      ...Array.from({ length: pages }, (_, i) => i + 1)
        .filter((n) => Math.abs(n - page) <= 2)
        .map((n) => `<li class="item"><a class="page" href="${url(n)}">${n}</a></li>`),
      page < pages
        ? `<li class="item pages-item-next"><a class="action next" href="${url(page + 1)}">Next</a></li>`
        : "",
    ].join("");
    return layout(
      context,
      categoryName(spec, category),
      "",
      `<h1 class="page-title"><span class="base">${escapeHtml(categoryName(spec, category))}</span></h1>
<div class="toolbar toolbar-products"><p class="toolbar-amount">Items ${first}-${first + products.length - 1} of ${total}</p>
<a href="${url(page)}${page > 1 ? "&" : "?"}product_list_order=price">Sort by price</a> <a href="${url(page)}${page > 1 ? "&" : "?"}dir=desc">Descending</a></div>
<ol class="products list items product-items">${products.map((p, i) => item(context, p, i)).join("")}</ol>
<div class="pages"><ul class="items pages-items">${pager}</ul></div>`,
    );
  },
  productPage(context, product, related) {
    const price = priceNow(product, context);
    const visibleOnly = Number.parseInt(product.sku.slice(-1), 10) % 3 === 0;
    const stock = product.inStock ? "In stock" : "Out of stock";
    const relatedBlock = `<div class="block related"><strong>Related Products</strong><ol>${related
      .map((p) => `<li><a href="${context.base}/${p.handle}.html">${escapeHtml(p.name)}</a></li>`)
      .join("")}</ol></div>`;
    const crumbs = `<div class="breadcrumbs"><a href="${context.base}/">Home</a> › <a href="${context.base}${this.categoryPath(product.category)}">${escapeHtml(categoryName(spec, product.category))}</a></div>`;
    if (visibleOnly)
      return layout(
        context,
        product.name,
        "",
        `${crumbs}<div class="product-info-main"><h1 class="page-title"><span class="base">${escapeHtml(product.name)}</span></h1>
<div class="product-info-price"><span class="price">${money(price)}</span></div>
<div class="product-info-stock-sku"><div class="stock">${stock}</div><div class="sku">SKU: ${product.sku}</div></div>
<button class="tocart">Add to Cart</button></div>${relatedBlock}`,
      );
    return layout(
      context,
      product.name,
      "",
      `${crumbs}<div class="product-info-main" itemscope itemtype="http://schema.org/Product">
<h1 class="page-title"><span class="base" itemprop="name">${escapeHtml(product.name)}</span></h1>
<meta itemprop="sku" content="${product.sku}"><meta itemprop="gtin13" content="${product.gtin}">
<div itemprop="brand" itemscope itemtype="http://schema.org/Brand"><meta itemprop="name" content="${escapeHtml(product.brand)}"></div>
<div class="product-info-price" itemprop="offers" itemscope itemtype="http://schema.org/Offer">
<span class="price">${money(price)}</span><meta itemprop="price" content="${price.toFixed(2)}"><meta itemprop="priceCurrency" content="USD">
<link itemprop="availability" href="http://schema.org/${product.inStock ? "InStock" : "OutOfStock"}"></div>
<div class="product-info-stock-sku"><div class="stock">${stock}</div><div class="sku">SKU: ${product.sku}</div></div>
<button class="tocart">Add to Cart</button></div>${relatedBlock}`,
    );
  },
  infoPages: {
    "/about-us": (context) =>
      layout(
        context,
        "About Us",
        "",
        '<h1 class="page-title">About Us</h1><p>A family hardware business since 1952.</p>',
      ),
    "/contact": (context) =>
      layout(context, "Contact", "", '<h1 class="page-title">Contact Us</h1><p>Call us Monday to Saturday.</p>'),
  },
};
