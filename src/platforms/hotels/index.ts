// hotels.com: hotel pages (JSON-LD LodgingBusiness, room list, review cards) and search results.
// Hotel ids are the numeric property ids in /ho{id}/ URLs. The search parser follows the
// classic list markup (li.hotel[data-hotel-id]); no saved search page backs it yet.
import { detectChallenge } from "../../scrape/extract/challenge";
import { loadHtml, unique, visibleText, type HTMLElement } from "../../scrape/extract/dom";
import { metaTags, metaValue } from "../../scrape/extract/meta";
import { parseLocaleNumber, parseMoney } from "../../scrape/extract/money";
import { siteUrl } from "../../scrape/extract/url";
import type { HotelDetail, HotelRecord, HotelSearchPage } from "../hotel-types";
import type { Review } from "../../scrape/types";
import type { TravelPlatform } from "../types";
import {
  countInHeading,
  emptyHotel,
  hotelRoom,
  onSite,
  priceBasisOf,
  roomsLeft,
  scoreOutOfTen,
  structuredNumber,
  sleepsOf,
  statedTerms,
  withCheapestRoom,
} from "../hotel-readers/extract";
import { lodgingDetail } from "../hotel-readers/lodging";
import { addressLine, addressOf } from "../hotel-readers/address";
import { selectAll, selectOne } from "../../scrape/extract/select";

const REVIEW_SCALE = 10;
const SITE_PATH = /\/(?:search\.do|ho\d+)/;

export const hotels: TravelPlatform = {
  slug: "hotels",
  name: "Hotels.com",
  engines: ["fetch", "browser"],
  kind: "travel",
  origins: { default: "https://www.hotels.com" },
  reviewScale: REVIEW_SCALE,
  // Every field is on a card or the hotel page (the saved Temple Bar page and Lisbon search, the replica).
  lacks: [],
  searchUrl: (query, origin) => {
    const rooms = Math.max(1, query.rooms);
    const params: Record<string, string | number | undefined> = {
      "q-destination": query.destination,
      "q-check-in": query.checkIn,
      "q-check-out": query.checkOut,
      "q-rooms": rooms,
    };
    // Adults are given per room; spread them as evenly as the site would.
    for (let room = 0; room < rooms; room++) {
      params[`q-room-${room}-adults`] = Math.floor(query.adults / rooms) + (room < query.adults % rooms ? 1 : 0);
    }
    // Children travel in the first room, each with their age.
    if (query.children.length > 0) params["q-room-0-children"] = query.children.length;
    query.children.forEach((age, child) => {
      params[`q-room-0-child-${child}-age`] = age;
    });
    params["pn"] = query.page > 1 ? query.page : undefined;
    return siteUrl(origin, "/search.do", params);
  },
  hotelUrl: (id, query, origin) =>
    siteUrl(origin, `/ho${encodeURIComponent(id)}/`, {
      "q-check-in": query.checkIn,
      "q-check-out": query.checkOut,
      "q-room-0-adults": query.adults,
    }),
  parseSearch,
  parseHotel,
  detectChallenge,
};

/** The page's booking currency, which its bare "$" prices are in. */
function pageCurrency(root: HTMLElement, html: string): string | null {
  return (
    selectOne(root, "input[name='bookingRequest.currency']")?.getAttribute("value") ??
    html.match(/"currency"\s*:\s*"([A-Z]{3})"/)?.[1] ??
    null
  );
}

function parseHotel(html: string, url: string): HotelDetail {
  const root = loadHtml(html);
  const detail = lodgingDetail(root, url, REVIEW_SCALE);
  const currency = pageCurrency(root, html);
  const lowest = parseMoney(visibleText(selectOne(root, "#room-offer-price strong, .room-offer .price")), {
    currency,
  });
  const tags = metaTags(root);
  const amenities = unique(selectAll(root, "#amenities .fact-sheet-list li").map((item) => visibleText(item)));
  return withCheapestRoom({
    ...detail,
    id: url.match(/\/ho(\d+)/)?.[1] ?? metaValue(tags, "og:url")?.match(/\/ho(\d+)/)?.[1] ?? null,
    name: withoutCitySuffix(detail.name, metaValue(tags, "geo.placename")),
    // The headline "Lowest price" is a nightly rate per room ("nightly price per unit").
    price_per_night: lowest?.amount ?? null,
    currency: lowest?.currency ?? null,
    amenities: amenities.length > 0 ? amenities : detail.amenities,
    rooms: selectAll(root, "#rooms-and-rates li.room").map((room) => {
      const price = parseMoney(visibleText(selectOne(room, ".current-price")), { currency });
      const text = visibleText(room);
      const soldOut = /sold out|no longer available/i.test(text ?? "");
      return hotelRoom({
        ...statedTerms(text),
        room_type: visibleText(selectOne(room, ".room-name")) ?? "Room",
        price: price?.amount ?? null,
        price_basis: "night",
        currency: price?.currency ?? null,
        sleeps: sleepsOf(visibleText(selectOne(room, ".occupancy")) ?? visibleText(selectOne(room, ".room-name"))),
        rooms_available: soldOut ? 0 : roomsLeft(visibleText(selectOne(room, ".rooms-left, .urgency-message"))),
        available: soldOut ? false : selectOne(room, "form") ? true : null,
      });
    }),
    reviews: selectAll(root, ".review-card").map(reviewOf),
  });
}

