// booking.com replica hotel page: JSON-LD Hotel (no geo, as on booking.com), the name header,
// star sprite, the address link with data-atlas-latlng, facilities, the #hprt-table room rows
// (prices for the whole stay, a select of rooms left) and a few review blocks.
import { CURRENCY, findHotel, quote, roomsLeft, roomTerms, type Listing, type Stay } from "../hotel-catalogue.ts";
import { count, html, jsonLd, page } from "../html.ts";
import { reviewAt, shortDate } from "../reviews.ts";
import { htmlResponse, imageUrl, siteLink, type SiteRequest, type SiteResponse } from "../site.ts";
import { bookingStay, euros, hotelLink, starsIcon } from "./booking-parts.ts";
import { nightsText, partyText, scoreWord } from "./travel-parts.ts";

function roomRows(request: SiteRequest, listing: Listing, stay: Stay | null) {
  return listing.property.rooms.map((room, n) => {
    const left = stay ? roomsLeft(listing, stay, n) : null;
    const price = stay && left ? quote(listing, stay, request.prices, room.multiplier).total : null;
    return html`<tr class="js-rt-block-row e2e-hprt-table-row hprt-table-cheapest-block" data-block-id="${listing.id}0${n}">
<td class="hprt-table-cell hprt-table-cell-roomtype droom_seperator"><div class="hprt-roomtype-block"><a class="hprt-roomtype-link" href="#RD${listing.id}0${n}" data-room-id="${listing.id}0${n}"><span class="hprt-roomtype-icon-link">${room.name}</span></a></div></td>
<td class="hprt-table-cell hprt-table-cell-occupancy"><span class="bui-u-sr-only">Max. people: ${room.sleeps}</span></td>
<td class="hprt-table-cell hprt-table-cell-conditions"><ul class="hprt-conditions-bui">${roomTerms(listing, n).breakfast ? html`<li class="hprt-green-condition">Breakfast included</li>` : ""}${roomTerms(listing, n).freeCancellation ? html`<li class="hprt-green-condition">FREE cancellation before check-in</li>` : html`<li>Non-refundable</li>`}</ul></td>
<td class="hprt-table-cell hprt-table-cell-price">${price !== null ? html`<div class="bui-price-display__value prco-text-nowrap-helper prco-inline-block-maker-helper"><span class="prco-valign-middle-helper"> ${euros(price)} </span></div><div class="prd-taxes-and-fees-under-price">Includes taxes and charges</div>` : stay ? html`<span class="hprt-sold-out">Sold out on our site</span>` : ""}</td>
<td class="hprt-table-cell hprt-table-cell-select">${stay ? html`<select class="hprt-nos-select js-hprt-nos-select" name="nr_rooms_${listing.id}0${n}" data-room-id="${listing.id}0${n}">${Array.from({ length: (left ?? 0) + 1 }, (_, k) => html`<option value="${k}">${k}${k > 0 && price !== null ? html` (${euros(price * k)})` : ""}</option>`)}</select>` : ""}</td>
</tr>`;
  });
}

