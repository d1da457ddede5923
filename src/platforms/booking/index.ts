// booking.com: search results in both layouts the site has shipped, the 2018 div.sr_item list and
// the current data-testid="property-card" one (each checked against saved pages; its prices in
// card-prices.ts), a city or region landing page's microdata cards (landing-cards.ts), and hotel pages
// (JSON-LD Hotel when present, else the header's name, stars, address and score card, the map
// centre from inline script, and the #hprt-table room rows).
// Hotel ids: legacy cards carry booking's numeric id (data-hotelid); current cards carry none, so
// theirs is the page path "{country}/{slug}" (e.g. "nl/family-beach-house-zandvoort-center"),
// which is also what `hotelUrl` takes, as hotel pages have no URL by the numeric id.
import { cardPrices } from "./card-prices";
import { loadHtml, unique, visibleText, type HTMLElement } from "../../scrape/extract/dom";
import { parseLocaleNumber, parseMoney } from "../../scrape/extract/money";
import { siteUrl } from "../../scrape/extract/url";
import type { HotelDetail, HotelRecord, HotelSearchPage } from "../hotel-types";
import { bookingChallenge } from "./challenge";
import type { TravelPlatform } from "../types";
import {
  countInHeading,
  emptyHotel,
  hotelRoom,
  nightlyShare,
  nightsBetween,
  onSite,
  paidPlacement,
  propertyTypeOfLabel,
  roomsLeft,
  scoreOutOfTen,
  scriptDate,
  scriptNumber,
  sleepsOf,
  statedTerms,
  structuredNumber,
  withCheapestRoom,
} from "../hotel-readers/extract";
import { lodgingDetail } from "../hotel-readers/lodging";
import { addressLine } from "../hotel-readers/address";
import { landingCards } from "./landing-cards";
import { selectAll, selectOne } from "../../scrape/extract/select";

const REVIEW_SCALE = 10;
const PAGE_SIZE = 25;
const SITE_PATH = /\/(?:searchresults|hotel\/)/;

