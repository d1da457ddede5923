// bestbuy.com replica: /site/{slug}/{sku}.p?skuId={sku} (also /site/{sku}.p) in the component
// markup of the saved bestbuy page (data-component-name sections, price-block test ids,
// "Rating 4.7 out of 5 stars with 166 reviews", "Model: … SKU: …"; the legacy .sku-title,
// .priceView-customer-price and .ugc-c-review-average classes ride along), with a carousel of
// other products' prices as a trap; /site/searchpage.jsp?st=&cp=&qp=&sp= (li.sku-item, 18 a
// page; qp "currentprice_facet=Price~50 to 100" filters by price); and /site/reviews/{slug}/{sku}
// (the API asks for /site/reviews/product/{sku})?page=&sort=&rating=: li.review-item blocks, 10
// a page, under the product page's "Rating … out of 5 stars with … reviews" summary.
import {
  catalogue,
  findProduct,
  listPriceOf,
  priceOf,
  searchProducts,
  type Product,
  type ProductQuery,
  type Variant,
} from "../catalogue.ts";
import { count, html, money, page, raw, type Raw } from "../html.ts";
import {
  reviewAt,
  reviewsOf,
  selectReviews,
  shortDate,
  writtenReviewCount,
  type ReviewItem,
  type ReviewOrder,
} from "../reviews.ts";
import { htmlResponse, imageUrl, intParam, paginate, siteLink, type Site, type SiteRequest } from "../site.ts";

const PER_PAGE = 18;
const REVIEWS_PER_PAGE = 10;
const REVIEW_SORTS: Record<string, ReviewOrder> = {
  MOST_RECENT: "newest",
  OLDEST: "oldest",
  MOST_HELPFUL: "helpful",
  HIGHEST_RATED: "highest",
  LOWEST_RATED: "lowest",
};
const SORTS: Record<string, ProductQuery["sort"]> = {
  "+currentprice skuidsaas": "price_asc",
  "-currentprice skuidsaas": "price_desc",
  "-bestsellingsort skuidsaas": "relevance",
  "-customerrating skuidsaas": "rating",
};

export const bestbuy: Site = (request) => {
  if (request.path === "/site/searchpage.jsp") return htmlResponse(searchPage(request));
  const reviews = /^\/site\/reviews\/(?:[^/]+\/)?(\d{7})\/?$/.exec(request.path);
  if (reviews) {
    const found = findProduct("bestbuy", reviews[1]!);
    return found ? htmlResponse(reviewsPage(request, found.product)) : null;
  }
  const sku =
    /^\/site\/(?:[^/]+\/)?(\d{7})\.p$/.exec(request.path) ??
    /^\/product\/[^/]+\/[^/]+\/sku\/(\d{7})$/.exec(request.path);
  if (!sku) return null;
  const found = findProduct("bestbuy", sku[1]!);
  return found ? htmlResponse(productPage(request, found.product, found.variant)) : null;
};

const productUrl = (request: SiteRequest, product: Product, sku = product.id) =>
  siteLink(request, `/site/${product.slug}/${sku}.p`, { skuId: sku });

function priceBlock(price: number, compValue: number | null, large: boolean): Raw {
  return html`<div data-testid="price-block"><div data-lu-target="customer_price" data-testid="price-block-customer-price" class="priceView-hero-price priceView-customer-price" style="flex-direction:row"><span class="font-sans text-default text-style-body-md-400 sr-only">${money(price)}</span><span aria-hidden="true" class="font-sans text-default font-500 ${large ? "text-7 leading-7" : "text-3 leading-3"}">${money(price)}</span></div>
${compValue !== null ? html`<div data-testid="price-block-savings"><div data-testid="price-block-total-savings"><span data-testid="price-block-total-savings-text">Save ${money(compValue - price).replace(".00", "")}</span></div><div data-testid="price-block-regular-price" class="pricing-price__regular-price"><div data-testid="price-block-regular-price-message-text" role="text"><span class="sr-only">The comparable value is </span><span aria-hidden="true">Comp. Value: </span><span data-lu-target="comp_value">${money(compValue)}</span></div></div></div>` : ""}</div>`;
}

