// amazon.com replica: /dp/{asin} (also /{slug}/dp/{asin} and /gp/product/{asin}), plus search
// and reviews from amazon-listing.ts. Markup follows the saved amazon.com pages: #productTitle,
// the corePrice blocks, #acrPopover, #landingImage, the twister, tech-spec table or detail
// bullets, breadcrumbs, and a sponsored carousel whose prices are a trap for careless parsers.
import { catalogue, findProduct, listPriceOf, priceOf, type Product, type Variant } from "../catalogue.ts";
import { html, jsonScript, page, raw, type Raw } from "../html.ts";
import { reviewAt, writtenReviewCount } from "../reviews.ts";
import { htmlResponse, imageUrl, siteLink, type Site, type SiteRequest } from "../site.ts";
import { aPrice, ratingsText, reviewBlock, starIcon, starsText } from "./amazon-parts.ts";
import { amazonReviews, amazonSearch } from "./amazon-listing.ts";

const PRODUCT_PATH = /^(?:\/[^/]+)?\/(?:dp|gp\/product)\/([A-Z0-9]{10})(?:\/.*)?$/;

export const amazon: Site = (request) => {
  if (request.path === "/s") return amazonSearch(request);
  const reviews = /^\/product-reviews\/([A-Z0-9]{10})\/?$/.exec(request.path);
  if (reviews) return amazonReviews(request, reviews[1]!);
  const product = PRODUCT_PATH.exec(request.path);
  if (!product) return null;
  const found = findProduct("amazon", product[1]!);
  return found ? htmlResponse(productPage(request, found.product, found.variant)) : null;
};

/** The dimension key Amazon uses in twister data ("Color" -> "color_name"). */
const dimensionKey = (dimension: string) => `${dimension.toLowerCase().replace(/[^a-z]+/g, "_")}_name`;

function priceBlock(price: number, listPrice: number | null): Raw {
  if (listPrice === null) {
    return html`<div id="corePrice_feature_div" class="celwidget" data-feature-name="corePrice"><div class="a-section a-spacing-micro">${aPrice(price)}<span id="taxInclusiveMessage" class="a-size-mini a-color-base aok-align-center aok-nowrap"></span></div></div>`;
  }
  const saving = Math.round((1 - price / listPrice) * 100);
  return html`<div id="corePriceDisplay_desktop_feature_div" class="celwidget" data-feature-name="corePriceDisplay_desktop">
  <div class="a-section a-spacing-none aok-align-center aok-relative"><span class="a-size-large a-color-price savingPriceOverride aok-align-center reinventPriceSavingsPercentageMargin savingsPercentage">-${saving}%</span>${aPrice(price, { className: "reinventPricePriceToPayMargin priceToPay" })}</div>
  <div class="a-section a-spacing-small aok-align-center"><span class="a-size-small a-color-secondary aok-align-center basisPrice">List Price: ${aPrice(listPrice, { strike: true })}</span></div>
</div>`;
}

function twister(
  request: SiteRequest,
  product: Product,
  selected: Variant | null,
  prices: (variant: Variant) => number,
): Raw {
  if (!product.variantDimension || product.variants.length === 0) return html``;
  const key = dimensionKey(product.variantDimension);
  const display = Object.fromEntries(product.variants.map((variant) => [variant.id, [variant.label]]));
  const data = {
    currentAsin: selected?.id ?? product.id,
    parentAsin: `P${product.id.slice(1)}`,
    dimensionToAsinMap: Object.fromEntries(product.variants.map((variant, n) => [String(n), variant.id])),
    variationValues: { [key]: product.variants.map((variant) => variant.label) },
    dimensionValuesDisplayData: display,
    num_total_variations: product.variants.length,
    dimensions: [key],
    variationDisplayLabels: { [key]: product.variantDimension },
  };
  const swatches = product.variants.map((variant, n) => {
    const isSelected = variant.id === (selected?.id ?? product.id);
    return html`<li data-asin="${variant.id}" data-defaultasin="${variant.id}" data-dp-url="${siteLink(request, `/dp/${variant.id}`)}" data-initiallyselected="${isSelected}" class="inline-twister-swatch ${isSelected ? "swatchSelect" : "swatchAvailable"}" title="Click to select ${variant.label}">
  <span class="a-list-item"><span class="a-button ${isSelected ? "a-button-selected" : "a-button-normal"}"><span class="a-button-inner"><a class="a-button-text" href="${siteLink(request, `/dp/${variant.id}`)}" id="${key}_${n}-announce"><span class="swatch-title-text-display">${variant.label}</span><span class="twisterSwatchPrice">${aPrice(prices(variant), { size: "base" })}</span></a></span></span></span>
</li>`;
  });
  return html`<div id="twister_feature_div" class="celwidget" data-feature-name="twister"><div id="twister-plus-inline-twister-container"><div id="twister" class="a-section"><div id="twister-plus-inline-twister" class="a-section">
  <div id="inline-twister-row-${key}" class="a-section a-spacing-none inline-twister-row">
    <div id="inline-twister-singleton-header-${key}" class="a-section a-spacing-none"><span class="a-size-base a-color-secondary inline-twister-dim-title">${product.variantDimension}: </span><span id="inline-twister-expanded-dimension-text-${key}" class="a-size-base a-text-bold">${(selected ?? product.variants[0])!.label}</span></div>
    <ul class="a-unordered-list a-nostyle a-button-list a-horizontal dimension-values-list" role="radiogroup">${swatches}</ul>
  </div>
</div></div></div></div>
<script type="text/javascript">P.register('twister-js-init-dpx-data', function() { var dataToReturn = ${jsonScript(data)}; return dataToReturn; });</script>`;
}

