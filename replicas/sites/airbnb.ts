// airbnb replica: /s/{destination}/homes?checkin=&checkout=&adults=&items_offset= (or &cursor=)
// and /rooms/{id}?check_in=&check_out=&adults=. Like airbnb.com, the visible page is thin and the
// data sits in JSON: the listing page carries JSON-LD VacationRental + Product (as the saved
// Milan listing) and a data-deferred-state-0 script whose structuredDisplayPrice is null
// without dates; the search page carries StaySearchResult nodes with coordinates and prices.
import { CURRENCY, findHotel, parseStay, quote, searchHotels, type Listing, type Stay } from "../hotel-catalogue.ts";
import { html, jsonLd, jsonScript, page, wholeMoney, type Raw } from "../html.ts";
import { reviewAt } from "../reviews.ts";
import { htmlResponse, imageUrl, siteLink, type Site, type SiteRequest } from "../site.ts";
import { placeName } from "./travel-parts.ts";

const PER_PAGE = 18;

export const airbnb: Site = (request) => {
  const search = /^\/s\/([^/]+)\/homes\/?$/.exec(request.path);
  if (search) return htmlResponse(searchPage(request, safeDecode(search[1]!)));
  const room = /^\/rooms\/(\d+)\/?$/.exec(request.path);
  if (!room) return null;
  const listing = findHotel("airbnb", room[1]!);
  return listing ? htmlResponse(roomPage(request, listing)) : null;
};

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment).replace(/--/g, ", ").replace(/-/g, " ");
  } catch {
    return segment;
  }
}

const euros = (amount: number) => wholeMoney(Math.round(amount), CURRENCY);
const demandId = (listing: Listing) => btoa(`DemandStayListing:${listing.id}`);
const kindLabel = (listing: Listing) => (listing.property.kind === "aparthotel" ? "Serviced apartment" : "Apartment");
const bedrooms = (listing: Listing) =>
  Math.max(1, Math.round(listing.property.rooms[listing.property.rooms.length - 1]!.sleeps / 2));

function displayPrice(listing: Listing, stay: Stay | null, request: SiteRequest) {
  if (!stay) return null;
  const { perNight, total } = quote(listing, stay, request.prices);
  return {
    __typename: "StructuredDisplayPrice",
    primaryLine: {
      __typename: "QualifiedDisplayPriceLine",
      price: euros(perNight),
      qualifier: "night",
      accessibilityLabel: `${euros(perNight)} per night`,
    },
    secondaryLine: {
      __typename: "QualifiedDisplayPriceLine",
      price: `${euros(total)} total`,
      qualifier: "total",
      accessibilityLabel: `${euros(total)} total`,
    },
  };
}

function roomLink(request: SiteRequest, listing: Listing, stay: Stay | null): string {
  return siteLink(request, `/rooms/${listing.id}`, {
    check_in: stay?.checkIn,
    check_out: stay?.checkOut,
    adults: stay?.adults,
  });
}

/** The deferred-state script airbnb hydrates from: one niobe cache entry holding the page's data. */
function deferredState(operation: string, data: unknown): Raw {
  return html`<script id="data-deferred-state-0" data-deferred-state-0="true" type="application/json">${jsonScript({ niobeClientData: [[operation, { data }]] })}</script>`;
}

