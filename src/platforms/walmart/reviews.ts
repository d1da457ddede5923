// Walmart's review page /reviews/product/{id}: the embedded state's `data.reviews`.
import { asList, asNumber, dig } from "../../scrape/extract/json-text";
import { pageFromUrl } from "../../scrape/extract/listing";
import type { ReviewsPage } from "../../scrape/types";
import { initialData, reviewFromNextData } from "./state";

export function readWalmartReviews(html: string, url: string): ReviewsPage {
  const reviews = dig(initialData(html), "data", "reviews");
  const requested = pageFromUrl(url, "page");
  return {
    reviews: asList(dig(reviews, "customerReviews")).map(reviewFromNextData),
    rating: asNumber(dig(reviews, "averageOverallRating")),
    review_count: asNumber(dig(reviews, "totalReviewCount")),
    page: asNumber(dig(reviews, "pagination", "currentPage")) ?? requested,
    has_next_page: Boolean(dig(reviews, "pagination", "next")),
  };
}
