// amazon.com replica listings: /s?k=&page=&low-price=&high-price=&s= search (16 organic cards a
// page plus two sponsored ones) and /product-reviews/{asin}?pageNumber=&sortBy=&filterByStar=
// (10 reviews a page).
import { findProduct, listPriceOf, priceOf, searchProducts, type Product, type ProductQuery } from "../catalogue.ts";
import { count, html, page, type Raw } from "../html.ts";
import { reviewsOf } from "../reviews.ts";
import {
  htmlResponse,
  imageUrl,
  intParam,
  numberParam,
  paginate,
  siteLink,
  type SiteRequest,
  type SiteResponse,
} from "../site.ts";
import { aPrice, reviewBlock, starIcon } from "./amazon-parts.ts";

const PER_PAGE = 16;
const REVIEWS_PER_PAGE = 10;
const SORTS: Record<string, ProductQuery["sort"]> = {
  "price-asc-rank": "price_asc",
  "price-desc-rank": "price_desc",
  "review-rank": "rating",
  "date-desc-rank": "newest",
  relevanceblender: "relevance",
};

function card(request: SiteRequest, product: Product, position: number, sponsored: boolean): Raw {
  const price = priceOf(product, request.prices);
  const listPrice = listPriceOf(product, price);
  const url = siteLink(request, `/${product.slug}/dp/${product.id}`, { sr: `1-${position + 1}` });
  return html`<div data-asin="${product.id}" data-index="${position + 2}" data-component-type="s-search-result" class="sg-col-4-of-24 sg-col-4-of-12 s-result-item s-asin sg-col-4-of-16 sg-col${sponsored ? " AdHolder" : ""} s-widget-spacing-small sg-col-4-of-20" data-cel-widget="search_result_${position + 2}">
<div class="s-card-container s-overflow-hidden aok-relative puis-wide-grid-style"><div class="a-section a-spacing-base">
<div class="s-product-image-container aok-relative s-text-center s-image-overlay-grey"><span data-component-type="s-product-image" class="rush-component"><a class="a-link-normal s-no-outline" href="${url}"><div class="a-section aok-relative s-image-square-aspect"><img class="s-image" src="${imageUrl(request, `${product.images[0]}._AC_UL320_`)}" alt="${product.name}"></div></a></span></div>
<div class="a-section a-spacing-small puis-padding-left-small puis-padding-right-small">
${sponsored ? html`<div class="a-row a-spacing-micro"><span class="a-declarative"><a class="puis-label-popover puis-sponsored-label-text" role="button"><span class="puis-label-popover-default"><span class="a-color-secondary">Sponsored</span></span></a></span></div>` : ""}
<div data-cy="title-recipe" class="a-section a-spacing-none a-spacing-top-small s-title-instructions-style"><h2 class="a-size-mini a-spacing-none a-color-base s-line-clamp-4"><a class="a-link-normal s-underline-text s-underline-link-text s-link-style a-text-normal" href="${url}"><span class="a-size-base-plus a-color-base a-text-normal">${product.name}</span></a></h2></div>
<div data-cy="reviews-block" class="a-section a-spacing-none a-spacing-top-micro"><div class="a-row a-size-small"><span aria-label="${product.rating.toFixed(1)} out of 5 stars"><span class="a-declarative"><a href="javascript:void(0)" class="a-popover-trigger a-declarative">${starIcon(product.rating, true)}</a></span></span><span aria-label="${count(product.reviewCount)}"><a class="a-link-normal s-underline-text s-underline-link-text s-link-style" href="${url}#customerReviews"><span class="a-size-base s-underline-text">${count(product.reviewCount)}</span></a></span></div></div>
${product.stock > 0 ? html`<div data-cy="price-recipe" class="a-section a-spacing-none a-spacing-top-small s-price-instructions-style"><div class="a-row a-size-base a-color-base"><a class="a-link-normal s-no-hover s-underline-text s-underline-link-text s-link-style a-text-normal" href="${url}">${aPrice(price)}${listPrice === null ? "" : html`<div class="a-section aok-inline-block"><span class="a-size-base a-color-secondary">List: </span>${aPrice(listPrice, { strike: true, size: "b" })}</div>`}</a></div></div>` : html`<div class="a-row a-size-base a-color-secondary"><span class="a-color-price">Currently unavailable.</span></div>`}
</div></div></div></div>`;
}

function pagination(request: SiteRequest, current: number, hasNext: boolean, query: URLSearchParams): Raw {
  const link = (target: number) => {
    const params = new URLSearchParams(query);
    params.set("page", String(target));
    return `${siteLink(request, "/s")}?${params}`;
  };
  return html`<div role="navigation" class="a-section a-text-center s-pagination-container"><span class="s-pagination-strip">
${current > 1 ? html`<a href="${link(current - 1)}" class="s-pagination-item s-pagination-previous s-pagination-button">Previous</a>` : html`<span class="s-pagination-item s-pagination-previous s-pagination-disabled" aria-disabled="true">Previous</span>`}
<span class="s-pagination-item s-pagination-selected" aria-label="Current page, page ${current}">${current}</span>
${hasNext ? html`<a href="${link(current + 1)}" class="s-pagination-item s-pagination-button">${current + 1}</a><a href="${link(current + 1)}" class="s-pagination-item s-pagination-next s-pagination-button s-pagination-separator">Next</a>` : html`<span class="s-pagination-item s-pagination-next s-pagination-disabled" aria-disabled="true">Next</span>`}
</span></div>`;
}

