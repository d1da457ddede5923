// etsy.com replica: /listing/{id} and /listing/{id}/{slug} (JSON-LD Product with an Offer, or an
// AggregateOffer low/high when variations differ in price, aggregateRating and reviews, as
// etsy.com ships it; product:price meta tags; the buy box; a "more from this shop" row whose
// prices are a trap; the item's reviews in #reviews, four a page, `?page=` picking the page as
// the review pager links it), and /search?q=&page=&min=&max=&order= (v2-listing-card results,
// 24 a page, ads marked "Ad by Etsy seller", plus a JSON-LD ItemList).
import {
  catalogue,
  findProduct,
  listPriceOf,
  priceOf,
  searchProducts,
  type Product,
  type ProductQuery,
} from "../catalogue.ts";
import { count, decimal, html, jsonLd, money, page, type Raw } from "../html.ts";
import { reviewsOf, shortDate, type ReviewItem } from "../reviews.ts";
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

const PER_PAGE = 24;
const REVIEWS_PER_PAGE = 4;
const SORTS: Record<string, ProductQuery["sort"]> = {
  most_relevant: "relevance",
  price_asc: "price_asc",
  price_desc: "price_desc",
  date_desc: "newest",
};

export const etsy: Site = (request) => {
  if (request.path === "/search") return htmlResponse(searchPage(request));
  const listing = /^\/listing\/(\d{10})(?:\/[^/]*)?$/.exec(request.path);
  if (!listing) return null;
  const found = findProduct("etsy", listing[1]!);
  return found ? htmlResponse(listingPage(request, found.product)) : null;
};

const listingUrl = (request: SiteRequest, product: Product) =>
  siteLink(request, `/listing/${product.id}/${product.slug}`);

function priceTag(amount: number): Raw {
  return html`<span class="currency-symbol">$</span><span class="currency-value">${decimal(amount)}</span>`;
}

function listingPage(request: SiteRequest, product: Product): string {
  const prices = product.variants.map((option) => priceOf(product, request.prices, option));
  const price = priceOf(product, request.prices);
  const low = prices.length ? Math.min(...prices) : price;
  const high = prices.length ? Math.max(...prices) : price;
  const listPrice = listPriceOf(product, low);
  const inStock = product.stock > 0;
  const images = product.images.map((name) => imageUrl(request, `il_794xN.${name}`));
  const allReviews = reviewsOf(
    `etsy-${product.id}`,
    product.reviewCount,
    product.noun.toLowerCase(),
    product.rating,
    "product",
  );
  // JSON-LD carries the first review page, whichever page is shown.
  const reviews = allReviews.slice(0, REVIEWS_PER_PAGE);
  const availability = `https://schema.org/${inStock ? "InStock" : "OutOfStock"}`;
  const offers =
    high > low
      ? {
          "@type": "AggregateOffer",
          offerCount: product.stock,
          lowPrice: decimal(low),
          highPrice: decimal(high),
          priceCurrency: "USD",
          availability,
        }
      : { "@type": "Offer", price: decimal(low), priceCurrency: "USD", availability, eligibleQuantity: product.stock };
  const structured = {
    "@type": "Product",
    "@context": "https://schema.org",
    url: listingUrl(request, product),
    name: product.name,
    sku: product.id,
    gtin: "n/a",
    description: product.description,
    image: images.map((url) => ({
      "@type": "ImageObject",
      "@context": "https://schema.org",
      author: product.brand,
      contentURL: url,
      description: null,
      thumbnail: url.replace("il_794xN", "il_170x135"),
    })),
    category: product.breadcrumbs.join(" < "),
    brand: { "@type": "Brand", name: product.brand },
    aggregateRating: {
      "@type": "AggregateRating",
      ratingValue: product.rating.toFixed(1),
      reviewCount: product.reviewCount,
    },
    offers,
    review: reviews.map((review) => ({
      "@type": "Review",
      reviewRating: { "@type": "Rating", ratingValue: review.rating, bestRating: 5 },
      datePublished: review.date,
      reviewBody: review.body,
      author: { "@type": "Person", name: review.author },
    })),
  };
  const shopMates = catalogue("etsy")
    .filter((other) => other.brand === product.brand && other.id !== product.id)
    .slice(0, 4);
  return page({
    title: `${product.name} - Etsy`,
    lang: "en-US",
    head: html`<meta property="og:title" content="${product.name}"><meta property="og:type" content="product"><meta property="og:url" content="${listingUrl(request, product)}"><meta property="og:image" content="${images[0]}"><meta property="product:price:amount" content="${decimal(low)}"><meta property="product:price:currency" content="USD">${jsonLd(structured)}`,
    body: html`<div id="content"><nav aria-label="breadcrumbs"><ul class="wt-action-group">${product.breadcrumbs.map((crumb) => html`<li class="wt-action-group__item-container"><a class="wt-text-link" href="${siteLink(request, "/search", { q: crumb })}">${crumb}</a></li>`)}</ul></nav>
<div class="listing-page-image-carousel-component"><img data-index="0" src="${images[0]}" alt="${product.name}" class="wt-max-width-full"></div>
<div data-buy-box-region="price"><div class="wt-display-flex-xs wt-align-items-center"><p class="wt-text-title-larger wt-mr-xs-1 "><span class="wt-screen-reader-only">Price:</span>${money(low)}${high > low ? "+" : ""}</p>${listPrice !== null ? html`<p class="wt-text-strikethrough wt-text-caption"><span class="wt-screen-reader-only">Original Price:</span>${money(listPrice)}</p>` : ""}</div></div>
<h1 class="wt-text-body-01 wt-line-height-tight wt-break-word wt-mt-xs-1" data-buy-box-listing-title="true">${product.name}</h1>
<div data-buy-box-region="seller"><a class="wt-text-link-no-underline" href="${siteLink(request, `/shop/${product.brand}`)}" data-shop-name="${product.brand}">${product.brand}</a> <span class="wt-screen-reader-only">${product.rating.toFixed(1)} out of 5 stars</span></div>
<div data-selector="listing-page-variations">${
      product.variantDimension
        ? html`<label for="variation-selector-0">${product.variantDimension}</label><select id="variation-selector-0" data-variation-number="0" class="wt-select__element"><option value="">Select an option</option>${product.variants.map(
            (option, n) => html`<option value="${option.id}">${option.label} (${money(prices[n]!)})</option>`,
          )}</select>`
        : ""
    }</div>
<div data-selector="listing-page-quantity">${inStock ? html`<p class="wt-text-caption">Only ${Math.min(product.stock, 20)} left</p>` : html`<p class="wt-text-caption">Sold out</p>`}</div>
<div data-id="description-text"><p class="wt-text-body-01 wt-break-word">${product.description}</p></div>
${reviewsSection(request, product, allReviews)}
<div class="wt-mt-xs-6" data-appears-component-name="shop_home_listings"><h2>More from this shop</h2><ul>${shopMates.map(
      (other) =>
        html`<li class="v2-listing-card" data-listing-id="${other.id}"><a class="listing-link" href="${listingUrl(request, other)}"><h3 class="v2-listing-card__title">${other.name}</h3><p class="lc-price">${priceTag(priceOf(other, request.prices))}</p></a></li>`,
    )}</ul></div>
</div>`,
  });
}