function ratingBlock(product: Product, href: string): Raw {
  return html`<a data-testid="rnr-stats-link" href="${href}"><div class="c-ratings-reviews flex c-ratings-reviews-mini align-items-center gap-50 ugc-ratings-reviews flex-wrap text-2 leading-2"><p class="visually-hidden">Rating ${product.rating} out of 5 stars with ${product.reviewCount} reviews</p><i aria-hidden="true" class="c-stars-wrapper c-stars-eds-mini order-0"><span class="c-stars-container"></span><span class="c-stars-container" style="width:${Math.round(product.rating * 20)}%"></span></i><span aria-hidden="true" class="ugc-c-review-average font-weight-medium font-500 order-1">${product.rating}</span><span aria-hidden="true" class="c-reviews order-2">(${count(product.reviewCount)})</span></div></a>`;
}

const reviewsUrl = (request: SiteRequest, product: Product, params: Record<string, string | number> = {}) =>
  siteLink(request, `/site/reviews/${product.slug}/${product.id}`, params);

/** One review as Best Buy marks it up, on the product page and the reviews pages alike. */
function reviewItem(review: ReviewItem): Raw {
  return html`<li class="review-item" id="${review.id}" data-review-id="${review.id}"><div class="review-item-content"><div class="review-heading"><div class="c-ratings-reviews flex c-ratings-reviews-small align-items-center gap-50"><p class="visually-hidden">Rated ${review.rating} out of 5 stars</p><i aria-hidden="true" class="c-stars-wrapper c-stars-eds-small"><span class="c-stars-container" style="width:${review.rating * 20}%"></span></i></div><h4 class="review-title c-section-title heading-5 v-fw-medium">${review.title}</h4></div><div class="ugc-review-body"><p class="pre-white-space">${review.body}</p></div><div class="ugc-author v-fw-medium body-copy-lg"><strong>${review.author}</strong></div><time class="submission-date" title="${shortDate(review.date)}">${shortDate(review.date)}</time>${review.verified ? html`<p class="ugc-verified-purchase">Verified Purchase</p>` : ""}<div class="feedback-display"><span class="helpful-count">Helpful (${review.helpful})</span></div></div></li>`;
}

function productPage(request: SiteRequest, product: Product, variant: Variant | null): string {
  const sku = variant?.id ?? product.id;
  const price = priceOf(product, request.prices, variant);
  const compValue = listPriceOf(product, price);
  const inStock = product.stock > 0;
  const reviews = Array.from({ length: Math.min(3, writtenReviewCount(product.reviewCount)) }, (_, n) =>
    reviewAt(`bestbuy-${product.id}`, n, product.noun, product.rating, "product"),
  );
  const alsoViewed = [3, 5, 8].map(
    (step) => catalogue("bestbuy")[(product.index + step) % catalogue("bestbuy").length]!,
  );
  const section = (name: string, body: Raw) =>
    html`<div data-component-name="${name}" data-component-version="">${body}</div>`;
  return page({
    title: `${product.name.replace(/ - /g, " ")} ${product.model} - Best Buy`,
    head: html`<link rel="canonical" href="${productUrl(request, product, sku)}"><meta property="og:title" content="${product.name}">`,
    body: html`<div class="shop-product-page">
<nav aria-label="pdp-breadcrumb" class="c-breadcrumbs" role="navigation"><ol class="c-breadcrumbs-order-list"><li class="c-breadcrumbs-list-item"><a href="${siteLink(request, "/")}">Best Buy</a></li>${product.breadcrumbs.map((crumb) => html`<li class="c-breadcrumbs-list-item"><a href="${siteLink(request, "/site/searchpage.jsp", { st: crumb })}">${crumb}</a></li>`)}</ol></nav>
${section("ProductHeader", html`<div class="sku-title"><h1 class="text-default font-500 text-5 leading-5 heading-5 v-fw-regular">${product.name}</h1></div><div class="text-default font-400 text-1 leading-1 py-100 py-sm-150"><div class="pr-200 inline-block">Model: ${raw("<!-- -->")}${product.model}</div><div class="pr-200 inline-block">SKU: ${raw("<!-- -->")}${sku}</div></div>`)}
${section("ReviewStatsContextualized", html`<div elementtiming="ugc-review-stats">${ratingBlock(product, "#tabbed-customerreviews")}</div>`)}
${section("MediaGallery", html`<div class="media-gallery">${product.images.map((name) => html`<div><button type="button"><img alt="${product.brand}" src="${imageUrl(request, `${name};maxHeight=640;maxWidth=550`)}" width="56" height="56"></button></div>`)}</div>`)}
${section("LargePrice", inStock ? priceBlock(price, compValue, true) : html`<div data-testid="price-block-unavailable">Price unavailable</div>`)}
${
  product.variantDimension
    ? section(
        "ProductVariations",
        html`<section><h2>${product.variantDimension}<span aria-hidden="true">: </span></h2><span>${(variant ?? product.variants[0])!.label}</span><ul>${product.variants.map(
          (option) =>
            html`<li><button aria-label="${option.label}${option.id === sku ? " selected" : ""}" data-sku-id="${option.id}" data-href="${productUrl(request, product, option.id)}"><p>${option.label}</p></button></li>`,
        )}</ul></section>`,
      )
    : ""
}
${section("FulfillmentSelector", html`<div><span>Availability</span><div data-testid="fulfillment-availability">${inStock ? (product.stock <= 5 ? "Only a few left" : "Ready for pickup today") : "Sold Out"}</div></div>`)}
${section("AddToCart", html`<button class="c-button c-button-primary c-button-lg add-to-cart-button" data-button-state="${inStock ? "ADD_TO_CART" : "SOLD_OUT"}" data-sku-id="${sku}" type="button">${inStock ? "Add to Cart" : "Sold Out"}</button>`)}
${section("ProductSpecifications", html`<div><div>Specifications</div><ul id="key-specs-list"><li>${[["Brand", product.brand], ["Model Number", product.model], ...product.specs.filter(([name]) => name !== "Brand" && name !== "Model Number")].map(([name, value]) => html`<div class="flex p-200"><div class="font-500">${name}</div><div class="font-400 pl-200">${value}</div></div>`)}</li></ul></div>`)}
${section("ProductFeatures", html`<div class="product-description"><p>${product.description}</p><ul>${product.bullets.map((bullet) => html`<li>${bullet}</li>`)}</ul></div>`)}
<div id="tabbed-customerreviews"><ul class="reviews-list">${reviews.map(reviewItem)}</ul>${reviews.length > 0 ? html`<a class="c-button c-button-secondary see-all-reviews" href="${reviewsUrl(request, product)}">See All Customer Reviews</a>` : ""}</div>
${section(
  "ShelfDisplay",
  html`<section aria-label="Customers also viewed"><h2>Customers also viewed</h2><ul>${alsoViewed.map(
    (other) =>
      html`<li><a href="${productUrl(request, other)}"><h3><span>${other.name}</span></h3></a>${ratingBlock(other, `${productUrl(request, other)}#tabbed-customerreviews`)}${priceBlock(priceOf(other, request.prices), null, false)}</li>`,
  )}</ul></section>`,
)}
</div>`,
  });
}