export const booking: TravelPlatform = {
  slug: "booking",
  name: "Booking.com",
  engines: ["fetch", "browser"],
  kind: "travel",
  origins: { default: "https://www.booking.com" },
  reviewScale: REVIEW_SCALE,
  // Every field is on a card or the hotel page (saved legacy and current cards, the Kempinski page, the replica).
  lacks: [],
  searchUrl: (query, origin) =>
    siteUrl(origin, "/searchresults.html", {
      ss: query.destination,
      checkin: query.checkIn,
      checkout: query.checkOut,
      group_adults: query.adults,
      group_children: query.children.length || undefined,
      age: query.children,
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
  detectChallenge: bookingChallenge,
};

function parseSearch(html: string, url: string): HotelSearchPage {
  const root = loadHtml(html);
  // A page holds one layout or the other; the legacy list is tried first as it is the narrower match.
  // A city or region landing page lists microdata cards of its own instead.
  const legacy = selectAll(root, "div.sr_item[data-hotelid]");
  const current = selectAll(root, "[data-testid='property-card']");
  const hotels =
    legacy.length > 0
      ? legacy.map((card) => parseCard(card, url))
      : current.length > 0
        ? current.map((card) => parsePropertyCard(card, url))
        : landingCards(root, url);
  const total = countInHeading(root);
  const nextLink = selectOne(root, ".bui-pagination__next-arrow a[href], a.paging-next, link[rel='next']");
  // The current layout has no next link, only a script-driven "Load more results" button.
  const beyondThisPage = total !== null && offsetOf(url) + hotels.length < total;
  return { hotels, total_results: total, has_next_page: nextLink !== null || beyondThisPage };
}

function offsetOf(url: string): number {
  try {
    return Math.max(0, Number(new URL(url).searchParams.get("offset")) || 0);
  } catch {
    return 0;
  }
}

function parseCard(card: HTMLElement, pageUrl: string): HotelRecord {
  const link = selectOne(card, "a.hotel_name_link") ?? selectOne(card, "a.sr_item_photo_link");
  // data-coords is "longitude,latitude".
  const [longitude, latitude] = (selectOne(card, "[data-coords]")?.getAttribute("data-coords") ?? "").split(",");
  const price = parseMoney(stayPriceText(card));
  const score = parseLocaleNumber(
    card.getAttribute("data-score") || visibleText(selectOne(card, ".review-score-badge")),
  );
  return {
    ...emptyHotel(),
    ...statedTerms(visibleText(selectOne(card, ".sr_rooms_table_block"))),
    id: card.getAttribute("data-hotelid") ?? null,
    name: visibleText(selectOne(card, ".sr-hotel__name")),
    // Legacy cards label every property but a hotel with its type.
    property_type: propertyTypeOfLabel(visibleText(selectOne(card, ".sr-hotel__type")) ?? "hotel"),
    room_type: visibleText(selectOne(card, ".roomName .room_link") ?? selectOne(card, ".roomName")),
    star_rating: starsOf(card),
    latitude: structuredNumber(latitude),
    longitude: structuredNumber(longitude),
    review_score: scoreOutOfTen(score, REVIEW_SCALE),
    review_count: parseLocaleNumber(visibleText(selectOne(card, ".review-score-widget__subtext"))),
    // Search cards price the whole stay for the whole party ("Price for 3 adults for 2 nights").
    total_price: price?.amount ?? null,
    currency: price?.currency ?? null,
    rooms_available: roomsLeft(visibleText(selectOne(card, ".only_x_left"))),
    image_url: selectOne(card, "img.hotel_image")?.getAttribute("src") ?? null,
    booking_url: onSite(link?.getAttribute("href"), pageUrl, SITE_PATH),
  };
}

/** A card of the current layout, which names its parts with data-testid attributes. */
function parsePropertyCard(card: HTMLElement, pageUrl: string): HotelRecord {
  const href = selectOne(card, "a[data-testid='title-link']")?.getAttribute("href");
  const { perNight, stay, currency } = cardPrices(card);
  const review = reviewBadge(selectOne(card, "[data-testid='review-score']"));
  const units = selectOne(card, "[data-testid='recommended-units']");
  return {
    ...emptyHotel(),
    ...statedTerms(visibleText(units)),
    id: href?.match(/\/hotel\/([a-z]{2}\/[^/.?#]+)/)?.[1] ?? null,
    room_type: visibleText(units ? selectOne(units, "h4") : null),
    property_type: propertyTypeOfLabel(
      visibleText(selectOne(card, "[data-testid='property-card-unit-configuration'] span")),
    ),
    name: visibleText(selectOne(card, "[data-testid='title']")),
    star_rating: starsOf(card),
    ...addressLine(visibleText(selectOne(card, "[data-testid='address'], [data-testid='address-text']"))),
    review_score: scoreOutOfTen(review.score, REVIEW_SCALE),
    review_count: review.count,
    price_per_night: perNight,
    total_price: stay?.amount ?? null,
    currency,
    rooms_available: roomsLeft(visibleText(selectOne(card, "[data-testid='availability-group']"))),
    image_url: selectOne(card, "img[data-testid='image']")?.getAttribute("src") ?? null,
    booking_url: onSite(href, pageUrl, SITE_PATH),
    sponsored: paidPlacement(card),
  };
}

// "1,593 real reviews", "41 reviews", "1.593 Bewertungen", "· 532 comentarios": a whole number followed by words.
const COUNT_LABEL = /^[\s·•]*\d[\d.,\s]*\s\p{L}/u;

/**
 * The headline score and its review count from a score block: a current card's "Scored 8.9 ·
 * 8.9 · Excellent · 41 reviews" or the old hotel header's "Very good 8.3 /10 · Score from
 * <strong class="count">1401</strong> reviews". Subscores ("Comfort 8.9") sit outside the block.
 */
function reviewBadge(block: HTMLElement | null): { score: number | null; count: number | null } {
  if (!block) return { score: null, count: null };
  const labelled = selectAll(block, "*")
    .map((element) => visibleText(element))
    .filter((text): text is string => text !== null && COUNT_LABEL.test(text))
    .map(parseLocaleNumber)
    .find((count) => Number.isInteger(count));
  return {
    score: parseLocaleNumber(visibleText(block)),
    count: parseLocaleNumber(visibleText(selectOne(block, ".count"))) ?? labelled ?? null,
  };
}

/** The current stay price: the discounted figure beside a struck rack rate, else the total after its label. */
function stayPriceText(card: HTMLElement): string | null {
  const discounted = visibleText(selectOne(card, ".sr_gs_price_total"));
  if (discounted) return discounted;
  const total = visibleText(selectOne(card, ".totalPrice, .price"));
  return total?.split(":").pop()?.trim() || null;
}

/**
 * Legacy cards declare stars in data-class or a sprite; current ones in an icon row labelled
 * "4 out of 5", of stars (official) or squares (booking's own rating for homes), both stars here.
 */
function starsOf(scope: HTMLElement | null): number | null {
  if (!scope) return null;
  const declared = Number(scope.getAttribute("data-class"));
  if (declared > 0) return declared;
  const sprite = selectOne(scope, "[class*='ratings_stars_']")?.getAttribute("class");
  const match = sprite?.match(/ratings_stars_(\d)(_half)?/);
  if (match?.[1]) return Number(match[1]) + (match[2] ? 0.5 : 0);
  const rows = "[data-testid='rating-stars'], [data-testid='rating-squares']";
  const icons = /^rating-(?:stars|squares)$/.test(scope.getAttribute("data-testid") ?? "")
    ? scope
    : selectOne(scope, rows);
  if (!icons) return null;
  const labelled = parseLocaleNumber(icons.getAttribute("aria-label") ?? icons.parentNode?.getAttribute("aria-label"));
  return labelled ?? (icons.children.length > 0 ? icons.children.length : null);
}

function parseHotel(html: string, url: string): HotelDetail {
  const root = loadHtml(html);
  // The old layout's H1 also holds the star sprite's long tooltip text; the name has its own id.
  const detail = lodgingDetail(root, url, REVIEW_SCALE, ["#hp_hotel_name", "h1"]);
  const rooms = roomRows(root);
  const cheapest = rooms.filter((room) => room.price !== null).sort((a, b) => (a.price ?? 0) - (b.price ?? 0))[0];
  const nights = nightsBetween(scriptDate(html, "b_checkin_date"), scriptDate(html, "b_checkout_date"));
  // Older pages carry "latitude,longitude" on the address link, or only the map centre in script.
  const [latitude, longitude] = (selectOne(root, "[data-atlas-latlng]")?.getAttribute("data-atlas-latlng") ?? "").split(
    ",",
  );
  // The first score card is the hotel's own; the similar-hotels block further down reuses its classes.
  const header = reviewBadge(selectOne(root, "#js--hp-gallery-scorecard, [data-testid='review-score-component']"));
  return withCheapestRoom({
    ...detail,
    id:
      selectOne(root, "input[name='hotel_id']")?.getAttribute("value") ??
      html.match(/b_hotel_id:\s*'(\d+)'/)?.[1] ??
      null,
    star_rating:
      detail.star_rating ??
      starsOf(selectOne(root, ".hp__hotel_ratings, [data-testid='rating-stars'], [data-testid='rating-squares']")),
    ...(detail.address ? {} : addressLine(visibleText(selectOne(root, "#hp_address_subtitle, .hp_address_subtitle")))),
    latitude: detail.latitude ?? structuredNumber(latitude) ?? scriptNumber(html, "b_map_center_latitude"),
    longitude: detail.longitude ?? structuredNumber(longitude) ?? scriptNumber(html, "b_map_center_longitude"),
    review_score: detail.review_score ?? scoreOutOfTen(header.score, REVIEW_SCALE),
    review_count: detail.review_count ?? header.count,
    // Room prices on booking.com are for the stay, not the night; the page's script holds the stay's dates.
    price_per_night:
      detail.price_per_night ?? (cheapest?.price && nights ? nightlyShare(cheapest.price, nights) : null),
    total_price: cheapest?.price ?? null,
    currency: cheapest?.currency ?? null,
    rooms,
    amenities: detail.amenities.length > 0 ? detail.amenities : facilities(root),
    description: detail.description ?? visibleText(selectOne(root, "#property_description_content")),
  });
}

/** The "Most popular facilities" list of a hotel page, old layout and current. */
function facilities(root: HTMLElement): string[] {
  return unique(
    selectAll(root, ".important_facility, [data-testid='property-most-popular-facilities-wrapper'] li").map(
      (item) => item.getAttribute("data-name-en") ?? visibleText(item),
    ),
  );
}

/** Rows of the availability table; a room type's name sits on its first row only. */
function roomRows(root: HTMLElement): HotelDetail["rooms"] {
  const rooms: HotelDetail["rooms"] = [];
  let roomType: string | null = null;
  for (const row of selectAll(root, "#hprt-table tbody tr")) {
    roomType = visibleText(selectOne(row, ".hprt-roomtype-icon-link, .hprt-roomtype-link")) ?? roomType;
    const price = parseMoney(visibleText(selectOne(row, ".bui-price-display__value, .prco-valign-middle-helper")));
    if (!roomType) continue;
    const select = selectOne(row, "select.hprt-nos-select");
    // The room-count menu offers 0 to the number left.
    const left = select
      ? Math.max(0, ...selectAll(select, "option").map((o) => Number(o.getAttribute("value")) || 0))
      : null;
    rooms.push(
      hotelRoom({
        ...statedTerms(visibleText(row)),
        room_type: roomType,
        price: price?.amount ?? null,
        price_basis: "stay",
        currency: price?.currency ?? null,
        sleeps: sleepsOf(visibleText(selectOne(row, ".hprt-table-cell-occupancy"))),
        rooms_available: left,
        available: left === null ? null : left > 0,
      }),
    );
  }
  return rooms;
}