/** One review card as etsy.com renders it: stars as a hidden input, author and date on one line. */
function reviewCard(review: ReviewItem, n: number): Raw {
  return html`<div class="wt-grid__item-xs-12 review-card" data-review-region="${review.id}" tabindex="-1"><div class="wt-mb-xs-1"><span class="wt-display-inline-block wt-mr-xs-1" data-stars-svg-container><input type="hidden" name="initial-rating" value="${review.rating}"><input type="hidden" name="rating" value="${review.rating}"><span class="wt-screen-reader-only">${review.rating} out of 5 stars</span><span class="wt-text-title wt-nudge-l-3 wt-nudge-t-1">${review.rating}</span></span><span data-clg-id="WtBadge" class="wt-badge wt-badge--default wt-badge--small wt-badge--border">This item</span></div>
<div class="wt-display-flex-xs wt-align-items-center"><p class="wt-text-body-small"><a href="/people/${review.author.split(" ")[0]!.toLowerCase()}?ref=l_review" rel="nofollow" aria-label="Reviewer ${review.author}" class="wt-text-link-no-underline wt-text-title-small" data-review-username data-transaction-id="${review.id}">${review.author}</a><span class="wt-bl-xs wt-mr-xs-1 wt-ml-xs-1"></span>${shortDate(review.date)}</p></div>
<div data-review-text-toggle-wrapper><p id="review-preview-toggle-${n}" class="wt-text-truncate--multi-line wt-break-word wt-text-body">${review.body}</p></div></div>`;
}

/** #reviews: the item's average and count in the header ("Item average"), one page of cards, the review pager. */
function reviewsSection(request: SiteRequest, product: Product, reviews: ReviewItem[]): Raw {
  const current = intParam(request.query, "page", 1);
  const { items, hasNext } = paginate(reviews, current, REVIEWS_PER_PAGE);
  const link = (target: number) => siteLink(request, `/listing/${product.id}/${product.slug}`, { page: target });
  const event = { listing_id: Number(product.id), page_number: current, listing_rating_count: product.reviewCount };
  return html`<div data-appears-component-name="listing_page_reviews_container_top" data-appears-event-data="${JSON.stringify(event)}"><div data-reviews-container id="reviews">
<div class="reviews-header"><h2 class="wt-text-title-large">Reviews for this item</h2><div class="reviews-header-ratings"><div class="reviews-rating wt-display-flex-xs"><p><span class="reviews-rating">${product.rating.toFixed(1)}</span></p><div><p class="wt-text-title-small"><span class="wt-tooltip"><button class="wt-tooltip__trigger">Item average</button></span></p><p class="wt-text-body-smaller wt-sem-text-tertiary">(${count(product.reviewCount)} reviews)</p></div></div></div></div>
<div data-reviews>${items.map((review, n) => reviewCard(review, n))}</div>
${reviews.length > REVIEWS_PER_PAGE ? html`<nav aria-label="Pagination of listing reviews" data-clg-id="WtPagination"><div class="wt-action-group wt-list-inline">${current > 1 ? html`<a class="wt-btn wt-btn--small wt-action-group__item" href="${link(current - 1)}#reviews" data-page="${current - 1}"><span class="wt-screen-reader-only">Previous page</span></a>` : ""}<a class="wt-btn wt-btn--small wt-action-group__item wt-is-selected" aria-current="true" href="${link(current)}#reviews" data-page="${current}">${current}</a>${hasNext ? html`<a class="wt-btn wt-btn--small wt-action-group__item" href="${link(current + 1)}#reviews" data-page="${current + 1}"><span class="wt-screen-reader-only">Next page</span></a>` : ""}</div></nav>` : ""}
</div></div>`;
}

