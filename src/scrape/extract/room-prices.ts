// The prices of a hotel page's room list, for pages without a structured offer (a hotel's own
// booking engine): an element named for a price inside a room or rate list, never an
// availability calendar's day cell, a basket or an extra. Hand-written: no library reads this.
import type { Money } from "../types";
import { visibleText, type HTMLElement } from "./dom";
import { currencyFromText } from "./currency";
import { parseMoney, type MoneyHint } from "./money";
import { selectAll } from "./select";

export interface RoomPrice {
  price: Money;
  /** The text of the room or rate list the price sits in, which may say "Stay total" or "per night". */
  context: string;
}

const PRICE_NAMED = /price|amount/i;
// "room-lowest-price", "rmtbl", "rm-box", "rate_list": a room or rate list; "rating" is not one.
const ROOM_NAMED = /(?:^|[-_])(?:rooms?|rates?|rm)(?:$|[-_]|tbl|list|box)/i;
const CALENDAR_NAMED = /calendar|datepicker|day-?cell/i;
const STRUCK_NAMED = /\b(?:old|was|strike|crossed|before)\b/i;
// Room lists sit a few levels above their price cells (td.price < tr < tbody < table.rmtbl).
const MAX_DEPTH = 6;
const MAX_PRICE_TEXT = 80;

const namesOf = (element: HTMLElement) =>
  [...(element.getAttribute("class") ?? "").split(/\s+/), element.id].filter(Boolean);

/** The nearest room or rate list around `element` (itself included), unless a calendar comes first. */
function roomListOf(element: HTMLElement): HTMLElement | null {
  let current: HTMLElement | null = element;
  for (let depth = 0; current?.tagName && depth <= MAX_DEPTH; depth++) {
    const names = namesOf(current);
    if (names.some((name) => CALENDAR_NAMED.test(name))) return null;
    if (names.some((name) => ROOM_NAMED.test(name))) return current;
    current = current.parentNode as HTMLElement | null;
  }
  return null;
}

/** Every priced room or rate on the page, in page order. */
export function roomPrices(root: HTMLElement, hint: MoneyHint = {}): RoomPrice[] {
  const found: RoomPrice[] = [];
  for (const element of selectAll(root, "[class]")) {
    const names = namesOf(element);
    if (!names.some((name) => PRICE_NAMED.test(name)) || names.some((name) => STRUCK_NAMED.test(name))) continue;
    if (element.tagName === "DEL" || element.tagName === "S") continue;
    const text = visibleText(element);
    if (!text || text.length > MAX_PRICE_TEXT || !currencyFromText(text, {})) continue;
    const list = roomListOf(element);
    const price = list ? parseMoney(text, hint) : null;
    if (list && price && price.amount > 0) found.push({ price, context: visibleText(list) ?? "" });
  }
  return found;
}
