// booking.com: search results (div.sr_item cards, checked against a saved 2018 page) and hotel
// pages (JSON-LD Hotel + the #hprt-table room rows; no saved hotel page backs that parser yet).
// Hotel ids: records carry booking's numeric id (data-hotelid); hotel pages have no URL by that
// id, so `hotelUrl` takes the page path "{country}/{slug}" (e.g. "ie/avalon-house"), as in booking_url.
import { detectChallenge } from "../extract/challenge";
import { loadHtml, visibleText, type HTMLElement } from "../extract/dom";
import { parseLocaleNumber, parseMoney } from "../extract/money";
import { siteUrl } from "../extract/url";
import type { HotelDetail, HotelRecord, HotelSearchPage } from "../types";
import type { TravelPlatform } from "./travel";
import { countInHeading, emptyHotel, lodgingDetail, onSite, roomsLeft, scoreOutOfTen, structuredNumber } from "./travel-extract";

const REVIEW_SCALE = 10;
const PAGE_SIZE = 25;
const SITE_PATH = /\/(?:searchresults|hotel\/)/;

export const booking: TravelPlatform = {
  slug: "booking",
  name: "Booking.com",
  engines: ["fetch", "browser"],
  origin: "https://www.booking.com",
  reviewScale: REVIEW_SCALE,
  searchUrl: (query, origin) =>
    siteUrl(origin, "/searchresults.html", {
      ss: query.destination,
      checkin: query.checkIn,
      checkout: query.checkOut,
      group_adults: query.adults,
      no_rooms: query.rooms,
      offset: (Math.max(1, query.page) - 1) * PAGE_SIZE,
    }),
  hotelUrl: (id, query, origin) =>
    siteUrl(origin, `/hotel/${id.split("/").map(encodeURIComponent).join("/")}.html`, {
      checkin: query.checkIn,
      checkout: query.checkOut,
      group_adults: query.adults,
    }),
  parseSearch,
  parseHotel,
  detectChallenge,
};

function parseSearch(html: string, url: string): HotelSearchPage {
  const root = loadHtml(html);
  const hotels = root.querySelectorAll("div.sr_item[data-hotelid]").map((card) => parseCard(card, url));
  const nextLink = root.querySelector(".bui-pagination__next-arrow a[href], a.paging-next, link[rel='next']");
  return { hotels, total_results: countInHeading(root), has_next_page: nextLink !== null };
}

function parseCard(card: HTMLElement, pageUrl: string): HotelRecord {
  const link = card.querySelector("a.hotel_name_link") ?? card.querySelector("a.sr_item_photo_link");
  // data-coords is "longitude,latitude".
  const [longitude, latitude] = (card.querySelector("[data-coords]")?.getAttribute("data-coords") ?? "").split(",");
  const price = parseMoney(stayPriceText(card));
  const score = parseLocaleNumber(card.getAttribute("data-score") || visibleText(card.querySelector(".review-score-badge")));
  return {
    ...emptyHotel(),
    id: card.getAttribute("data-hotelid") ?? null,
    name: visibleText(card.querySelector(".sr-hotel__name")),
    star_rating: starsOf(card),
    latitude: structuredNumber(latitude),
    longitude: structuredNumber(longitude),
    review_score: scoreOutOfTen(score, REVIEW_SCALE),
    review_count: parseLocaleNumber(visibleText(card.querySelector(".review-score-widget__subtext"))),
    // Search cards price the whole stay for the whole party ("Price for 3 adults for 2 nights").
    total_price: price?.amount ?? null,
    currency: price?.currency ?? null,
    rooms_available: roomsLeft(visibleText(card.querySelector(".only_x_left"))),
    image_url: card.querySelector("img.hotel_image")?.getAttribute("src") ?? null,
    booking_url: onSite(link?.getAttribute("href"), pageUrl, SITE_PATH),
  };
}

/** The current stay price: the discounted figure beside a struck rack rate, else the total after its label. */
function stayPriceText(card: HTMLElement): string | null {
  const discounted = visibleText(card.querySelector(".sr_gs_price_total"));
  if (discounted) return discounted;
  const total = visibleText(card.querySelector(".totalPrice, .price"));
  return total?.split(":").pop()?.trim() || null;
}

function starsOf(scope: HTMLElement | null): number | null {
  if (!scope) return null;
  const declared = Number(scope.getAttribute("data-class"));
  if (declared > 0) return declared;
  const sprite = scope.querySelector("[class*='ratings_stars_']")?.getAttribute("class");
  const match = sprite?.match(/ratings_stars_(\d)(_half)?/);
  return match?.[1] ? Number(match[1]) + (match[2] ? 0.5 : 0) : null;
}

function parseHotel(html: string, url: string): HotelDetail {
  const root = loadHtml(html);
  const detail = lodgingDetail(root, url, REVIEW_SCALE);
  const rooms = roomRows(root);
  const cheapest = rooms
    .filter((room) => room.price !== null)
    .sort((a, b) => (a.price ?? 0) - (b.price ?? 0))[0];
  // Older pages carry "latitude,longitude" on the address link instead of JSON-LD geo.
  const [latitude, longitude] = (root.querySelector("[data-atlas-latlng]")?.getAttribute("data-atlas-latlng") ?? "").split(",");
  return {
    ...detail,
    id: root.querySelector("input[name='hotel_id']")?.getAttribute("value") ?? html.match(/b_hotel_id:\s*'(\d+)'/)?.[1] ?? null,
    star_rating: detail.star_rating ?? starsOf(root.querySelector(".hp__hotel_ratings, [data-testid='rating-stars']")),
    latitude: detail.latitude ?? structuredNumber(latitude),
    longitude: detail.longitude ?? structuredNumber(longitude),
    // Room prices on booking.com are for the stay, not the night.
    total_price: cheapest?.price ?? null,
    currency: cheapest?.currency ?? null,
    rooms,
    description: detail.description ?? visibleText(root.querySelector("#property_description_content")),
  };
}

/** Rows of the availability table; a room type's name sits on its first row only. */
function roomRows(root: HTMLElement): HotelDetail["rooms"] {
  const rooms: HotelDetail["rooms"] = [];
  let roomType: string | null = null;
  for (const row of root.querySelectorAll("#hprt-table tbody tr")) {
    roomType = visibleText(row.querySelector(".hprt-roomtype-icon-link, .hprt-roomtype-link")) ?? roomType;
    const price = parseMoney(visibleText(row.querySelector(".bui-price-display__value, .prco-valign-middle-helper")));
    if (!roomType) continue;
    const select = row.querySelector("select.hprt-nos-select");
    rooms.push({
      room_type: roomType,
      price: price?.amount ?? null,
      currency: price?.currency ?? null,
      available: select ? select.querySelectorAll("option").length > 1 : null,
    });
  }
  return rooms;
}
