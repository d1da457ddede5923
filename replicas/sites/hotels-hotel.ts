// hotels.com replica property page /ho{id}/, following the saved 2018 Dublin page: JSON-LD
// LodgingBusiness wrapped in //<![CDATA[ … //]]> (so a naive JSON.parse of the script fails),
// geo meta tags, "Name, City" heading, "Lowest price" NIGHTLY rate, room list with rate plans,
// the amenities fact sheet and review cards. Prices need dates; without them none is shown.
import {
  CURRENCY,
  findHotel,
  parseStay,
  quote,
  roomsLeft,
  roomTerms,
  type Listing,
  type Stay,
} from "../hotel-catalogue.ts";
import { html, jsonScript, page, wholeMoney, type Raw } from "../html.ts";
import { reviewAt, shortDate } from "../reviews.ts";
import { htmlResponse, imageUrl, siteLink, type SiteRequest, type SiteResponse } from "../site.ts";
import { dayLabel, scoreWord } from "./travel-parts.ts";

export const euros = (amount: number) => wholeMoney(Math.round(amount), CURRENCY);

/** The stay in hotels.com's parameters: q-check-in, q-check-out, q-rooms and q-room-N-adults. */
export function hotelsStay(query: URLSearchParams): Stay | null {
  const rooms = Math.max(1, Number(query.get("q-rooms")) || 1);
  let adults = 0;
  for (let room = 0; room < rooms; room++) adults += Number(query.get(`q-room-${room}-adults`)) || 2;
  return parseStay(query.get("q-check-in"), query.get("q-check-out"), String(adults), String(rooms));
}

export function hotelsLink(request: SiteRequest, listing: Listing, stay: Stay | null): string {
  return siteLink(request, `/ho${listing.id}/`, {
    "q-check-in": stay?.checkIn,
    "q-check-out": stay?.checkOut,
    "q-rooms": stay?.rooms,
    "q-room-0-adults": stay?.adults,
  });
}

