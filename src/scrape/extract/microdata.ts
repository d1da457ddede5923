// Schema.org microdata (itemscope / itemprop) for the first Product on the page.
// Each property belongs to its nearest enclosing itemscope, so a review's `name`
// never becomes the product's name. Hand-written: no installed library reads microdata.
import type { Review } from "../types";
import { cleanText, visibleText, type HTMLElement } from "./dom";
import { moneyFromStructured, parseLocaleNumber, type MoneyHint } from "./money";
import { normaliseAvailability, type ProductDraft } from "./record";
import { withAttribute } from "./select";

type Scope = { type: string; element: HTMLElement; props: Map<string, HTMLElement[]> };

const VALUE_ATTRIBUTES: Record<string, string> = {
  META: "content",
  LINK: "href",
  A: "href",
  IMG: "src",
  SOURCE: "src",
  TIME: "datetime",
};

function scopeType(element: HTMLElement): string {
  return (element.getAttribute("itemtype") ?? "").split("/").pop()?.trim() ?? "";
}

/** Every itemscope under `root` with the itemprops that belong directly to it. */
function collectScopes(root: HTMLElement): Scope[] {
  const scopes = new Map<HTMLElement, Scope>();
  const scopeOf = (element: HTMLElement) => {
    let scope = scopes.get(element);
    if (!scope) {
      scope = { type: scopeType(element), element, props: new Map() };
      scopes.set(element, scope);
    }
    return scope;
  };
  for (const element of withAttribute(root, "itemscope")) scopeOf(element);
  for (const element of withAttribute(root, "itemprop")) {
    let owner = element.parentNode;
    while (owner && !(owner.tagName && owner.hasAttribute("itemscope"))) owner = owner.parentNode;
    if (!owner) continue;
    const props = scopeOf(owner).props;
    for (const name of (element.getAttribute("itemprop") ?? "").split(/\s+/).filter(Boolean)) {
      props.set(name, [...(props.get(name) ?? []), element]);
    }
  }
  return [...scopes.values()];
}

/** The value of one itemprop element: its `content` / `href` / `src`, else its visible text. */
export function itemValue(element: HTMLElement | undefined): string | null {
  if (!element) return null;
  const content = element.getAttribute("content");
  if (content !== undefined) return cleanText(content);
  const attribute = VALUE_ATTRIBUTES[element.tagName];
  return cleanText(attribute ? element.getAttribute(attribute) : null) ?? visibleText(element);
}

export function microdataProductDraft(root: HTMLElement, hint: MoneyHint = {}): ProductDraft {
  const scopes = collectScopes(root);
  const byElement = new Map(scopes.map((scope) => [scope.element, scope]));
  const product = scopes.find((scope) => /^Product$|^IndividualProduct$|^ProductGroup$/i.test(scope.type));
  const child = (scope: Scope | undefined, prop: string) => {
    const element = scope?.props.get(prop)?.[0];
    return element ? byElement.get(element) : undefined;
  };
  const value = (scope: Scope | undefined, prop: string) => itemValue(scope?.props.get(prop)?.[0]);
  const breadcrumbs = breadcrumbNames(scopes, byElement);
  if (!product) return { breadcrumbs };
  const offer = child(product, "offers");
  const rating = child(product, "aggregateRating");
  const brand = child(product, "brand");
  const price = moneyFromStructured(
    value(offer, "price") ?? value(product, "price"),
    value(offer, "priceCurrency"),
    hint,
  );
  return {
    title: value(product, "name"),
    brand: brand ? value(brand, "name") : value(product, "brand"),
    sku: value(product, "sku") ?? value(product, "productID"),
    images: (product.props.get("image") ?? []).map(itemValue).filter((url): url is string => url !== null),
    description: value(product, "description"),
    price,
    priceless: offer !== undefined && price === null && !offer.props.has("price"),
    availability: normaliseAvailability(value(offer, "availability")),
    rating: parseLocaleNumber(value(rating, "ratingValue")),
    review_count: parseLocaleNumber(value(rating, "ratingCount") ?? value(rating, "reviewCount")),
    reviews: (product.props.get("review") ?? [])
      .map((element) => byElement.get(element))
      .filter((s): s is Scope => !!s)
      .map((review) => reviewFromScope(review, byElement)),
    breadcrumbs,
  };
}

function reviewFromScope(review: Scope, byElement: Map<HTMLElement, Scope>): Review {
  const value = (scope: Scope | undefined, prop: string) => itemValue(scope?.props.get(prop)?.[0]);
  const ratingElement = review.props.get("reviewRating")?.[0];
  const authorElement = review.props.get("author")?.[0];
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
  const items = (list?.props.get("itemListElement") ?? []).map((element) => byElement.get(element));
  return items
    .map((item) => {
      const name = itemValue(item?.props.get("name")?.[0]);
      const inner = item?.props.get("item")?.[0];
      return name ?? itemValue(inner ? byElement.get(inner)?.props.get("name")?.[0] : undefined);
    })
    .filter((name): name is string => Boolean(name));
}
