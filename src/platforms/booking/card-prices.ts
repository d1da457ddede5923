// A booking.com result card's prices: the nightly figure beside its label, the stay's total, a night's share of it.
import { visibleText, type HTMLElement } from "../../scrape/extract/dom";
import { parseMoney } from "../../scrape/extract/money";
import { selectAll, selectOne } from "../../scrape/extract/select";
import type { Money } from "../../scrape/types";
import { nightlyShare, nightsOfStay } from "../hotel-readers/extract";

// The label a card may set beside a nightly figure; without one its price is for the whole stay.
const NIGHTLY_LABEL = /^(?:per night|nightly|\/\s*night)$/i;

/**
 * A current card's prices. Every `price-and-discounted-price` is a current figure (a struck original carries no test
 * id); one beside a "Per night" label is nightly, the last other one is the stay total the "1 week, 4 adults" line
 * describes, of which "5 nights" gives a night's share. Cards without dates have neither.
 */
export function cardPrices(card: HTMLElement): {
  perNight: number | null;
  stay: Money | null;
  currency: string | null;
} {
  let perNight: Money | null = null;
  let stay: Money | null = null;
  for (const element of selectAll(card, "[data-testid='price-and-discounted-price']")) {
    const money = parseMoney(visibleText(element));
    const labels = element.parentNode?.children.filter((sibling) => sibling !== element) ?? [];
    if (labels.some((label) => NIGHTLY_LABEL.test(visibleText(label) ?? ""))) perNight ??= money;
    else stay = money ?? stay;
  }
  // "5 nights, 2 adults" over a stay's total: a night's share of it is the card's nightly price.
  const nights = nightsOfStay(visibleText(selectOne(card, "[data-testid='price-for-x-nights']")));
  const share = stay && nights ? nightlyShare(stay.amount, nights) : null;
  return { perNight: perNight?.amount ?? share, stay, currency: (stay ?? perNight)?.currency ?? null };
}
