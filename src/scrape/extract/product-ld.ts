// A product as its JSON-LD describes it: Product / ProductGroup with Offer, offer arrays
// (nulls included, as eBay ships them) or AggregateOffer, AggregateRating, Review and BreadcrumbList.
import type { Money, Review } from "../types";
import { cleanText } from "./dom";
import { findByType, isNode, nodeAt, textAt, urlsAt, valueAt, type JsonLdNode } from "./json-ld";
import { moneyFromStructured, parseLocaleNumber, type MoneyHint } from "./money";
import { bestAvailability, normaliseAvailability } from "./availability";
import { firstProductId, structuredRating, type ProductDraft } from "./record";

// schema.org's vehicles are products too: a dealer's or a classifieds site's ad describes a `Car` with its offer.
export const PRODUCT_TYPES = [
  "Product",
  "ProductGroup",
  "IndividualProduct",
  "ProductModel",
  "Book",
  "Vehicle",
  "Car",
  "Motorcycle",
  "BusOrCoach",
  "MotorizedBicycle",
];
/** A price specification's `priceType` that names a list price, shown struck beside the price paid. */
export const LIST_PRICE_TYPE = /ListPrice|Strikethrough|MSRP/i;
const SPEC_KEYS: [string, string][] = [
  ["mpn", "MPN"],
  ["gtin13", "GTIN-13"],
  ["gtin12", "UPC"],
  ["gtin", "GTIN"],
  ["model", "Model"],
  ["color", "Color"],
  ["material", "Material"],
];

/** Types of a node that is the page itself, whose `mainEntity` is what the page is about. */
const PAGE_TYPES = ["WebPage", "ItemPage", "ProductPage"];

/**
 * The page's product: the one its WebPage node names as `mainEntity` (before other products the page
 * describes, a related-items carousel's), else the first product found.
 */
function pageProduct(nodes: JsonLdNode[]): JsonLdNode | null {
  const main = findByType([nodeAt(findByType(nodes, PAGE_TYPES), "mainEntity")].filter(isNode), PRODUCT_TYPES);
  return main ?? findByType(nodes, PRODUCT_TYPES);
}

export function jsonLdProductDraft(nodes: JsonLdNode[], hint: MoneyHint = {}): ProductDraft {
  const product = pageProduct(nodes);
  const breadcrumbs = breadcrumbNames(findByType(nodes, ["BreadcrumbList"]));
  if (!product) return { breadcrumbs };
  const offers = offerList(valueAt(product, "offers"));
  // A sold-out offer gives way to one the same seller can sell (a console sold out new, in stock used); another
  // seller's offer at another price is not the product's.
  const priced = offers.filter((candidate) => offerPrice(candidate, hint) !== null);
  const buyable = priced.find(
    (candidate) =>
      normaliseAvailability(textAt(candidate, "availability")) === "in_stock" &&
      textAt(candidate, "seller") === textAt(priced[0] ?? null, "seller"),
  );
  const soldOut = (candidate: JsonLdNode | undefined) =>
    normaliseAvailability(textAt(candidate ?? null, "availability")) === "out_of_stock";
  const offer = (soldOut(priced[0]) ? buyable : undefined) ?? priced[0] ?? offers[0] ?? null;
  const price = offer ? offerPrice(offer, hint) : null;
  // The best state among the offers at that price (one per size or colour), never another seller's at another.
  const samePrice = offers.filter((candidate) => {
    const amount = offerPrice(candidate, hint)?.amount;
    return amount === undefined || amount === price?.amount;
  });
  const availability = bestAvailability(
    samePrice.map((candidate) => normaliseAvailability(textAt(candidate, "availability"))),
  );
  const rating = nodeAt(product, "aggregateRating");
  return {
    // Written as a browser shows it: "ADILETTE  - Mules" has one space, as its heading does.
    title: textAt(product, "name")?.replace(/\s+/g, " ") ?? null,
    brand: textAt(product, "brand") ?? textAt(product, "manufacturer"),
    // With one offer per size or colour, an offer's id is that variant's, not the product's.
    sku: productIdOf(product) ?? (offers.length === 1 ? productIdOf(offer) : null),
    images: urlsAt(product, "image"),
    description: stripTags(textAt(product, "description")),
    price,
    priceless: offer !== null && price === null,
    availability,
    seller: textAt(offer, "seller"),
    rating: structuredRating((key) => textAt(rating, key)),
    // Ratings outnumber written reviews; shops show the ratings count beside the stars.
    review_count: parseLocaleNumber(textAt(rating, "ratingCount") ?? textAt(rating, "reviewCount")),
    reviews: listOf(valueAt(product, "review")).map(reviewFromLd),
    specs: specsOf(product),
    variants: listOf(valueAt(product, "hasVariant")).map((variant) => ({
      id: productIdOf(variant),
      name: textAt(variant, "name") ?? "",
      price: offerPrice(offerList(valueAt(variant, "offers"))[0] ?? null, hint),
      url: textAt(variant, "url"),
    })),
    breadcrumbs,
  };
}

