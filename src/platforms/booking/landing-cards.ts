// booking.com's city and region landing pages ("10 Best Ruidera Hotels"): a list of microdata
// LodgingBusiness cards (data-testid="card") with the hotel's name, its star icons, a score block and
// a "Price from" figure for the night and party the card states. The page's later carousels of
// most-booked hotels (data-testid="hotel") carry no price and are not the list.
import { visibleText, type HTMLElement } from "../../scrape/extract/dom";
import { parseLocaleNumber } from "../../scrape/extract/money";
import { labelledStayPrices } from "../../scrape/extract/stay-prices";
import { selectAll, selectOne } from "../../scrape/extract/select";
import type { HotelRecord } from "../hotel-types";
import { emptyHotel, onSite, priceBasisOf, scoreOutOfTen } from "../hotel-readers/extract";

const REVIEW_SCALE = 10;
const SITE_PATH = /\/hotel\//;
// "3 out of 5 stars", "3 de 5", "3 von 5", "3 sur 5": the star icons' label.
const STARS_LABEL = /^(\d(?:[.,]5)?)\s+(?:out of|de|von|sur|su|van|из)\s+5\b/i;
// The score printed alone in the score block ("9.0", "8,3").
const SCORE_ALONE = /^\d{1,2}(?:[.,]\d)?$/;
// "150 reviews", "· 532 comentarios": a whole number followed by words.
const COUNT_LABEL = /^[\s·•]*\d[\d.,\s]*\s\p{L}/u;
// "Hotel in Ruidera", "Hotel en Tlaxcala": the place the card's subtitle names.
const PLACE_IN_SUBTITLE = /\s(?:in|en|à|a|im)\s+(.+)$/i;

/** The landing page's list of lodging cards, in page order. */
export function landingCards(root: HTMLElement, pageUrl: string): HotelRecord[] {
  return selectAll(root, "[itemscope][data-testid='card']")
    .filter((card) => /schema\.org\/(?:LodgingBusiness|Hotel)$/i.test(card.getAttribute("itemtype") ?? ""))
    .map((card) => landingCard(card, pageUrl));
}

function landingCard(card: HTMLElement, pageUrl: string): HotelRecord {
  const link = selectOne(card, "a[itemprop='url']");
  const name = visibleText(selectOne(card, "[itemprop='name']"));
  const stay = cheapestLabelled(card);
  const score = scoreBlock(card);
  return {
    ...emptyHotel(),
    id: link?.getAttribute("href")?.match(/\/hotel\/([a-z]{2}\/[^/.?#]+)/)?.[1] ?? null,
    name,
    star_rating: starsOf(card),
    address: placeOf(link, name),
    review_score: scoreOutOfTen(parseLocaleNumber(score.score), REVIEW_SCALE),
    review_count: parseLocaleNumber(score.count),
    price_per_night: stay && stay.basis !== "stay" ? stay.amount : null,
    total_price: stay?.basis === "stay" ? stay.amount : null,
    currency: stay?.currency ?? null,
    image_url: selectOne(card, "img[itemprop='image']")?.getAttribute("src") ?? null,
    booking_url: onSite(link?.getAttribute("href"), pageUrl, SITE_PATH),
  };
}

function starsOf(card: HTMLElement): number | null {
  const labels = selectAll(card, "[role='img'][aria-label]").map((icon) => icon.getAttribute("aria-label") ?? "");
  const stars = labels.map((label) => STARS_LABEL.exec(label)?.[1]).find(Boolean);
  return stars ? parseLocaleNumber(stars) : null;
}

/** The score printed alone and the review count beside it, in the block that holds both. */
function scoreBlock(card: HTMLElement): { score: string | null; count: string | null } {
  const score = selectAll(card, "[aria-hidden='true']").find((element) => SCORE_ALONE.test(visibleText(element) ?? ""));
  const block = score?.parentNode as HTMLElement | undefined;
  const count = block
    ? selectAll(block, "*")
        .map(visibleText)
        .find((text) => COUNT_LABEL.test(text ?? ""))
    : null;
  return { score: visibleText(score), count: count ?? null };
}

/** The card's cheapest figure labelled with the nights it pays for ("Price from $237.59 · 1 night, 2 adults"). */
function cheapestLabelled(card: HTMLElement) {
  const saysBasis = (text: string) => priceBasisOf(text) !== null;
  const cheapest = labelledStayPrices(card, saysBasis).sort((a, b) => a.price.amount - b.price.amount)[0];
  return cheapest ? { ...cheapest.price, basis: priceBasisOf(cheapest.label) } : null;
}

/** The place the title link's subtitle names after the hotel's name ("Hotel in Ruidera" → "Ruidera"). */
function placeOf(link: HTMLElement | null, name: string | null): string | null {
  const subtitle = (visibleText(link) ?? "").replace(name ?? "", "").trim();
  return PLACE_IN_SUBTITLE.exec(` ${subtitle}`)?.[1]?.trim() ?? null;
}
