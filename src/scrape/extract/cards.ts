// Result cards as the visible page shows them, on a shop nobody described: the largest group of
// elements that repeat one markup (same tag and leading class, under the same kind of parent) and
// each hold a link to an item page and a price. Hand-written: no library finds repeated records.
import type { SearchItem } from "../types";
import { absoluteUrl, cleanText, innermost, visibleText, type HTMLElement } from "./dom";
import { cardPrice, priceTexts, type PriceText } from "./card-price";
import { cardRating, cardReviewCount, closestUpTo, givenRating, readCardText, textsOutside } from "./card-facts";
import { cardTitle, isHeading } from "./card-title";
import { isSponsored, underPaidHeader } from "./card-sponsored";
import type { MoneyHint } from "./money";
import { type LinkResolver, linkResolver } from "./card-links";
import { classText, rawAttr } from "./raw-attr";
import { pageIndex } from "./page-index";
import { selectAll, selectOne } from "./select";
import { positionOf } from "./tree-nodes";
import { beforeRecommendations } from "./recommendations";
import { uncut } from "./name-text";

export interface VisibleCard {
  element: HTMLElement;
  item: SearchItem;
}

const signature = (element: HTMLElement) => `${element.tagName}.${classText(element).trim().split(/\s+/)[0] ?? ""}`;
const groupKey = (element: HTMLElement) =>
  `${signature(element)}<${element.parentNode ? signature(element.parentNode) : ""}`;

const REVIEWS_LINK = /review|rating|отзыв|bewertung|avis|opinion|レビュー/i;

/** Whether a link or heading names something: words besides any price and figures ("List:" does not). */
function isNamed(element: HTMLElement): boolean {
  const text = visibleText(element) ?? "";
  return text.replace(/[\d\s.,:;%()+\-–/|$€£¥₹₽]/g, "").length >= 6;
}

interface PageWalk {
  links: HTMLElement[];
  headings: HTMLElement[];
  /** One past the position (page-index.ts) of the page's first heading with text, where results usually start. */
  headingAt: number | null;
}

/** The links and headings under `root` (itself included), in page order, read from the page index. */
function walkPage(root: HTMLElement): PageWalk {
  const walk: PageWalk = { links: [], headings: [], headingAt: null };
  const index = pageIndex(root);
  const position = positionOf(root);
  const elements = root.parentNode
    ? [root, ...index.elements.slice(position + 1, index.ends[position]! + 1)]
    : index.elements;
  for (const element of elements) {
    if (element.tagName === "A") walk.links.push(element);
    if (isHeading(element)) walk.headings.push(element);
    if (walk.headingAt === null && element.tagName === "H1" && element.text.trim())
      walk.headingAt = positionOf(element) + 1;
  }
  return walk;
}

function ancestorsOf(elements: HTMLElement[]): Set<HTMLElement> {
  const marked = new Set<HTMLElement>();
  for (const element of elements) {
    for (let current: HTMLElement | null = element; current && !marked.has(current); current = current.parentNode) {
      marked.add(current);
    }
  }
  return marked;
}

/**
 * The card elements of the page's result list, in page order. Groups are keyed by tag, first class
 * and the parent's, so rows of a grid still form one group; each member is the innermost element of
 * its key holding a link and a price. Groups are ranked by the distinct items they name (a link or
 * heading with words, so a card's price row is no result of its own): one outside any carousel first,
 * then the one naming more items after the page's heading (carousels above it are promotions), then
 * more items; among equals the outermost wins, so a card keeps its stars and labels.
 */
export function findCardElements(root: HTMLElement, itemLink: LinkResolver, prices: PriceText[]): HTMLElement[] {
  const page = walkPage(root);
  const withPrice = ancestorsOf(prices.map((price) => price.element).filter((element) => !inNavigation(element)));
  const linkOf = firstLinks(page.links, itemLink);
  const named = ancestorsOf([...page.links.filter((link) => linkOf.has(link)), ...page.headings].filter(isNamed));
  const groups = new Map<string, HTMLElement[]>();
  for (const element of withPrice) {
    if (element === root || !linkOf.has(element) || !element.parentNode) continue;
    const key = groupKey(element);
    groups.set(key, [...(groups.get(key) ?? []), element]);
  }
  let best: { members: HTMLElement[]; rank: number[] } | null = null;
  for (const elements of groups.values()) {
    const members = innermost(elements).sort((a, b) => positionOf(a) - positionOf(b));
    if (members.length < 2) continue;
    // Named items, not members: a card's price row ("$349.99 List: $369.99") is no result of its own.
    const items = (list: HTMLElement[]) =>
      new Set(list.filter((member) => named.has(member)).map((member) => linkOf.get(member))).size;
    const afterHeading = members.filter((member) => positionOf(member) > (page.headingAt ?? -1));
    const rank = [inCarousel(members[0]!) ? 0 : 1, items(afterHeading), items(members), -depthOf(members[0]!)];
    if (!best || isAhead(rank, best.rank)) best = { members, rank };
  }
  if (!best) return [];
  const priceMarks = new Set(prices.map((price) => signature(price.element)));
  return beforeRecommendations(withPricelessSiblings(best.members, { linkOf, named, priceMarks }));
}

