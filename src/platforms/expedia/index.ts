// expedia.com: search results (article[data-hotelid] cards, checked against a saved 2018 page)
// and hotel pages (JSON-LD Hotel and offer cards; no saved hotel page backs that parser yet).
// Hotel ids are Expedia's numeric property ids (the `h{id}` in /h12961135.Hotel-Information).
import { detectChallenge } from "../../scrape/extract/challenge";
import { absoluteUrl, loadHtml, visibleText, type HTMLElement } from "../../scrape/extract/dom";
import { parseLocaleNumber, parseMoney } from "../../scrape/extract/money";
import { siteUrl } from "../../scrape/extract/url";
import type { HotelDetail, HotelRecord, HotelSearchPage } from "../hotel-types";
import type { TravelPlatform } from "../types";
import {
  countInHeading,
  emptyHotel,
  hotelRoom,
  onSite,
  roomsLeft,
  scoreOutOfTen,
  sleepsOf,
  statedTerms,
  structuredNumber,
  withCheapestRoom,
} from "../hotel-readers/extract";
import { lodgingDetail } from "../hotel-readers/lodging";
import { selectAll, selectOne } from "../../scrape/extract/select";
import { withoutSponsoredRepeats } from "../../sponsored";

const REVIEW_SCALE = 5;
const SITE_PATH = /\/(?:Hotel-Search|[^/]*h\d+\.Hotel-Information)/;

export const expedia: TravelPlatform = {
  slug: "expedia",
  name: "Expedia",
  engines: ["fetch", "browser"],
  kind: "travel",
  origins: { default: "https://www.expedia.com" },
  reviewScale: REVIEW_SCALE,
  // Every field is on a card or the hotel page (the saved 2018 search, the replica's pages).
  lacks: [],
  searchUrl: (query, origin) =>
    siteUrl(origin, "/Hotel-Search", {
      destination: query.destination,
      startDate: query.checkIn,
      endDate: query.checkOut,
      adults: query.adults,
      // Children as "{room}_{age}" pairs, all in the first room.
      children: query.children.map((age) => `1_${age}`).join(",") || undefined,
      rooms: query.rooms > 1 ? query.rooms : undefined,
      page: query.page > 1 ? query.page : undefined,
    }),
  hotelUrl: (id, query, origin) =>
    siteUrl(origin, `/h${encodeURIComponent(id)}.Hotel-Information`, {
      chkin: query.checkIn,
      chkout: query.checkOut,
      rm1: query.adults ? `a${query.adults}` : undefined,
    }),
  parseSearch,
  parseHotel,
  detectChallenge,
};

function parseSearch(html: string, url: string): HotelSearchPage {
  const root = loadHtml(html);
  const pagination = selectOne(root, "nav.pagination[data-total-results]");
  const total = countInHeading(root) ?? parseLocaleNumber(pagination?.getAttribute("data-total-results"));
  return {
    // Sponsored cards repeat hotels the organic list also shows; the organic card stays.
    hotels: withoutSponsoredRepeats(
      selectAll(root, "article[data-hotelid]").map((card) => parseCard(card, url)),
      (hotel) => hotel.id,
    ),
    total_results: total,
    has_next_page: hasNextPage(root, pagination, total),
  };
}