export function bookingHotel(request: SiteRequest, pathId: string): SiteResponse | null {
  const listing = findHotel("booking", pathId);
  if (!listing) return null;
  const { property } = listing;
  const stay = bookingStay(request.query);
  const cheapest = stay ? quote(listing, stay, request.prices) : null;
  const address = `${property.street}, ${property.postcode} ${property.city.name}, ${property.city.country}`;
  const description = `${listing.name} is a ${property.kind} in ${property.city.name}, a short walk from ${property.city.landmark}. Guests enjoy ${property.amenities.slice(0, 3).join(", ").toLowerCase()} and a 24-hour welcome.`;
  const structured = {
    "@context": "http://schema.org",
    "@type": "Hotel",
    name: listing.name,
    url: hotelLink(request, listing, null),
    image: imageUrl(request, `max1024-${listing.id}`),
    description,
    hasMap: `https://maps.example.invalid/?center=${listing.latitude},${listing.longitude}`,
    address: {
      "@type": "PostalAddress",
      streetAddress: address,
      addressLocality: property.city.name,
      postalCode: property.postcode,
      addressCountry: property.city.country,
    },
    aggregateRating: {
      "@type": "AggregateRating",
      ratingValue: listing.score,
      reviewCount: listing.reviewCount,
      bestRating: 10,
    },
    priceRange: cheapest
      ? `Prices for this stay start at ${euros(cheapest.total)} (we price match)`
      : "Enter your dates to see prices",
  };
  const reviews = Array.from({ length: 5 }, (_, n) =>
    reviewAt(`booking-${listing.id}`, n, property.city.landmark, listing.score / 2, "stay"),
  );
  return htmlResponse(
    page({
      title: `${listing.name}, ${property.city.name} – Updated prices`,
      head: html`${jsonLd(structured)}<meta property="og:title" content="${listing.name}, ${property.city.name}"><meta property="og:image" content="${imageUrl(request, `max1024-${listing.id}`)}"><script>var booking = { env: { b_hotel_id: '${listing.id}', b_currency: '${CURRENCY}' } };</script>`,
      body: html`<div id="hp_hotel_main" class="hotel_page">
<form id="hotelpage_availform" action="${siteLink(request, `/hotel/${listing.path}.html`)}" method="get"><input type="hidden" name="hotel_id" value="${listing.id}"><input type="hidden" name="checkin" value="${stay?.checkIn ?? ""}"><input type="hidden" name="checkout" value="${stay?.checkOut ?? ""}"></form>
<div id="wrap-hotelpage-top" class="wrap-hotelpage-top"><h2 class="d2fee87262 pp-header__title hp__hotel-name" id="hp_hotel_name">${listing.name}</h2>
<span class="hp__hotel_ratings" data-testid="rating-stars">${starsIcon(property.stars)}</span>
<p class="address address_clean"><a id="hotel_address" class="jq_tooltip show_map" data-atlas-latlng="${listing.latitude},${listing.longitude}" data-source="top_link" href="#map_opened"><span class="hp_address_subtitle js-hp_address_subtitle jq_tooltip" data-node_tt_id="location_score_tooltip"> ${address} </span></a></p></div>
<div id="js--hp-gallery-cont" class="clearfix bh-photo-grid"><img src="${imageUrl(request, `max1024-${listing.id}`)}" alt="${listing.name}"></div>
<div class="reviewFloater"><div class="bui-review-score c-score"><div class="bui-review-score__badge" aria-label="Scored ${listing.score.toFixed(1)} "> ${listing.score.toFixed(1)} </div><div class="bui-review-score__content"><div class="bui-review-score__title"> ${scoreWord(listing.score)} </div><div class="bui-review-score__text"> ${count(listing.reviewCount)} reviews </div></div></div></div>
<div id="property_description_content"><p>${description}</p></div>
<div class="hp_desc_important_facilities clearfix"><h3>Most popular facilities</h3>${property.amenities.map((amenity) => html`<div class="important_facility" data-name-en="${amenity}">${amenity}</div>`)}</div>
<div id="available_rooms"><h2>Availability</h2>${stay ? html`<p class="hprt-stay-summary">Prices for ${partyText(stay)} (${nightsText(stay.nights)}, ${stay.checkIn} to ${stay.checkOut})</p>` : html`<p class="hprt-no-dates">Select dates to see this property's availability and prices</p>`}
<table id="hprt-table" class="hprt-table" aria-describedby="hprt_nos_select_help"><thead><tr><th>Room type</th><th>Number of guests</th><th>Price for ${stay ? nightsText(stay.nights) : "your stay"}</th><th>Select rooms</th></tr></thead><tbody>${roomRows(request, listing, stay)}</tbody></table></div>
<div id="review_list_page_container" class="review_list_container"><ul class="review_list">${reviews.map(
        (review) =>
          html`<li class="review_list_new_item_block" data-review-url="${review.id}"><div class="c-review-block"><div class="bui-avatar-block__text"><span class="bui-avatar-block__title">${review.author}</span></div><div class="bui-review-score__badge" aria-label="Scored ${(review.rating * 2).toFixed(1)} "> ${(review.rating * 2).toFixed(1)} </div><h3 class="c-review-block__title c-review__title--ltr">${review.title}</h3><div class="c-review"><span class="c-review__body">${review.body}</span></div><span class="c-review-block__date">Reviewed: ${shortDate(review.date)}</span></div></li>`,
      )}</ul></div>
</div>`,
    }),
  );
}
