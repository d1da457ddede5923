// expedia.com replica property page, in Expedia's current markup: JSON-LD Hotel (geo, star and
// guest ratings on a 5 scale), the price summary (nightly, then total), one property-offer card
// per room type, the amenities list and a few reviews.
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
import { count, html, jsonLd, page, wholeMoney, type Raw } from "../html.ts";
import { reviewAt, shortDate } from "../reviews.ts";
import { htmlResponse, imageUrl, siteLink, type SiteRequest, type SiteResponse } from "../site.ts";
import { superlative } from "./travel-parts.ts";

/** Expedia shows whole amounts: "€203". */
export const euros = (amount: number) => wholeMoney(Math.round(amount), CURRENCY);

export function expediaLink(request: SiteRequest, listing: Listing, stay: Stay | null): string {
  const slug = `${listing.property.city.name}-Hotels-${listing.name}`
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^A-Za-z0-9]+/g, "-");
  return siteLink(request, `/${slug}.h${listing.id}.Hotel-Information`, {
    chkin: stay?.checkIn,
    chkout: stay?.checkOut,
    rm1: stay ? `a${stay.adults}` : undefined,
  });
}

function priceSummary(perNight: number, total: number): Raw {
  return html`<div data-stid="price-summary"><div data-test-id="price-summary-message-line"><span class="uitk-text uitk-type-500">${euros(perNight)} nightly</span></div><div data-test-id="price-summary-message-line"><span class="uitk-text uitk-type-200">${euros(total)} total</span></div><div class="uitk-text uitk-type-100">includes taxes &amp; fees</div></div>`;
}

function terms(listing: Listing, room: number): Raw[] {
  const { freeCancellation, breakfast } = roomTerms(listing, room);
  return [
    ...(breakfast ? [html`<li>Breakfast included</li>`] : []),
    freeCancellation
      ? html`<li class="uitk-text-positive-theme">Fully refundable · Free cancellation</li>`
      : html`<li>Non-refundable</li>`,
  ];
}

function offers(request: SiteRequest, listing: Listing, stay: Stay | null): Raw[] {
  return listing.property.rooms.map((room, n) => {
    const left = stay ? roomsLeft(listing, stay, n) : null;
    const price = stay && left ? quote(listing, stay, request.prices, room.multiplier) : null;
    return html`<div data-stid="property-offer" class="uitk-card uitk-card-roundcorner-all"><div class="uitk-card-content-section">
<h3 class="uitk-heading uitk-heading-6">${room.name}</h3><ul class="uitk-typelist"><li>Sleeps ${room.sleeps}</li><li>Free WiFi</li>${terms(listing, n)}</ul>
${price ? html`<div class="uitk-text uitk-text-negative-theme">We have ${left} left</div>${priceSummary(price.perNight, price.total)}<button data-stid="submit-hotel-reserve" class="uitk-button uitk-button-primary" type="button">Reserve</button>` : stay ? html`<div class="uitk-text uitk-text-negative-theme">Sold out</div>` : html`<div class="uitk-text">Enter dates for prices</div>`}
</div></div>`;
  });
}

export function expediaHotel(request: SiteRequest, id: string): SiteResponse | null {
  const listing = findHotel("expedia", id);
  if (!listing) return null;
  const { property } = listing;
  const query = request.query;
  const adults = query.get("rm1")?.match(/^a(\d+)/)?.[1] ?? query.get("adults");
  const stay = parseStay(
    query.get("chkin") ?? query.get("startDate"),
    query.get("chkout") ?? query.get("endDate"),
    adults,
  );
  const headline = stay ? quote(listing, stay, request.prices) : null;
  const structured = {
    "@context": "https://schema.org",
    "@type": "Hotel",
    "@id": expediaLink(request, listing, null),
    name: listing.name,
    url: expediaLink(request, listing, null),
    image: imageUrl(request, `${listing.id}_y`),
    address: {
      "@type": "PostalAddress",
      streetAddress: property.street,
      addressLocality: property.city.name,
      postalCode: property.postcode,
      addressCountry: property.city.country,
    },
    geo: { "@type": "GeoCoordinates", latitude: listing.latitude, longitude: listing.longitude },
    ...(property.stars > 0 ? { starRating: { "@type": "Rating", ratingValue: String(property.stars) } } : {}),
    aggregateRating: {
      "@type": "AggregateRating",
      ratingValue: listing.score,
      reviewCount: listing.reviewCount,
      bestRating: 5,
    },
    amenityFeature: property.amenities.map((name) => ({ "@type": "LocationFeatureSpecification", name, value: true })),
    priceRange: headline ? `${euros(headline.perNight)} nightly` : undefined,
  };
  const reviews = Array.from({ length: 4 }, (_, n) =>
    reviewAt(`expedia-${listing.id}`, n, property.city.landmark, listing.score, "stay"),
  );
  return htmlResponse(
    page({
      title: `${listing.name} Prices, Photos & Reviews | Expedia`,
      head: html`${jsonLd(structured)}<link rel="canonical" href="${expediaLink(request, listing, null)}"><meta property="og:title" content="${listing.name}">`,
      body: html`<main id="app-layer-base" class="uitk-view">
<div data-stid="content-hotel-title"><h1 class="uitk-heading uitk-heading-3">${listing.name}</h1>${property.stars > 0 ? html`<div class="uitk-rating" aria-label="${property.stars}.0 star property"><span class="is-visually-hidden">${property.stars}.0 out of 5</span></div>` : ""}</div>
<div data-stid="content-hotel-address" class="uitk-text">${property.street}, ${property.city.name}, ${property.postcode}, ${property.city.country}</div>
<div data-stid="content-hotel-reviewsummary"><span class="uitk-badge-base-text">${listing.score.toFixed(1)}/5</span> <span class="uitk-text">${superlative(listing.score).replace("!", "")}</span> <a class="uitk-link" href="#Reviews">${count(listing.reviewCount)} reviews</a></div>
<div data-stid="section-price-summary">${headline ? priceSummary(headline.perNight, headline.total) : html`<div class="uitk-text">Enter dates to see prices</div>`}</div>
<div data-stid="hotel-amenities-list"><h2>Popular amenities</h2><ul>${property.amenities.map((amenity) => html`<li class="uitk-typelist-item">${amenity}</li>`)}</ul></div>
<div data-stid="section-room-list" id="Offers"><h2>Choose your room</h2>${offers(request, listing, stay)}</div>
<section id="Reviews" data-stid="property-reviews-list">${reviews.map(
        (review) =>
          html`<article itemprop="review" class="uitk-card" data-review-id="${review.id}"><span class="uitk-badge-base-text">${review.rating * 2}/10</span><h4 class="uitk-heading">${review.title}</h4><div itemprop="description" class="uitk-text">${review.body}</div><div class="uitk-text"><span itemprop="author">${review.author}</span>, <span itemprop="datePublished">${shortDate(review.date)}</span></div></article>`,
      )}</section>
<a class="uitk-link" href="${siteLink(request, "/Hotel-Search", { destination: property.city.name })}">See all properties in ${property.city.name}</a>
</main>`,
    }),
  );
}
