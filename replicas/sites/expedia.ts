// expedia.com replica: /Hotel-Search?destination=&startDate=&endDate=&adults=&rooms=&page= in the
// article[data-hotelid] markup of the saved 2018 Dublin page (20 cards a page, NIGHTLY prices,
// "x /5" guest ratings, a sponsored duplicate card first on page one, as on the real page), and
// property pages from expedia-hotel.ts at /h{id}.Hotel-Information and /{Slug}.h{id}.Hotel-Information.
import { parseStay, quote, roomsLeft, roomTerms, searchHotels, type Listing, type Stay } from "../hotel-catalogue.ts";
import { count, html, page, type Raw } from "../html.ts";
import { htmlResponse, imageUrl, intParam, paginate, siteLink, type Site, type SiteRequest } from "../site.ts";
import { euros, expediaHotel, expediaLink } from "./expedia-hotel.ts";
import { placeName, superlative } from "./travel-parts.ts";

const PER_PAGE = 20;

export const expedia: Site = (request) => {
  if (request.path === "/Hotel-Search") return htmlResponse(searchPage(request));
  const hotel = /^\/(?:[^/]*\.)?h(\d+)\.Hotel-Information$/.exec(request.path);
  return hotel ? expediaHotel(request, hotel[1]!) : null;
};

function card(request: SiteRequest, listing: Listing, stay: Stay | null, sponsored: boolean): Raw {
  const { property } = listing;
  const mid = sponsored ? `${listing.id}_sponsored` : listing.id;
  const perNight = stay ? quote(listing, stay, request.prices).perNight : null;
  const strike = perNight !== null && property.key % 4 === 0 ? Math.round(perNight * 1.26) : null;
  const left = stay ? roomsLeft(listing, stay) : null;
  return html`<article data-hotelid="${listing.id}" data-mid="${mid}" id="${mid}" data-automation="${sponsored ? "sponsored" : "listing"}" propertytype="${property.kind === "apartment" ? "vacationRental" : "nonVacationRental"}" class="hotel listing col ${sponsored ? "travelAd" : ""} avgPerNight ${stay ? "available" : ""} h-${listing.id}">
<h3 class="visuallyhidden"> ${listing.name} </h3>
<div class="flex-card "><div class="flex-link-wrap"><div class="flex-content info-and-price avgPerNight">
<div class="flex-figure thumbnail-container"><div class="hotel-thumbnail" data-image="${imageUrl(request, `${listing.id}_b`)}"><span class="visuallyhidden">Property image gallery for ${listing.name}</span></div></div>
<div class="flex-area-primary"><ul class="hotel-info">
<li class="hotelTitle" aria-hidden="true"><h4 class="hotelName fakeLink" data-automation="hotel-name"> ${listing.name} </h4></li>
${property.stars > 0 ? html`<li class="starRating secondary"><strong class="star-rating rating-secondary star rating"><span class="visuallyhidden"> ${property.stars.toFixed(1)} out of 5.0 </span><span class="icon icon-stars${property.stars}-0 stars-grey value-title" title="${property.stars.toFixed(1)}" aria-hidden="true"></span></strong></li>` : ""}
<li class="neighborhood secondary"> ${property.city.name} </li>
${roomTerms(listing).freeCancellation ? html`<li class="freeCancellation secondary"> Free Cancellation </li>` : ""}
${sponsored ? html`<li class="sponsored-content "><div class="travelAdCopy"><div class="sponsoredListingHeadline secondary gt-mobile">${listing.name}, ${property.city.name}.</div></div></li>` : ""}
</ul>
<div class="hidden" itemprop="geo" itemscope itemtype="http://schema.org/GeoCoordinates"><meta itemprop="latitude" content="${listing.latitude}"><meta itemprop="longitude" content="${listing.longitude}"></div></div>
<div class="flex-area-secondary"><div class="price-col-1">
<ul class="hotel-ugc"><li class="reviewOverall"><span class="visuallyhidden"> Guest rating is ${listing.score.toFixed(1)} out of 5 </span><span aria-hidden="true"> ${listing.score.toFixed(1)} <span class="maxRatingText"> /5 </span></span></li><li class="superlative"> ${superlative(listing.score)} </li><li class="reviewCount fakeLink secondary"><span class="visuallyhidden"> Based on ${count(listing.reviewCount)} reviews </span><span aria-hidden="true"> (${count(listing.reviewCount)} reviews) </span></li></ul>
${
  perNight !== null
    ? html`<span class="notranslate"><ul class="hotel-price">
${left !== null && left <= 3 ? html`<li class="urgencyContainer secondary"> In high demand! <br> We have ${left} left at <span class="visuallyhidden"> this price </span></li>` : ""}
${strike !== null ? html`<li class="price " data-automation="strike-price"><a class="over-link strikePrice tabAccess"><span class="visuallyhidden"> Price was: </span> ${euros(strike)} </a></li>` : ""}
<li class="price-breakdown-tooltip price " data-automation="actual-price"><span class="visuallyhidden"> Price is now: </span><span class="actualPrice"> ${euros(perNight)} </span></li>
<li class="avgPerNight priceType secondary"><span class="visuallyhidden"> Price is </span><span class="priceTypeDescription"> nightly price </span></li></ul></span>`
    : html`<div class="no-dates">Enter dates to see prices</div>`
}
</div></div></div>
<a class="flex-link" href="${expediaLink(request, listing, stay)}" target="${listing.id}" data-track="HOT:SR:${sponsored ? "TravelAd" : "Listing"}"><span class="visuallyhidden"> Select ${listing.name}. Opens in a new window. </span></a>
</div></div></article>`;
}