/** The first identifier a node gives. */
const productIdOf = (node: JsonLdNode | null) => firstProductId((key) => textAt(node, key));

function listOf(value: unknown): JsonLdNode[] {
  return (Array.isArray(value) ? value : [value]).filter(isNode);
}

/** Offers in page order; an AggregateOffer stands for itself and lends its currency to its children. */
function offerList(value: unknown): JsonLdNode[] {
  return listOf(value).flatMap((offer) => {
    const children = listOf(valueAt(offer, "offers")).map((child) => ({
      priceCurrency: valueAt(offer, "priceCurrency"),
      ...child,
    }));
    return [offer, ...children];
  });
}

function offerPrice(offer: JsonLdNode | null, hint: MoneyHint): Money | null {
  if (!offer) return null;
  const specs = listOf(valueAt(offer, "priceSpecification"));
  const listPrice = specs.find((spec) => LIST_PRICE_TYPE.test(textAt(spec, "priceType") ?? ""));
  const salePrice = specs.find((spec) => spec !== listPrice && valueAt(spec, "price") !== undefined);
  const amount = valueAt(offer, "price") ?? valueAt(offer, "lowPrice") ?? valueAt(salePrice, "price");
  const currency = valueAt(offer, "priceCurrency") ?? valueAt(salePrice, "priceCurrency");
  const money = moneyFromStructured(typeof amount === "object" ? null : amount, currency, hint);
  if (!money) return null;
  const original = listPrice ? moneyFromStructured(valueAt(listPrice, "price"), currency, hint) : null;
  return original && original.amount > money.amount ? { ...money, original_amount: original.amount } : money;
}

function reviewFromLd(review: JsonLdNode): Review {
  return {
    id: textAt(review, "@id") ?? textAt(review, "identifier"),
    title: textAt(review, "name") ?? textAt(review, "headline"),
    body: stripTags(textAt(review, "reviewBody") ?? textAt(review, "description")),
    rating: parseLocaleNumber(textAt(nodeAt(review, "reviewRating"), "ratingValue")),
    author: textAt(review, "author"),
    date: textAt(review, "datePublished"),
    verified: null,
  };
}

function specsOf(product: JsonLdNode): Record<string, string> {
  const specs: Record<string, string> = {};
  for (const property of listOf(valueAt(product, "additionalProperty"))) {
    const name = textAt(property, "name");
    const value = textAt(property, "value");
    if (name && value) specs[name] = value;
  }
  for (const [key, label] of SPEC_KEYS) {
    const value = textAt(product, key);
    if (value && !(label in specs)) specs[label] = value;
  }
  return specs;
}

function breadcrumbNames(list: JsonLdNode | null): string[] {
  const items = listOf(valueAt(list, "itemListElement"));
  items.sort((a, b) => Number(valueAt(a, "position") ?? 0) - Number(valueAt(b, "position") ?? 0));
  return items
    .map((item) => textAt(item, "name") ?? textAt(item, "item"))
    .filter((name): name is string => Boolean(name));
}

/** Descriptions often carry markup (`<br/>`); a record holds plain text. */
export function stripTags(text: string | null): string | null {
  return cleanText(text?.replace(/<[^>]+>/g, " "));
}