/** The card's microformat address (street and town spans), else its address line. */
function cardAddress(card: HTMLElement): Pick<HotelRecord, "address" | "address_parts"> {
  const street = visibleText(selectOne(card, ".p-street-address"));
  const city = visibleText(selectOne(card, ".p-locality"));
  if (!street && !city) return addressLine(visibleText(selectOne(card, ".address, .p-adr")));
  return addressOf({
    street,
    city,
    postcode: visibleText(selectOne(card, ".p-postal-code")),
    country: visibleText(selectOne(card, ".p-country-name")),
  });
}

/** hotels.com names properties "Name, City"; the city is in the address already. */
function withoutCitySuffix(name: string | null, city: string | null): string | null {
  if (!name || !city) return name;
  const suffix = `, ${city}`;
  return name.endsWith(suffix) ? name.slice(0, -suffix.length) : name;
}

function reviewOf(card: HTMLElement): Review {
  return {
    id: card.getAttribute("data-review-id") ?? null,
    title: visibleText(selectOne(card, ".review-summary")),
    body: visibleText(selectOne(card, ".review-content blockquote")),
    rating: scoreOutOfTen(structuredNumber(card.getAttribute("data-review-rating")), REVIEW_SCALE),
    author: visibleText(selectOne(card, ".review-card-meta-reviewer span")),
    date: card.getAttribute("data-review-date") ?? visibleText(selectOne(card, ".review-footer .date")),
    verified: selectOne(card, ".genuine-review") !== null,
  };
}

function parseSearch(html: string, url: string): HotelSearchPage {
  const root = loadHtml(html);
  const currency = pageCurrency(root, html);
  const hotels = selectAll(root, "li.hotel[data-hotel-id], li[data-hotel-id]").map((card) =>
    parseCard(card, url, currency),
  );
  const next = selectOne(root, "link[rel='next'], a[rel='next'], .pagination-next a[href]");
  return { hotels, total_results: countInHeading(root), has_next_page: next !== null };
}

function parseCard(card: HTMLElement, pageUrl: string, currency: string | null): HotelRecord {
  const link = selectOne(card, "h3.p-name a, a.property-name-link");
  // A sale shows the old price in <del> and the current one in <ins>.
  const price = parseMoney(visibleText(selectOne(card, ".price ins") ?? selectOne(card, ".price strong, .price b")), {
    currency,
  });
  // "para 2 quartos para 4 hóspedes, 4 noites": the 2020 list prices the whole stay.
  const basis = priceBasisOf(visibleText(selectOne(card, ".price-breakdown, .price-info")));
  const rating = visibleText(selectOne(card, ".guest-rating-value, .guest-reviews-badge"));
  const [latitude, longitude] = (card.getAttribute("data-coords") ?? "").split(",");
  return {
    ...emptyHotel(),
    id: card.getAttribute("data-hotel-id") ?? null,
    name: visibleText(link) ?? visibleText(selectOne(card, "h3")),
    star_rating: parseLocaleNumber(visibleText(selectOne(card, ".star-rating-text"))),
    ...cardAddress(card),
    latitude: structuredNumber(latitude),
    longitude: structuredNumber(longitude),
    review_score: scoreOutOfTen(parseLocaleNumber(rating?.match(/\d+(?:[.,]\d)?/)?.[0]), REVIEW_SCALE),
    // 2020: "144 avaliações" in the reviews link's short view.
    review_count: parseLocaleNumber(visibleText(selectOne(card, ".total-reviews, .reviews-link .small-view"))),
    price_per_night: basis === "stay" ? null : (price?.amount ?? null),
    total_price: basis === "stay" ? (price?.amount ?? null) : null,
    currency: price?.currency ?? null,
    rooms_available: roomsLeft(visibleText(card)),
    // Paid placements carry "sponsored" (2020: li.hotel.sponsored.vip) among the ordinary cards.
    sponsored: /\bsponsored\b/.test(card.getAttribute("class") ?? ""),
    image_url:
      selectOne(card, "img")?.getAttribute("src") ?? selectOne(card, "[data-src]")?.getAttribute("data-src") ?? null,
    booking_url: onSite(link?.getAttribute("href"), pageUrl, SITE_PATH),
  };
}