function searchPage(request: SiteRequest): string {
  const destination = request.query.get("destination") ?? "";
  const stay = parseStay(
    request.query.get("startDate"),
    request.query.get("endDate"),
    request.query.get("adults"),
    request.query.get("rooms"),
  );
  const current = intParam(request.query, "page", 1);
  const results = searchHotels("expedia", destination);
  const { items, hasNext, first, last } = paginate(results, current, PER_PAGE);
  const sponsored = current === 1 && results.length >= 3 ? results[Math.min(3, results.length - 1)]! : null;
  const pages = Math.max(1, Math.ceil(results.length / PER_PAGE));
  const link = (target: number) =>
    siteLink(request, "/Hotel-Search", { ...Object.fromEntries(request.query), page: target });
  const label = placeName(results, destination, "All destinations");
  return page({
    title: `${label} Hotel Search Results | Expedia`,
    head: hasNext ? html`<link rel="next" href="${link(current + 1)}">` : html``,
    body: html`<div id="resultsContainer" class="site-content cols-row">
<h1 class="section-header-main"> ${label} (and vicinity): ${count(results.length)} properties </h1>
<section class="results"><div class="results-list">${sponsored ? card(request, sponsored, stay, true) : ""}${items.map((listing) => card(request, listing, stay, false))}</div></section>
<nav class="pagination cf prototype" data-total-pages="${pages}" data-total-results="${results.length}" data-first-result="${first}" data-per-page="${PER_PAGE}"><fieldset>
<p class="showing-results"> Showing Results ${first} - ${last} of ${count(results.length)} </p>
<div class="btn-group">${current > 1 ? html`<a class="pagination-prev" href="${link(current - 1)}"> Prev </a>` : html`<button type="button" class="pagination-prev" disabled="disabled"> Prev </button>`}
${Array.from({ length: pages }, (_, n) => html`<a href="${link(n + 1)}" data-value="${n + 1}" class="pagination-label${n + 1 === current ? " selected" : ""}"><span class="visuallyhidden"> Go to page </span> ${n + 1} </a>`)}
${hasNext ? html`<a class="pagination-next" href="${link(current + 1)}"><abbr title="Go to page ${current + 1}"> Next </abbr></a>` : html`<button type="button" class="pagination-next" disabled="disabled"> Next </button>`}</div>
<input type="hidden" name="page" value="${current}"></fieldset></nav>
</div>`,
  });
}
