// A search or category page of any shop, read as a result list. Three readers each propose the list
// and one is chosen by agreement:
// 1. the visible cards (cards.ts) say which results the shopper sees, in which order;
// 2. microdata Product scopes repeated per card are the cards' own statement of name, link and offer,
//    so inside a visible card they win for those fields;
// 3. a JSON-LD list often names only some cards (or one category aggregate), so it fills a field the
//    cards lack only when it agrees with them (same length, same links in order), and is the list
//    itself only when the page shows no cards.
// A page with none of these has no results, never its navigation; but one whose cards its scripts draw
// holds them in its application state (state-listing.ts), read last, and one may print its prices with no
// sign at all.
import type { SearchItem, SearchPage } from "../types";
import { cleanText, contains } from "./dom";
import { barePriceTexts } from "./bare-prices";
import { priceTexts } from "./card-price";
import { visibleCards, type VisibleCard } from "./cards";
import { jsonLdNodes } from "./json-ld";
import { jsonLdListing, microdataListing, type StructuredCard } from "./listing-structured";
import { pageFromUrl } from "./listing";
import { uncut } from "./name-text";
import type { Page } from "./page";
import { selectAll } from "./select";
import { stateListing } from "./state-listing";

export function readSearchResults(page: Page, url: string): SearchPage {
  const signed = priceTexts(page.root);
  const visible = visibleCards(page.root, page.base, page.hint, signed);
  const microdata = microdataListing(page.root, page.base, page.hint);
  const jsonLd = jsonLdListing(jsonLdNodes(page.root), page.base, page.hint);
  const items = resolveItems(visible, microdata, jsonLd);
  return {
    items: items.length > 0 ? items : drawnOrUnsigned(page, signed.length > 0),
    page: pageFromUrl(url, "page", "p", "pg", "pageNumber"),
    total_results: null,
    has_next_page: hasNextPage(page),
  };
}

/**
 * The list of a page that shows and states none: one its scripts draw after load, held in their state; else,
 * where the page prints no price with a sign at all, cards priced by amounts alone in boxes named for a
 * price (bare-prices.ts).
 */
function drawnOrUnsigned(page: Page, signsPrices: boolean): SearchItem[] {
  const drawn = stateListing(page.root, page.base, page.hint, page.html);
  if (drawn.length > 0 || signsPrices) return drawn.map((card) => card.item);
  return visibleCards(page.root, page.base, page.hint, barePriceTexts(page.root)).map((card) => card.item);
}

/**
 * A page that says its search found nothing; the cards it shows are suggestions ("Featured products"). Read
 * in the page's text, where a heading runs into the word before it ("…resultsNo results found").
 */
const NO_RESULTS =
  /(?:no (?:results|matches|products|items) (?:found|for|match)|\b0 results for|did not match any)\b|keine (?:ergebnisse|treffer)|aucun résultat|sin resultados|nenhum resultado|nessun risultato|geen resultaten|ничего не найдено|見つかりませんでした|没有找到/i;

/**
 * A site adapter's reading of its search page, or, where none of the adapter's cards is on it (a layout
 * older or newer than its selectors) and the page does not say it found nothing, the generic reader's.
 */
export function orGenericResults(page: Page, url: string, read: (page: Page, url: string) => SearchPage): SearchPage {
  const own = read(page, url);
  if (own.items.length > 0 || NO_RESULTS.test(cleanText(page.root.text) ?? "")) return own;
  return { ...own, items: readSearchResults(page, url).items };
}

function resolveItems(visible: VisibleCard[], microdata: StructuredCard[], jsonLd: StructuredCard[]): SearchItem[] {
  const overlaps = visible.some((card) => microdata.some((scope) => sameCard(card, scope)));
  if (visible.length === 0 || (!overlaps && microdata.length >= visible.length)) {
    const structured = microdata.length > 0 ? microdata : jsonLd.filter((card) => card.item.title && card.item.url);
    return structured.map((card) => card.item);
  }
  return visible.map((card) => {
    const scope = microdata.find((candidate) => sameCard(card, candidate))?.item;
    // The card's own microdata wins over its visible text; the JSON-LD list's item for the same page fills
    // what is left (a promoted card that prints no price).
    const item: SearchItem = { ...card.item, ...definedOf(scope), sponsored: card.item.sponsored };
    const listed = jsonLd.find((candidate) => samePage(candidate.item.url, card.item.url))?.item;
    if (!listed) return item;
    // A name the card cuts to fit is the list's whole one when that opens with the words kept.
    return { ...item, ...definedOf(listed), ...definedOf(item), title: uncut(item.title, [listed.title]) };
  });
}

/** The fields of `item` that hold a value. */
function definedOf(item: SearchItem | undefined): Partial<SearchItem> {
  return item ? Object.fromEntries(Object.entries(item).filter(([, value]) => value !== null)) : {};
}

const sameCard = (card: VisibleCard, scope: StructuredCard) =>
  scope.element !== null &&
  (scope.element === card.element || contains(card.element, scope.element) || contains(scope.element, card.element));

/** Two links to one item page: the same path (tracking parameters and fragments differ). */
function samePage(a: string | null, b: string | null): boolean {
  if (!a || !b || !URL.canParse(a) || !URL.canParse(b)) return false;
  const path = (url: string) => new URL(url).pathname.replace(/\/+$/, "");
  return path(a) === path(b);
}

const NEXT_LABEL =
  /^(?:next|next page|siguiente|weiter|nächste|suivant|avanti|próxima|volgende|следующая|далее|次へ|下一页)\b/i;

/** A `rel=next` link, or an enabled link or button labelled "next" in the page's language. */
function hasNextPage(page: Page): boolean {
  if (selectAll(page.root, '[rel="next"]').length > 0) return true;
  return selectAll(page.root, "[aria-label]").some(
    (element) =>
      /^(?:A|BUTTON)$/.test(element.tagName) &&
      NEXT_LABEL.test(cleanText(element.getAttribute("aria-label")) ?? "") &&
      element.getAttribute("aria-disabled") !== "true" &&
      !element.hasAttribute("disabled"),
  );
}
