// Real hotel captures (test/fixtures/pages) served by the travel replicas at the URLs our travel
// adapters build, so the hotel and search routes also read markup nobody here wrote. A capture
// answers only for its own hotel id or destination; every other id and destination stays the
// generated catalogue's. Served like the product captures (real-pages.ts): bytes as captured,
// the declared charset, and the CSP that keeps a browser from loading anything.
import { normalisePlaceName } from "../src/travel/place-name.ts";
import { realPageResponse } from "./real-pages.ts";
import type { SiteResponse } from "./site.ts";

type TravelPlatform = "booking" | "expedia" | "hotels" | "airbnb";

export interface RealHotelPage {
  platform: TravelPlatform;
  /** The id the hotel route takes for the capture's hotel, read from its canonical link. */
  id: string;
  /** Where the adapter's `hotelUrl(id)` points, after the platform prefix; its query (dates, party) is not looked at. */
  path: string;
  /** The capture, as expected.tsv names it. */
  file: string;
}

export const REAL_HOTEL_PAGES: readonly RealHotelPage[] = [
  // Canonical www.booking.com/hotel/de/kempinskibristolberlin.en-gb.html: booking ids are the page path.
  {
    platform: "booking",
    id: "de/kempinskibristolberlin",
    path: "/hotel/de/kempinskibristolberlin.html",
    file: "booking/wail_booking_hotel_kempinski_berlin.html",
  },
  // Canonical www.hotels.com/ho571511/dublin-apartments-temple-bar-by-the-key-collection-dublin-ireland/.
  {
    platform: "hotels",
    id: "571511",
    path: "/ho571511/",
    file: "hotels_com/kosticeva_hotels_detail_dublin_apartments_temple_bar_2018.html",
  },
  // Canonical www.airbnb.it/rooms/1438101512728990114.
  {
    platform: "airbnb",
    id: "1438101512728990114",
    path: "/rooms/1438101512728990114",
    file: "airbnb/milanosuite_airbnb_it_listing.html",
  },
];

export interface RealSearchPage {
  platform: TravelPlatform;
  /** The place the capture lists, as the gazetteer names it and the search route sends it. */
  destination: string;
  /** The adapter's search path and the query parameters holding the destination and the result offset. */
  path: string;
  destinationParam: string;
  offsetParam: string;
  file: string;
}

// Only captures of places the gazetteer resolves can be reached through the API: Zandvoort's page
// is not here, as the town is smaller than the gazetteer's cities of 100,000 people. Nor are the
// 2018 Dublin pages: Dublin is the generated catalogue's, and only their past stay sets them apart.
export const REAL_SEARCH_PAGES: readonly RealSearchPage[] = [
  // booking's city page (canonical /city/my/kuala-lumpur.en-gb.html), saved without dates: no card has a price.
  {
    platform: "booking",
    destination: "Kuala Lumpur",
    path: "/searchresults.html",
    destinationParam: "ss",
    offsetParam: "offset",
    file: "booking/easir_booking_city_kuala_lumpur_en_gb.html",
  },
];

/**
 * The real capture a travel replica serves at `path` instead of a generated page, if any: a hotel
 * page by its path, or the first page of results for a captured destination (any dates or party).
 */
export function realTravelPage(platform: string, path: string, query: URLSearchParams): SiteResponse | null {
  const hotel = REAL_HOTEL_PAGES.find((page) => page.platform === platform && page.path === path);
  if (hotel) return realPageResponse(hotel.file);
  const search = REAL_SEARCH_PAGES.find(
    (page) =>
      page.platform === platform &&
      page.path === path &&
      normalisePlaceName(query.get(page.destinationParam) ?? "") === normalisePlaceName(page.destination) &&
      (Number(query.get(page.offsetParam)) || 0) === 0,
  );
  return search ? realPageResponse(search.file) : null;
}