const pathDepth = (path: string | undefined) => path?.split("/").filter(Boolean).length ?? 0;
const firstPart = (element: HTMLElement) => {
  const first = element.childNodes.find((child) => child.nodeType === 1) as HTMLElement | undefined;
  return first ? signature(first) : "";
};

/**
 * The cards with their siblings of the same markup that name an item but print no price ("No price
 * given", "Enter store for pricing"): results of the list all the same, in their place.
 */
function withPricelessSiblings(
  members: HTMLElement[],
  page: { linkOf: Map<HTMLElement, string>; named: Set<HTMLElement>; priceMarks: Set<string> },
): HTMLElement[] {
  const { linkOf, named, priceMarks } = page;
  const key = groupKey(members[0]!);
  // Built as the cards are inside too (a banner tile of the same grid is not): its first part is theirs.
  const inner = new Set(members.map(firstPart));
  // And it links as they do (a tile of related searches links to a search, not an item).
  const depths = new Set(members.map((member) => pathDepth(linkOf.get(member))));
  const chosen = new Set(members);
  const parents = new Set(members.map((member) => member.parentNode));
  const isCard = (element: HTMLElement) =>
    !chosen.has(element) &&
    linkOf.has(element) &&
    named.has(element) &&
    groupKey(element) === key &&
    inner.has(firstPart(element)) &&
    depths.has(pathDepth(linkOf.get(element))) &&
    !printsUnreadPrice(element, priceMarks);
  const siblings = [...parents]
    .flatMap((parent) => parent?.childNodes ?? [])
    .filter((child) => child.nodeType === 1 && isCard(child as HTMLElement)) as HTMLElement[];
  return siblings.length === 0 ? members : [...members, ...siblings].sort((a, b) => positionOf(a) - positionOf(b));
}

/** Whether a card holds a figure where the cards print their price (a price run into a word, "923 сумДоговорная"). */
function printsUnreadPrice(card: HTMLElement, priceMarks: Set<string>): boolean {
  const { elements, ends } = pageIndex(card);
  const at = positionOf(card);
  for (let inner = at + 1; inner <= ends[at]!; inner++) {
    const element = elements[inner]!;
    if (priceMarks.has(signature(element)) && /\d/.test(element.text)) return true;
  }
  return false;
}

const isAhead = (rank: number[], other: number[]) => {
  const index = rank.findIndex((value, at) => value !== other[at]);
  return index >= 0 && rank[index]! > other[index]!;
};

/** For each element holding an item link, the path of its first one (links come in page order). */
function firstLinks(links: HTMLElement[], itemLink: LinkResolver): Map<HTMLElement, string> {
  const first = new Map<HTMLElement, string>();
  for (const link of links) {
    const item = itemLink(link);
    if (item === null) continue;
    for (let current: HTMLElement | null = link; current && !first.has(current); current = current.parentNode) {
      first.set(current, item.path);
    }
  }
  return first;
}

/** Whether an element sits in the site's navigation (a mega-menu's "Gift cards from $20.000" tiles are no results). */
function inNavigation(element: HTMLElement): boolean {
  for (let current: HTMLElement | null = element; current; current = current.parentNode) {
    if (current.tagName === "NAV" || rawAttr(current, "role") === "navigation") return true;
  }
  return false;
}

// A strip of promoted or recommended items scrolled sideways; the result list is not one.
const CAROUSEL = /carousel|slider|swiper|slick|recommend/i;

