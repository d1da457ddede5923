// The `data` and `meta.completeness` of the three product answers, from what the scrape read.
import { ENDPOINT_FIELDS, listCompleteness, recordCompleteness, withTrust } from "../../scrape/completeness";
import { ApiError } from "../../errors";
import type { ProductReading } from "../../platforms/product-page";
import type { ProductLookup, ProductRecord, ReviewsPage, SearchPage } from "../../scrape/types";

const OUT_OF_STOCK = /out[ _]?of[ _]?stock|unavailable|discontinued|sold[ _]?out/i;

/** The product, or the 422 that says what the page is instead: a listing, a sign-in wall, an error page, an empty shell. */
export function productOr422(reading: ProductReading, url: string, platform: string): ProductRecord {
  const { notAProduct } = reading;
  if (!notAProduct) return reading.product;
  const hint =
    notAProduct.kind === "listing"
      ? ` To read its items use GET /v1/${platform}/search, or pass one product's URL.`
      : notAProduct.kind === "sign-in"
        ? " We read pages as a visitor who is not signed in."
        : notAProduct.kind === "error"
          ? " The site answered with its error page: retry later."
          : " Should the page build its product with scripts, retry with `engine=browser`.";
  throw new ApiError("no_data", `The page ${url} holds no product: it is ${notAProduct.description}.${hint}`);
}

export function describeProduct(reading: ProductReading, fetchedAt: string, explain: boolean) {
  const record = reading.product;
  const inactive = OUT_OF_STOCK.test(record.availability ?? "");
  const data = {
    ...record,
    created_at: fetchedAt,
    attributes: { type: "product" as const, active: !inactive, count: record.variants.length },
    ...(explain ? { sources: reading.sources } : {}),
  };
  const counted = recordCompleteness("product", record, (product, field) => {
    if (field === "price" && OUT_OF_STOCK.test(product.availability ?? "")) return "not_offered";
    return reading.unreadable.includes(field as keyof ProductRecord) ? "unreadable" : undefined;
  });
  const { confidence, conflicting } = reading.trust ?? { confidence: {}, conflicting: [] };
  const completeness = withTrust(counted, confidence, conflicting, ENDPOINT_FIELDS.product.required, explain);
  return { data, completeness };
}

/** The id names the query, not the page: the same words on any page or filter share it. */
export function describeSearch(platform: string, q: string, page: SearchPage, fetchedAt: string) {
  const words = q.trim().toLowerCase().replace(/\s+/g, " ");
  const data = {
    id: `search:${platform}:${words}`,
    name: q,
    created_at: fetchedAt,
    attributes: { type: "search" as const, active: page.items.length > 0, count: page.items.length },
    results: page.items,
  };
  return { data, completeness: listCompleteness("search", page.items) };
}

/** Review pages are read without the product's title, so `name` stays null rather than a guess. */
export function describeReviews(lookup: ProductLookup, page: ReviewsPage, fetchedAt: string) {
  const data = {
    id: lookup.id ?? lookup.url ?? null,
    // An answer given back holds no data: with no reviews, not the product's name either.
    name: page.reviews.length > 0 ? (page.product_title ?? null) : null,
    created_at: fetchedAt,
    attributes: { type: "reviews" as const, active: page.reviews.length > 0, count: page.reviews.length },
    reviews: page.reviews,
  };
  return { data, completeness: listCompleteness("reviews", page.reviews) };
}
