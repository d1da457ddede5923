// The prices a hotel page labels with what they pay for ("₹999.00 · Total for 1 Night", "€80 per night"),
// for booking engines whose markup names nothing (hashed class names, no room list, no structured offer):
// an amount printed alone whose nearest short block says nights or a stay. Hand-written: no library reads this.
import type { Money } from "../types";
import { visibleText, type HTMLElement } from "./dom";
import { currencyFromText } from "./currency";
import { parseMoney, type MoneyHint } from "./money";
import { selectAll } from "./select";

export interface LabelledPrice {
  price: Money;
  /** The short block around the amount that says what it pays for. */
  label: string;
}

// An amount printed alone ("₹999.00", "US$ 1,202.50") in an element of its own, or with its label inside
// it ("€90<small>/ night</small>"); longer source is a block.
const MAX_AMOUNT_SOURCE = 300;
const MAX_AMOUNT_TEXT = 24;
// The label sits beside the amount, a couple of levels up, in a few words; a longer text is a room's description.
const MAX_LABEL_TEXT = 60;
const MAX_LABEL_DEPTH = 3;
// A date picker's day cells sit a few levels inside it.
const MAX_CALENDAR_DEPTH = 6;
const STRUCK_NAMED = /\b(?:old|was|strike|crossed|before)\b/i;
const CALENDAR_NAMED = /calendar|datepicker|day-?cell/i;

const isStruck = (element: HTMLElement) =>
  element.tagName === "DEL" || element.tagName === "S" || STRUCK_NAMED.test(element.getAttribute("class") ?? "");

function insideCalendar(element: HTMLElement): boolean {
  let current: HTMLElement | null = element;
  for (let depth = 0; current?.tagName && depth <= MAX_CALENDAR_DEPTH; depth++) {
    if (CALENDAR_NAMED.test(current.getAttribute("class") ?? "")) return true;
    current = current.parentNode as HTMLElement | null;
  }
  return false;
}

/**
 * The short text around `element` that `saysBasis`, within a few levels and never inside a struck price; where the
 * amount's own block is long (a price card with its fees), the short line just before or after it ("Nightly Rate"
 * over "60,00 €", "per night for 2 people" under it).
 */
function labelAround(element: HTMLElement, saysBasis: (text: string) => boolean): string | null {
  let current = element.parentNode as HTMLElement | null;
  for (let depth = 0; current?.tagName && depth < MAX_LABEL_DEPTH; depth++) {
    if (isStruck(current)) return null;
    const text = visibleText(current) ?? "";
    if (text.length > MAX_LABEL_TEXT) return depth === 0 ? lineBeside(element, saysBasis) : null;
    if (saysBasis(text)) return text;
    current = current.parentNode as HTMLElement | null;
  }
  return null;
}

/**
 * The amount's own neighbour that `saysBasis`, in a short line holding no amount of its own (a list's next item prices
 * something else).
 */
function lineBeside(element: HTMLElement, saysBasis: (text: string) => boolean): string | null {
  for (const beside of [element.previousElementSibling, element.nextElementSibling]) {
    const text = beside ? (visibleText(beside as HTMLElement) ?? "") : "";
    if (text.length <= MAX_LABEL_TEXT && saysBasis(text) && !currencyFromText(text, {})) return text;
  }
  return null;
}

/** Every amount printed alone whose nearest short block `saysBasis` (nights or a stay), in page order. */
export function labelledStayPrices(
  root: HTMLElement,
  saysBasis: (text: string) => boolean,
  hint: MoneyHint = {},
): LabelledPrice[] {
  const found: LabelledPrice[] = [];
  for (const element of selectAll(root, "span, div, p, li, strong, b, td")) {
    if (element.range[1] - element.range[0] > MAX_AMOUNT_SOURCE) continue;
    const text = visibleText(element);
    const hasChildren = element.children.length > 0;
    // A text of its own may hold the amount and its label ("80€/nuit pour 1 à 2 personnes"); with children, only a short one.
    const longest = hasChildren ? MAX_AMOUNT_TEXT : MAX_LABEL_TEXT;
    if (!text || text.length > longest || isStruck(element) || !currencyFromText(text, {})) continue;
    // An element with children, or more words than an amount, is a block, unless it is the amount with its
    // label inside ("€90<small>/ night</small>", "80€/nuit pour 1 à 2 personnes").
    const saysItself = saysBasis(text);
    if ((hasChildren || text.length > MAX_AMOUNT_TEXT) && !saysItself) continue;
    const price = parseMoney(text, hint);
    const usable = price && price.amount > 0 && !insideCalendar(element);
    const label = usable ? (saysItself ? text : labelAround(element, saysBasis)) : null;
    if (price && label) found.push({ price, label });
  }
  return found;
}