function specsBlock(product: Product, asin: string): Raw {
  const rows = [...product.specs, ["ASIN", asin], ["Customer Reviews", starsText(product.rating)]];
  if (product.index % 3 === 1) {
    return html`<div id="detailBullets_feature_div"><ul class="a-unordered-list a-nostyle a-vertical a-spacing-none detail-bullet-list">${rows.map(
      ([name, value]) =>
        html`<li><span class="a-list-item"><span class="a-text-bold">${name} ${raw("&rlm;")}:${raw("&lrm;")} </span><span>${value}</span></span></li>`,
    )}</ul></div>`;
  }
  return html`<div id="prodDetails"><h2>Product information</h2><table id="productDetails_techSpec_section_1" class="a-keyvalue prodDetTable" role="presentation"><tbody>${product.specs.map(
    ([name, value]) =>
      html`<tr><th class="a-color-secondary a-size-base prodDetSectionEntry"> ${name} </th><td class="a-size-base prodDetAttrValue"> ${raw("&lrm;")}${value} </td></tr>`,
  )}</tbody></table>
<table id="productDetails_detailBullets_sections1" class="a-keyvalue prodDetTable" role="presentation"><tbody><tr><th class="a-color-secondary a-size-base prodDetSectionEntry"> ASIN </th><td class="a-size-base prodDetAttrValue"> ${asin} </td></tr><tr><th class="a-color-secondary a-size-base prodDetSectionEntry"> Best Sellers Rank </th><td><span>#${product.index * 37 + 12} in ${product.breadcrumbs[0]}</span></td></tr></tbody></table></div>`;
}

/** "Products related to this item": other products at their own prices, a trap for page-wide price selectors. */
function sponsoredCarousel(request: SiteRequest, product: Product): Raw {
  const all = catalogue("amazon");
  const others = [1, 2, 3, 4].map((step) => all[(product.index + step * 7) % all.length]!);
  return html`<div id="sp_detail" class="celwidget" cel_widget_id="desktop-dp-sims_SponsoredProductsSimsDpDesktop"><h2 class="a-carousel-heading">Products related to this item</h2><span class="sp_desktop_sponsored_label">Sponsored</span>
<ol class="a-carousel" role="list">${others.map(
    (other) =>
      html`<li class="a-carousel-card" role="listitem"><div data-asin="${other.id}" class="a-section sp_offerVertical p13n-asin"><a class="a-link-normal" href="${siteLink(request, `/dp/${other.id}`)}"><img alt="" src="${imageUrl(request, other.images[0]!)}"><div class="p13n-sc-truncate sp-sims-truncate-desktop">${other.name}</div></a>${starIcon(other.rating, true)}<a class="a-link-normal" href="${siteLink(request, `/dp/${other.id}`)}">${aPrice(priceOf(other, request.prices), { size: "l" })}</a></div></li>`,
  )}</ol></div>`;
}