/** Whether `member` sits in a strip of promoted or recommended items (within six levels). */
export function inCarousel(member: HTMLElement): boolean {
  let current = member.parentNode;
  for (let level = 0; current && level < 6; level++, current = current.parentNode) {
    const described = `${classText(current)} ${current.id} ${rawAttr(current, "aria-roledescription") ?? ""}`;
    if (CAROUSEL.test(described)) return true;
  }
  return false;
}

function depthOf(element: HTMLElement): number {
  let depth = 0;
  for (let current = element.parentNode; current; current = current.parentNode) depth++;
  return depth;
}

/** One card read as a search result, given the price elements inside it. */
export function readCard(
  card: HTMLElement,
  prices: PriceText[],
  links: { base: string; itemLink: LinkResolver },
  hint: MoneyHint,
): SearchItem {
  const { base, itemLink } = links;
  const text = readCardText(card);
  const isItemLink = (element: HTMLElement) => element.tagName === "A" && itemLink(element) !== null;
  const linkOf = (element: HTMLElement) => closestUpTo(element, card, isItemLink);
  const image = selectOne(card, "img");
  const alts = selectAll(card, "img[alt]").flatMap((img) => cleanText(img.getAttribute("alt")) ?? []);
  const title = cardTitle(text, (element) => linkOf(element) !== null, alts);
  const link = (title && linkOf(title.element)) ?? (isItemLink(card) ? card : selectOne(card, "a[href]"));
  const item = link ? itemLink(link) : null;
  const url = item?.url ?? null;
  // Stars inside a link to another page (a seller's profile) rate that page's subject, not the item;
  // a link to reviews (another URL form of the item's page) still rates the item.
  const targets = new Map<HTMLElement, boolean>();
  const elsewhere = (element: HTMLElement) => {
    const target = closestUpTo(element, card, (el) => el.tagName === "A");
    if (!target || item === null) return false;
    let other = targets.get(target);
    if (other === undefined) {
      const href = itemLink(target);
      other = href !== null && href.path !== item.path && !REVIEWS_LINK.test(href.url);
      targets.set(target, other);
    }
    return other;
  };
  const rated = textsOutside(text, elsewhere);
  return {
    id: cardId(card),
    title: uncut(title?.text ?? null, alts) ?? alts[0] ?? null,
    url,
    price: cardPrice(prices, hint),
    rating: givenRating(cardRating(rated)),
    review_count: givenRating(cardReviewCount(rated)),
    image: image ? imageUrl(image, base) : null,
    sponsored: isSponsored(text),
  };
}

/** A lazy image's real address: `src` unless it is a placeholder, else `data-src` or the first `srcset` entry. */
function imageUrl(image: HTMLElement, base: string): string | null {
  const candidates = ["src", "data-src", "data-lazy-src", "data-srcset", "srcset"].map(
    (name) => rawAttr(image, name)?.trim().split(/\s+/)[0],
  );
  return candidates.map((value) => absoluteUrl(value, base)).find((url) => url !== null) ?? null;
}

const ID_ATTRIBUTE = /^data-(?:(?:product|item|sku|listing|offer|goods|article|auction|ad)[-_]?)?id$/i;

/** An identifier the card carries as a data attribute (`data-product-id`, `data-item-id`, `data-id`). */
function cardId(card: HTMLElement): string | null {
  for (const [name, value] of Object.entries(card.attributes)) {
    if (ID_ATTRIBUTE.test(name) && /^[\w-]{3,40}$/.test(value)) return value;
  }
  return null;
}

/**
 * The visible page's result cards, read: each holds one of `prices` (those the page prints with a sign, unless given).
 * A list that prints no price finds its cards by another text each shows, passed as prices marked `other`, which price
 * nothing (a hotel list's counts of reviews, hotel-list.ts).
 */
export function visibleCards(
  root: HTMLElement,
  base: string,
  hint: MoneyHint,
  prices: PriceText[] = priceTexts(root),
): VisibleCard[] {
  const itemLink = linkResolver(base);
  const cards = findCardElements(root, itemLink, prices);
  const byCard = new Map(cards.map((card) => [card, [] as PriceText[]]));
  for (const price of prices) {
    for (let current: HTMLElement | null = price.element; current; current = current.parentNode) {
      const list = byCard.get(current);
      if (list) {
        list.push(price);
        break;
      }
    }
  }
  const members = new Set(cards);
  return cards.map((element) => {
    const item = readCard(element, byCard.get(element)!, { base, itemLink }, hint);
    return {
      element,
      item: item.sponsored || !underPaidHeader(element, members) ? item : { ...item, sponsored: true },
    };
  });
}