function searchPage(request: SiteRequest, destination: string): string {
  const query = request.query;
  const stay = parseStay(query.get("checkin"), query.get("checkout"), query.get("adults"));
  const offset = Math.max(0, Number(query.get("items_offset")) || cursorOffset(query.get("cursor")));
  const results = searchHotels("airbnb", destination);
  const shown = results.slice(offset, offset + PER_PAGE);
  const cursor = (items: number) => btoa(JSON.stringify({ section_offset: 0, items_offset: items, version: 1 }));
  const label = placeName(results, destination, "Europe");
  const searchResults = shown.map((listing) => ({
    __typename: "StaySearchResult",
    avgRatingA11yLabel: `${listing.score} out of 5 average rating, ${listing.reviewCount} reviews`,
    avgRatingLocalized: `${listing.score} (${listing.reviewCount})`,
    contextualPictures: [{ __typename: "ContextualPicture", picture: imageUrl(request, `${listing.id}-0`) }],
    demandStayListing: {
      __typename: "DemandStayListing",
      id: demandId(listing),
      description: { name: { localizedStringWithTranslationPreference: listing.name } },
      location: { coordinate: { latitude: listing.latitude, longitude: listing.longitude } },
    },
    listing: {
      id: listing.id,
      name: listing.name,
      title: `${kindLabel(listing)} in ${listing.property.city.name}`,
      roomTypeCategory: "entire_home",
    },
    structuredDisplayPrice: displayPrice(listing, stay, request),
    title: `${kindLabel(listing)} in ${listing.property.city.name}`,
  }));
  const pagination = {
    pageCursors: Array.from({ length: Math.ceil(results.length / PER_PAGE) }, (_, n) => cursor(n * PER_PAGE)),
    previousPageCursor: offset > 0 ? cursor(Math.max(0, offset - PER_PAGE)) : null,
    nextPageCursor: offset + PER_PAGE < results.length ? cursor(offset + PER_PAGE) : null,
  };
  return page({
    title: `${label} · Vacation rentals · Airbnb`,
    lang: "en",
    head: html`<meta property="og:site_name" content="Airbnb"><meta property="og:title" content="${label} · Vacation rentals">`,
    body: html`<div id="site-content"><h1 class="t1jojoys">${results.length} homes in ${label}</h1>
<div itemprop="itemList" itemscope itemtype="http://schema.org/ItemList">${shown.map(
      (
        listing,
        n,
      ) => html`<div itemprop="itemListElement" itemscope itemtype="http://schema.org/ListItem"><meta itemprop="name" content="${listing.name}"><meta itemprop="position" content="${offset + n + 1}"><meta itemprop="url" content="${roomLink(request, listing, stay)}">
<div data-testid="card-container"><a href="${roomLink(request, listing, stay)}" aria-labelledby="title_${listing.id}" target="listing_${listing.id}"></a><div data-testid="listing-card-title" id="title_${listing.id}">${kindLabel(listing)} in ${listing.property.city.name}</div><div data-testid="listing-card-subtitle"><span>${listing.name}</span></div>
<span aria-label="${listing.score} out of 5 average rating, ${listing.reviewCount} reviews">${listing.score} (${listing.reviewCount})</span>
${stay ? html`<div data-testid="price-availability-row"><span>${searchResults[n]!.structuredDisplayPrice!.primaryLine.price}</span> <span>night</span> · <span>${searchResults[n]!.structuredDisplayPrice!.secondaryLine.price}</span></div>` : ""}</div></div>`,
    )}</div>
${pagination.nextPageCursor ? html`<nav aria-label="Search results pagination"><a aria-label="Next" href="${siteLink(request, request.path, { ...Object.fromEntries(query), items_offset: undefined, cursor: pagination.nextPageCursor })}">Next</a></nav>` : ""}
</div>
${deferredState(
  `StaysSearch:${JSON.stringify({ query: label, checkin: stay?.checkIn ?? null, checkout: stay?.checkOut ?? null })}`,
  {
    presentation: { staysSearch: { results: { searchResults, paginationInfo: pagination } } },
  },
)}`,
  });
}

function cursorOffset(cursor: string | null): number {
  if (!cursor) return 0;
  try {
    return Math.max(0, Number((JSON.parse(atob(cursor)) as { items_offset?: number }).items_offset) || 0);
  } catch {
    return 0;
  }
}

const AMENITY_TITLES: Record<string, string> = {
  "Free WiFi": "Wifi",
  "Washing machine": "Washer",
  "Pet friendly": "Pets allowed",
  "24-hour front desk": "Self check-in",
};

