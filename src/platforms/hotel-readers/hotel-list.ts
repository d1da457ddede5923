// Any travel site's list of places to stay (a search's results, a city's page of hotels), read by the
// reader of any shop's result list (scrape/extract/results.ts): a card is a card whatever it sells, with
// a name, a link, a price, a score and a count of reviews. What it cannot know is said so: the price is
// the one the card shows (a night's on most lists), and the score's scale is the list's own.
import { visibleText } from "../../scrape/extract/dom";
import { findByType, jsonLdNodes } from "../../scrape/extract/json-ld";
import { type Page, readPage } from "../../scrape/extract/page";
import { PRODUCT_TYPES } from "../../scrape/extract/product-ld";
import { selectAll, selectOne } from "../../scrape/extract/select";
import { visibleCards } from "../../scrape/extract/cards";
import { COUNT_WORDS } from "../../scrape/extract/card-facts";
import { readSearchResults } from "../../scrape/extract/results";
import type { SearchItem } from "../../scrape/types";
import type { HotelRecord, HotelSearchPage } from "../hotel-types";
import { countInHeading, nightlyShare, nightsOfStay, scoreOutOfTen } from "./extract";
import { namesLodging } from "./generic-hotel";

/** A score above this on any card of the list says it scores out of 10, else out of 5. */
const FIVE_POINTS = 5;

/** A list's hotels, their scores out of 10, and the scale the list itself scores on. */
export interface HotelListPage extends HotelSearchPage {
  review_scale: 5 | 10;
}

export function readHotelList(html: string, url: string): HotelListPage {
  const page = readPage(html, url);
  const { items: priced, has_next_page } = readSearchResults(page, url);
  const cards = priced.length > 0 ? priced : unpricedCards(page);
  const items = listsLodging(page, cards) ? cards : [];
  const scale = items.some((item) => (item.rating ?? 0) > FIVE_POINTS) ? 10 : 5;
  return {
    hotels: items.map((item) => listedHotel(item, scale)),
    total_results: countInHeading(page.root),
    has_next_page,
    review_scale: scale,
  };
}

// A count of reviews is a few words; a longer text holding one is a review's snippet or a block of the card.
const MAX_COUNT_TEXT = 40;

/**
 * The cards of a list that prints no price (a city's list before dates are chosen shows "Show Prices"), found by the
 * count of reviews each shows where the priced lists' cards are found by their prices: the counts anchor the cards and
 * price none of them.
 */
function unpricedCards(page: Page): SearchItem[] {
  const counts = selectAll(page.root, "a, span, div").flatMap((element) => {
    if (element.children.length > 1) return [];
    const text = visibleText(element) ?? "";
    return text.length <= MAX_COUNT_TEXT && COUNT_WORDS.test(text)
      ? [{ element, text, struck: false, other: true }]
      : [];
  });
  return counts.length === 0 ? [] : visibleCards(page.root, page.base, page.hint, counts).map((card) => card.item);
}

/**
 * Whether the list is one of places to stay: no shop's product page (whose rails of other products are
 * cards too), and its title, its heading or one of its first cards names lodging ("Best Hostels in
 * Zurich", "Hoteles en París", a card's "… Hotel Tsukiji Ginza").
 */
function listsLodging(page: Page, cards: SearchItem[]): boolean {
  const product =
    findByType(jsonLdNodes(page.root), PRODUCT_TYPES) !== null ||
    selectOne(page.root, '[itemtype*="schema.org/Product"]') !== null;
  if (product || cards.length === 0) return false;
  const named = [selectOne(page.root, "title"), selectOne(page.root, "h1")].map((element) =>
    element ? (visibleText(element) ?? "") : "",
  );
  return [...named, ...cards.slice(0, 5).map((card) => card.title ?? "")].some(namesLodging);
}

/**
 * A card of the list as a hotel: what a card shows, every other field null. A price the card says is the whole stay's
 * ("60,000원~ /2박") is that total, and a night's share of it.
 */
function listedHotel(item: SearchItem, scale: number): HotelRecord {
  const amount = item.price?.amount ?? null;
  const nights = nightsOfStay(item.price?.raw ?? null);
  return {
    id: item.id,
    name: item.title,
    star_rating: null,
    address: null,
    address_parts: null,
    latitude: null,
    longitude: null,
    review_score: scoreOutOfTen(item.rating, scale),
    review_count: item.review_count,
    price_per_night: amount !== null && nights ? nightlyShare(amount, nights) : amount,
    total_price: nights ? amount : null,
    currency: item.price?.currency ?? null,
    amenities: [],
    rooms_available: null,
    image_url: item.image,
    booking_url: item.url,
    property_type: null,
    room_type: null,
    free_cancellation: null,
    breakfast_included: null,
    sponsored: item.sponsored,
  };
}
