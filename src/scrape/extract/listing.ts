// Lists on a page — search result cards and review blocks — read from a per-site table
// of selectors, so every marketplace adapter declares its markup and shares the reading.
import type { Review, SearchItem } from "../types";
import { absoluteUrl, cleanText, visibleText, type HTMLElement } from "./dom";
import { parseDisplayDate } from "./dates";
import { parseCount, parseLocaleNumber, parseMoney, parseStars, type MoneyHint } from "./money";
import { hiddenByStyle } from "./raw-attr";
import { selectAll, selectOne } from "./select";

const dateOf = (text: string | null) => parseDisplayDate(text) ?? text;

/** Where a value sits: the first selector (in order) that yields one; `attr` reads an attribute instead of text. */
export type Field = { selectors: string[]; attr?: string } | string[];

export function readField(scope: HTMLElement, field: Field | undefined): string | null {
  if (!field) return null;
  const { selectors, attr } = Array.isArray(field) ? { selectors: field, attr: undefined } : field;
  for (const selector of selectors) {
    for (const element of selector === ":scope" ? [scope] : selectAll(scope, selector)) {
      const value = attr
        ? cleanText(element.getAttribute(attr))
        : (visibleText(element) ?? cleanText(element.getAttribute("aria-label") ?? element.getAttribute("title")));
      if (value) return value;
    }
  }
  return null;
}

export interface CardSpec {
  cards: string;
  id(card: HTMLElement, url: string | null): string | null;
  title: Field;
  link: Field;
  price: Field;
  rating?: Field;
  reviewCount?: Field;
  image: Field;
  sponsored?(card: HTMLElement): boolean;
}

export function parseCards(root: HTMLElement, spec: CardSpec, pageUrl: string, hint: MoneyHint = {}): SearchItem[] {
  // A card the shopper cannot see (its own style hides it) is no result.
  return selectAll(root, spec.cards)
    .filter((card) => !hiddenByStyle(card))
    .map((card) => {
      const url = absoluteUrl(readField(card, spec.link), pageUrl);
      return {
        id: spec.id(card, url),
        title: readField(card, spec.title),
        url,
        price: parseMoney(readField(card, spec.price), hint),
        rating: parseStars(readField(card, spec.rating)),
        review_count: parseCount(readField(card, spec.reviewCount)),
        image: absoluteUrl(readField(card, spec.image), pageUrl),
        sponsored: spec.sponsored?.(card) ?? false,
      };
    })
    .filter((item) => item.title !== null && (item.id !== null || item.url !== null));
}

export interface ReviewSpec {
  blocks: string;
  id(block: HTMLElement): string | null;
  title: Field;
  body: Field;
  rating: Field;
  author: Field;
  date: Field;
  /** Whether the site marks the review as a verified purchase; null when it never says. */
  verified?(block: HTMLElement): boolean;
}

export function parseReviewBlocks(root: HTMLElement, spec: ReviewSpec): Review[] {
  return selectAll(root, spec.blocks).map((block) => ({
    id: spec.id(block),
    title: readField(block, spec.title),
    body: readField(block, spec.body),
    rating: parseLocaleNumber(readField(block, spec.rating)),
    author: readField(block, spec.author),
    date: dateOf(readField(block, spec.date)),
    verified: spec.verified?.(block) ?? null,
  }));
}

export interface PagerSpec {
  current?: Field;
  next: string[];
  total?: Field;
}

/** Page number, total result count ("1-48 of over 2,000 results" → 2000) and whether a next page exists. */
export function readPager(root: HTMLElement, spec: PagerSpec, requestedPage: number | null) {
  const total = readField(root, spec.total);
  const next = spec.next.map((selector) => selectOne(root, selector)).find((element) => element !== null);
  const disabled =
    next &&
    (/disabled/i.test(next.getAttribute("class") ?? "") ||
      next.getAttribute("aria-disabled") === "true" ||
      next.hasAttribute("disabled"));
  return {
    page: parseLocaleNumber(readField(root, spec.current)) ?? requestedPage,
    total_results: total
      ? parseLocaleNumber(
          total.match(/(?:of|von|sur|de|di)\s+(?:over\s+|más de\s+|plus de\s+)?([\d.,\s]+)/i)?.[1] ?? total,
        )
      : null,
    has_next_page: Boolean(next) && !disabled,
  };
}

/** The `page` / `pageNumber` / `_pgn` / `cp` query parameter of a listing URL; 1 when it has none. */
export function pageFromUrl(url: string, ...names: string[]): number | null {
  if (!URL.canParse(url)) return null;
  const params = new URL(url).searchParams;
  for (const name of names) {
    const value = Number(params.get(name));
    if (Number.isInteger(value) && value > 0) return value;
  }
  return 1;
}
