// Mercado Libre's review component (ui-review-capability): embedded on the product page and shown on
// the page the product page links as all its reviews. A review carries its stars ("Calificación 5 de
// 5"), its text and "country · date"; the site names neither the author nor the review.
import { firstText } from "../../scrape/extract/dom";
import { parseReviewBlocks, readField, type ReviewSpec } from "../../scrape/extract/listing";
import { parseLocaleNumber } from "../../scrape/extract/money";
import type { Page } from "../../scrape/extract/page";
import type { ReviewsPage } from "../../scrape/types";

export const REVIEWS: ReviewSpec = {
  blocks: "article.ui-review-capability-comments__comment",
  id: () => null,
  title: [],
  body: [".ui-review-capability-comments__comment__content"],
  rating: [".ui-review-capability-comments__comment__rating .andes-visually-hidden"],
  author: [],
  // The date follows the reviewer's country in the same line.
  date: [".ui-review-capability-comments__comment__date:last-child"],
};

export function readMeliReviews({ root }: Page): ReviewsPage {
  return {
    product_title: firstText(root, ["h1.ui-pdp-title"]),
    reviews: parseReviewBlocks(root, REVIEWS),
    rating: parseLocaleNumber(readField(root, [".ui-review-capability__rating__average"])),
    review_count: parseLocaleNumber(readField(root, [".ui-review-capability__rating__label"])),
    // Later reviews load by script: the page links no next one.
    page: 1,
    has_next_page: false,
  };
}
