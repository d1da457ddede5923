// booking.com replica: /searchresults.html?ss=&checkin=&checkout=&group_adults=&no_rooms=&offset=&rows=
// in the legacy div.sr_item markup of the saved 2018 Dublin page (25 cards a page; the card
// price is the TOTAL for the stay and party, as on the real page), and hotel pages from
// booking-hotel.ts at /hotel/{cc}/{slug}.html or /hotel/{id}.html.
import { distanceKm, quote, roomsLeft, roomTerms, searchHotels, type Listing, type Stay } from "../hotel-catalogue.ts";
import { count, html, page, type Raw } from "../html.ts";
import { htmlResponse, imageUrl, intParam, siteLink, type Site, type SiteRequest } from "../site.ts";
import { bookingHotel } from "./booking-hotel.ts";
import { bookingStay, euros, hotelLink, starsIcon } from "./booking-parts.ts";
import { placeName, partyText, scoreWord } from "./travel-parts.ts";

const PER_PAGE = 25;

export const booking: Site = (request) => {
  if (request.path === "/searchresults.html") return htmlResponse(searchPage(request));
  const hotel = /^\/hotel\/((?:[a-z]{2}\/)?[^/]+)\.html$/.exec(request.path);
  return hotel ? bookingHotel(request, hotel[1]!) : null;
};

function priceBlock(listing: Listing, stay: Stay | null, request: SiteRequest): Raw {
  if (!stay)
    return html`<div class="sr_cta_button"><a class="b-button b-button_primary sr_cta_button" href="${hotelLink(request, listing, null)}"><span class="b-button__text">Show prices</span></a></div>`;
  const { total } = quote(listing, stay, request.prices);
  const label = `Price for ${partyText(stay)}:`;
  if (listing.property.key % 3 === 0) {
    return html`<div class=" totalPrice totalPrice_no-rack-rate entire_row_clickable" data-target="_blank"> ${label} ${euros(total)} <span class="sr_room_reinforcement"></span></div>`;
  }
  const rack = listing.property.key % 3 === 1 ? Math.round(total * 1.21) : null;
  return html`<div class=" js_rackrate_animation_anchor smart_price_style gray-icon totalPrice ${rack ? "totalPrice_rack-rate" : "totalPrice_no-rack-rate"} entire_row_clickable" data-target="_blank"><strong class=" price scarcity_color sr_gs_rackrate_price " aria-label="${label} ${euros(total)}."><b><span class="sr_gs_rackrate_total"> ${label} </span></b><div class="sr_gs_rack_rate_and_price">${rack ? html`<span class="strike-it-red_anim change-text-color-gray "><span class="toggle_price_per_night_or_stay anim_rack_rate_rr read-easy gs_rack_rate_beside rackrate jq_tooltip" data-deal-rack="rackrate" aria-hidden="true"> ${euros(rack)} </span></span>` : ""}<b class=" sr_gs_price_total "> ${euros(total)} </b></div></strong></div>`;
}

/** The cheapest room's terms, in the green reinforcement lines under its name. */
function policies(listing: Listing): Raw | string {
  const terms = roomTerms(listing);
  if (!terms.freeCancellation && !terms.breakfast) return "";
  return html`<div class="sr_card_room_policies__container">${terms.breakfast ? html`<span class="sr_room_policy sr_room_policy--breakfast"> Breakfast included </span>` : ""}${terms.freeCancellation ? html`<sup class="sr_room_reinforcement"> FREE cancellation </sup>` : ""}</div>`;
}