function productPage(request: SiteRequest, product: Product, variant: Variant | null): string {
  const price = priceOf(product, request.prices, variant);
  const listPrice = listPriceOf(product, price);
  const inStock = product.stock > 0;
  const images = product.images.map((name) => imageUrl(request, `${name}._AC_SL1500_`));
  const dynamic = Object.fromEntries(
    [522, 679, 425].map((size) => [imageUrl(request, `${product.images[0]}._AC_SX${size}_`), [size, size]]),
  );
  const gallery = product.images.map((name, n) => ({
    hiRes: images[n],
    thumb: imageUrl(request, `${name}._AC_US40_`),
    large: imageUrl(request, `${name}._AC_`),
    variant: n === 0 ? "MAIN" : `PT0${n}`,
  }));
  const reviewsUrl = siteLink(request, `/product-reviews/${product.id}`);
  const availability = !inStock
    ? "Currently unavailable."
    : product.stock <= 5
      ? `Only ${product.stock} left in stock - order soon.`
      : "In Stock";
  return page({
    title: `Amazon.com: ${product.name} : ${product.breadcrumbs[0]}`,
    head: html`<link rel="canonical" href="${siteLink(request, `/${product.slug}/dp/${variant?.id ?? product.id}`)}"><meta name="description" content="${product.description}">`,
    body: html`<div id="dp" class="${product.breadcrumbs[0]} en_US">
<div id="wayfinding-breadcrumbs_feature_div" class="a-subheader a-breadcrumb feature" data-feature-name="wayfinding-breadcrumbs"><ul class="a-unordered-list a-horizontal a-size-small">${product.breadcrumbs.map(
      (crumb, n) =>
        html`${n > 0 ? html`<li class="a-breadcrumb-divider"><span class="a-list-item a-color-tertiary"> › </span></li>` : ""}<li><span class="a-list-item"><a class="a-link-normal a-color-tertiary" href="${siteLink(request, "/s", { k: crumb })}"> ${crumb} </a></span></li>`,
    )}</ul></div>
<div id="dp-container" class="a-container">
<div id="leftCol"><div id="imageBlock"><div id="imgTagWrapperId" class="imgTagWrapper"><img alt="${product.name}" src="${imageUrl(request, `${product.images[0]}._AC_SX679_`)}" data-old-hires="${images[0]}" id="landingImage" data-a-dynamic-image="${JSON.stringify(dynamic)}"></div></div>
<script type="text/javascript">P.when('A').register("ImageBlockATF", function(A){ var data = { 'colorImages': { 'initial': ${jsonScript(gallery)}}, 'colorToAsin': {'initial': {}}, 'heroImage': {}, 'airyConfig' :{} }; A.trigger('P.AboveTheFold'); return data; });</script></div>
<div id="centerCol" class="centerColAlign">
<div id="title_feature_div"><h1 id="title" class="a-size-large a-spacing-none"><span id="productTitle" class="a-size-large product-title-word-break"> ${product.name} </span></h1></div>
<div id="bylineInfo_feature_div"><a id="bylineInfo" class="a-link-normal" href="${siteLink(request, `/stores/${product.brand}/page/${product.id}`)}">Visit the ${product.brand} Store</a></div>
<div id="averageCustomerReviews_feature_div"><div id="averageCustomerReviews" data-asin="${product.id}"><span id="acrPopover" class="reviewCountTextLinkedHistogram noUnderline" title="${starsText(product.rating)}"><span class="a-declarative"><a href="javascript:void(0)" class="a-popover-trigger a-declarative">${starIcon(product.rating)}</a></span></span> <a id="acrCustomerReviewLink" class="a-link-normal" href="#customerReviews"><span id="acrCustomerReviewText" class="a-size-base">${ratingsText(product.reviewCount)}</span></a></div></div>
${inStock ? priceBlock(price, listPrice) : ""}
${twister(request, product, variant, (option) => priceOf(product, request.prices, option))}
<div id="feature-bullets" class="a-section a-spacing-medium a-spacing-top-small"><ul class="a-unordered-list a-vertical a-spacing-mini">${product.bullets.map((bullet) => html`<li><span class="a-list-item"> ${bullet} </span></li>`)}</ul></div>
</div>
<div id="rightCol"><div id="buybox" class="a-section">
${inStock ? "" : html`<div id="outOfStock" class="a-box"><span class="a-color-price a-text-bold">Currently unavailable.</span><br>We don't know when or if this item will be back in stock.</div>`}
<div id="availability" class="a-section a-spacing-base"><span class="a-size-medium ${inStock ? "a-color-success" : "a-color-price"}"> ${availability} </span></div>
${inStock ? html`<div id="merchant-info" class="a-section a-spacing-small">Ships from and sold by <a id="sellerProfileTriggerId" href="${siteLink(request, "/sp", { seller: product.seller })}">${product.seller}</a>.</div>` : html`<a class="a-button-text" href="${siteLink(request, `/gp/offer-listing/${product.id}`)}">See All Buying Options</a>`}
<input type="hidden" id="ASIN" name="ASIN" value="${variant?.id ?? product.id}">
</div></div>
</div>
${sponsoredCarousel(request, product)}
<div id="productDescription_feature_div"><div id="productDescription" class="a-section a-spacing-small"><p><span>${product.description}</span></p></div></div>
${specsBlock(product, variant?.id ?? product.id)}
<div id="reviewsMedley"><div id="customerReviews"><span data-hook="rating-out-of-text" class="a-size-medium a-color-base">${product.rating.toFixed(1)} out of 5</span><span data-hook="total-review-count" class="a-size-base a-color-secondary">${product.reviewCount.toLocaleString("en-US")} global ratings</span></div>
<div id="cm-cr-dp-review-list" class="a-section review-views celwidget">${Array.from({ length: Math.min(3, writtenReviewCount(product.reviewCount)) }, (_, n) => reviewBlock(reviewAt(`amazon-${product.id}`, n, product.noun, product.rating, "product"), reviewsUrl))}</div>
<a data-hook="see-all-reviews-link-foot" class="a-link-emphasis a-text-bold" href="${reviewsUrl}">See more reviews</a></div>
</div>`,
  });
}