/** /site/reviews/{slug}/{sku}?page=&sort=&rating=: the product's written reviews, 10 a page. */
function reviewsPage(request: SiteRequest, product: Product): string {
  const current = intParam(request.query, "page", 1);
  const stars = Number(request.query.get("rating"));
  const all = reviewsOf(`bestbuy-${product.id}`, product.reviewCount, product.noun, product.rating, "product");
  const chosen = selectReviews(all, {
    order: REVIEW_SORTS[request.query.get("sort") ?? ""],
    stars: stars >= 1 && stars <= 5 ? stars : null,
  });
  const { items, hasNext, first, last } = paginate(chosen, current, REVIEWS_PER_PAGE);
  const link = (target: number) => reviewsUrl(request, product, { ...Object.fromEntries(request.query), page: target });
  return page({
    title: `${product.name.replace(/ - /g, " ")} ${product.model} - Customer Reviews - Best Buy`,
    head: html`<link rel="canonical" href="${link(current)}">`,
    body: html`<div class="ugc-reviews-page">
<div class="product-header"><a href="${productUrl(request, product)}"><h1 class="heading-4">${product.name}</h1></a><div class="sku-model">Model: ${raw("<!-- -->")}${product.model} SKU: ${raw("<!-- -->")}${product.id}</div></div>
<div class="ugc-rating-summary"><p class="visually-hidden">Rating ${product.rating} out of 5 stars with ${product.reviewCount} reviews</p><span aria-hidden="true" class="ugc-c-review-average font-weight-medium">${product.rating}</span><i aria-hidden="true" class="c-stars-wrapper"><span class="c-stars-container" style="width:${Math.round(product.rating * 20)}%"></span></i><span aria-hidden="true" class="c-reviews">(${count(product.reviewCount)} Reviews)</span></div>
<span class="message">${chosen.length > 0 ? `Showing ${first}-${last} of ${count(chosen.length)} reviews` : "No reviews match"}</span>
<ul class="reviews-list">${items.map(reviewItem)}</ul>
<div class="ugc-pagination"><ul class="pagination">${current > 1 ? html`<li class="page-arrow previous"><a aria-label="Previous Page" href="${link(current - 1)}">Previous</a></li>` : html`<li class="page-arrow previous disabled"><a aria-disabled="true" class="disabled" aria-label="Previous Page">Previous</a></li>`}<li class="page selected"><a href="${link(current)}">${current}</a></li>${hasNext ? html`<li class="page-arrow next"><a aria-label="Next Page" href="${link(current + 1)}">Next</a></li>` : html`<li class="page-arrow next disabled"><a aria-disabled="true" class="disabled" aria-label="Next Page">Next</a></li>`}</ul></div>
</div>`,
  });
}