function card(request: SiteRequest, product: Product, position: number, ad: boolean): Raw {
  const price = priceOf(product, request.prices);
  const listPrice = listPriceOf(product, price);
  return html`<li class="wt-list-unstyled wt-grid__item-xs-6 wt-grid__item-md-4"><div class="js-merch-stash-check-listing v2-listing-card wt-position-relative" data-listing-id="${product.id}" data-shop-id="${product.brand}" data-appears-component-name="${ad ? "search_ads" : "search2_organic_listings_group"}" data-position-num="${position}">
<a class="listing-link wt-display-inline-block " data-listing-id="${product.id}" href="${listingUrl(request, product)}" title="${product.name}">
<img src="${imageUrl(request, `il_340x270.${product.images[0]}`)}" alt="${product.name}" class="wt-width-full wt-height-full">
<div class="v2-listing-card__info"><h3 class="wt-text-caption v2-listing-card__title wt-text-truncate" id="listing-title-${product.id}">${product.name}</h3>
<div class="shop-name-with-rating"><span class="wt-text-caption wt-text-grey">${product.brand}</span> <span class="wt-screen-reader-only">${product.rating.toFixed(1)} out of 5 stars</span><span class="wt-text-body-smaller">(${count(product.reviewCount)})</span></div>
<div class="n-listing-card__price"><p class="wt-text-title-01 lc-price"><span class="wt-screen-reader-only">Sale Price</span>${priceTag(price)}</p>${listPrice !== null ? html`<p class="wt-text-caption search-collage-promotion-price wt-text-slime"><span class="wt-text-strikethrough"><span class="wt-screen-reader-only">Original Price</span>${priceTag(listPrice)}</span> <span>(${Math.round((1 - price / listPrice) * 100)}% off)</span></p>` : ""}</div>
${ad ? html`<p class="wt-text-caption wt-text-grey">Ad by Etsy seller</p>` : ""}
</div></a></div></li>`;
}

function searchPage(request: SiteRequest): string {
  const q = request.query.get("q") ?? "";
  const current = intParam(request.query, "page", 1);
  const results = searchProducts(
    "etsy",
    {
      q,
      min: numberParam(request.query, "min"),
      max: numberParam(request.query, "max"),
      sort: SORTS[request.query.get("order") ?? ""],
    },
    request.prices,
  );
  const { items, hasNext } = paginate(results, current, PER_PAGE);
  const others = results.filter((product) => !items.includes(product));
  const ads = items.length > 0 ? (others.length > 0 ? others : items).slice(-2) : [];
  const link = (target: number) => siteLink(request, "/search", { ...Object.fromEntries(request.query), page: target });
  const itemList = {
    "@context": "https://schema.org",
    "@type": "ItemList",
    numberOfItems: items.length,
    itemListElement: items.map((product, n) => ({
      "@type": "ListItem",
      position: n + 1,
      url: listingUrl(request, product),
      name: product.name,
    })),
  };
  return page({
    title: `${q} - Etsy`,
    lang: "en-US",
    head: html`${jsonLd(itemList)}${hasNext ? html`<link rel="next" href="${link(current + 1)}">` : ""}`,
    body: html`<div id="content"><h1 class="wt-text-caption">${q ? html`<span>${q}</span> ` : ""}<span class="wt-display-inline-flex-sm">(${count(results.length)} relevant results)</span></h1>
<div data-search-results-container><ol class="wt-grid wt-grid--block tab-reorder-container" data-results-grid-container>${ads.map((product, n) => card(request, product, n, true))}${items.map((product, n) => card(request, product, ads.length + n, false))}</ol></div>
<nav aria-label="Pagination of listings" data-clg-id="WtPagination"><div class="wt-action-group wt-list-inline">${current > 1 ? html`<a class="wt-btn wt-btn--small wt-action-group__item" href="${link(current - 1)}" data-page="${current - 1}"><span class="wt-screen-reader-only">Previous page</span></a>` : ""}<a class="wt-btn wt-btn--small wt-action-group__item wt-is-selected" aria-current="true" href="${link(current)}" data-page="${current}">${current}</a>${hasNext ? html`<a class="wt-btn wt-btn--small wt-action-group__item" href="${link(current + 1)}" data-page="${current + 1}"><span class="wt-screen-reader-only">Next page</span></a>` : ""}</div></nav>
</div>`,
  });
}
