// walmart.com replica: /ip/{id} and /ip/{slug}/{id} (a Next.js page: the product lives in
// <script id="__NEXT_DATA__"> under props.pageProps.initialData.data.{product, idml, reviews},
// plus a JSON-LD Product and a thin visible header), and /search?q=&page=&min_price=&max_price=&sort=
// (searchResult.itemStacks[0].items in __NEXT_DATA__, 40 a page, sponsored items flagged), and
// /reviews/product/{id}?page=&sort=&ratings= (initialData.data.reviews: customerReviews, 10 a
// page, with the product page's averageOverallRating and totalReviewCount, and a pagination).
import {
  findProduct,
  listPriceOf,
  priceOf,
  searchProducts,
  type Product,
  type ProductQuery,
  type Variant,
} from "../catalogue.ts";
import { count, html, jsonLd, jsonScript, money, page, type Raw } from "../html.ts";
import {
  reviewAt,
  reviewsOf,
  selectReviews,
  writtenReviewCount,
  type ReviewItem,
  type ReviewOrder,
} from "../reviews.ts";
import {
  htmlResponse,
  imageUrl,
  intParam,
  numberParam,
  paginate,
  siteLink,
  type Site,
  type SiteRequest,
} from "../site.ts";

const PER_PAGE = 40;
const REVIEWS_PER_PAGE = 10;
const REVIEW_SORTS: Record<string, ReviewOrder> = {
  "submission-desc": "newest",
  "submission-asc": "oldest",
  relevancy: "helpful",
  helpful: "helpful",
  "rating-desc": "highest",
  "rating-asc": "lowest",
};
const SORTS: Record<string, ProductQuery["sort"]> = {
  best_match: "relevance",
  price_low: "price_asc",
  price_high: "price_desc",
  rating_high: "rating",
  new: "newest",
};

export const walmart: Site = (request) => {
  if (request.path === "/search") return htmlResponse(searchPage(request));
  const reviews = /^\/reviews\/product\/(\d{9})\/?$/.exec(request.path);
  if (reviews) {
    const found = findProduct("walmart", reviews[1]!);
    return found ? htmlResponse(reviewsPage(request, found.product)) : null;
  }
  const item = /^\/ip\/(?:[^/]+\/)?(\d{9})\/?$/.exec(request.path);
  if (!item) return null;
  const found = findProduct("walmart", item[1]!);
  return found ? htmlResponse(productPage(request, found.product, found.variant)) : null;
};

const canonicalPath = (product: Product, id = product.id) => `/ip/${product.slug}/${id}`;
const priceObject = (amount: number) => ({ price: amount, priceString: money(amount), currencyUnit: "USD" });

function nextData(page: string, query: Record<string, string>, pageProps: unknown): Raw {
  return html`<script id="__NEXT_DATA__" type="application/json">${jsonScript({ props: { pageProps }, page, query, buildId: "replica-build", isFallback: false, gssp: true })}</script>`;
}

/** A review as Walmart's Next.js data carries it, on the product page and the reviews pages. */
const customerReview = (review: ReviewItem) => ({
  reviewId: review.id,
  reviewTitle: review.title,
  reviewText: review.body,
  rating: review.rating,
  userNickname: review.author,
  reviewSubmissionTime: review.date,
  positiveFeedback: review.helpful,
  badges: review.verified ? [{ id: "VerifiedPurchaser", text: "Verified Purchase" }] : [],
});

