// Schema.org microdata (itemscope / itemprop) and RDFa Lite (typeof / property) for the first
// Product on the page, and microdata's scopes as JSON-LD nodes for readers of other types (a hotel's
// LodgingBusiness): the two dialects nest the same way, so one reader takes both. Each property
// belongs to its nearest enclosing scope, so a review's `name` never becomes the product's name.
// Hand-written: no installed library reads microdata or RDFa.
import type { Review } from "../types";
import { cleanText, visibleText, type HTMLElement } from "./dom";
import { nameText } from "./name-text";
import { within } from "./heading-blocks";
import { moneyFromStructured, parseLocaleNumber, type MoneyHint } from "./money";
import { type Availability, bestAvailability, normaliseAvailability } from "./availability";
import { LIST_PRICE_TYPE } from "./product-ld";
import { firstProductId, structuredRating, type ProductDraft } from "./record";
import { classText } from "./raw-attr";
import { selectAll, withAttribute } from "./select";
import type { JsonLdNode } from "./json-ld";

type Scope = { type: string; element: HTMLElement; props: Map<string, HTMLElement[]> };

/**
 * The elements of a scope's property, its name matched in any case: pages write `itemprop="Price"`,
 * `"pricecurrency"` or `"ratingvalue"` for schema.org's `price`, `priceCurrency` and `ratingValue`.
 */
function elementsOf(scope: Scope | undefined, name: string): HTMLElement[] {
  if (!scope) return [];
  const exact = scope.props.get(name);
  if (exact) return exact;
  const lower = name.toLowerCase();
  for (const [key, elements] of scope.props) if (key.toLowerCase() === lower) return elements;
  return [];
}

/** Which attributes open a scope, name its type and name a property. */
interface Dialect {
  scope: string;
  type: string;
  prop: string;
}
const MICRODATA: Dialect = { scope: "itemscope", type: "itemtype", prop: "itemprop" };
// OpenGraph's `<meta property="og:…">` sits outside any `typeof` scope, so it is never taken for a property.
const RDFA_LITE: Dialect = { scope: "typeof", type: "typeof", prop: "property" };

const VALUE_ATTRIBUTES: Record<string, string> = {
  META: "content",
  LINK: "href",
  A: "href",
  IMG: "src",
  SOURCE: "src",
  TIME: "datetime",
};

