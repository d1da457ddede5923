// ebay.com replica: /itm/{id} in the classic item layout of the saved ogs_ebay page (h1#itemTitle
// with its hidden "Details about", #prcIsum "US $349.99" with microdata price/priceCurrency,
// the item-specifics table, seller box, microdata reviews, a shipping cost as a trap),
// /sch/i.html?_nkw=&_pgn=&_udlo=&_udhi=&_sop=&_ipg= search (li.s-item cards, 24 a page, led by
// eBay's "Shop on eBay" placeholder card) and /urw/product-reviews/{id}?pgn= (also
// /urw/{slug}/product-reviews/{id}): the product's reviews, 10 a page, in the item page's
// .ebay-review-section blocks under a microdata AggregateRating.
import {
  findProduct,
  listPriceOf,
  priceOf,
  searchProducts,
  type Product,
  type ProductQuery,
  type Variant,
} from "../catalogue.ts";
import { count, decimal, html, page, raw, type Raw } from "../html.ts";
import { reviewAt, reviewsOf, shortDate, writtenReviewCount, type ReviewItem } from "../reviews.ts";
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

const SORTS: Record<string, ProductQuery["sort"]> = {
  "12": "relevance",
  "15": "price_asc",
  "16": "price_desc",
  "10": "newest",
};
const usd = (amount: number) =>
  `US $${amount.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const dollars = (amount: number) =>
  `$${amount.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const shipping = (product: Product) => (product.index % 3 === 0 ? 0 : 4.99 + (product.index % 5) * 2);
/** eBay shows at most 400 product ratings; the item page and the reviews pages agree on it. */
const ratingCountOf = (product: Product) => Math.min(product.reviewCount, 400);
const REVIEWS_PER_PAGE = 10;
const reviewsPath = (product: Product) => `/urw/${product.slug}/product-reviews/${product.id}`;

export const ebay: Site = (request) => {
  if (request.path === "/sch/i.html") return htmlResponse(searchPage(request));
  const reviews = /^\/urw\/(?:[^/]+\/)?product-reviews\/(\d{12})(?:-\d+)?\/?$/.exec(request.path);
  if (reviews) {
    const found = findProduct("ebay", reviews[1]!);
    return found ? htmlResponse(reviewsPage(request, found.product)) : null;
  }
  const item = /^\/itm\/(?:[^/]+\/)?(\d{12}(?:-\d+)?)$/.exec(request.path);
  if (!item) return null;
  // A variation is addressed as /itm/{id}-{n} or, as on ebay.com, /itm/{id}?var={n}.
  const variation = request.query.get("var");
  const found = (variation && findProduct("ebay", `${item[1]}-${variation}`)) || findProduct("ebay", item[1]!);
  return found ? htmlResponse(itemPage(request, found.product, found.variant)) : null;
};

function stars(rating: number): Raw {
  return html`${[1, 2, 3, 4, 5].map((n) => html`<i class="${rating >= n ? "fullStar" : rating >= n - 0.5 ? "midStar" : "emptyStar"}"></i>`)}`;
}

/** One review as eBay marks it up, on the item page and the reviews pages alike. */
function reviewSection(review: ReviewItem): Raw {
  return html`<div class=" ebay-review-section" id="review_${review.id}" itemprop="review" itemscope="" itemtype="http://schema.org/Review"><div class="ebay-review-section-l"><div class="ebay-star-rating" aria-label="${review.rating.toFixed(1)} out of 5 stars"><span class="star-rating">${stars(review.rating)}</span></div><span class="author-by">by</span> <a href="#" class="review-item-author" itemprop="author" title="${review.author}">${review.author}</a> <span itemprop="datePublished" content="${shortDate(review.date)}" class="review-item-date">${shortDate(review.date)}</span></div><div class="ebay-review-section-r"><p itemprop="name" class="review-item-title wrap-spaces">${review.title}</p><p itemprop="reviewBody" class="review-item-content wrap-spaces">${review.body}</p><p class="review-attr"><span class="rvw-attr">Verified purchase:</span> <span class="rvw-val">${review.verified ? "Yes" : "No"}</span></p></div></div>`;
}

function specifics(product: Product): Raw {
  const cells: [string, Raw | string][] = [
    [
      "Condition:",
      product.condition === "New"
        ? "New: A brand-new, unused, unopened, undamaged item in its original packaging."
        : "Used: An item that has been used previously.",
    ],
    [
      "Brand:",
      html`<h2 itemprop="brand" itemscope="itemscope" itemtype="http://schema.org/Brand"><span itemprop="name">${product.brand}</span></h2>`,
    ],
    ["MPN:", html`<h2 itemprop="mpn">${product.model}</h2>`],
    ...product.specs
      .filter(([name]) => name !== "Brand" && name !== "Model Number")
      .map(([name, value]) => [`${name}:`, value] as [string, string]),
  ];
  const rows: Raw[] = [];
  for (let i = 0; i < cells.length; i += 2) {
    rows.push(
      html`<tr>${cells.slice(i, i + 2).map(([label, value]) => html`<td class="attrLabels"> ${label} </td><td width="50.0%"><span>${value}</span></td>`)}</tr>`,
    );
  }
  return html`<div class="itemAttr"><div class="section"><h2 class="secHd">Item specifics</h2><table width="100%" cellspacing="0" cellpadding="0">${rows}</table></div></div>`;
}

function itemPage(request: SiteRequest, product: Product, variant: Variant | null): string {
  const price = priceOf(product, request.prices, variant);
  const listPrice = listPriceOf(product, price);
  const reviews = Array.from({ length: Math.min(5, writtenReviewCount(product.reviewCount)) }, (_, n) =>
    reviewAt(`ebay-${product.id}`, n, product.noun, product.rating, "product"),
  );
  const available =
    product.stock > 10 ? "More than 10 available" : product.stock > 0 ? `${product.stock} available` : "Out of stock";
  return page({
    title: `${product.name} | eBay`,
    head: html`<meta property="og:title" content="${product.name}"><meta property="og:image" content="${imageUrl(request, `${product.images[0]}-s-l500`)}"><link rel="canonical" href="${siteLink(request, `/itm/${product.id}`)}">`,
    body: html`<div id="Body" class=" sz940 " itemscope="itemscope" itemtype="http://schema.org/Product">
<table width="100%"><tr><td id="vi-VR-brumb-lnkLst" class="vi-VR-brumblnkLst"><h2><ul itemscope="" itemtype="http://schema.org/BreadcrumbList">${product.breadcrumbs.map(
      (crumb, n) =>
        html`${n > 0 ? html`<li>&gt;</li>` : ""}<li itemprop="itemListElement" itemscope="" itemtype="http://schema.org/ListItem" class="bc-w"><a itemprop="item" href="${siteLink(request, "/sch/i.html", { _nkw: crumb })}" class="thrd"><span itemprop="name">${crumb}</span></a><meta itemprop="position" content="${n + 1}"></li>`,
    )}</ul></h2></td></tr></table>
<div id="CenterPanelInternal">
<div id="PicturePanel" class="pp-ic pp-ic500"><img id="icImg" class="img img500" itemprop="image" src="${imageUrl(request, `${product.images[0]}-s-l500`)}" alt="${product.name}"></div>
<div id="LeftSummaryPanel">
<h1 class="it-ttl" itemprop="name" id="itemTitle"><span class="g-hdn">Details about ${raw("&nbsp;")}</span>${product.name}</h1>
<span id="" class="rc" itemprop="aggregateRating" itemscope="itemscope" itemtype="http://schema.org/AggregateRating"><span class="rs rs-fr">${stars(product.rating)}</span> <a class="prodreview vi-VR-prodRev" id="_rvwlnk" href="#rwid"> ${count(ratingCountOf(product))} product ratings</a><span itemprop="ratingValue" content="${product.rating}"></span><span itemprop="reviewCount" content="${ratingCountOf(product)}"></span></span>
<div id="mainContent" role="main" itemprop="offers" itemscope itemtype="http://schema.org/Offer"><form action="${siteLink(request, "/ws/eBayISAPI.dll", { BinConfirm: "", item: product.id })}" method="post" name="viactiondetails">
<div class="nonActPanel"><div class="u-flL lable"> Item condition:</div><div class="u-flL condText " id="vi-itm-cond" itemprop="itemCondition">${product.condition === "New" ? "New" : "Used"}</div>
${
  product.variantDimension
    ? html`<div class="u-cb spcr"></div><div class="u-flL lable"><label for="msku-sel-1">${product.variantDimension}:</label></div><select name="${product.variantDimension}" id="msku-sel-1" class="msku-sel "><option value="-1" id="msku-opt--1">- Select -</option>${product.variants.map(
        (option, n) =>
          html`<option value="${n}" id="msku-opt-${n}" data-variation-id="${option.id}"${option.id === variant?.id ? raw(" selected") : ""}>${option.label}${option.priceDelta ? ` [${dollars(priceOf(product, request.prices, option))}]` : ""}</option>`,
      )}</select>`
    : ""
}
<div class="u-cb spcr"></div><div class="u-flL lable quantity"><label for="qtyTextBox">Quantity:</label></div><input class="qtyInput" type="text" size="4" value="1" name="quantity" id="qtyTextBox"><span id="qtySubTxt"><span class=""> ${available}</span></span> / <span class="vi-qtyS-hot-red"><a href="#">${product.index * 7 + 3} sold</a></span></div>
<div class="actPanel vi-noborder ">
${listPrice !== null ? html`<div id="vi-orgPrc-container"><div class="vi-bbox-dspn u-flL lable" id="orgPrc-lbl"> List price:</div><span id="orgPrc" class="notranslate ms-orp"> ${usd(listPrice)}</span></div>` : ""}
<div class="u-flL lable" id="prcIsumLbl">Price:</div>
<div id="vi-mskumap-none" class="u-flL w29 vi-price"><span class="notranslate" id="prcIsum" itemprop="price" style="" content="${decimal(price)}">${usd(price)}</span><span itemprop="availability" content="http://schema.org/${product.stock > 0 ? "InStock" : "OutOfStock"}"></span><span itemprop="priceCurrency" content="USD"></span></div>
<div id="isum-shipCostDiv" class="sh-CostBB"><span class="lable">Shipping:</span> <span id="fshippingCost" class="notranslate sh-fr-cst "><span>${shipping(product) === 0 ? "FREE" : dollars(shipping(product))}</span></span> Standard Shipping</div>
</div></form></div></div>
<div id="RightSummaryPanel"><div class="si-cnt"><h2 class="si-ttl">Seller information</h2><div class="mbg vi-VR-margBtm3"><a href="${siteLink(request, `/usr/${product.seller}`)}" aria-label="Member ID: ${product.seller}" id="mbgLink"><span class="mbg-nw">${product.seller}</span></a><span class="mbg-l"> (<a href="#">${product.index * 131 + 57}</a>)</span></div><div id="si-fb">${(97 + (product.index % 30) / 10).toFixed(1)}% Positive feedback</div></div></div>
</div>
<div id="vi-desc-maincntr"><div class="iti-eu-txt"><div class="iti-lbl u-flL"> eBay item number:</div><div id="descItemNumber" class="u-flL iti-act-num">${product.id}</div></div>
${specifics(product)}
<div id="desc_div"><div id="ds_div"><p>${product.description}</p><ul>${product.bullets.map((bullet) => html`<li>${bullet}</li>`)}</ul></div></div></div>
<div id="rwid" class="reviews">${reviews.map(reviewSection)}${reviews.length > 0 ? html`<a class="see-all-reviews" href="${siteLink(request, reviewsPath(product))}">See all reviews</a>` : ""}</div>
</div>`,
  });
}

/** /urw/product-reviews/{id}?pgn=: the product's written reviews, newest first, 10 a page. */
function reviewsPage(request: SiteRequest, product: Product): string {
  const current = intParam(request.query, "pgn", 1);
  const all = reviewsOf(`ebay-${product.id}`, product.reviewCount, product.noun, product.rating, "product");
  const { items, hasNext, first, last } = paginate(all, current, REVIEWS_PER_PAGE);
  const link = (target: number) => siteLink(request, reviewsPath(product), { pgn: target });
  return page({
    title: `${product.name} reviews | eBay`,
    head: html`<link rel="canonical" href="${link(current)}">`,
    body: html`<div id="Body" class="product-reviews-page" itemscope="itemscope" itemtype="http://schema.org/Product">
<div class="prodinfo"><a class="prodinfo-title" href="${siteLink(request, `/itm/${product.id}`)}"><h1 itemprop="name">${product.name}</h1></a><img src="${imageUrl(request, `${product.images[0]}-s-l225`)}" alt="${product.name}"></div>
<div id="review-ratings-cntr" class="review-ratings-cntr" itemprop="aggregateRating" itemscope="itemscope" itemtype="http://schema.org/AggregateRating"><span class="ebay-review-start-rating">${product.rating.toFixed(1)}</span><span class="rs rs-fr">${stars(product.rating)}</span> <span class="ebay-reviews-count">${count(ratingCountOf(product))} product ratings</span><span itemprop="ratingValue" content="${product.rating}"></span><span itemprop="reviewCount" content="${ratingCountOf(product)}"></span></div>
<div class="reviews-header"><h2>Most relevant reviews</h2><span class="reviews-count-info">${all.length > 0 ? `${first}-${last} of ${count(all.length)} reviews` : "No reviews yet"}</span></div>
<div class="reviews reviews-right">${items.map(reviewSection)}</div>
<nav class="pagination" role="navigation" aria-label="Reviews pagination">${current > 1 ? html`<a class="pagination__previous icon-link" href="${link(current - 1)}">Previous page</a>` : html`<button class="pagination__previous icon-link" aria-disabled="true">Previous page</button>`}
<ol class="pagination__items"><li><a class="pagination__item" aria-current="page" href="${link(current)}">${current}</a></li>${hasNext ? html`<li><a class="pagination__item" href="${link(current + 1)}">${current + 1}</a></li>` : ""}</ol>
${hasNext ? html`<a class="pagination__next icon-link" href="${link(current + 1)}">Next page</a>` : html`<a class="pagination__next icon-link" aria-disabled="true">Next page</a>`}</nav>
</div>`,
  });
}

function card(request: SiteRequest, product: Product): Raw {
  const price = priceOf(product, request.prices);
  const highest =
    product.variants.length > 1
      ? Math.max(...product.variants.map((option) => priceOf(product, request.prices, option)))
      : price;
  const listPrice = listPriceOf(product, price);
  const url = siteLink(request, `/itm/${product.id}`, { hash: `item${product.id.slice(-6)}` });
  const ship = shipping(product);
  return html`<li class="s-item s-item__pl-on-bottom" data-viewport="{&quot;trackableId&quot;:&quot;${product.id}&quot;}" id="item${product.id.slice(-8)}">
<div class="s-item__wrapper clearfix"><div class="s-item__image-section"><div class="s-item__image"><a tabindex="-1" href="${url}"><div class="s-item__image-wrapper image-treatment"><img src="${imageUrl(request, `${product.images[0]}-s-l225`)}" alt="${product.name}" class="s-item__image-img"></div></a></div></div>
<div class="s-item__info clearfix"><a class="s-item__link" href="${url}"><div class="s-item__title"><span role="heading" aria-level="3">${product.name}</span></div></a>
<div class="s-item__subtitle"><span class="SECONDARY_INFO">${product.condition === "New" ? "Brand New" : "Pre-Owned"}</span></div>
<div class="s-item__reviews"><a class="s-item__reviews-link" href="${url}#rwid"><div class="x-star-rating"><span role="img" aria-label="${product.rating} out of 5 stars."><span class="clipped">${product.rating} out of 5 stars.</span></span></div><span aria-hidden="false" class="s-item__reviews-count"><span>(${count(Math.min(product.reviewCount, 400))})</span></span></a></div>
<div class="s-item__details clearfix"><div class="s-item__detail s-item__detail--primary"><span class="s-item__price">${highest > price ? html`<span class="DEFAULT">${dollars(price)}</span><span class="DEFAULT"> to </span><span class="DEFAULT">${dollars(highest)}</span>` : dollars(price)}</span></div>
${listPrice !== null ? html`<div class="s-item__detail s-item__detail--primary"><span class="s-item__trending-price"><span class="STRIKETHROUGH">${dollars(listPrice)}</span></span></div>` : ""}
<div class="s-item__detail s-item__detail--primary"><span class="s-item__shipping s-item__logisticsCost">${ship === 0 ? "Free shipping" : `+${dollars(ship)} shipping`}</span></div>
<div class="s-item__detail s-item__detail--primary"><span class="s-item__purchase-options s-item__purchaseOptions">Buy It Now</span></div></div>
</div></div></li>`;
}

function searchPage(request: SiteRequest): string {
  const q = request.query.get("_nkw") ?? "";
  const current = intParam(request.query, "_pgn", 1);
  const perPage = Math.min(240, intParam(request.query, "_ipg", 24));
  const results = searchProducts(
    "ebay",
    {
      q,
      min: numberParam(request.query, "_udlo"),
      max: numberParam(request.query, "_udhi"),
      sort: SORTS[request.query.get("_sop") ?? ""],
    },
    request.prices,
  );
  const { items, hasNext } = paginate(results, current, perPage);
  const link = (target: number) =>
    siteLink(request, "/sch/i.html", { ...Object.fromEntries(request.query), _pgn: target });
  return page({
    title: `${q} | eBay`,
    body: html`<div class="srp-controls__control srp-controls__count"><h1 class="srp-controls__count-heading"><span class="BOLD">${count(results.length)}</span> results for <span class="BOLD">${q}</span></h1></div>
<ul class="srp-results srp-list clearfix">
${current === 1 && items.length > 0 ? html`<li class="s-item s-item__pl-on-bottom" data-viewport="{}" id="item0shop"><div class="s-item__wrapper clearfix"><div class="s-item__info clearfix"><a class="s-item__link" href="${siteLink(request, "/itm/123456")}"><div class="s-item__title"><span role="heading" aria-level="3">Shop on eBay</span></div></a><div class="s-item__details clearfix"><div class="s-item__detail s-item__detail--primary"><span class="s-item__price">$20.00</span></div></div></div></div></li>` : ""}
${items.map((product) => card(request, product))}
</ul>
<nav class="pagination" role="navigation" aria-labelledby="pagination-heading">${current > 1 ? html`<a class="pagination__previous icon-link" href="${link(current - 1)}">Previous page</a>` : html`<button class="pagination__previous icon-link" aria-disabled="true">Previous page</button>`}
<ol class="pagination__items"><li><a class="pagination__item" aria-current="page" href="${link(current)}">${current}</a></li>${hasNext ? html`<li><a class="pagination__item" href="${link(current + 1)}">${current + 1}</a></li>` : ""}</ol>
${hasNext ? html`<a class="pagination__next icon-link" href="${link(current + 1)}">Next page</a>` : html`<button class="pagination__next icon-link" aria-disabled="true">Next page</button>`}</nav>`,
  });
}