/** "currentprice_facet=Price~50 to 100" inside bestbuy's qp parameter. */
function priceFacet(qp: string | null): { min?: number; max?: number } {
  const match = /currentprice_facet=Price~\$?(\d+(?:\.\d+)?)\s+to\s+\$?(\d+(?:\.\d+)?)/.exec(qp ?? "");
  return match ? { min: Number(match[1]), max: Number(match[2]) } : {};
}

function card(request: SiteRequest, product: Product, sponsored: boolean): Raw {
  const price = priceOf(product, request.prices);
  const was = listPriceOf(product, price);
  const url = productUrl(request, product);
  return html`<li class="sku-item" data-sku-id="${product.id}"><div class="shop-sku-list-item"><div class="list-item lv">
<a class="image-link" href="${url}"><img class="product-image" src="${imageUrl(request, product.images[0]!)}" alt="${product.name}"></a>
<div class="information">${sponsored ? html`<div class="sponsored-label"><span>Sponsored</span></div>` : ""}<div class="sku-title"><h4 class="sku-header"><a href="${url}">${product.name}</a></h4></div>
<div class="sku-model"><div class="sku-attribute-title"><span class="sku-title">Model:</span><span class="sku-value">${product.model}</span></div><div class="sku-attribute-title"><span class="sku-title">SKU:</span><span class="sku-value">${product.id}</span></div></div>
<div class="ratings-reviews">${ratingBlock(product, `${url}#tabbed-customerreviews`)}</div></div>
<div class="price-block">${product.stock > 0 ? html`<div data-testid="customer-price" class="priceView-hero-price priceView-customer-price"><span aria-hidden="true">${money(price)}</span><span class="sr-only">Your price for this item is ${money(price)}</span></div>${was !== null ? html`<div class="pricing-price__regular-price">Was ${money(was)}</div>` : ""}` : html`<div class="fulfillment-fulfillment-summary"><strong>Sold Out</strong></div>`}</div>
</div></div></li>`;
}

function searchPage(request: SiteRequest): string {
  const q = request.query.get("st") ?? "";
  const current = intParam(request.query, "cp", 1);
  const results = searchProducts(
    "bestbuy",
    { q, ...priceFacet(request.query.get("qp")), sort: SORTS[request.query.get("sp") ?? ""] },
    request.prices,
  );
  const { items, hasNext, first, last } = paginate(results, current, PER_PAGE);
  const link = (target: number) =>
    siteLink(request, "/site/searchpage.jsp", { ...Object.fromEntries(request.query), cp: target });
  const sponsored = items.length > 2 ? results[(current * 5) % results.length]! : null;
  return page({
    title: `${q} - Best Buy`,
    body: html`<div class="sku-list-page"><h1 class="search-title">Results for "${q}"</h1><span class="item-count">${count(results.length)} items</span>
<div class="results-summary">Showing ${first}-${last} of ${count(results.length)}</div>
<ol class="sku-item-list">${sponsored ? card(request, sponsored, true) : ""}${items.map((product) => card(request, product, false))}</ol>
<div class="footer-pagination"><ol class="paging-list">${current > 1 ? html`<li><a class="sku-list-page-prev" href="${link(current - 1)}">Previous</a></li>` : ""}<li class="current-page"><a class="trans-button current-page-number" href="${link(current)}">${current}</a></li>${hasNext ? html`<li><a class="sku-list-page-next" href="${link(current + 1)}" aria-label="Next Page">Next</a></li>` : html`<li><a class="sku-list-page-next disabled" aria-disabled="true" aria-label="Next Page">Next</a></li>`}</ol></div>
</div>`,
  });
}