function rooms(request: SiteRequest, listing: Listing, stay: Stay | null): Raw[] {
  return listing.property.rooms.map((room, n) => {
    const left = stay ? roomsLeft(listing, stay, n) : null;
    const price = stay && left ? quote(listing, stay, request.prices, room.multiplier) : null;
    const nights = stay ? Array.from({ length: stay.nights }, (_, k) => dayLabel(stay.checkIn, k)) : [];
    return html`<li class="room mv-spider bgc-hds-white clearfix"><div class="room-info di-ib--m p-mouse" aria-labelledby="rr-header-room-type">
<div class="room-image-wrap"><img alt="${room.name}" src="${imageUrl(request, `${listing.id}-room-${n}`)}"></div>
<h3 class="room-name fs-mouse fw-bold mb-spider"> ${room.name} </h3>
<div class="room-and-hotel-info"><p class="occupancy mb-spider fs-spider"><strong> Sleeps ${room.sleeps} people </strong></p></div></div>
<div class="rateplans va-t" aria-role="grid"><div class="rateplan bwb-ant p-mouse" aria-role="row">${
      price
        ? html`<div class="rateplan-details"><p class="rooms-left">${left} left on our site</p>${roomTerms(listing, n).freeCancellation ? html`<p class="cancellation free-cancellation">Free cancellation</p>` : ""}${roomTerms(listing, n).breakfast ? html`<p class="breakfast">Breakfast included</p>` : ""}
<div class="price widget-tooltip price-breakdown" tabindex="0"><strong class="current-price di-b fs-cat fw-bold"> ${euros(price.perNight)} </strong><div class="widget-tooltip-bd"><table class="breakdown-table"><tbody><tr>${nights.map((label) => html`<th>${label}</th>`)}</tr></tbody></table></div></div>
<form action="${siteLink(request, "/bookingInitialise.do")}" method="POST" id="room-${n + 1}-rateplan-1"><button type="submit"> Let's book </button><input type="hidden" name="bookingRequest.roomTypeCode" value="${listing.id}${n}"><input type="hidden" name="bookingRequest.arrivalDate" value="${stay!.checkIn}"><input type="hidden" name="bookingRequest.departureDate" value="${stay!.checkOut}"></form></div>`
        : stay
          ? html`<p class="sold-out">Sold out</p>`
          : html`<p class="no-dates">Enter dates to see prices</p>`
    }</div></div>
</li>`;
  });
}

export function hotelsHotel(request: SiteRequest, id: string): SiteResponse | null {
  const listing = findHotel("hotels", id);
  if (!listing) return null;
  const { property } = listing;
  const stay = hotelsStay(request.query);
  const lowest = stay ? quote(listing, stay, request.prices) : null;
  const structured = {
    "@context": "http://schema.org",
    "@type": "LodgingBusiness",
    "@id": listing.id,
    name: listing.name,
    telephone: "800-491-6126",
    priceRange: lowest ? ` from ${euros(lowest.perNight)}` : undefined,
    description: `With a stay at ${listing.name} in ${property.city.name}, you'll be within a short walk of ${property.city.landmark}.`,
    address: {
      addressCountry: property.city.country,
      addressLocality: property.city.name,
      streetAddress: property.street,
      "@type": "PostalAddress",
    },
    ...(property.stars > 0 ? { starRating: { "@type": "Rating", ratingValue: String(property.stars) } } : {}),
    aggregateRating: {
      "@type": "AggregateRating",
      ratingValue: listing.score.toFixed(1),
      ratingCount: listing.reviewCount,
    },
    containsPlace: property.rooms.map((room) => ({
      "@type": "Accommodation",
      name: room.name,
      amenityFeature: property.amenities
        .slice(0, 4)
        .map((name) => ({ "@type": "LocationFeatureSpecification", value: "True", name })),
    })),
    makesOffer: lowest
      ? {
          "@type": "AggregateOffer",
          lowPrice: lowest.perNight,
          highPrice: Math.round(lowest.perNight * property.rooms[property.rooms.length - 1]!.multiplier),
          priceCurrency: CURRENCY,
          price: lowest.perNight,
        }
      : undefined,
    geo: { "@type": "GeoCoordinates", latitude: String(listing.latitude), longitude: String(listing.longitude) },
  };
  const reviews = Array.from({ length: 5 }, (_, n) =>
    reviewAt(`hotels-${listing.id}`, n, property.city.landmark, listing.score / 2, "stay"),
  );
  return htmlResponse(
    page({
      title: `${listing.name} (${property.city.name}) – Hotels.com`,
      head: html`<meta name="geo.position" content="${listing.latitude},${listing.longitude}"><meta name="geo.placename" content="${property.city.name}"><meta name="geo.region" content="${property.city.countryCode.toUpperCase()}">
<meta property="og:url" content="${hotelsLink(request, listing, null)}"><meta property="og:title" content="${listing.name}">
<script type="application/ld+json" id="pdp-linked-data">
//<![CDATA[
${jsonScript(structured)}
//]]>
</script>`,
      body: html`<div id="room-offer-price" class="room-offer visible di-ib ta-r va-m">${lowest ? html`<span class="pinned-lowest-price di-tc"> Lowest price: <strong class="price fw-bold di-ib"> ${euros(lowest.perNight)} </strong></span>` : ""}<a class="cta ta-c" href="#rooms-and-rates-anchor"> Book Now </a></div>
<div id="property-details" class="resp-row clearfix ${stay ? "dateful" : "dateless"}">
<div id="property-search-header"><a class="back-link-mobile" href="${siteLink(request, "/search.do", { "q-destination": property.city.name, "q-check-in": stay?.checkIn, "q-check-out": stay?.checkOut })}"> All hotels in ${property.city.name}, ${property.city.country} </a></div>
<div class="property-description mb-bee"><span class="hotel-coordinates"><meta content="${listing.latitude}"><meta content="${listing.longitude}"></span>
<h1 class="property-name fs-bird fw-bold mr-spider di-i"> ${listing.name} </h1>
${property.stars > 0 ? html`<span class="star-rating-text fs-mouse fw-bold ws-nw di-ib mb-bee" tabindex="0"> ${property.stars}-star </span>` : ""}
<div class="postal-addr"><span class="street-address">${property.street}</span>, <span class="locality">${property.city.name}</span>, <span class="postal-code">${property.postcode}</span>, <span class="country-name">${property.city.country}</span></div></div>
<input type="hidden" name="bookingRequest.currency" value="${CURRENCY}">
<div id="rooms-and-rates" class="rooms-and-rates"><a id="rooms-and-rates-anchor"></a><div id="rr-header-prices" class="prices di-tc">Average nightly price per unit</div><ul class="rooms mh-spider">${rooms(request, listing, stay)}</ul></div>
<div id="amenities" class="fact-sheet mh-bird clearfix"><div class="amenities-wrapper"><div class="fact-sheet pv-bird in-the-room-module"><h3 class="fact-sheet-header"> Amenities </h3><div class="fact-sheet-cont clearfix"><ul class="fact-sheet-list">${property.amenities.map((amenity) => html`<li> ${amenity} </li>`)}</ul></div></div></div></div>
<div class="reviews-summary"><h2> Recent reviews </h2><p> ${scoreWord(listing.score)} <strong> ${listing.score.toFixed(1)} </strong><span> From ${listing.reviewCount} reviews </span></p></div>
<div class="trust-you-credit"><span class="ta-logo">TripAdvisor</span> TripAdvisor Traveller Rating: ${Math.min(5, Math.round(listing.score / 2))} <span>From ${listing.reviewCount * 2} reviews</span></div>
<div class="review-cards">${reviews.map(
        (review) =>
          html`<div class="review-card clearfix" data-review-id="${review.id}" data-review-date="${shortDate(review.date)}" data-review-rating="${(review.rating * 2).toFixed(1)}"><div class="review-card-bubble-wrapper"><div class="review-card-bubble clearfix"><div class="review-card-header clearfix"><div class="review-score"><span class="rating"><strong> ${(review.rating * 2).toFixed(1)} </strong></span></div><div class="review-summary"> ${review.title} </div></div><div class="review-content"><blockquote class="expandable-content"> ${review.body} </blockquote><div class="review-footer"><span class="date"> ${shortDate(review.date)} </span>${review.verified ? html`<span class="genuine-review"> Verified Hotels.com guest review </span>` : ""}</div></div></div></div><div class="review-card-meta"><span class="review-card-meta-reviewer"><span> ${review.author} </span></span></div></div>`,
      )}</div>
</div>`,
    }),
  );
}