function parseCard(card: HTMLElement, pageUrl: string): HotelRecord {
  const id = card.getAttribute("data-hotelid") ?? null;
  // The card shows a struck "Price was" figure beside the current one; only the latter counts.
  const price = parseMoney(visibleText(selectOne(card, "[data-automation='actual-price'] .actualPrice, .actualPrice")));
  const priceType = visibleText(selectOne(card, ".priceType, .priceTypeDescription")) ?? "";
  const isTotal = /total|for \d+ nights?/i.test(priceType);
  const href = selectOne(card, "a.flex-link")?.getAttribute("href");
  const image = selectOne(card, "[data-image]")?.getAttribute("data-image");
  const geo = (name: string) => structuredNumber(selectOne(card, `meta[itemprop='${name}']`)?.getAttribute("content"));
  return {
    ...emptyHotel(),
    ...statedTerms(visibleText(selectOne(card, ".hotel-info, .price-col-1, .flex-area-primary"))),
    id,
    sponsored: card.getAttribute("data-automation") === "sponsored" || card.classList.contains("travelAd"),
    // Expedia only tells holiday rentals apart from everything else.
    property_type: card.getAttribute("propertytype") === "vacationRental" ? "home" : null,
    latitude: geo("latitude"),
    longitude: geo("longitude"),
    name:
      visibleText(selectOne(card, ".hotelName, [data-automation='hotel-name']")) ?? visibleText(selectOne(card, "h3")),
    star_rating: starsOf(card),
    address: visibleText(selectOne(card, ".neighborhood")),
    review_score: scoreOutOfTen(
      parseLocaleNumber(visibleText(selectOne(card, ".reviewOverall [aria-hidden], .ratingText"))),
      REVIEW_SCALE,
    ),
    review_count: parseLocaleNumber(visibleText(selectOne(card, ".reviewCount [aria-hidden], .reviewCount"))),
    price_per_night: price && !isTotal ? price.amount : null,
    total_price: price && isTotal ? price.amount : null,
    currency: price?.currency ?? null,
    rooms_available: roomsLeft(visibleText(selectOne(card, ".urgencyContainer"))),
    image_url: absoluteUrl(image, "https://www.expedia.com/"),
    booking_url: propertyLink(href, id, pageUrl),
  };
}

/** The card's property page; sponsored cards link through an ad redirect, so theirs is rebuilt from the id. */
function propertyLink(href: string | null | undefined, id: string | null, pageUrl: string): string | null {
  const link = onSite(href, pageUrl, SITE_PATH);
  if (link && /\.Hotel-Information$/.test(new URL(link).pathname)) return link;
  return id ? onSite(`/h${id}.Hotel-Information`, pageUrl, SITE_PATH) : null;
}

function starsOf(scope: HTMLElement): number | null {
  const title = selectOne(scope, ".starRating .value-title, .star-rating [title]")?.getAttribute("title");
  const hidden = visibleText(selectOne(scope, ".starRating .visuallyhidden"));
  const stars = parseLocaleNumber(title ?? hidden);
  return stars !== null && stars > 0 ? stars : null;
}

function hasNextPage(root: HTMLElement, pagination: HTMLElement | null, total: number | null): boolean {
  if (selectOne(root, "link[rel='next'], a[rel='next']")) return true;
  const first = parseLocaleNumber(pagination?.getAttribute("data-first-result"));
  const perPage = parseLocaleNumber(pagination?.getAttribute("data-per-page"));
  return first !== null && perPage !== null && total !== null && first - 1 + perPage < total;
}

function parseHotel(html: string, url: string): HotelDetail {
  const root = loadHtml(html);
  const detail = lodgingDetail(root, url, REVIEW_SCALE);
  const price = parseMoney(
    visibleText(selectOne(root, "[data-stid='price-summary'] [data-test-id='price-summary-message-line'] span")),
  );
  return withCheapestRoom({
    ...detail,
    id: url.match(/[./]h(\d+)\.Hotel-Information/)?.[1] ?? null,
    star_rating: detail.star_rating ?? starsOf(root),
    price_per_night: price?.amount ?? null,
    currency: price?.currency ?? null,
    rooms: selectAll(root, "[data-stid='property-offer']").map((offer) => {
      const offerPrice = parseMoney(visibleText(selectOne(offer, "[data-test-id='price-summary-message-line'] span")));
      const text = visibleText(offer);
      const soldOut = /\bsold out\b/i.test(text ?? "");
      return hotelRoom({
        ...statedTerms(text),
        room_type: visibleText(selectOne(offer, "h3")) ?? "Room",
        price: offerPrice?.amount ?? null,
        price_basis: "night",
        currency: offerPrice?.currency ?? null,
        sleeps: sleepsOf(text),
        rooms_available: soldOut ? 0 : roomsLeft(text),
        available: soldOut ? false : offerPrice !== null ? true : null,
      });
    }),
  });
}