function productPage(request: SiteRequest, product: Product, variant: Variant | null): string {
  const price = priceOf(product, request.prices, variant);
  const wasPrice = listPriceOf(product, price);
  const usItemId = variant?.id ?? product.id;
  const images = product.images.map((name) => imageUrl(request, name));
  const inStock = product.stock > 0;
  const reviews = Array.from({ length: Math.min(5, writtenReviewCount(product.reviewCount)) }, (_, n) =>
    reviewAt(`walmart-${product.id}`, n, product.noun, product.rating, "product"),
  );
  const data = {
    product: {
      __typename: "Product",
      usItemId,
      id: `${product.id.slice(0, 4)}WMT${product.index}`,
      name: product.name,
      brand: product.brand,
      type: product.noun,
      shortDescription: product.description,
      canonicalUrl: canonicalPath(product, usItemId),
      availabilityStatus: inStock ? "IN_STOCK" : "OUT_OF_STOCK",
      averageRating: product.rating,
      numberOfReviews: product.reviewCount,
      sellerName: product.seller,
      sellerDisplayName: product.seller,
      category: {
        path: product.breadcrumbs.map((name, n) => ({
          name,
          url: `/cp/${name.toLowerCase().replace(/[^a-z]+/g, "-")}/${1000 + n}`,
        })),
      },
      imageInfo: {
        thumbnailUrl: images[0],
        allImages: images.map((url, n) => ({ id: `${product.id}-${n}`, url, zoomable: true })),
      },
      priceInfo: {
        currentPrice: priceObject(price),
        wasPrice: wasPrice === null ? null : priceObject(wasPrice),
        priceDisplayCodes: { finalCostByWeight: false },
      },
      variantCriteria: product.variantDimension
        ? [
            {
              name: product.variantDimension,
              type: "VARIANT",
              id: `actual_${product.variantDimension.toLowerCase().replace(/[^a-z]+/g, "_")}`,
              variantList: product.variants.map((option) => ({
                name: option.label,
                availabilityStatus: "IN_STOCK",
                products: [option.id],
                selected: option.id === usItemId,
              })),
            },
          ]
        : [],
      variantsMap: Object.fromEntries(
        product.variants.map((option) => [
          option.id,
          {
            usItemId: option.id,
            priceInfo: { currentPrice: priceObject(priceOf(product, request.prices, option)) },
            availabilityStatus: "IN_STOCK",
          },
        ]),
      ),
    },
    idml: {
      shortDescription: product.description,
      longDescription: `<p>${product.description}</p>`,
      specifications: product.specs.map(([name, value]) => ({ name, value })),
    },
    reviews: {
      averageOverallRating: product.rating,
      totalReviewCount: product.reviewCount,
      customerReviews: reviews.map(customerReview),
    },
  };
  const structured = {
    "@context": "https://schema.org",
    "@type": "Product",
    image: images[0],
    name: product.name,
    sku: usItemId,
    model: product.model,
    description: product.description,
    brand: { "@type": "Brand", name: product.brand },
    offers: [
      {
        "@type": "Offer",
        url: siteLink(request, canonicalPath(product, usItemId)),
        availability: `https://schema.org/${inStock ? "InStock" : "OutOfStock"}`,
        itemCondition: "https://schema.org/NewCondition",
        priceCurrency: "USD",
        price,
      },
    ],
    aggregateRating: { "@type": "AggregateRating", ratingValue: product.rating, reviewCount: product.reviewCount },
  };
  return page({
    title: `${product.name} - Walmart.com`,
    lang: "en-US",
    head: html`<link rel="canonical" href="${siteLink(request, canonicalPath(product, usItemId))}">${jsonLd(structured, html` data-seo-id="schema-org-product"`)}`,
    body: html`<div id="__next"><main>
<nav aria-label="breadcrumb"><ol>${product.breadcrumbs.map((crumb) => html`<li><a href="${siteLink(request, "/search", { q: crumb })}">${crumb}</a></li>`)}</ol></nav>
<a class="f6 mid-gray lh-title" href="${siteLink(request, "/search", { q: product.brand })}" data-seo-id="brand-name" link-identifier="brandName">${product.brand}</a>
<h1 id="main-title" class="lh-copy dark-gray mv1 f3 mh0-l mh3 b" itemprop="name">${product.name}</h1>
<div data-testid="reviews-and-ratings"><span class="f7 rating-number">(${product.rating.toFixed(1)})</span> <a link-identifier="reviewsLink" href="#item-review-section">${count(product.reviewCount)} reviews</a></div>
<section id="item-review-section"><a link-identifier="seeAllReviews" href="${siteLink(request, `/reviews/product/${product.id}`)}">See all reviews</a></section>
<div data-testid="add-to-cart-section"><span itemprop="price" data-seo-id="hero-price" aria-hidden="false">${inStock ? money(price) : "Out of stock"}</span>${wasPrice !== null && inStock ? html` <span data-testid="was-price" class="strike">${money(wasPrice)}</span>` : ""}</div>
</main></div>
${nextData("/ip/[...itemId]", { itemId: usItemId }, { initialData: { data } })}`,
  });
}

