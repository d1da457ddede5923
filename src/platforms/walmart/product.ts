// Walmart's item page: the embedded state first, Walmart's own DOM (`[itemprop=price]`,
// `h1#main-title`) as a fallback beside the page's JSON-LD.
import { cleanText, firstText, type HTMLElement } from "../../scrape/extract/dom";
import { asList, asNumber, asText, dig } from "../../scrape/extract/json-text";
import { parseMoney, type MoneyHint } from "../../scrape/extract/money";
import type { Page } from "../../scrape/extract/page";
import { normaliseAvailability } from "../../scrape/extract/availability";
import type { ProductDraft } from "../../scrape/extract/record";
import { initialData, reviewFromNextData, walmartMoney } from "./state";

/** The product as the embedded state holds it, with the first page of reviews. */
export function nextDataDraft(page: Page): ProductDraft {
  const data = dig(initialData(page.html), "data");
  const product = dig(data, "product");
  if (!product) return {};
  const price = walmartMoney(dig(product, "priceInfo", "currentPrice"), page.hint);
  const was = walmartMoney(dig(product, "priceInfo", "wasPrice"), page.hint);
  const specs = Object.fromEntries(
    asList(dig(data, "idml", "specifications"))
      .map((spec) => [asText(spec["name"]), asText(spec["value"])])
      .filter(([k, v]) => k && v),
  );
  const id = asText(dig(product, "usItemId"));
  return {
    id,
    sku: id,
    title: asText(dig(product, "name")),
    brand: asText(dig(product, "brand")),
    price: price && was && was.amount > price.amount ? { ...price, original_amount: was.amount } : price,
    rating: asNumber(dig(product, "averageRating")),
    // The count the page shows; product.numberOfReviews runs a few ahead of it.
    review_count: asNumber(dig(data, "reviews", "totalReviewCount")) ?? asNumber(dig(product, "numberOfReviews")),
    availability: normaliseAvailability(asText(dig(product, "availabilityStatus"))),
    images: asList(dig(product, "imageInfo", "allImages"))
      .map((image) => asText(image["url"]))
      .filter((url): url is string => url !== null),
    description: cleanText(asText(dig(product, "shortDescription"))?.replace(/<[^>]+>/g, " ")),
    seller: asText(dig(product, "sellerDisplayName")) ?? asText(dig(product, "sellerName")),
    breadcrumbs: asList(dig(product, "category", "path"))
      .map((step) => asText(step["name"]))
      .filter((name): name is string => name !== null),
    specs: specs as Record<string, string>,
    // The product page carries the first page of reviews beside the product.
    reviews: asList(dig(data, "reviews", "customerReviews")).map(reviewFromNextData),
    variants: asList(dig(product, "variantCriteria")).flatMap((criterion) =>
      asList(criterion["variantList"]).map((option) => ({
        id: asText(dig(option, "products", 0)),
        name: [asText(criterion["name"]), asText(option["name"])].filter(Boolean).join(": "),
      })),
    ),
  };
}

/** The title and price Walmart's DOM shows. */
export function domDraft(root: HTMLElement, hint: MoneyHint): ProductDraft {
  return {
    title: firstText(root, ["h1#main-title", "h1[itemprop='name']"]),
    price: parseMoney(firstText(root, ["[data-testid='price-wrap'] [itemprop='price']", "[itemprop='price']"]), hint),
  };
}