export function amazonSearch(request: SiteRequest): SiteResponse {
  const q = request.query.get("k") ?? "";
  const current = intParam(request.query, "page", 1);
  const results = searchProducts(
    "amazon",
    {
      q,
      min: numberParam(request.query, "low-price"),
      max: numberParam(request.query, "high-price"),
      sort: SORTS[request.query.get("s") ?? ""],
    },
    request.prices,
  );
  const { items, hasNext, first, last } = paginate(results, current, PER_PAGE);
  const elsewhere = results.filter((product) => !items.includes(product));
  const pool = elsewhere.length > 0 ? elsewhere : results;
  const sponsored =
    items.length === 0
      ? []
      : [...new Set([pool[(current * 3) % pool.length]!, pool[(current * 3 + 1) % pool.length]!])];
  const cards = items.map((product, n) => card(request, product, n + sponsored.length, false));
  cards.splice(0, 0, ...sponsored.slice(0, 1).map((product) => card(request, product, 0, true)));
  if (sponsored[1]) cards.splice(5, 0, card(request, sponsored[1], 1, true));
  return htmlResponse(
    page({
      title: `Amazon.com : ${q}`,
      body: html`<div class="s-desktop-width-max s-desktop-content s-opposite-dir sg-row">
<span data-component-type="s-result-info-bar" class="rush-component"><div class="a-section a-spacing-small a-spacing-top-small"><h1 class="a-size-base s-desktop-toolbar a-text-normal"><span>${results.length > 0 ? `${first}-${last} of ${count(results.length)} results for` : "No results for"}</span> <span>"</span><span class="a-color-state a-text-bold">${q}</span><span>"</span></h1></div></span>
<div class="s-main-slot s-result-list s-search-results sg-row">${cards}</div>
${results.length > 0 ? pagination(request, current, hasNext, request.query) : ""}
</div>`,
    }),
  );
}

const STAR_FILTERS: Record<string, (rating: number) => boolean> = {
  one_star: (r) => r === 1,
  two_star: (r) => r === 2,
  three_star: (r) => r === 3,
  four_star: (r) => r === 4,
  five_star: (r) => r === 5,
  positive: (r) => r >= 4,
  critical: (r) => r <= 3,
};

export function amazonReviews(request: SiteRequest, asin: string): SiteResponse | null {
  const found = findProduct("amazon", asin);
  if (!found) return null;
  const { product } = found;
  const current = intParam(request.query, "pageNumber", 1);
  const filter = STAR_FILTERS[request.query.get("filterByStar") ?? ""];
  const all = reviewsOf(`amazon-${product.id}`, product.reviewCount, product.noun, product.rating, "product");
  const chosen = all.filter((review) => !filter || filter(review.rating));
  if (request.query.get("sortBy") === "recent") chosen.sort((a, b) => b.date.localeCompare(a.date));
  const { items, hasNext } = paginate(chosen, current, REVIEWS_PER_PAGE);
  const pageLink = (target: number) =>
    siteLink(request, `/product-reviews/${product.id}`, { ...Object.fromEntries(request.query), pageNumber: target });
  return htmlResponse(
    page({
      title: `Amazon.com: Customer reviews: ${product.name}`,
      body: html`<div id="cm_cr-product_info" class="a-section"><a data-hook="product-link" class="a-link-normal" href="${siteLink(request, `/dp/${product.id}`)}">${product.name}</a>
<div data-hook="average-star-rating">${starIcon(product.rating)}</div><span data-hook="rating-out-of-text" class="a-size-medium a-color-base">${product.rating.toFixed(1)} out of 5</span>
<div data-hook="total-review-count" class="a-row a-spacing-medium averageStarRatingNumerical"><span class="a-size-base a-color-secondary">${count(product.reviewCount)} global ratings</span></div></div>
<div data-hook="cr-filter-info-review-rating-count" class="a-row a-spacing-base a-size-base">${count(product.reviewCount)} total ratings, ${count(all.length)} with reviews</div>
<div id="cm_cr-review_list" class="a-section a-spacing-none review-views celwidget">${items.map((review) => reviewBlock(review, pageLink(current)))}</div>
<div id="cm_cr-pagination_bar" class="a-row"><ul class="a-pagination">
${current > 1 ? html`<li class="a-normal"><a href="${pageLink(current - 1)}">← Previous page</a></li>` : html`<li class="a-disabled">← Previous page</li>`}
${hasNext ? html`<li class="a-last"><a href="${pageLink(current + 1)}">Next page<span class="a-letter-space"></span>→</a></li>` : html`<li class="a-disabled a-last">Next page<span class="a-letter-space"></span>→</li>`}
</ul></div>`,
    }),
  );
}