/** /reviews/product/{id}?page=&sort=&ratings=: the product's written reviews, 10 a page. */
function reviewsPage(request: SiteRequest, product: Product): string {
  const current = intParam(request.query, "page", 1);
  const stars = Number(request.query.get("ratings"));
  const all = reviewsOf(`walmart-${product.id}`, product.reviewCount, product.noun, product.rating, "product");
  const chosen = selectReviews(all, {
    order: REVIEW_SORTS[request.query.get("sort") ?? ""],
    stars: stars >= 1 && stars <= 5 ? stars : null,
  });
  const { items, hasNext, first, last } = paginate(chosen, current, REVIEWS_PER_PAGE);
  const pageCount = Math.ceil(chosen.length / REVIEWS_PER_PAGE);
  const link = (target: number) =>
    siteLink(request, `/reviews/product/${product.id}`, { ...Object.fromEntries(request.query), page: target });
  const pageRef = (target: number) => ({
    num: target,
    gap: false,
    url: `?${new URLSearchParams({ ...Object.fromEntries(request.query), page: String(target) })}`,
  });
  const reviews = {
    averageOverallRating: product.rating,
    roundedAverageOverallRating: Math.round(product.rating * 10) / 10,
    totalReviewCount: product.reviewCount,
    reviewsWithTextCount: all.length,
    customerReviews: items.map(customerReview),
    pagination: {
      currentPage: current,
      total: pageCount,
      currentSpan: items.length > 0 ? `${first}-${last}` : "0",
      pages: Array.from({ length: pageCount }, (_, n) => ({ ...pageRef(n + 1), active: n + 1 === current })),
      next: hasNext ? pageRef(current + 1) : null,
      previous: current > 1 ? pageRef(current - 1) : null,
    },
  };
  const data = {
    product: {
      usItemId: product.id,
      name: product.name,
      brand: product.brand,
      canonicalUrl: canonicalPath(product),
      imageInfo: { thumbnailUrl: imageUrl(request, product.images[0]!) },
    },
    reviews,
  };
  return page({
    title: `Customer reviews for ${product.name} - Walmart.com`,
    lang: "en-US",
    head: html`<link rel="canonical" href="${link(current)}">${hasNext ? html`<link rel="next" href="${link(current + 1)}">` : html``}`,
    body: html`<div id="__next"><main>
<h1 class="f3 b lh-title">Customer reviews for <a href="${siteLink(request, canonicalPath(product))}">${product.name}</a></h1>
<div data-testid="reviews-header"><span class="f1 b">${product.rating.toFixed(1)}</span> out of 5 <span class="f6 gray">${count(product.reviewCount)} ratings | ${count(all.length)} reviews</span></div>
<ul class="cc-3 cg-4 pl0 mv0">${items.map(
      (review) =>
        html`<li class="dib w-100 mb3" data-review-id="${review.id}"><div class="w_ExHd"><span class="w_iUH7">${review.rating} out of 5 stars review</span></div><h3 class="b w_kV33 w_Sl3f w_mvVb f5">${review.title}</h3><div class="f6 mid-gray lh-copy">${review.date} · ${review.author}${review.verified ? " · Verified Purchase" : ""}</div><span class="tl-m mb3 db-m">${review.body}</span></li>`,
    )}</ul>
<nav aria-label="pagination"><ul>${current > 1 ? html`<li><a data-testid="PreviousPage" aria-label="Previous Page" href="${link(current - 1)}">Previous</a></li>` : ""}${Array.from({ length: pageCount }, (_, n) => html`<li><a ${n + 1 === current ? html`aria-current="page" ` : ""}href="${link(n + 1)}">${n + 1}</a></li>`)}${hasNext ? html`<li><a data-testid="NextPage" aria-label="Next Page" href="${link(current + 1)}">Next</a></li>` : ""}</ul></nav>
</main></div>
${nextData("/reviews/product/[productId]", { productId: product.id, page: String(current) }, { initialData: { data } })}`,
  });
}

