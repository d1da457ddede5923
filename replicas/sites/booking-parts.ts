// Pieces the booking.com replica's search and hotel pages share: money format, the stay in
// booking's query parameters, hotel links and the star sprite.
import { CURRENCY, parseStay, type Listing, type Stay } from "../hotel-catalogue.ts";
import { html, wholeMoney, type Raw } from "../html.ts";
import { siteLink, type SiteRequest } from "../site.ts";

/** booking.com writes euro prices "€ 540". */
export const euros = (amount: number) => wholeMoney(amount, CURRENCY, " ");

export function bookingStay(query: URLSearchParams): Stay | null {
  return parseStay(query.get("checkin"), query.get("checkout"), query.get("group_adults"), query.get("no_rooms"));
}

export function starsIcon(stars: number): Raw {
  if (stars <= 0) return html``;
  return html`<i class="bk-icon-wrapper bk-icon-stars star_track"><svg class="bk-icon -sprite-ratings_stars_${stars}" height="10" width="${stars * 11}" viewBox="0 0 ${stars * 13} 12"><path fill="#FEBA02" d="M13 4.6l-4.7-.3L6.5 0 4.7 4.3 0 4.6l3.6 3L2.5 12l4-2.5 4 2.5-1.1-4.4z"></path></svg><span class="invisible_spoken">${stars} stars</span></i>`;
}

export function hotelLink(request: SiteRequest, listing: Listing, stay: Stay | null, position?: number): string {
  return siteLink(request, `/hotel/${listing.path}.html`, {
    checkin: stay?.checkIn,
    checkout: stay?.checkOut,
    group_adults: stay?.adults,
    no_rooms: stay?.rooms,
    hpos: position,
  });
}