function roomPage(request: SiteRequest, listing: Listing): string {
  const { property } = listing;
  const query = request.query;
  const stay = parseStay(
    query.get("check_in") ?? query.get("checkin"),
    query.get("check_out") ?? query.get("checkout"),
    query.get("adults"),
  );
  const capacity = property.rooms[property.rooms.length - 1]!.sleeps;
  const images = [0, 1, 2, 3].map((n) => imageUrl(request, `${listing.id}-${n}`));
  const description = `${kindLabel(listing)} a short walk from ${property.city.landmark}. Bright, quiet and fully equipped for ${capacity} guests.`;
  const rating = { "@type": "AggregateRating", ratingValue: listing.score, ratingCount: String(listing.reviewCount) };
  const amenities = property.amenities.map((name) => ({
    __typename: "AmenityItem",
    available: true,
    title: AMENITY_TITLES[name] ?? name,
    icon: `SYSTEM_${name.toUpperCase().replace(/[^A-Z]+/g, "_")}`,
  }));
  amenities.push({
    __typename: "AmenityItem",
    available: false,
    title: "Carbon monoxide alarm",
    icon: "SYSTEM_NO_DETECTOR_CO2",
  });
  const reviews = Array.from({ length: 3 }, (_, n) =>
    reviewAt(`airbnb-${listing.id}`, n, property.city.landmark, listing.score, "stay"),
  );
  const sections = [
    {
      sectionComponentType: "BOOK_IT_SIDEBAR",
      section: {
        __typename: "BookItSection",
        maxGuestCapacity: capacity,
        structuredDisplayPrice: displayPrice(listing, stay, request),
      },
    },
    {
      sectionComponentType: "AMENITIES_DEFAULT",
      section: {
        __typename: "AmenitiesSection",
        previewAmenitiesGroups: [{ __typename: "AmenityItemsGroup", title: null, amenities }],
      },
    },
    {
      sectionComponentType: "LOCATION_DEFAULT",
      section: {
        __typename: "LocationSection",
        lat: listing.latitude,
        lng: listing.longitude,
        subtitle: `${property.city.name}, ${property.city.country}`,
      },
    },
    {
      sectionComponentType: "REVIEWS_DEFAULT",
      section: {
        __typename: "StayPdpReviewsSection",
        overallRating: listing.score,
        overallCount: listing.reviewCount,
        reviews: reviews.map((review) => ({
          __typename: "PdpReview",
          id: review.id,
          comments: review.body,
          createdAt: `${review.date}T10:00:00Z`,
          rating: review.rating,
          reviewer: { firstName: review.author.split(" ")[0] },
        })),
      },
    },
  ];
  const ogTitle = `${kindLabel(listing)} · ${property.city.name} · ★${listing.score} · ${bedrooms(listing)} bedroom${bedrooms(listing) === 1 ? "" : "s"} · ${capacity} beds · 1 bath`;
  return page({
    title: `${listing.name} - ${kindLabel(listing).toLowerCase()}s for rent in ${property.city.name}, ${property.city.country} - Airbnb`,
    lang: "en",
    head: html`<meta property="og:site_name" content="Airbnb"><meta property="og:locale" content="en_US"><meta property="og:url" content="${siteLink(request, `/rooms/${listing.id}`)}"><meta property="og:title" content="${ogTitle}"><meta property="og:description" content="${listing.name}"><meta property="og:type" content="airbedandbreakfast:listing"><meta property="og:image" content="${images[0]}">
${jsonLd({ "@context": "https://schema.org", "@type": "VacationRental", identifier: demandId(listing), name: listing.name, description, image: images, containsPlace: { "@type": "Accommodation", occupancy: { "@type": "QuantitativeValue", value: capacity } }, latitude: Math.round(listing.latitude * 1e5) / 1e5, longitude: Math.round(listing.longitude * 1e5) / 1e5, address: { addressLocality: property.city.name }, aggregateRating: rating })}${jsonLd({ "@context": "https://schema.org", "@type": "Product", name: listing.name, description, image: images, aggregateRating: rating })}`,
    body: html`<div id="react-application"><div id="site-content"><noscript>Please enable JavaScript to see this listing.</noscript></div></div>
${deferredState(
  `StaysPdpSections:${JSON.stringify({ id: demandId(listing), checkIn: stay?.checkIn ?? null, checkOut: stay?.checkOut ?? null })}`,
  {
    presentation: {
      stayProductDetailPage: {
        sections: {
          sections,
          metadata: { sharingConfig: { title: ogTitle, personCapacity: capacity, location: property.city.name } },
        },
      },
    },
  },
)}`,
  });
}