function item(request: SiteRequest, product: Product, sponsored: boolean) {
  const price = priceOf(product, request.prices);
  const wasPrice = listPriceOf(product, price);
  return {
    __typename: "Product",
    id: `${product.id.slice(0, 4)}WMT${product.index}`,
    usItemId: product.id,
    name: product.name,
    brand: product.brand,
    canonicalUrl: canonicalPath(product),
    price,
    isSponsoredFlag: sponsored,
    priceInfo: {
      linePrice: money(price),
      itemPrice: money(price),
      wasPrice: wasPrice === null ? "" : money(wasPrice),
      currentPrice: priceObject(price),
    },
    averageRating: product.rating,
    numberOfReviews: product.reviewCount,
    image: imageUrl(request, product.images[0]!),
    imageInfo: { thumbnailUrl: imageUrl(request, product.images[0]!) },
    availabilityStatusV2:
      product.stock > 0
        ? { display: "In stock", value: "IN_STOCK" }
        : { display: "Out of stock", value: "OUT_OF_STOCK" },
  };
}

function searchPage(request: SiteRequest): string {
  const q = request.query.get("q") ?? "";
  const current = intParam(request.query, "page", 1);
  const results = searchProducts(
    "walmart",
    {
      q,
      min: numberParam(request.query, "min_price"),
      max: numberParam(request.query, "max_price"),
      sort: SORTS[request.query.get("sort") ?? ""],
    },
    request.prices,
  );
  const { items, hasNext } = paginate(results, current, PER_PAGE);
  const others = results.filter((product) => !items.includes(product));
  const sponsored = items.length > 0 ? (others.length > 0 ? others : items).slice(0, 2) : [];
  const entries = [
    ...sponsored.map((product) => item(request, product, true)),
    ...items.map((product) => item(request, product, false)),
  ];
  const maxPage = Math.max(1, Math.ceil(results.length / PER_PAGE));
  const searchResult = {
    title: `Results for "${q}"`,
    aggregatedCount: results.length,
    itemStacks: [{ title: `Results for "${q}"`, count: results.length, items: entries }],
    paginationV2: { maxPage, pageProperties: { page: current } },
  };
  return page({
    title: `${q} - Walmart.com`,
    lang: "en-US",
    head: hasNext
      ? html`<link rel="next" href="${siteLink(request, "/search", { ...Object.fromEntries(request.query), page: current + 1 })}">`
      : html``,
    body: html`<div id="__next"><main><h1 class="f4 f3-m lh-title ma0">Results for "${q}" (${count(results.length)})</h1>
<div data-testid="item-stack">${entries.map(
      (entry) =>
        html`<div data-item-id="${entry.usItemId}" role="group"><a link-identifier="${entry.usItemId}" href="${siteLink(request, entry.canonicalUrl)}"><span class="w_q67L">${entry.name}</span></a>${entry.isSponsoredFlag ? html`<div class="gray f7">Sponsored</div>` : ""}<div data-automation-id="product-price"><span class="w_q67L">current price ${entry.priceInfo.linePrice}</span><div aria-hidden="true" class="mr1 mr2-xl b black lh-copy f5 f4-l">${entry.priceInfo.linePrice}</div></div></div>`,
    )}</div>
<nav aria-label="pagination"><ul>${Array.from({ length: maxPage }, (_, n) => html`<li><a ${n + 1 === current ? html`aria-current="page" ` : ""}href="${siteLink(request, "/search", { ...Object.fromEntries(request.query), page: n + 1 })}">${n + 1}</a></li>`)}</ul></nav>
</main></div>
${nextData("/search", { q, page: String(current) }, { initialData: { searchResult } })}`,
  });
}