/** `https://schema.org/Product`, `schema:Product` or `Product` alike: the last segment of the first type. */
const typeName = (value: string | undefined) => (value ?? "").trim().split(/\s+/)[0]!.split(/[/:#]/).pop() ?? "";

// The properties of no scope, gathered as one (typeName never yields a "#"): a shop may print the offer's
// `<meta itemprop="availability">` just before the Product's scope opens.
const ORPHANS = "#orphans";

/**
 * Every scope under `root` with the properties that belong directly to it, and microdata's properties
 * outside any scope as one more (RDFa's are OpenGraph's `og:` and `product:` tags, read as meta tags).
 */
function collectScopes(root: HTMLElement, dialect: Dialect = MICRODATA): Scope[] {
  const scopes = new Map<HTMLElement, Scope>();
  const scopeOf = (element: HTMLElement) => {
    let scope = scopes.get(element);
    if (!scope) {
      scope = { type: typeName(element.getAttribute(dialect.type)), element, props: new Map() };
      scopes.set(element, scope);
    }
    return scope;
  };
  const orphans = (element: HTMLElement) => {
    const scope = scopeOf(element);
    scope.type = ORPHANS;
    return scope;
  };
  for (const element of withAttribute(root, dialect.scope)) scopeOf(element);
  for (const element of withAttribute(root, dialect.prop)) {
    let owner = element.parentNode;
    while (owner && !(owner.tagName && owner.hasAttribute(dialect.scope))) owner = owner.parentNode;
    if (!owner && dialect !== MICRODATA) continue;
    const props = owner ? scopeOf(owner).props : orphans(root).props;
    for (const name of (element.getAttribute(dialect.prop) ?? "").split(/\s+/).filter(Boolean)) {
      // RDFa may prefix a property with its vocabulary (`schema:name`).
      const bare = name.split(":").pop()!;
      props.set(bare, [...(props.get(bare) ?? []), element]);
    }
  }
  return [...scopes.values()];
}

/** The value of one itemprop element: its `content` / `href` / `src`, else its visible text. */
export function itemValue(
  element: HTMLElement | undefined,
  read: (element: HTMLElement) => string | null = visibleText,
): string | null {
  if (!element) return null;
  const content = element.getAttribute("content");
  if (content !== undefined) return cleanText(content);
  const attribute = VALUE_ATTRIBUTES[element.tagName];
  return cleanText(attribute ? element.getAttribute(attribute) : null) ?? read(element);
}

// Properties whose value is an address, as a link's `href` gives it.
const ADDRESS_PROPERTY = /url|image|logo|photo|sameas|availability|condition|@id/i;

/** A property's value: a link marked as a name or a text ("<a itemprop=name href=/p/1>Casio …</a>") means its words, not its address. */
function propertyValue(
  element: HTMLElement | undefined,
  property: string,
  read: (element: HTMLElement) => string | null = visibleText,
): string | null {
  return element?.tagName === "A" && !ADDRESS_PROPERTY.test(property) ? read(element) : itemValue(element, read);
}

// Scopes nested deeper than this are left out of a node (a page's markup is not a deep graph).
const MAX_NODE_DEPTH = 6;

/**
 * Each microdata scope that is no other scope's property, as a JSON-LD node: its type as `@type`, a nested
 * scope as a node, any other property as its value (several as a list). Readers written for JSON-LD read it.
 */
export function microdataNodes(root: HTMLElement): JsonLdNode[] {
  const scopes = collectScopes(root).filter((scope) => scope.type !== ORPHANS);
  const byElement = new Map(scopes.map((scope) => [scope.element, scope]));
  const properties = new Set(scopes.flatMap((scope) => [...scope.props.values()].flat()));
  const nodeOf = (scope: Scope, depth: number): JsonLdNode => {
    const node: JsonLdNode = { "@type": scope.type };
    for (const [name, elements] of scope.props) {
      const values = elements.map((element) => {
        const inner = byElement.get(element);
        if (inner && depth < MAX_NODE_DEPTH) return nodeOf(inner, depth + 1);
        return propertyValue(element, name);
      });
      node[name] = values.length === 1 ? values[0] : values;
    }
    return node;
  };
  return scopes.filter((scope) => !properties.has(scope.element)).map((scope) => nodeOf(scope, 0));
}

const PRODUCT_TYPE = /^Product$|^IndividualProduct$|^ProductGroup$/i;
const sameName = (a: string | null, b: string | null) => a?.toLowerCase() === b?.toLowerCase();

/**
 * The one offer inside `product`'s element, when every product scope nested there is a variant of it (named as
 * it is, or not named): a ProductGroup's `hasVariant` holding the price. A nested product of another name (a related item)
 * sells something else.
 */
function soleOffer(scopes: Scope[], product: Scope, name: (scope: Scope) => string | null): Scope | undefined {
  const inside = scopes.filter((scope) => scope !== product && within(scope.element, product.element));
  const offers = inside.filter(
    (scope) => /^(?:Offer|AggregateOffer)$/i.test(scope.type) && !inRail(scope.element, product.element),
  );
  const variants = inside.filter((scope) => PRODUCT_TYPE.test(scope.type));
  const ofThisProduct = (variant: Scope) => name(variant) === null || sameName(name(variant), name(product));
  if (offers.length !== 1 || !variants.every(ofThisProduct)) return undefined;
  return offers[0];
}

// A link whose words are this long names a product (a card's title), not an action ("Add", "View").
const NAMED_LINK_CHARS = 10;
// How far up from an offer its card may sit.
const CARD_LEVELS = 8;
// Class words of a card in a list ("item product product-item", "card", "tile").
const CARD_CLASS = /(?:^|[\s_-])(?:item|card|tile)(?:$|[\s_-])/i;

/**
 * An offer in a card of a rail that the product's scope happens to hold (a shop marking its whole `<body>`
 * as the Product, "Combine it with" cards inside): a box classed as a card, beside boxes of its own kind,
 * with a link that names another product. A variant's offer in a table row names none.
 */
function inRail(offer: HTMLElement, product: HTMLElement): boolean {
  let card: HTMLElement | null = offer;
  for (let level = 0; card && card !== product && level < CARD_LEVELS; level++, card = card.parentNode) {
    const kind = classText(card);
    if (!CARD_CLASS.test(kind) || !card.parentNode) continue;
    const siblings = card.parentNode.childNodes.filter((node): node is HTMLElement => node.nodeType === 1);
    const repeated = siblings.some((box) => box !== card && box.tagName === card!.tagName && classText(box) === kind);
    if (repeated)
      return selectAll(card, "a[href]").some((link) => (visibleText(link) ?? "").length >= NAMED_LINK_CHARS);
  }
  return false;
}

export const microdataProductDraft = (root: HTMLElement, hint: MoneyHint = {}) =>
  productDraftOf(collectScopes(root, MICRODATA), hint);

export const rdfaProductDraft = (root: HTMLElement, hint: MoneyHint = {}) =>
  productDraftOf(collectScopes(root, RDFA_LITE), hint);

function productDraftOf(scopes: Scope[], hint: MoneyHint): ProductDraft {
  const byElement = new Map(scopes.map((scope) => [scope.element, scope]));
  const product = scopes.find((scope) => PRODUCT_TYPE.test(scope.type));
  const orphans = scopes.find((scope) => scope.type === ORPHANS);
  const child = (scope: Scope | undefined, prop: string) => {
    const element = elementsOf(scope, prop)[0];
    return element ? byElement.get(element) : undefined;
  };
  const value = (scope: Scope | undefined, prop: string) => itemValue(elementsOf(scope, prop)[0]);
  const breadcrumbs = breadcrumbNames(scopes, byElement);
  if (!product) return { breadcrumbs };
  // A product whose offer sits on its one variant (a ProductGroup's `hasVariant` beside it) sells at that offer's price.
  const offerElements = elementsOf(product, "offers");
  const ownOffers = offerElements
    .filter((element) => !inRail(element, product.element))
    .map((element) => byElement.get(element));
  const offers = ownOffers.length > 0 ? ownOffers : [soleOffer(scopes, product, (scope) => value(scope, "name"))];
  const offer = offers[0];
  const rating = child(product, "aggregateRating");
  const brand = child(product, "brand");
  const offerMoney = (scope: Scope | undefined) => {
    // An offer may give its amount only in a nested price specification, as JSON-LD offers do; a list price's is not it.
    // An AggregateOffer over sizes with no default gives the lowest, the price a buyer starts from.
    const spec = elementsOf(scope, "priceSpecification")
      .map((element) => byElement.get(element))
      .find((candidate) => candidate && !LIST_PRICE_TYPE.test(value(candidate, "priceType") ?? ""));
    return moneyFromStructured(
      value(scope, "price") ?? value(spec, "price") ?? value(scope, "lowPrice"),
      value(scope, "priceCurrency") ?? value(spec, "priceCurrency"),
      hint,
    );
  };
  const price = offerMoney(offer) ?? moneyFromStructured(value(product, "price"), value(offer, "priceCurrency"), hint);
  // The best state among the offers at that price (one per size or colour), never another seller's at another.
  const samePriceOffers = offers.filter((scope): scope is Scope => {
    const amount = offerMoney(scope)?.amount;
    return scope !== undefined && (amount === undefined || amount === price?.amount);
  });
  return {
    title: propertyValue(elementsOf(product, "name")[0], "name", nameText),
    brand: brand ? value(brand, "name") : value(product, "brand"),
    // With one offer per size or colour, an offer's id is that variant's, not the product's.
    sku:
      firstProductId((prop) => value(product, prop)) ??
      (offers.length === 1 ? firstProductId((prop) => value(offer, prop)) : null),
    images: elementsOf(product, "image")
      .map((element) => itemValue(element))
      .filter((url): url is string => url !== null),
    description: value(product, "description"),
    price,
    priceless:
      offer !== undefined &&
      price === null &&
      elementsOf(offer, "price").length === 0 &&
      elementsOf(offer, "priceSpecification").length === 0,
    // Some shops put `availability` on the Product itself, with no Offer around it, or outside every scope.
    availability:
      bestAvailability(samePriceOffers.map((scope) => normaliseAvailability(value(scope, "availability")))) ??
      normaliseAvailability(value(product, "availability")) ??
      soleAvailability(orphans),
    rating: structuredRating((prop) => value(rating, prop)),
    review_count: parseLocaleNumber(value(rating, "ratingCount") ?? value(rating, "reviewCount")),
    reviews: elementsOf(product, "review")
      .map((element) => byElement.get(element))
      .filter((s): s is Scope => !!s)
      .map((review) => reviewFromScope(review, byElement)),
    breadcrumbs,
  };
}

/** The availability the properties of no scope say, where all of them say the same; null where they differ. */
function soleAvailability(orphans: Scope | undefined): Availability | null {
  const said = new Set(elementsOf(orphans, "availability").map((element) => normaliseAvailability(itemValue(element))));
  return said.size === 1 ? [...said][0]! : null;
}

function reviewFromScope(review: Scope, byElement: Map<HTMLElement, Scope>): Review {
  const value = (scope: Scope | undefined, prop: string) => itemValue(elementsOf(scope, prop)[0]);
  const ratingElement = elementsOf(review, "reviewRating")[0];
  const authorElement = elementsOf(review, "author")[0];
  const author = authorElement ? byElement.get(authorElement) : undefined;
  return {
    id: null,
    title: value(review, "name") ?? value(review, "headline"),
    body: value(review, "reviewBody") ?? value(review, "description"),
    rating: parseLocaleNumber(value(ratingElement ? byElement.get(ratingElement) : undefined, "ratingValue")),
    // An author is often a profile link: its name is the text (or the untruncated title), not the href.
    author: author
      ? value(author, "name")
      : (cleanText(authorElement?.getAttribute("title")) ?? visibleText(authorElement)),
    date: value(review, "datePublished"),
    verified: null,
  };
}

function breadcrumbNames(scopes: Scope[], byElement: Map<HTMLElement, Scope>): string[] {
  const list = scopes.find((scope) => scope.type === "BreadcrumbList");
  const items = elementsOf(list, "itemListElement").map((element) => byElement.get(element));
  return items
    .map((item) => {
      const name = itemValue(elementsOf(item, "name")[0]);
      const inner = elementsOf(item, "item")[0];
      return name ?? itemValue(inner ? elementsOf(byElement.get(inner), "name")[0] : undefined);
    })
    .filter((name): name is string => Boolean(name));
}