function card(request: SiteRequest, listing: Listing, stay: Stay | null, position: number): Raw {
  const { property } = listing;
  const link = hotelLink(request, listing, stay, position);
  const coords = `${listing.longitude},${listing.latitude}`;
  const left = stay ? roomsLeft(listing, stay) : null;
  return html`<div data-et-view=" " class="sr_item sr_item_new sr_item_default sr_property_block sr_flex_layout " data-hotelid="${listing.id}" data-class="${property.stars}" data-score="${listing.score.toFixed(1)}">
<div class="sr_item_photo" id="hotel_${listing.id}"><a class=" sr_item_photo_link sr_hotel_preview_track " href="${link}" target="_blank" rel="noopener" aria-hidden="true"><img class="hotel_image" src="${imageUrl(request, `square200-${listing.id}`)}" alt="${listing.name}" data-highres="${imageUrl(request, `square600-${listing.id}`)}" width="200" height="200"></a></div>
<div class="sr_item_content sr_item_content_slider_wrapper "><div class="sr_property_block_main_row"><div class="sr_item_main_block">
<h3 class="sr-hotel__title "><a class="hotel_name_link url" href="${link}" target="_blank" rel="noopener">${property.kind === "hotel" ? "" : html`<span class=" sr-hotel__type "> ${property.kind === "hostel" ? "Hostel" : property.kind === "aparthotel" ? "Aparthotel" : "Apartment"} </span>`}<span class="sr-hotel__name "> ${listing.name} </span><span class="invisible_spoken"> Opens in new window </span></a></h3>
${starsIcon(property.stars)}
<div class=" address "><a aria-hidden="true" class="bicon-map-pin show_map map_address_pin" id="show_id${listing.id}" data-map-id="show_id${listing.id}" data-coords="${coords}" data-zoom="14"></a><a href="${link}" class=" jq_tooltip district_link visited_link " data-coords="${coords}" target="_blank" title="${listing.name}, ${property.city.name}" rel="noopener"> ${property.city.name} – Show on map </a><span class="distfromdest_clean "> ( <span class="distfromdest jq_tooltip"> ${distanceKm(listing.latitude, listing.longitude, property.city)} km from center </span> ) </span></div>
</div>
<div class="sr_item_review_block"><div class="reviewFloater reviewFloaterBadge__container"><div class="sr-review-score "><a class="sr-review-score__link" href="${link}" target="_blank"><span class=" review-score-widget review-score-widget__auto review-score-widget__right js_sr_primary_review_widget sr_main_score_badge "><span class="review-score-widget__body"><span class="review-score-widget__text" role="link" aria-label="Rated ${scoreWord(listing.score).toLowerCase()}"> ${scoreWord(listing.score)} </span><span class="review-score-widget__subtext" role="link" aria-label=" from ${count(listing.reviewCount)} reviews"> ${count(listing.reviewCount)} reviews </span></span><span class="review-score-badge" role="link" aria-label="Scored ${listing.score.toFixed(1)} "> ${listing.score.toFixed(1)} </span></span></a></div></div></div>
</div>
<div class="sr_rooms_table_block clearfix"><div class="room_details ">
<table class="featuredRooms sr_room_table sr_rms_tbl_bdr" cellspacing="0"><tbody><tr class="roomrow entire_row_clickable"><td class="roomName"><div class="roomNameInner"><span class="room_link room_link--bigger"> ${property.rooms[0]!.name} </span>${policies(listing)}</div></td>
<td class="roomAvailability">${left !== null && left <= 3 ? html`<a class="jq_tooltip urgency_link js_sr_persuation_msg scarcity_color"><span class="only_x_left sr_rooms_left_wrap"> Only ${left} room${left === 1 ? "" : "s"} left on our site! </span></a>` : ""}</td></tr></tbody></table>
${priceBlock(listing, stay, request)}
</div></div></div></div>`;
}

function pagination(request: SiteRequest, offset: number, rows: number, total: number): Raw {
  const link = (target: number) => {
    const params = new URLSearchParams(request.query);
    params.set("offset", String(target));
    return `${siteLink(request, "/searchresults.html")}?${params}`;
  };
  const pages = Math.max(1, Math.ceil(total / rows));
  const current = Math.floor(offset / rows) + 1;
  const hasNext = offset + rows < total;
  return html`<div class="bui-pagination results-paging"><nav class="bui-pagination__nav"><ul class="bui-pagination__list">
<li class="bui-pagination__item bui-pagination__prev-arrow${current > 1 ? "" : " bui-pagination__item--disabled"}">${current > 1 ? html`<a class="bui-pagination__link paging-prev" href="${link(offset - rows)}" title="Previous page">Previous page</a>` : html`<span class="bui-pagination__link" title="Previous page">Previous page</span>`}</li>
<li class="bui-pagination__pages"><ul class="bui-pagination__list">${Array.from({ length: pages }, (_, n) => html`<li class="bui-pagination__item sr_pagination_item${n + 1 === current ? " bui-pagination__item--active current" : ""}"><a class="bui-pagination__link sr_pagination_link" href="${link(n * rows)}"> ${n + 1} </a></li>`)}</ul></li>
<li class="bui-pagination__item bui-pagination__next-arrow${hasNext ? "" : " bui-pagination__item--disabled"}">${hasNext ? html`<a class="bui-pagination__link paging-next" href="${link(offset + rows)}" title="Next page">Next page</a>` : html`<span class="bui-pagination__link" title="Next page">Next page</span>`}</li>
</ul></nav></div>`;
}

function searchPage(request: SiteRequest): string {
  const destination = request.query.get("ss") ?? "";
  const stay = bookingStay(request.query);
  const rows = Math.min(100, intParam(request.query, "rows", PER_PAGE));
  const offset = Math.max(0, Number(request.query.get("offset")) || 0);
  const results = searchHotels("booking", destination);
  const shown = results.slice(offset, offset + rows);
  const label = placeName(results, destination, "All destinations");
  return page({
    title: `Booking.com : Hotels in ${label} . Book your hotel now!`,
    body: html`<div id="bodyconstraint"><div id="right" class="sr_results">
<div class="sr_header"><h1> ${label}: ${count(results.length)} properties found </h1></div>
<div id="hotellist_inner" class="hotellist sr_double_search" role="region" aria-label="Search results">${shown.map((listing, n) => card(request, listing, stay, offset + n + 1))}</div>
${results.length > 0 ? pagination(request, offset, rows, results.length) : html`<p class="sr_no_results">No properties found. Try another destination.</p>`}
</div></div>`,
  });
}
