// Result lists a page states in structured data: JSON-LD ItemList (or several offered Products side by
// side), and microdata Product scopes repeated once per card. A single Product whose offer is an
// AggregateOffer describes a category ("from 7 000 to 164 990"), never a result, and is left out.
import type { SearchItem } from "../types";
import { absoluteUrl, outermost, type HTMLElement } from "./dom";
import { isNode, nodeAt, nodeTypes, textAt, urlsAt, type JsonLdNode } from "./json-ld";
import { itemValue, microdataProductDraft } from "./microdata";
import type { MoneyHint } from "./money";
import { jsonLdProductDraft } from "./product-ld";
import type { ProductDraft } from "./record";
import { selectAll } from "./select";

export interface StructuredCard {
  /** The microdata scope the item was read from (JSON-LD items have none). */
  element: HTMLElement | null;
  item: SearchItem;
}

const PRODUCT = /^(?:Product|IndividualProduct|ProductModel|ProductGroup|Book|Vehicle|Offer)$/i;

function itemOf(draft: ProductDraft, url: string | null, element: HTMLElement | null, base: string): StructuredCard {
  return {
    element,
    item: {
      id: draft.sku ?? null,
      title: draft.title ?? null,
      url: absoluteUrl(url, base),
      price: draft.price && draft.price.amount > 0 ? draft.price : null,
      rating: draft.rating || null,
      review_count: draft.rating ? (draft.review_count ?? null) : null,
      image: absoluteUrl(draft.images?.[0], base),
      sponsored: false,
    },
  };
}

const isAggregate = (offers: unknown) =>
  (Array.isArray(offers) ? offers : [offers]).some(
    (offer) => isNode(offer) && nodeTypes(offer).some((type) => /^AggregateOffer$/i.test(type)),
  );

/** The page's JSON-LD result list: the longest ItemList, else two or more offered Products side by side. */
export function jsonLdListing(nodes: JsonLdNode[], base: string, hint: MoneyHint): StructuredCard[] {
  const lists = nodes.filter((node) => nodeTypes(node).some((type) => /^ItemList$/i.test(type)));
  const longest = lists
    .map((list) => (Array.isArray(list["itemListElement"]) ? list["itemListElement"].filter(isNode) : []))
    .reduce<JsonLdNode[]>((best, elements) => (elements.length > best.length ? elements : best), []);
  const entries =
    longest.length > 0
      ? longest.map((element) => {
          const inner = element["item"];
          const product = isNode(inner) ? inner : element;
          return {
            product,
            url: textAt(product, "url") ?? textAt(element, "url") ?? asUrl(inner) ?? pageId(product),
          };
        })
      : nodes
          .filter((node) => nodeTypes(node).some((type) => PRODUCT.test(type)) && nodeAt(node, "offers"))
          .filter((node) => !isAggregate(node["offers"]))
          .map((product) => ({ product, url: textAt(product, "url") }));
  if (longest.length === 0 && entries.length < 2) return [];
  return entries.map(({ product, url }) => {
    const draft = jsonLdProductDraft([{ ...product, "@type": "Product" }], hint);
    return itemOf(
      { ...draft, title: draft.title ?? textAt(product, "name"), images: urlsAt(product, "image") },
      url,
      null,
      base,
    );
  });
}

const asUrl = (value: unknown) => (typeof value === "string" ? value : null);

/** A product's `@id` where it is its page's address (`"@id": "https://shop.example/item/p"`), not a fragment or a name. */
const pageId = (product: JsonLdNode) => {
  const id = textAt(product, "@id");
  return id && /^https?:\/\/[^#]+$/i.test(id) ? id : null;
};

/** Microdata Product scopes, one per card, each with its own offer; none when fewer than two. */
export function microdataListing(root: HTMLElement, base: string, hint: MoneyHint): StructuredCard[] {
  const scopes = selectAll(root, "[itemscope]").filter((element) => {
    const type = (element.getAttribute("itemtype") ?? "").split("/").pop() ?? "";
    return /^(?:Product|IndividualProduct)$/i.test(type);
  });
  const cards = outermost(scopes).filter((scope) => !ownsAggregateOffer(scope));
  if (cards.length < 2) return [];
  return cards.map((scope) => {
    const url = itemValue(selectAll(scope, '[itemprop="url"]')[0]);
    return itemOf(microdataProductDraft(scope, hint), url, scope, base);
  });
}

function ownsAggregateOffer(scope: HTMLElement): boolean {
  return selectAll(scope, "[itemtype]").some((element) =>
    /AggregateOffer$/i.test(element.getAttribute("itemtype") ?? ""),
  );
}
