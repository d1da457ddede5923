// hotels.com replica: /search.do?q-destination=&q-check-in=&q-check-out=&q-rooms=&q-room-0-adults=&pn=
// in the classic list markup (li.hotel[data-hotel-id], NIGHTLY prices, a sale shown as
// <del>/<ins>; 10 a page) and property pages from hotels-hotel.ts at /ho{id}/.
import { distanceKm, quote, roomsLeft, searchHotels, type Listing, type Stay } from "../hotel-catalogue.ts";
import { count, html, page, type Raw } from "../html.ts";
import { htmlResponse, imageUrl, intParam, paginate, siteLink, type Site, type SiteRequest } from "../site.ts";
import { euros, hotelsHotel, hotelsLink, hotelsStay } from "./hotels-hotel.ts";
import { placeName, scoreWord } from "./travel-parts.ts";

const PER_PAGE = 10;

export const hotels: Site = (request) => {
  if (request.path === "/search.do") return htmlResponse(searchPage(request));
  const hotel = /^\/ho(\d+)\/?$/.exec(request.path);
  return hotel ? hotelsHotel(request, hotel[1]!) : null;
};

/** hotels.com search cards name the property without the ", City" its own page adds. */
function cardName(listing: Listing): string {
  const suffix = `, ${listing.property.city.name}`;
  return listing.name.endsWith(suffix) ? listing.name.slice(0, -suffix.length) : listing.name;
}

function card(request: SiteRequest, listing: Listing, stay: Stay | null): Raw {
  const { property } = listing;
  const link = hotelsLink(request, listing, stay);
  const price = stay ? quote(listing, stay, request.prices).perNight : null;
  const was = price !== null && property.key % 5 === 2 ? Math.round(price * 1.18) : null;
  const left = stay ? roomsLeft(listing, stay) : null;
  return html`<li class="hotel" data-hotel-id="${listing.id}" data-title="${cardName(listing)}" data-coords="${listing.latitude},${listing.longitude}">
<article class="hotel-wrap"><aside class="pictures"><img class="u-photo" src="${imageUrl(request, `${listing.id}_l`)}" alt="${cardName(listing)}"></aside>
<div class="description resp-module"><h3 class="p-name"><a class="property-name-link" href="${link}">${cardName(listing)}</a></h3>
${property.stars > 0 ? html`<span class="star-rating-text">${property.stars}-star</span>` : ""}
<div class="contact"><span class="p-adr"><span class="p-street-address">${property.street}</span>, <span class="p-locality">${property.city.name}</span></span></div>
<div class="location-info resp-module"><ul class="property-landmarks"><li>${distanceKm(listing.latitude, listing.longitude, property.city)} km to City centre</li></ul></div>
<div class="reviews-box resp-module"><strong class="guest-reviews-badge">${scoreWord(listing.score)} ${listing.score.toFixed(1)}</strong> <span class="small-view total-reviews">${count(listing.reviewCount)} reviews</span></div>
</div>
<div class="pricing resp-module">${price !== null ? html`<div class="price"><a href="${link}">${was !== null ? html`<del>${euros(was)}</del><ins>${euros(price)}</ins>` : html`<strong>${euros(price)}</strong>`}</a></div><span class="price-info">nightly price</span>${left !== null && left <= 3 ? html`<div class="scarcity-message">Only ${left} left on our site</div>` : ""}` : html`<div class="price-placeholder">Enter dates to see prices</div>`}</div>
</article></li>`;
}

function searchPage(request: SiteRequest): string {
  const destination = request.query.get("q-destination") ?? "";
  const stay = hotelsStay(request.query);
  const current = intParam(request.query, "pn", 1);
  const results = searchHotels("hotels", destination);
  const { items, hasNext } = paginate(results, current, PER_PAGE);
  const link = (target: number) =>
    siteLink(request, "/search.do", { ...Object.fromEntries(request.query), pn: target });
  const label = placeName(results, destination, "All destinations");
  return page({
    title: `${label} Hotels: Find Cheap ${label} Hotel Deals | Hotels.com`,
    head: html`${hasNext ? html`<link rel="next" href="${link(current + 1)}">` : ""}${current > 1 ? html`<link rel="prev" href="${link(current - 1)}">` : ""}`,
    body: html`<div id="search-results" class="resp-row">
<h1 class="destination-title">${label}: ${count(results.length)} hotels</h1>
<ol class="listings infinite-scroll-enabled">${items.map((listing) => card(request, listing, stay))}</ol>
${results.length === 0 ? html`<p class="no-results">Sorry, we couldn't find any hotels for ${destination}.</p>` : ""}
<div class="pagination">${current > 1 ? html`<span class="pagination-prev"><a href="${link(current - 1)}">Previous</a></span>` : ""}<span class="pagination-current">Page ${current}</span>${hasNext ? html`<span class="pagination-next"><a href="${link(current + 1)}">Next</a></span>` : ""}</div>
</div>`,
  });
}
